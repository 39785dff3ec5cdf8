import type { EventConfig } from '@lobby/contract';
import { isEventFontReady, loadEventFont } from './fonts.ts';

const DEFAULT_BRAND = '#3b82f6';

/** Relative luminance of a #rrggbb colour (WCAG). */
function luminance(hex: string): number {
  const channels = [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16) / 255);
  const [r = 0, g = 0, b = 0] = channels.map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** Text on the brand colour: white unless the colour is light enough for dark text to read better. */
export const contrastOn = (hex: string): string => (luminance(hex) > 0.4 ? '#0f172a' : '#ffffff');

export const contrastRatio = (a: string, b: string): number => {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
};

const darken = (hex: string, amount: number): string =>
  `#${[1, 3, 5]
    .map((i) => Math.round(Number.parseInt(hex.slice(i, i + 2), 16) * (1 - amount)))
    .map((c) => c.toString(16).padStart(2, '0'))
    .join('')}`;

/**
 * A solid fill for buttons from the brand colour, with the text colour to put on it, meeting WCAG
 * AA (4.5:1): the brand itself when it reads, else dark text on it, else the brand darkened.
 */
export function solidFill(brand: string): { fill: string; text: string } {
  if (contrastRatio(brand, '#ffffff') >= 4.5) return { fill: brand, text: '#ffffff' };
  if (contrastRatio(brand, '#0f172a') >= 4.5) return { fill: brand, text: '#0f172a' };
  let fill = brand;
  for (let step = 1; step <= 10 && contrastRatio(fill, '#ffffff') < 4.5; step += 1) fill = darken(brand, step * 0.08);
  return { fill, text: '#ffffff' };
}

/** The font in use; a font that finishes loading after the person left its event is not applied. */
let wantedFont: string | null = null;

/** The event's font once it has loaded from Lobby's own assets; until then, and on failure, the default. */
function applyFont(font: string | null): void {
  const root = document.documentElement.style;
  wantedFont = font;
  if (!font) {
    root.removeProperty('--font-sans');
    return;
  }
  const setFont = () => root.setProperty('--font-sans', `'${font}', ui-sans-serif, system-ui, sans-serif`);
  // Loaded already (it starts as soon as the event is known): in place before the first layout.
  if (isEventFontReady(font)) {
    setFont();
    return;
  }
  void loadEventFont(font).then((ok) => {
    if (ok && wantedFont === font) setFont();
  });
}

/** Sets the design tokens from an event's theme; null restores Lobby's own. */
export function applyTheme(theme: EventConfig['theme'] | null): void {
  const root = document.documentElement.style;
  const brand = theme?.color ?? DEFAULT_BRAND;
  root.setProperty('--brand', brand);
  root.setProperty('--brand-contrast', contrastOn(brand));
  const solid = solidFill(brand);
  root.setProperty('--brand-solid', solid.fill);
  root.setProperty('--brand-solid-contrast', solid.text);
  // The palette is offered to event pages as --palette-1 ... --palette-N.
  for (let i = 1; i <= 12; i += 1) root.removeProperty(`--palette-${i}`);
  for (const [index, colour] of (theme?.palette ?? []).entries()) root.setProperty(`--palette-${index + 1}`, colour);
  applyFont(theme?.font?.trim() || null);
  document.querySelector('meta[name="theme-color"]')?.setAttribute('content', brand);
}
