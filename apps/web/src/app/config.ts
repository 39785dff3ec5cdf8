import { GENERAL_SLUG, LANGUAGES, type ClientConfig, type Language } from '@lobby/contract';

/** In development (vite serve) there is no injected block: general mode, every language. */
const fallback: ClientConfig = { slug: GENERAL_SLUG, languages: ['en', 'ru', 'zh'], public_url: window.location.origin, version: 'dev', google_sign_in: false, mailbox: 'open' };

const isLanguage = (value: unknown): value is Language => typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);

/** Checked by hand rather than with the contract's zod schema, to keep zod out of the first load. */
function readInjected(): ClientConfig {
  const node = document.getElementById('lobby-config');
  if (!node?.textContent) return fallback;
  try {
    const value = JSON.parse(node.textContent) as Partial<ClientConfig>;
    const languages = Array.isArray(value.languages) ? value.languages.filter(isLanguage) : [];
    if (typeof value.slug !== 'string' || languages.length === 0) throw new Error('slug or languages missing');
    return {
      slug: value.slug,
      languages,
      public_url: String(value.public_url ?? window.location.origin),
      version: String(value.version ?? ''),
      google_sign_in: value.google_sign_in === true,
      mailbox: value.mailbox === 'open' || value.mailbox === 'staff' ? value.mailbox : 'off',
    };
  } catch (error) {
    console.warn('Lobby: the injected configuration is invalid; using general mode', error);
    return fallback;
  }
}

/** The configuration injected into index.html by the server (product.md section 1). */
export const appConfig: ClientConfig = readInjected();

/** General (multi-event) mode when the configured slug is "general". */
export const isGeneralMode = appConfig.slug === GENERAL_SLUG;

export const supportedLanguages: Language[] = appConfig.languages;
