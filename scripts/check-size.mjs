#!/usr/bin/env node
// The first-load budget (docs/decisions.md): the JavaScript the events page loads before any page
// code - the entry script of apps/web/dist/index.html plus the chunks it preloads (its static
// imports) - must stay at or under the budget in gzip. Run after `npm run build -w @lobby/web`,
// or pass --build to build first.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
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
if (totalKb > BUDGET_KB) {
  console.error(`check-size: the first load is ${(totalKb - BUDGET_KB).toFixed(1)} kB over budget; move what the first paint does not need into lazy chunks.`);
  process.exit(1);
}
