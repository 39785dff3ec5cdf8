import { configDefaults, defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      { test: { name: 'contract', include: ['packages/contract/src/**/*.test.ts'], isolate: false } },
      { test: { name: 'bench', include: ['bench/**/*.test.ts'] } },
      {
        test: {
          name: 'server',
          include: ['apps/server/src/**/*.test.ts', 'apps/server/test/**/*.test.ts'],
          globalSetup: ['apps/server/test/global-setup.ts'],
          pool: 'forks',
          // Every file builds its own app on its own database copy, so the files need no fresh module
          // graph each: one import of the server for the whole run instead of one per file (the
          // import phase was a third of the suite's time on two cores).
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      // One module graph for the whole project (the import phase was three quarters of its time),
      // except the native shell's tests: Capacitor reads the platform when it is first imported.
      { test: { name: 'web', include: ['apps/web/src/**/*.test.{ts,tsx}'], exclude: [...configDefaults.exclude, 'apps/web/src/native/**'], isolate: false } },
      { test: { name: 'web-native', include: ['apps/web/src/native/**/*.test.{ts,tsx}'] } },
    ],
  },
});
