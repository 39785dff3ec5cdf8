/// <reference types="node" />
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './build/precompress.ts';

const apiTarget = process.env.LOBBY_API ?? 'http://localhost:3000';

export default defineConfig({
  plugins: [react(), tailwindcss(), precompress()],
  build: {
    target: 'es2022',
    sourcemap: true,
    chunkSizeWarningLimit: 400,
    rolldownOptions: {
      output: {
        // What every page runs on (the framework, the API client, the texts loader) stays in one
        // chunk: lazy chunks that reach only part of it (the calendar, the bell) would otherwise
        // split it into small files, which gzip worse and cost the first load more.
        codeSplitting: {
          groups: [
            {
              name: 'framework',
              test: new RegExp(
                [
                  String.raw`node_modules[\\/](react|react-dom|scheduler|react-router|i18next|react-i18next|use-sync-external-store)[\\/]`,
                  // Only the query library's parts the shell itself runs (not the mutation hooks the pages add).
                  String.raw`node_modules[\\/]@tanstack[\\/]query-core[\\/]build[\\/]modern[\\/](?!mutationObserver)`,
                  String.raw`node_modules[\\/]@tanstack[\\/]react-query[\\/]build[\\/]modern[\\/](QueryClientProvider|IsRestoringProvider|QueryErrorResetBoundary|errorBoundaryUtils|suspense|useBaseQuery|useQuery)\.js$`,
                  String.raw`src[\\/](api[\\/](client|errors|route-refs|session|refresh)|i18n[\\/]index|app[\\/]config|ui[\\/]cn)\.ts$`,
                ].join('|'),
              ),
            },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: { '/api': apiTarget, '/demo': apiTarget },
  },
});
