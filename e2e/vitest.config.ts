import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'e2e',
    root: import.meta.dirname,
    include: ['**/*.e2e.ts'],
    globalSetup: ['./global-setup.ts'],
    // A long journey on a loaded 2-core machine (CI runs the database suites beside it) takes its time.
    testTimeout: 120_000,
    hookTimeout: 90_000,
    // One server, one browser per file; files run one after another to keep 2 cores calm.
    fileParallelism: false,
    // The specs share no module state (each launches its own browser and servers), so one import of
    // playwright and axe serves the run instead of one per file (25 s of imports in CI).
    isolate: false,
  },
});
