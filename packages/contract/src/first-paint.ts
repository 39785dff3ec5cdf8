/**
 * The events list's first paint (general mode): the server renders the page a first visit opens
 * into index.html, and the app renders the same page over it (docs/decisions.md, "First paint").
 */

/** The texts the server's first paint shows; the web build writes them from its locale files into first-paint-texts.json. */
export const FIRST_PAINT_TEXT_KEYS = [
  'nav.skip',
  'nav.home',
  'app.name',
  'nav.main',
  'nav.events',
  'language.label',
  'auth.sign_in',
  'events.title',
  'events.subtitle',
  'events.search_label',
  'events.search_placeholder',
  'events.groups.current',
  'events.groups.upcoming',
  'events.groups.past',
  'events.live',
  'events.format.online',
  'events.format.onsite',
  'events.format.hybrid',
  'events.empty_title',
  'events.empty_text',
  'events.no_results_title',
  'events.no_results_text',
  'footer.text',
  'footer.api',
] as const;
export type FirstPaintTextKey = (typeof FIRST_PAINT_TEXT_KEYS)[number];
export const FIRST_PAINT_TEXTS_FILE = 'first-paint-texts.json';

/** Cookies the web sets so the server paints in the person's language and timezone: the language it chose and the browser's timezone. */
export const LANGUAGE_COOKIE = 'lobby.language';
export const TIMEZONE_COOKIE = 'lobby.tz';
