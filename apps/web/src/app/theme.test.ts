import { describe, expect, it } from 'vitest';
import { contrastOn, contrastRatio, solidFill } from './theme.ts';

describe('contrastOn', () => {
  it('puts white text on dark brands and dark text on light ones', () => {
    expect(contrastOn('#3b82f6')).toBe('#ffffff');
    expect(contrastOn('#0f172a')).toBe('#ffffff');
    expect(contrastOn('#fde047')).toBe('#0f172a');
    expect(contrastOn('#ffffff')).toBe('#0f172a');
  });
});

describe('solidFill', () => {
  it.each(['#3b82f6', '#8b5cf6', '#10b981', '#f59e0b', '#fde047', '#000000', '#ffffff', '#ef4444'])('gives %s a fill and text with at least 4.5:1', (brand) => {
    const { fill, text } = solidFill(brand);
    expect(contrastRatio(fill, text)).toBeGreaterThanOrEqual(4.5);
  });
});
