import type { EventConfig } from '@lobby/contract';

const added = new Set<string>();

function addScript(src: string, onLoad?: () => void): void {
  if (added.has(src)) return;
  added.add(src);
  const script = document.createElement('script');
  script.async = true;
  script.src = src;
  script.onload = () => onLoad?.();
  // Analytics must never break the page: a blocked tag only logs (contract.md section 8).
  script.onerror = () => console.warn(`Lobby: analytics script could not load: ${src}`);
  document.head.appendChild(script);
}

type Analytics = { dataLayer?: unknown[]; ym?: (...args: unknown[]) => void };

/** Adds the event's Google tag and Yandex Metrika only when the organiser configured them. */
export function injectAnalytics(analytics: EventConfig['analytics']): void {
  const w = window as unknown as Analytics;
  const googleTag = analytics.googleTag?.trim();
  if (googleTag && /^[A-Z0-9-]{4,20}$/i.test(googleTag)) {
    w.dataLayer = w.dataLayer ?? [];
    w.dataLayer.push(['js', new Date()], ['config', googleTag]);
    addScript(`https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(googleTag)}`);
  }
  const metrika = analytics.yandexMetrika?.trim();
  if (metrika && /^\d{1,20}$/.test(metrika)) {
    addScript('https://mc.yandex.ru/metrika/tag.js', () => w.ym?.(Number(metrika), 'init', { clickmap: false, trackLinks: true }));
  }
}
