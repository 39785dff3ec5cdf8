// Lighthouse (mobile, its default simulated throttling) on the pages people open first: the
// events list, an event home and the people page signed in as the demo attendee.
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { AUTH_STORAGE_KEY } from '../packages/contract/src/index.ts';
import { signIn } from './import-load.ts';
import { freePort } from './processes.ts';

export interface LighthouseScore {
  page: string;
  performance: number;
  accessibility: number;
  bestPractices: number;
}

const categories = ['performance', 'accessibility', 'best-practices'];

export async function runLighthouse(base: string): Promise<LighthouseScore[]> {
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
    const pages: [string, string, boolean][] = [
      ['events list', '/', false],
      ['event home', '/events/lobby-summit', false],
      ['people (signed in)', '/events/lobby-summit/members', true],
    ];
    const scores: LighthouseScore[] = [];
    for (const [name, path, signedIn] of pages) {
      await context.clearCookies();
      if (signedIn) await context.addCookies([{ name: AUTH_STORAGE_KEY, value: encodeURIComponent(JSON.stringify(stored)), url: base, sameSite: 'Strict' }]);
      const result = await lighthouse(`${base}${path}`, { port, output: 'json', logLevel: 'error', onlyCategories: categories, disableStorageReset: true });
      const found = result?.lhr.categories ?? {};
      const score = (id: string) => Math.round((found[id]?.score ?? 0) * 100);
      const final = result?.lhr.finalDisplayedUrl ?? '';
      if (signedIn && !final.includes(path)) console.warn(`  lighthouse: ${name} ended on ${final}, not signed in?`);
      scores.push({ page: name, performance: score('performance'), accessibility: score('accessibility'), bestPractices: score('best-practices') });
    }
    return scores;
  } finally {
    await context.close();
  }
}
