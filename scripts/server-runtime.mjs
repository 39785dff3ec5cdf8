// How the compiled server process is run: `npm start` (scripts/start.mjs), `npm run bench` and the
// server's process test all take the Node flags and environment from here, so what is measured
// is what runs. Why each one: docs/operations.md, "Memory and start budgets".

/**
 * V8 flags. Node 22+ sizes the young generation four times larger than Node 20, which idle memory
 * pays for in full; 16 MB semi-spaces are Node 20's size. --expose-gc lets the server collect the
 * demo seed's garbage once, right after seeding (apps/server/src/app.ts).
 */
export const serverNodeArgs = ['--max-semi-space-size=16', '--expose-gc'];

/**
 * glibc malloc settings, applied only where the variable is not already set. A fixed mmap
 * threshold keeps glibc from raising it (up to 32 MB) after the first large free: V8's WebAssembly
 * compiler allocates and frees hundreds of MB in large blocks while PGlite starts, and above the
 * threshold those blocks are mapped and unmapped on their own instead of being left behind in the
 * heap. Node 24 idles at about 270 MB with it and 335 MB without. Other C libraries ignore it.
 */
export const serverEnvDefaults = { MALLOC_MMAP_THRESHOLD_: '524288' };

/** The server's environment: `env` with the defaults above filled in where they are unset. */
export function serverEnv(env = process.env) {
  const filled = { ...env };
  for (const [name, value] of Object.entries(serverEnvDefaults)) filled[name] ??= value;
  return filled;
}
