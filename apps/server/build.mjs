// Production build of the server: one ESM bundle of our code (dependencies stay in node_modules),
// the migration folder beside it, and a migrated PGlite data folder (dist/pglite-template) that a
// first start copies instead of running PGlite's slow initdb. Run with `node apps/server/dist/main.js`.
import { execFileSync } from 'node:child_process';
import { cpSync, rmSync } from 'node:fs';
import { build } from 'esbuild';

const common = {
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  packages: 'external',
  // The contract is TypeScript source in the workspace: bundle it rather than load it at run time.
  alias: { '@lobby/contract': '../../packages/contract/src/index.ts' },
  banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
};

// Another folder directly inside apps/server may be given (tests build their own so they never
// replace a dist that a running server or a parallel run uses); it must sit at the same depth,
// as main.js finds package.json and the web build relative to itself.
const out = process.argv[2] ?? 'dist';
if (out.includes('/')) throw new Error('the output folder must be directly inside apps/server');
rmSync(out, { recursive: true, force: true });
// main.js loads the rest (start.ts, a chunk beside it) only after it has begun a first start's
// template copy (see src/main.ts); every chunk sits in the output folder itself, as main.js did.
await build({ ...common, entryPoints: { main: 'src/main.ts' }, outdir: out, splitting: true, chunkNames: '[name]-[hash]' });
cpSync('src/db/migrations', `${out}/migrations`, { recursive: true });
// The PDFs' own fonts (src/pdf/fonts.ts finds them beside itself, main.js beside it).
cpSync('src/pdf/fonts', `${out}/fonts`, { recursive: true });

// The template is made by the compiled code itself, so it matches what main.js migrates to.
await build({ ...common, entryPoints: ['src/db/make-template.ts'], outfile: `${out}/make-template.js`, sourcemap: false });
try {
  execFileSync(process.execPath, [`${out}/make-template.js`], { stdio: 'inherit' });
} finally {
  rmSync(`${out}/make-template.js`, { force: true });
}
console.log(`built apps/server/${out}/main.js and ${out}/pglite-template`);
