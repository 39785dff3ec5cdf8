import { cpSync, existsSync, mkdirSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * A migrated PGlite data folder made by the production build (apps/server/dist/pglite-template,
 * see build.mjs). PGlite's initdb takes several seconds and hundreds of MB on a first start;
 * copying this folder takes a fraction of a second. In development (tsx, no build) the folder
 * does not exist beside the sources and PGlite runs initdb as before.
 */
export const bundledTemplate = fileURLToPath(new URL('./pglite-template', import.meta.url));

/** Marks a complete template; written last by the build, so a half-made template is never used. */
export const TEMPLATE_MARK = 'lobby-template.json';

/** True when `dataDir` holds no database yet (missing or empty folder). */
export function isFreshDataDir(dataDir: string): boolean {
  return !existsSync(dataDir) || readdirSync(dataDir).length === 0;
}

/**
 * Fills a fresh data folder from the template; answers whether it did. The copy goes to a sibling
 * folder first and is renamed into place, so a crash mid-copy leaves no half database behind.
 * The caller holds the data folder's lock.
 */
export function seedDataDirFromTemplate(dataDir: string, template = bundledTemplate): boolean {
  if (!isFreshDataDir(dataDir) || !existsSync(join(template, TEMPLATE_MARK))) return false;
  const staging = join(dirname(dataDir), `.${basename(dataDir)}.${process.pid}.tmp`);
  rmSync(staging, { recursive: true, force: true });
  try {
    cpSync(template, staging, { recursive: true, filter: (source) => basename(source) !== TEMPLATE_MARK });
    mkdirSync(dataDir, { recursive: true });
    // rename(2) replaces an empty directory atomically.
    renameSync(staging, dataDir);
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
  return true;
}
