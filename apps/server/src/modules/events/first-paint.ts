// The events list's first paint (general mode): the page a first visit opens, rendered by the
// server into index.html, so a phone shows the events before the app's scripts have arrived and
// run. The app then renders the same page over it (apps/web/src/app/first-paint.ts). The markup
// mirrors the web's own components (AppLayout, TopBar, EventsPage, EventCard), class for class;
// e2e/first-paint.e2e.ts compares the two and fails when they drift apart.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { AUTH_STORAGE_KEY, eventFormat, FIRST_PAINT_TEXT_KEYS, formatDateRange, initials, LANGUAGE_NAMES, SEARCH_TEXT_MAX, FIRST_PAINT_TEXTS_FILE, GENERAL_SLUG, LANGUAGE_COOKIE, LANGUAGES, TIMEZONE_COOKIE, type Event, type EventGroups, type FirstPaintTextKey, type Language } from '@lobby/contract';
import type { FastifyRequest } from 'fastify';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { escapeHtml } from '../../http/html.ts';
import { listEventGroups } from './service.ts';

export type FirstPaintTexts = ReadonlyMap<Language, ReadonlyMap<FirstPaintTextKey, string>>;

/** The built texts, or undefined when the web build has none (older build, not built): then there is no first paint. */
export function loadFirstPaintTexts(webDist: string): FirstPaintTexts | undefined {
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(join(webDist, FIRST_PAINT_TEXTS_FILE), 'utf8'));
  } catch {
    return undefined;
  }
  if (typeof raw !== 'object' || raw === null) return undefined;
  const texts = new Map<Language, ReadonlyMap<FirstPaintTextKey, string>>();
  for (const language of LANGUAGES) {
    const own: unknown = Object.hasOwn(raw, language) ? (raw as Record<string, unknown>)[language] : undefined;
    if (typeof own !== 'object' || own === null) return undefined;
    const entries = new Map<FirstPaintTextKey, string>();
    for (const key of FIRST_PAINT_TEXT_KEYS) {
      const value: unknown = Object.hasOwn(own, key) ? (own as Record<string, unknown>)[key] : undefined;
      if (typeof value !== 'string') return undefined;
      entries.set(key, value);
    }
    texts.set(language, entries);
  }
  return texts;
}

/** {{name}} placeholders, as i18next fills them (values escaped with the rest of the text). */
const fill = (text: string, values: Record<string, string>): string => text.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => (Object.hasOwn(values, name) ? (values[name] ?? '') : whole));

/** A timezone the first paint may format in: a plain IANA name that Intl knows. */
export function knownTimezone(value: string | undefined): string | undefined {
  if (!value || value.length > 64 || !/^[A-Za-z0-9_+\-/]+$/.test(value)) return undefined;
  try {
    new Intl.DateTimeFormat('en-GB', { timeZone: value });
    return value;
  } catch {
    return undefined;
  }
}

export interface FirstPaintInput {
  groups: EventGroups;
  language: Language;
  /** The languages the switcher offers (the configured ones). */
  languages: readonly Language[];
  texts: ReadonlyMap<FirstPaintTextKey, string>;
  /** The search the address carries (?q=), already cut as the web cuts it. */
  query: string;
  /** The visitor's timezone when known (their earlier visit said it); else each event's own. */
  timezone: string | undefined;
  version: string;
}

/** Cards whose pictures load at once (the first row at the widest grid), the first with high priority: as the web's EventsPage. */
const EAGER_CARDS = 3;

function card(event: Event, picture: 'first' | 'eager' | 'lazy', input: FirstPaintInput, t: (key: FirstPaintTextKey) => string): string {
  const e = escapeHtml;
  const background = event.background
    ? `<img alt="" loading="${picture === 'lazy' ? 'lazy' : 'eager'}" fetchpriority="${picture === 'first' ? 'high' : 'auto'}" class="absolute inset-0 size-full object-cover" src="${e(event.background.url)}">`
    : '';
  const live = event.group === 'current' ? `<span class="inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold bg-emerald-700 text-white shadow-sm absolute left-3 top-3">${e(t('events.live'))}</span>` : '';
  const logo = event.logo
    ? `<img alt="" width="56" height="56" loading="lazy" class="shrink-0 rounded-2xl object-cover border-4 border-surface" src="${e(event.logo.url)}" style="width: 56px; height: 56px;">`
    : `<span aria-hidden="true" class="inline-flex shrink-0 items-center justify-center rounded-2xl bg-brand-solid font-bold text-brand-solid-contrast border-4 border-surface" style="width: 56px; height: 56px;">${e(initials(event.name))}</span>`;
  const timezone = input.timezone ?? knownTimezone(event.timezone) ?? 'UTC';
  return [
    '<li class="group overflow-hidden rounded-2xl border border-line bg-surface shadow-sm transition-shadow focus-within:shadow-md hover:shadow-md">',
    `<a class="flex h-full flex-col focus-visible:outline-none" data-testid="event-card-${e(event.slug)}" href="/events/${e(encodeURIComponent(event.slug))}">`,
    `<div class="relative aspect-[16/7] bg-brand/20">${background}${live}</div>`,
    '<div class="flex flex-1 flex-col gap-2 p-4">',
    `<div class="relative z-10 -mt-10 flex items-end gap-3">${logo}</div>`,
    `<h3 class="text-lg font-bold leading-snug group-hover:text-brand-ink">${e(event.title)}</h3>`,
    event.title !== event.name ? `<p class="text-sm font-medium text-fg-muted">${e(event.name)}</p>` : '',
    event.preview_description ? `<p class="line-clamp-2 text-sm text-fg-muted">${e(event.preview_description)}</p>` : '',
    '<div class="mt-auto flex flex-wrap items-center gap-2 pt-2 text-sm">',
    `<time datetime="${e(event.date_from)}" class="font-semibold">${e(formatDateRange(event.date_from, event.date_to, timezone))}</time>`,
    `<span class="inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold bg-brand/15 text-brand-ink">${e(t(`events.format.${eventFormat(event)}`))}</span>`,
    '</div></div></a></li>',
  ].join('');
}

