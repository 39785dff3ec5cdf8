import { describe, expect, it } from 'vitest';
import { contrastOn } from './theme.ts';

describe('contrastOn', () => {
  it('puts white text on dark brands and dark text on light ones', () => {
    expect(contrastOn('#3b82f6')).toBe('#ffffff');
    expect(contrastOn('#0f172a')).toBe('#ffffff');
    expect(contrastOn('#fde047')).toBe('#0f172a');
    expect(contrastOn('#ffffff')).toBe('#0f172a');
  });
});
