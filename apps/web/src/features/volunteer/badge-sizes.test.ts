import { describe, expect, it } from 'vitest';
import { bandOf, isBadgeSize, printCss } from './badge-sizes.ts';

describe('badge sizes', () => {
  it.each([
    ['a6', true],
    ['card', true],
    ['a4', false],
    [null, false],
  ] as const)('%s is a size: %s', (value, expected) => expect(isBadgeSize(value)).toBe(expected));

  it('prints one badge per page of its size, nothing of the app', () => {
    expect(printCss('a6')).toContain('@page { size: 105mm 148mm; margin: 0; }');
    expect(printCss('card')).toContain('@page { size: 85.6mm 54mm; margin: 0; }');
    expect(printCss('a6')).toContain('body:has(> .lb-print-root) > :not(.lb-print-root) { display: none !important; }');
  });
});

/** WCAG contrast of two #rrggbb colours. */
function contrast(a: string, b: string): number {
  const l = (hex: string) => {
    const v = parseInt(hex.slice(1), 16);
    const c = (shift: number) => {
      const x = ((v >> shift) & 0xff) / 255;
      return x <= 0.03928 ? x / 12.92 : ((x + 0.055) / 1.055) ** 2.4;
    };
    return 0.2126 * c(16) + 0.7152 * c(8) + 0.0722 * c(0);
  };
  const [hi, lo] = [l(a), l(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

describe('bandOf', () => {
  it.each([
    ['#1d4ed8', '#1d4ed8', '#ffffff'],
    ['#000000', '#000000', '#ffffff'],
    ['#f8fafc', '#f8fafc', '#0f172a'],
    ['#facc15', '#facc15', '#0f172a'],
  ] as const)('%s keeps its colour with %s text', (brand, background, color) => expect(bandOf(brand)).toEqual({ background, color }));

  it.each(['#3b82f6', '#7c3aed', '#e11d48', '#0ea5e9', '#10b981', '#808080', '#6366f1'])('%s reads at AA', (brand) => {
    const band = bandOf(brand);
    expect(contrast(band.background, band.color)).toBeGreaterThanOrEqual(4.5);
  });

  it('falls back to Lobby blue for a value that is not a colour', () => expect(bandOf('blue')).toEqual({ background: '#1d4ed8', color: '#ffffff' }));
});
