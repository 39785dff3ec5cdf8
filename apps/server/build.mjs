// Production build of the server: one ESM bundle of our code (dependencies stay in node_modules)
// plus the migration folder beside it. Run with `node apps/server/dist/main.js`.
import { cpSync, rmSync } from 'node:fs';
import { build } from 'esbuild';

rmSync('dist', { recursive: true, force: true });
await build({
  entryPoints: ['src/main.ts'],
  outfile: 'dist/main.js',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  packages: 'external',
  // The contract is TypeScript source in the workspace: bundle it rather than load it at run time.
  alias: { '@lobby/contract': '../../packages/contract/src/index.ts' },
  banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
});
cpSync('src/db/migrations', 'dist/migrations', { recursive: true });
console.log('built apps/server/dist/main.js');