/** The inside of #root: the shell's top bar, the events list and the footer, for a guest. */
export function renderEventsFirstPaint(input: FirstPaintInput): string {
  const e = escapeHtml;
  const t = (key: FirstPaintTextKey): string => input.texts.get(key) ?? '';
  const sections: ['current' | 'upcoming' | 'past', Event[]][] = [
    ['current', input.groups.current],
    ['upcoming', input.groups.upcoming],
    ['past', input.groups.past],
  ];
  const shown = sections.filter(([, events]) => events.length > 0);
  const total = shown.reduce((sum, [, events]) => sum + events.length, 0);
  const empty = (title: string, text: string) =>
    `<div class="flex flex-col items-center gap-2 rounded-2xl border border-dashed border-line bg-surface px-6 py-10 text-center"><p class="text-base font-semibold">${e(title)}</p><p class="max-w-md text-sm text-fg-muted">${e(text)}</p></div>`;
  const body =
    total === 0
      ? input.query
        ? empty(t('events.no_results_title'), fill(t('events.no_results_text'), { query: input.query }))
        : empty(t('events.empty_title'), t('events.empty_text'))
      : shown
          .map(([group, events], index) =>
            [
              `<section aria-labelledby="fp-group-${group}" data-testid="events-group-${group}" class="space-y-4">`,
              `<h2 id="fp-group-${group}" class="flex items-center gap-2 text-xl font-bold">${e(t(`events.groups.${group}`))}<span class="rounded-full bg-surface px-2 py-0.5 text-sm font-semibold text-fg-muted">${events.length}</span></h2>`,
              '<ul class="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">',
              events.map((event, at) => card(event, index === 0 && at < EAGER_CARDS ? (at === 0 ? 'first' : 'eager') : 'lazy', input, t)).join(''),
              '</ul></section>',
            ].join(''),
          )
          .join('');
  const here = `/events${input.query ? `?q=${encodeURIComponent(input.query)}` : ''}`;
  const languages =
    input.languages.length < 2
      ? ''
      : `<div class="flex items-center"><label for="fp-language" class="sr-only">${e(t('language.label'))}</label><select id="fp-language" data-testid="language-switch" class="min-h-11 cursor-pointer rounded-xl border border-line bg-surface px-3 text-sm font-medium">${input.languages
          .map((language) => `<option value="${language}"${language === input.language ? ' selected' : ''}>${e(LANGUAGE_NAMES[language])}</option>`)
          .join('')}</select></div>`;
  return [
    '<div class="flex min-h-dvh flex-col">',
    `<a href="#main" data-testid="skip-link" class="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded-lg focus:bg-surface focus:px-3 focus:py-2">${e(t('nav.skip'))}</a>`,
    '<header class="sticky top-0 z-40 border-b border-line bg-surface/90 backdrop-blur"><div class="flex h-16 items-center gap-2 px-3 sm:gap-3 sm:px-4">',
    `<a class="flex shrink-0 items-center gap-2 font-bold" aria-label="${e(t('nav.home'))}" href="/"><svg viewBox="0 0 64 64" aria-hidden="true" class="size-9 shrink-0"><rect width="64" height="64" rx="16" class="fill-brand"></rect><path d="M20 16h8v26h16v8H20z" class="fill-brand-contrast"></path></svg><span class="hidden text-lg tracking-tight sm:inline">${e(t('app.name'))}</span></a>`,
    `<nav aria-label="${e(t('nav.main'))}" class="hidden items-center gap-1 sm:flex"><a aria-current="page" class="rounded-lg px-3 py-2 text-sm font-semibold bg-brand/10 text-brand-ink" href="/events">${e(t('nav.events'))}</a></nav>`,
    // The layout's slots (AppLayout's useSlot): a host, and inside it the element an event's pages portal into.
    '<div class="min-w-0"><div class="contents"></div></div>',
    '<div class="ml-auto flex shrink-0 items-center gap-2">',
    languages,
    `<a class="inline-flex min-h-11 items-center justify-center gap-2 rounded-xl px-4 text-sm font-semibold transition-colors disabled:cursor-not-allowed disabled:opacity-60 border border-line bg-surface text-fg hover:bg-surface-muted" data-testid="sign-in-link" href="/auth/login?redirect=${e(encodeURIComponent(here))}">${e(t('auth.sign_in'))}</a>`,
    '</div></div></header>',
    '<div class="flex flex-1"><div class="contents"><div class="contents"></div></div><div class="flex min-w-0 flex-1 flex-col">',
    '<main id="main" tabindex="-1" class="flex-1 focus:outline-none"><div class="mx-auto max-w-6xl space-y-8 px-4 py-8">',
    '<div class="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">',
    `<div><h1 class="text-3xl font-bold tracking-tight">${e(t('events.title'))}</h1><p class="mt-1 text-fg-muted">${e(t('events.subtitle'))}</p></div>`,
    `<div class="w-full sm:w-72"><label for="fp-search" class="sr-only">${e(t('events.search_label'))}</label><input id="fp-search" maxlength="100" placeholder="${e(t('events.search_placeholder'))}" class="min-h-11 w-full rounded-xl border border-line bg-surface px-4 text-sm" type="search" value="${e(input.query)}"></div>`,
    '</div>',
    body,
    '</div></main>',
    `<footer class="border-t border-line py-6 text-center text-xs text-fg-muted">${e(fill(t('footer.text'), { version: input.version }))} · <a href="/api/docs" class="underline hover:text-fg">${e(t('footer.api'))}</a></footer>`,
    '</div></div><div class="contents"><div class="contents"></div></div></div>',
  ].join('');
}

