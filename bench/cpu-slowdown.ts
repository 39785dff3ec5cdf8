// Lighthouse's CPU throttling, calibrated to the host (bench/lighthouse.ts uses it).

/** Lighthouse's default CPU slowdown for mobile (constants.throttling.mobileSlow4G). */
export const DEFAULT_CPU_SLOWDOWN = 4;

/**
 * The CPU slowdown that makes this host emulate the phone Lighthouse's default 4x aims at, from
 * its BenchmarkIndex, as Lighthouse's throttling guide maps it: piecewise linear through
 * 150 -> 1x, 800 -> 2x, 1,300 -> 3x and 1,533 -> 4x (one step per 233 above 1,300). Below 150 a
 * host is too slow to emulate that phone at all: undefined. Rounded to a tenth.
 */
export function cpuSlowdownFor(benchmarkIndex: number): number | undefined {
  if (!Number.isFinite(benchmarkIndex) || benchmarkIndex < 150) return undefined;
  const multiplier = benchmarkIndex >= 1300 ? 3 + (benchmarkIndex - 1300) / 233 : benchmarkIndex >= 800 ? 2 + (benchmarkIndex - 800) / 500 : 1 + (benchmarkIndex - 150) / 650;
  return Math.round(multiplier * 10) / 10;
}
