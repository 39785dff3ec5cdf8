import { cpSync, existsSync, mkdirSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { Worker } from 'node:worker_threads';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * A migrated PGlite data folder made by the production build (apps/server/dist/pglite-template,
 * see build.mjs). PGlite's initdb takes several seconds and hundreds of MB on a first start;
 * copying this folder takes a fraction of a second. In development (tsx, no build) the folder
 * does not exist beside the sources and PGlite runs initdb as before.
 */
export const bundledTemplate = fileURLToPath(new URL('./pglite-template', import.meta.url));

/** Where the embedded database lives inside DATA_DIR. */
export const pgliteDataDir = (dataDir: string) => join(dataDir, 'pglite');

/** Marks a complete template; written last by the build, so a half-made template is never used. */
export const TEMPLATE_MARK = 'lobby-template.json';

/** True when `dataDir` holds no database yet (missing or empty folder). */
export function isFreshDataDir(dataDir: string): boolean {
  return !existsSync(dataDir) || readdirSync(dataDir).length === 0;
}

/**
 * A copy of the template made ahead of time into a staging folder of this process (main.ts starts
 * it before the server's modules load, so the file copying runs in a worker thread while the main
 * thread loads code). Nothing reaches the data folder until openPglite, holding the folder's lock,
 * moves it into place (seedDataDirFromTemplate).
 */
export interface TemplateCopy {
  /** The PGlite folder the copy is for (DATA_DIR/pglite). */
  dataDir: string;
  /** The staging folder, or null when the copy failed (the first start then copies as usual). */
  staged: Promise<string | null>;
}

/** The copy startTemplateCopy runs in a worker thread (CommonJS, given as source). */
const COPY_WORKER = `
const { cpSync, rmSync } = require('node:fs');
const { basename } = require('node:path');
const { template, staging, mark } = require('node:worker_threads').workerData;
rmSync(staging, { recursive: true, force: true });
cpSync(template, staging, { recursive: true, filter: (source) => basename(source) !== mark });
`;

const stagingFor = (dataDir: string) => join(dirname(dataDir), `.${basename(dataDir)}.${process.pid}.tmp`);

/**
 * Starts copying the template for `dataDir` when that folder is fresh and the template complete;
 * undefined otherwise (a database already there, PostgreSQL, or no build template). A staging
 * folder that is never moved into place is removed when the process exits.
 */
export function startTemplateCopy(dataDir: string, template = bundledTemplate): TemplateCopy | undefined {
  if (!isFreshDataDir(dataDir) || !existsSync(join(template, TEMPLATE_MARK))) return undefined;
  const staging = stagingFor(dataDir);
  const removeStaging = () => {
    try {
      rmSync(staging, { recursive: true, force: true });
    } catch {
      // Nothing was made there (its parent is no folder): nothing to remove.
    }
  };
  process.once('exit', removeStaging);
  // Node's asynchronous cp walks the tree one small promise at a time (3-4 s for the template's
  // 1,400 files beside module loading); the synchronous copy in a worker thread takes well under 1 s.
  const staged = new Promise<string | null>((resolve) => {
    const worker = new Worker(COPY_WORKER, { eval: true, workerData: { template, staging, mark: TEMPLATE_MARK } });
    worker.once('error', () => {});
    worker.once('exit', (code) => {
      if (code === 0) return resolve(staging);
      removeStaging();
      resolve(null);
    });
  });
  return { dataDir, staged };
}

/**
 * Fills a fresh data folder from the template; answers whether it did. The copy goes to a sibling
 * folder first (or was made there already: `early`) and is renamed into place, so a crash mid-copy
 * leaves no half database behind. The caller holds the data folder's lock.
 */
export async function seedDataDirFromTemplate(dataDir: string, template = bundledTemplate, early?: TemplateCopy): Promise<boolean> {
  const staged = early && resolve(early.dataDir) === resolve(dataDir) ? await early.staged : null;
  const staging = staged ?? stagingFor(dataDir);
  try {
    if (!isFreshDataDir(dataDir)) return false;
    if (!staged) {
      if (!existsSync(join(template, TEMPLATE_MARK))) return false;
      rmSync(staging, { recursive: true, force: true });
      cpSync(template, staging, { recursive: true, filter: (source) => basename(source) !== TEMPLATE_MARK });
    }
    mkdirSync(dataDir, { recursive: true });
    // rename(2) replaces an empty directory atomically.
    renameSync(staging, dataDir);
    return true;
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}
