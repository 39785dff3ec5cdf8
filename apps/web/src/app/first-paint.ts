// The server's first paint of the events list (apps/server/src/modules/events/first-paint.ts):
// index.html arrives with the page already in #root, so it shows before the scripts have run.
// The app starts from the same answer and renders over it once its first page is ready, so
// nothing flashes in between (no start-up spinner over a page that is already there).
import { LANGUAGE_COOKIE, LANGUAGES, TIMEZONE_COOKIE, type EventGroups, type Language } from '@lobby/contract';
import type { createRouter } from './router.tsx';
import { queryClient } from '../api/query-client.ts';
import { eventsQuery, searchOf } from '../features/events/queries.ts';
import { chooseLanguage, currentLanguage, setPreferenceCookie } from '../i18n/index.ts';
import { browserTimezone } from '../lib/format.ts';
import { supportedLanguages } from './config.ts';

const isLanguage = (value: string): value is Language => (LANGUAGES as readonly string[]).includes(value);

interface FirstData {
  path: string;
  language: string;
  query: string;
  answer: { data: EventGroups };
}

const isGroups = (value: unknown): value is EventGroups =>
  typeof value === 'object' && value !== null && ['past', 'current', 'upcoming'].every((group) => Array.isArray((value as Record<string, unknown>)[group]));

function readFirstData(): FirstData | undefined {
  const node = document.getElementById('lobby-first-data');
  if (!node?.textContent) return undefined;
  try {
    const value = JSON.parse(node.textContent) as Partial<FirstData>;
    if (typeof value.path !== 'string' || typeof value.language !== 'string' || typeof value.query !== 'string' || !isGroups(value.answer?.data)) return undefined;
    return value as FirstData;
  } catch {
    return undefined;
  }
}

/**
 * Whether #root holds the server's first paint of this very address, to be kept until the app's
 * first render. One made for another address (the service worker's offline copy of "/" opened
 * at another path) is emptied at once. When the paint's language is the one the app chose, its
 * answer seeds the events list's query, so the app does not ask for the list again.
 */
export function adoptFirstPaint(root: HTMLElement, location: Location = window.location): boolean {
  const painted = root.dataset.firstPaint;
  if (painted === undefined) return false;
  if (painted !== location.pathname) {
    root.replaceChildren();
    return false;
  }
  const first = readFirstData();
  const query = searchOf(new URLSearchParams(location.search));
  if (first && first.path === painted && first.language === currentLanguage() && first.query === query) {
    queryClient.setQueryData(eventsQuery(query).queryKey, first.answer);
  }
  return true;
}

/** Sets an input's value as typing does, so React's onChange sees it. */
function typeInto(input: HTMLInputElement, value: string): void {
  Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(input, value);
  input.dispatchEvent(new Event('input', { bubbles: true }));
}

/**
 * What a person did on the first paint before the app rendered over it is not lost: the search
 * they typed goes into the app's search box (which then searches), with the focus if it was
 * there; a language they picked switches to it (the app reloads in it).
 */
export function carryOverFirstPaint(root: HTMLElement, switchLanguage: (language: Language) => void): void {
  const search = root.querySelector<HTMLInputElement>('#fp-search');
  const language = root.querySelector<HTMLSelectElement>('#fp-language');
  if (!search) return;
  // What the server rendered (the attributes), not what was typed or picked since.
  const initial = search.defaultValue;
  const initialLanguage = language ? [...language.options].find((option) => option.defaultSelected)?.value : undefined;
  let focused = document.activeElement === search;
  search.addEventListener('focus', () => (focused = true));
  // Chrome blurs an element as it removes it: a blur counts only when the box is still there after it.
  search.addEventListener('blur', () =>
    queueMicrotask(() => {
      if (search.isConnected) focused = false;
    }),
  );
  const observer = new MutationObserver(() => {
    if (search.isConnected) return;
    observer.disconnect();
    // The app's page is in place: #root no longer holds a first paint.
    delete root.dataset.firstPaint;
    if (language && language.value !== initialLanguage && isLanguage(language.value)) {
      switchLanguage(language.value);
      return;
    }
    const next = root.querySelector<HTMLInputElement>('main input[type="search"]');
    if (!next) return;
    if (search.value !== initial) typeInto(next, search.value);
    if (focused) {
      next.focus();
      next.setSelectionRange(next.value.length, next.value.length);
    }
  });
  observer.observe(root, { childList: true });
}

/** Resolves when the router has loaded its first page (its code and its loaders' data). */
export function whenRouterReady(router: ReturnType<typeof createRouter>): Promise<void> {
  if (router.state.initialized) return Promise.resolve();
  return new Promise((resolve) => {
    const stop = router.subscribe((state) => {
      if (!state.initialized) return;
      stop();
      resolve();
    });
  });
}

/** Lets the browser handle input and paint before the next step (a new task, not a microtask). */
export const yieldToMain = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));

/** Tells the server, for the next first paint, the language this app chose. */
export function rememberForFirstPaint(): void {
  setPreferenceCookie(LANGUAGE_COOKIE, chooseLanguage(supportedLanguages));
}

/**
 * Tells the server the browser's timezone, for the next first paint's dates. Written by the events
 * list, whose cards have asked for it already: on a page without dates, asking would be the page's
 * first Intl date formatter, tens of milliseconds on a phone for nothing.
 */
export function rememberTimezoneForFirstPaint(): void {
  setPreferenceCookie(TIMEZONE_COOKIE, browserTimezone());
}
