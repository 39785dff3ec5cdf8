// The server's entry (`npm start` runs its build, dist/main.js). A first start of the embedded
// database copies the build's migrated template into DATA_DIR; that copy begins here, before the
// server's modules load (start.ts, imported below), so the disk work runs in a worker thread while
// the main thread loads code. Only Node's own modules and db/template.ts load before it.
import { resolve } from 'node:path';
import { pgliteDataDir, startTemplateCopy } from './db/template.ts';

// As config.ts reads them: a blank variable counts as unset. PostgreSQL (DATABASE_URL) needs no copy.
const templateCopy = process.env.DATABASE_URL ? undefined : startTemplateCopy(pgliteDataDir(resolve(process.env.DATA_DIR || './data')));
const { start } = await import('./start.ts');
await start(templateCopy);
