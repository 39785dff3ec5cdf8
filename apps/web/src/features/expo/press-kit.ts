// Pure helpers of the press kit and the Media page (no browser globals except the default origin).

/**
 * A press kit address the page may open: same-origin paths, or http(s) elsewhere. Anything else
 * (javascript:, data:, ...) is not a link at all.
 */
export function safeLinkUrl(value: string | null | undefined, origin: string = window.location.origin): { href: string; sameOrigin: boolean } | null {
  if (!value) return null;
  try {
    const url = new URL(value, origin);
    if (url.origin === origin) return { href: url.pathname + url.search, sameOrigin: true };
    return url.protocol === 'https:' || url.protocol === 'http:' ? { href: url.href, sameOrigin: false } : null;
  } catch {
    return null;
  }
}

/** The file name the server gave in Content-Disposition (plain or RFC 5987), or a fallback. */
export function filenameOf(header: string | null, fallback: string): string {
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(header ?? '')?.[1];
  if (encoded) {
    try {
      return decodeURIComponent(encoded);
    } catch {
      // fall through to the plain name
    }
  }
  return /filename="([^"]+)"/.exec(header ?? '')?.[1] ?? fallback;
}

/** "2.4 MB", "830 KB", "12 B" in the interface language's digits. */
export function formatBytes(size: number, language: string): string {
  const units = ['B', 'KB', 'MB', 'GB'] as const;
  let value = size;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${new Intl.NumberFormat(language, { maximumFractionDigits: unit === 0 ? 0 : 1 }).format(value)} ${units[unit]}`;
}

/** A file's kind for people: the subtype of its content type in capitals (PDF, ZIP, PNG). */
export function fileKind(contentType: string | null, fileName: string | null): string | null {
  const sub = contentType?.split(';')[0]?.split('/')[1];
  if (sub) return sub.replace(/^x-/, '').replace(/^vnd\..*$/, '').toUpperCase() || null;
  const ext = fileName?.split('.').pop();
  return ext && ext !== fileName ? ext.toUpperCase() : null;
}
