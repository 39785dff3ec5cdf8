// Lighthouse (mobile, its default simulated throttling) on the pages people open first: the
// events list, an event home and the people page signed in as the demo attendee. Its simulated
// throttling multiplies the task times it observed by 4, so other work on the machine moves the
// performance score by several points from run to run: each page is measured BENCH_LIGHTHOUSE_RUNS
// times (default 3), each round in a fresh browser profile (the list loads cold, as a first visit
// does), and the median is reported with the spread and the 1-minute load average.
import { loadavg } from 'node:os';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { AUTH_STORAGE_KEY } from '../packages/contract/src/index.ts';
import { signIn } from './import-load.ts';
import { freePort } from './processes.ts';

export interface LighthouseScore {
  page: string;
  /** Medians over the runs. */
  performance: number;
  accessibility: number;
  bestPractices: number;
  /** Each run's performance score and the 1-minute load average when it started (absent in older results). */
  performanceRuns?: number[];
  loadAverages?: number[];
}

const categories = ['performance', 'accessibility', 'best-practices'];
const runs = Math.max(1, Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3));

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[middle] ?? 0) : Math.round(((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2);
};

interface Run {
  performance: number;
  accessibility: number;
  bestPractices: number;
  load: number;
}

async function oneRound(base: string, pages: [string, string, boolean][]): Promise<Run[]> {
  const port = await freePort();
  // A persistent context is Chromium's default profile, which is where Lighthouse opens its tab,
  // so the sign-in cookie set here is the one the web app reads.
  const context = await chromium.launchPersistentContext('', {
    executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: [`--remote-debugging-port=${port}`, '--no-sandbox'],
  });
  try {
    const token = await signIn(base, 'attendee@lobby.demo', 'Attendee-2026');
    // The shape apps/web/src/api/session.ts stores: the access token and when it expires.
    const stored = { access_token: token, expires_in: 900, expires_at: Date.now() + 900_000 };
    const results: Run[] = [];
    for (const [name, path, signedIn] of pages) {
      await context.clearCookies();
      if (signedIn) await context.addCookies([{ name: AUTH_STORAGE_KEY, value: encodeURIComponent(JSON.stringify(stored)), url: base, sameSite: 'Strict' }]);
      const load = loadavg()[0] ?? 0;
      const result = await lighthouse(`${base}${path}`, { port, output: 'json', logLevel: 'error', onlyCategories: categories, disableStorageReset: true });
      const found = result?.lhr.categories ?? {};
      const score = (id: string) => Math.round((found[id]?.score ?? 0) * 100);
      const final = result?.lhr.finalDisplayedUrl ?? '';
      if (result?.lhr.runtimeError) console.warn(`  lighthouse: ${name}: ${result.lhr.runtimeError.code}`);
      if (signedIn && !final.includes(path)) console.warn(`  lighthouse: ${name} ended on ${final}, not signed in?`);
      results.push({ performance: score('performance'), accessibility: score('accessibility'), bestPractices: score('best-practices'), load });
    }
    return results;
  } finally {
    await context.close();
  }
}

export async function runLighthouse(base: string): Promise<LighthouseScore[]> {
  const pages: [string, string, boolean][] = [
    ['events list', '/', false],
    ['event home', '/events/lobby-summit', false],
    ['people (signed in)', '/events/lobby-summit/members', true],
  ];
  const rounds: Run[][] = [];
  for (let round = 0; round < runs; round += 1) rounds.push(await oneRound(base, pages));
  return pages.map(([page], index) => {
    const of = rounds.map((round) => round[index]).filter((run): run is Run => run !== undefined);
    return {
      page,
      performance: median(of.map((run) => run.performance)),
      accessibility: median(of.map((run) => run.accessibility)),
      bestPractices: median(of.map((run) => run.bestPractices)),
      performanceRuns: of.map((run) => run.performance),
      loadAverages: of.map((run) => Math.round(run.load * 10) / 10),
    };
  });
}
