import { GOOGLE_TAG_PATTERN, YANDEX_METRIKA_PATTERN, type EventConfig } from '@lobby/contract';

/**
 * The event's analytics tags (set only by staff or people they trust: docs/decisions.md). The
 * CSP allows no analytics host; the loader scripts run because they carry the page's nonce, which
 * the server put on the configuration block of index.html.
 */
const pageNonce = (): string => document.getElementById('lobby-config')?.nonce ?? '';

type Analytics = { dataLayer?: unknown[]; ym?: (...args: unknown[]) => void } & Record<string, unknown>;
const w = window as unknown as Analytics;

/** Scripts added for the event now shown; removed when the person leaves it. */
const added = new Set<HTMLScriptElement>();
/** Google ids turned on, to turn off again on leaving (gtag honours window['ga-disable-<id>']). */
const googleIds = new Set<string>();
/** Bumped on every change, so a script finishing after the person left does nothing. */
let generation = 0;

function addScript(src: string, onLoad?: () => void): void {
  const script = document.createElement('script');
  script.async = true;
  script.src = src;
  script.nonce = pageNonce();
  script.dataset.lobbyAnalytics = '';
  const mine = generation;
  script.onload = () => {
    if (mine === generation) onLoad?.();
  };
  // Analytics must never break the page: a blocked tag only logs (contract.md section 8).
  script.onerror = () => console.warn(`Lobby: analytics script could not load: ${src}`);
  added.add(script);
  document.head.appendChild(script);
}

/** gtag.js reads only Arguments objects from the data layer, not arrays. */
function gtag(..._args: unknown[]): void {
  // eslint-disable-next-line prefer-rest-params -- gtag.js ignores anything but an Arguments object
  w.dataLayer?.push(arguments);
}

function loadGoogle(id: string): void {
  w.dataLayer = w.dataLayer ?? [];
  delete w[`ga-disable-${id}`];
  googleIds.add(id);
  if (id.startsWith('GTM-')) {
    w.dataLayer.push({ 'gtm.start': Date.now(), event: 'gtm.js' });
    addScript(`https://www.googletagmanager.com/gtm.js?id=${encodeURIComponent(id)}`);
    return;
  }
  gtag('js', new Date());
  gtag('config', id);
  addScript(`https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(id)}`);
}

/** Adds the event's Google tag and Yandex Metrika when configured with ids in their formats. */
export function injectAnalytics(analytics: EventConfig['analytics']): void {
  removeAnalytics();
  const googleTag = analytics.googleTag?.trim() ?? '';
  if (GOOGLE_TAG_PATTERN.test(googleTag)) loadGoogle(googleTag);
  const metrika = analytics.yandexMetrika?.trim() ?? '';
  if (YANDEX_METRIKA_PATTERN.test(metrika)) {
    addScript('https://mc.yandex.ru/metrika/tag.js', () => w.ym?.(Number(metrika), 'init', { clickmap: false, trackLinks: true }));
  }
}

/** Leaving the event: its tag scripts go, Google stops sending, and late loads do nothing. */
export function removeAnalytics(): void {
  generation += 1;
  for (const script of added) {
    script.onload = null;
    script.remove();
  }
  added.clear();
  for (const id of googleIds) w[`ga-disable-${id}`] = true;
  googleIds.clear();
}