/** Cookies by name, own entries only (a Map: no name reaches an object's prototype). At most 50 read. */
export function readCookies(header: string | undefined): Map<string, string> {
  const cookies = new Map<string, string>();
  if (!header || header.length > 8192) return cookies;
  for (const part of header.split(';').slice(0, 50)) {
    const at = part.indexOf('=');
    const name = part.slice(0, Math.max(at, 0)).trim();
    if (at < 0 || name === '') continue;
    let value = part.slice(at + 1).trim();
    try {
      value = decodeURIComponent(value);
    } catch {
      continue;
    }
    if (!cookies.has(name)) cookies.set(name, value);
  }
  return cookies;
}


/** What index.html gets: the inside of #root, the path it was rendered for, its language, and the list's answer for the app to start from. */
export interface FirstPaint {
  html: string;
  path: string;
  language: Language;
  data: { query: string; answer: { data: EventGroups } };
}

/**
 * The events list's first paint for a page request, or undefined where there is none: single-event
 * mode, another page, a signed-in person (their list has their own events and their avatar), a
 * fetch that is not a navigation (the service worker's precache of "/"), or no built texts.
 */
export function eventsFirstPaint(db: Db, config: Config, texts: FirstPaintTexts): (request: FastifyRequest) => Promise<FirstPaint | undefined> {
  return async (request) => {
    if (config.eventSlug !== GENERAL_SLUG) return undefined;
    const url = new URL(request.url, 'http://lobby.invalid');
    if (url.pathname !== '/' && url.pathname !== '/events') return undefined;
    const mode = request.headers['sec-fetch-mode'];
    if (mode !== undefined && mode !== 'navigate') return undefined;
    const cookies = readCookies(request.headers.cookie);
    if (cookies.has(AUTH_STORAGE_KEY)) return undefined;
    // The search as the web reads it from the address (events/queries.ts, searchOf); none for control characters.
    const query = (url.searchParams.get('q') ?? '').trim().slice(0, SEARCH_TEXT_MAX);
    // eslint-disable-next-line no-control-regex
    if (/[\u0000-\u001f\u007f]/.test(query)) return undefined;
    const saved = cookies.get(LANGUAGE_COOKIE);
    const language = config.languages.find((allowed) => allowed === saved) ?? config.languages[0] ?? 'en';
    const own = texts.get(language);
    if (!own) return undefined;
    const groups = await listEventGroups(db, query ? { query } : {}, language);
    const html = renderEventsFirstPaint({ groups, language, languages: config.languages, texts: own, query, timezone: knownTimezone(cookies.get(TIMEZONE_COOKIE)), version: config.version });
    return { html, path: url.pathname, language, data: { query, answer: { data: groups } } };
  };
}
