import { describe, expect, it } from 'vitest';
import { cpuSlowdownFor } from './cpu-slowdown.ts';

describe('cpuSlowdownFor', () => {
  it.each([
    [Number.NaN, undefined],
    [100, undefined],
    [150, 1],
    [475, 1.5],
    [800, 2],
    [1050, 2.5],
    [1300, 3],
    [1533, 4],
    [1766, 5],
    [2000, 6],
    [620, 1.7],
  ])('BenchmarkIndex %s -> x%s', (index, multiplier) => {
    expect(cpuSlowdownFor(index)).toBe(multiplier);
  });
});
