/** The badge sizes a desk prints: A6 portrait, and a credit card (ID-1) in landscape. */
export const BADGE_SIZES = {
  a6: { width: 105, height: 148 },
  card: { width: 85.6, height: 54 },
} as const;
export type BadgeSize = keyof typeof BADGE_SIZES;

export const isBadgeSize = (value: string | null): value is BadgeSize => value === 'a6' || value === 'card';

/** The print rules of a sheet of badges: one badge per page of exactly its size, nothing of the app. */
export function printCss(size: BadgeSize): string {
  const { width, height } = BADGE_SIZES[size];
  return `
.lb-print-root { display: none; }
@media print {
  @page { size: ${width}mm ${height}mm; margin: 0; }
  html, body { margin: 0 !important; padding: 0 !important; background: #fff !important; min-height: 0 !important; }
  body:has(> .lb-print-root) > :not(.lb-print-root) { display: none !important; }
  .lb-print-root { display: block; }
  .lb-print-root .lb-badge { width: ${width}mm; height: ${height}mm; border: 0 !important; border-radius: 0 !important; box-shadow: none !important; break-after: page; }
  .lb-print-root .lb-badge:last-child { break-after: auto; }
  .lb-print-root * { -webkit-print-color-adjust: exact; print-color-adjust: exact; }
}`;
}

const luminance = (value: number): number => {
  const channel = (shift: number) => {
    const c = ((value >> shift) & 0xff) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(16) + 0.7152 * channel(8) + 0.0722 * channel(0);
};
const WHITE = '#ffffff';
const INK = '#0f172a';
/** WCAG contrast of a colour (its relative luminance) against white and against INK (0.0116). */
const onWhite = (l: number) => 1.05 / (l + 0.05);
const onInk = (l: number) => (l + 0.05) / 0.0616;

/**
 * The event's band on a badge: its colour with white or near-black text, whichever reads at 4.5:1
 * (WCAG AA); a mid-tone colour neither reaches is darkened step by step until white text does.
 */
export function bandOf(hex: string): { background: string; color: string } {
  const match = /^#([0-9a-f]{6})$/i.exec(hex);
  if (!match) return { background: '#1d4ed8', color: WHITE };
  let value = parseInt(match[1] ?? '0', 16);
  const l = luminance(value);
  if (onWhite(l) >= 4.5 && onWhite(l) >= onInk(l)) return { background: hex.toLowerCase(), color: WHITE };
  if (onInk(l) >= 4.5) return { background: hex.toLowerCase(), color: INK };
  while (onWhite(luminance(value)) < 4.5) {
    const r = Math.floor(((value >> 16) & 0xff) * 0.9);
    const g = Math.floor(((value >> 8) & 0xff) * 0.9);
    const b = Math.floor((value & 0xff) * 0.9);
    value = (r << 16) | (g << 8) | b;
  }
  return { background: `#${value.toString(16).padStart(6, '0')}`, color: WHITE };
}
