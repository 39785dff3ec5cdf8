/// <reference types="node" />
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { firstPaintTexts } from './build/first-paint-texts.ts';
import { precompress } from './build/precompress.ts';
import { pwa } from './build/pwa.ts';

const apiTarget = process.env.LOBBY_API ?? 'http://localhost:3000';

export default defineConfig({
  plugins: [react(), tailwindcss(), firstPaintTexts(new URL('./src/i18n/locales', import.meta.url).pathname), ...pwa(), precompress()],
  build: {
    target: 'es2022',
    sourcemap: true,
    // .vite/manifest.json: the service worker's precache list is made from it (build/pwa.ts).
    manifest: true,
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
            {
              // The page editor's drag and drop (Puck's, only on the editing route) in a chunk of its
              // own, so that neither it nor the editor goes over the chunk size warning.
              name: 'editor-dnd',
              test: /node_modules[\\/](@dnd-kit[\\/](abstract|collision|dom|geometry|helpers|react|state)|@preact[\\/]signals-core)[\\/]/,
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
