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
  },
});
