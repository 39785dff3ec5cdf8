#!/usr/bin/env node
// The first-load budget (docs/decisions.md): the JavaScript the events page loads before any page
// code - the entry script of apps/web/dist/index.html plus the chunks it preloads (its static
// imports) - must stay at or under the budget in gzip. Then the pages people open first and the
// parts every event page loads with them must not reach zod (the contract's schemas): their chunks'
// static imports are read from the build's manifest and each chunk's sources from its source map.
// Run after `npm run build -w @lobby/web`, or pass --build to build first.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

/** kB as Vite prints them (1000 bytes), so the figure matches the build output. */
const budgetArg = process.argv.indexOf('--budget');
const BUDGET_KB = budgetArg > 0 ? Number(process.argv[budgetArg + 1]) : 150;
const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const dist = join(root, 'apps/web/dist');

if (process.argv.includes('--build')) execFileSync('npm', ['run', 'build', '-w', '@lobby/web'], { cwd: root, stdio: 'inherit' });
const indexPath = join(dist, 'index.html');
if (!existsSync(indexPath)) {
  console.error('check-size: apps/web/dist/index.html is missing; run `npm run build -w @lobby/web` first (or pass --build).');
  process.exit(2);
}
const html = readFileSync(indexPath, 'utf8');

/** Script sources and modulepreload hrefs, in document order; both load before the first paint. */
const files = [
  ...[...html.matchAll(/<script[^>]*\btype="module"[^>]*\bsrc="([^"]+)"/g)].map((m) => m[1]),
  ...[...html.matchAll(/<link[^>]*\brel="modulepreload"[^>]*\bhref="([^"]+)"/g)].map((m) => m[1]),
];
if (files.length === 0) {
  console.error('check-size: no entry script found in dist/index.html');
  process.exit(2);
}

let total = 0;
for (const file of new Set(files)) {
  const bytes = gzipSync(readFileSync(join(dist, file.replace(/^\//, ''))), { level: 9 }).length;
  total += bytes;
  console.log(`${(bytes / 1000).toFixed(1).padStart(7)} kB  ${file}`);
}
const totalKb = total / 1000;
console.log(`${totalKb.toFixed(1).padStart(7)} kB  initial JavaScript (gzip), budget ${BUDGET_KB} kB`);
let failed = false;
if (totalKb > BUDGET_KB) {
  console.error(`check-size: the first load is ${(totalKb - BUDGET_KB).toFixed(1)} kB over budget; move what the first paint does not need into lazy chunks.`);
  failed = true;
}

/**
 * The events list, an event home and the people page (the pages `npm run bench` runs Lighthouse
 * on), and what an event page loads for a signed-in person beside them: the bell, the chat badge,
 * the PWA layer and the incoming-call listener. zod with the schemas is about 80 kB gzip and 100 ms
 * of a phone's main thread, so these parse answers with route references (src/api/route-refs.ts).
 */
const SCHEMA_FREE = [
  'src/features/events/EventsPage.tsx',
  'src/features/events/EventLayout.tsx',
  'src/features/events/EventHomePage.tsx',
  'src/features/members/MembersPage.tsx',
  'src/features/notifications/Bell.tsx',
  'src/features/chat/ChatBadge.tsx',
  'src/features/offline/PwaLayer.tsx',
  'src/features/calls/IncomingCall.tsx',
];
const manifestPath = join(dist, '.vite/manifest.json');
if (!existsSync(manifestPath)) {
  console.error('check-size: apps/web/dist/.vite/manifest.json is missing (build.manifest in vite.config.ts)');
  process.exit(2);
}
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
const withZod = new Map();
const hasZod = (file) => {
  if (!withZod.has(file)) {
    const map = join(dist, `${file}.map`);
    // The bundler's own runtime helper has no source map; anything larger must have one.
    if (!existsSync(map) && statSync(join(dist, file)).size < 4096) return false;
    if (!existsSync(map)) {
      console.error(`check-size: ${file}.map is missing (build.sourcemap in vite.config.ts)`);
      process.exit(2);
    }
    withZod.set(file, JSON.parse(readFileSync(map, 'utf8')).sources.some((source) => /node_modules[\\/]zod[\\/]/.test(source)));
  }
  return withZod.get(file);
};
for (const page of SCHEMA_FREE) {
  if (!manifest[page]) {
    console.error(`check-size: ${page} is not in the build's manifest (renamed? update SCHEMA_FREE)`);
    process.exit(2);
  }
  /** The chunks loaded with the page (its static imports), and the path by which each was reached. */
  const reached = new Map([[page, [page]]]);
  const queue = [page];
  while (queue.length > 0) {
    const key = queue.shift();
    for (const next of manifest[key].imports ?? []) {
      if (reached.has(next)) continue;
      reached.set(next, [...reached.get(key), next]);
      queue.push(next);
    }
  }
  const offender = [...reached].find(([key]) => hasZod(manifest[key].file));
  if (offender) {
    console.error(`check-size: ${page} loads zod through ${offender[1].join(' -> ')}; use route references (src/api/route-refs.ts) or load it on demand.`);
    failed = true;
  } else console.log(`     ok  ${page} loads no zod (${reached.size} chunks)`);
}
if (failed) process.exit(1);
