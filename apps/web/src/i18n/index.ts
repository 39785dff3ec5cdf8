import { DEFAULT_LANGUAGE, LANGUAGE_COOKIE, LANGUAGES, type Language } from '@lobby/contract';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { supportedLanguages } from '../app/config.ts';

const STORAGE_KEY = 'lobby.language';

type Resources = Record<string, unknown>;
const locales = import.meta.glob<Resources>('./locales/*.json', { import: 'default' });

const isLanguage = (value: unknown): value is Language => typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);

function savedLanguage(): string | null {
  try {
    return window.localStorage.getItem(STORAGE_KEY);
  } catch {
    return null;
  }
}

/** The saved language when it is allowed, else the first configured one (contract.md section 9). */
export function chooseLanguage(allowed: readonly Language[], saved: string | null = savedLanguage()): Language {
  if (isLanguage(saved) && allowed.includes(saved)) return saved;
  return allowed[0] ?? DEFAULT_LANGUAGE;
}

async function loadResources(lang: Language): Promise<Resources> {
  const load = locales[`./locales/${lang}.json`];
  if (!load) throw new Error(`No texts for language ${lang}`);
  return load();
}

export async function initI18n(): Promise<typeof i18n> {
  const lng = chooseLanguage(supportedLanguages);
  await i18n.use(initReactI18next).init({
    lng,
    fallbackLng: false,
    resources: { [lng]: { translation: await loadResources(lng) } },
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  document.documentElement.lang = lng;
  return i18n;
}

/** The language in use; before the texts are loaded, the one that will be chosen. */
export const currentLanguage = (): Language => (isLanguage(i18n.language) ? i18n.language : chooseLanguage(supportedLanguages));

let offered: Language[] = [...supportedLanguages];
const listeners = new Set<() => void>();

/** The languages the switcher offers: the event's inside an event, else the configured ones. */
export const offeredLanguages = (): Language[] => offered;
export function onOfferedLanguages(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Inside an event, its languages apply: the saved language if the event offers it, else the
 * first of the event's own list, in the event's order (contract.md section 9: an event with
 * [zh, en] opens in Chinese). The switch happens in place, without a reload.
 */
export async function applyEventLanguages(languages: readonly Language[] | null): Promise<void> {
  const next = languages ? languages.filter((lang, index) => supportedLanguages.includes(lang) && languages.indexOf(lang) === index) : [...supportedLanguages];
  offered = next.length > 0 ? next : [...supportedLanguages];
  for (const listener of listeners) listener();
  const target = chooseLanguage(offered);
  if (target === i18n.language) return;
  if (!i18n.hasResourceBundle(target, 'translation')) i18n.addResourceBundle(target, 'translation', await loadResources(target));
  await i18n.changeLanguage(target);
  document.documentElement.lang = target;
}

const YEAR_S = 365 * 24 * 60 * 60;

/**
 * A cookie the server reads for the events list's first paint (the language, the timezone:
 * app/first-paint.ts); written only when it changes. Cookies turned off: nothing is written.
 */
export function setPreferenceCookie(name: string, value: string): void {
  try {
    const encoded = encodeURIComponent(value);
    if (document.cookie.split('; ').includes(`${name}=${encoded}`)) return;
    const secure = window.location.protocol === 'https:' ? '; Secure' : '';
    document.cookie = `${name}=${encoded}; Path=/; Max-Age=${YEAR_S}; SameSite=Lax${secure}`;
  } catch {
    // A sandboxed document without cookies: the first paint falls back to the defaults.
  }
}

/** Changing the language reloads the app (product.md section 2); the reloaded page's first paint speaks it too. */
export function switchLanguage(lang: Language): void {
  try {
    window.localStorage.setItem(STORAGE_KEY, lang);
  } catch {
    // Private mode without storage: the reload keeps the configured default.
  }
  setPreferenceCookie(LANGUAGE_COOKIE, lang);
  window.location.reload();
}

/**
 * When the event cannot be loaded its languages are unknown: English becomes the language in
 * use for the error screen (contract.md section 8), without overwriting the saved choice.
 */
export async function fallBackToEnglish(): Promise<void> {
  if (i18n.language === 'en') return;
  if (!i18n.hasResourceBundle('en', 'translation')) i18n.addResourceBundle('en', 'translation', await loadResources('en'));
  await i18n.changeLanguage('en');
  document.documentElement.lang = 'en';
}
