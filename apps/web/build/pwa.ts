import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

/** The brand blue (contract.md section 9: the native status bar; the same for the installed app). */
const THEME = '#3b82f6';

interface ViteManifestChunk {
  file: string;
  name?: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}

/** Lazy chunks the shell needs offline, by name: the offline banner's layer and the sign-out (which forgets the person). */
const SHELL_CHUNKS = new Set(['PwaLayer', 'sign-in-out']);

/**
 * The files of the app shell, read from the build's own manifest (.vite/manifest.json): the entry
 * script with its static imports and styles (what index.html loads), the texts of every language
 * (the app renders nothing without them), the PWA layer (the offline banner) and the sign-out.
 * Every other lazy chunk is cached by the service worker when it is first loaded, not up front.
 */
export function shellFiles(manifest: Record<string, ViteManifestChunk>): Set<string> {
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const [key, chunk] of Object.entries(manifest)) {
    if (chunk.isEntry) visit(key);
    if (/^src\/i18n\/locales\/[a-z]{2}\.json$/.test(chunk.src ?? '') || SHELL_CHUNKS.has(chunk.name ?? '')) visit(key);
  }
  return files;
}

/** Other files precached beside the shell's chunks: the icons and the favicon (the plugin adds the manifest). */
const STATIC_SHELL = /^(icons\/[\w-]+\.png|favicon\.svg)$/;

/**
 * vite-plugin-pwa with Lobby's own service worker (src/sw.ts, injectManifest) and the web app
 * manifest. index.html is precached under "/" (the server renders it at every page address and
 * never under its own name); the worker answers navigations from the network first and falls back
 * to it offline. The manifest link is added to index.html by the plugin.
 */
export function pwa(): Plugin[] {
  let outDir = 'dist';
  const capture: Plugin = {
    name: 'lobby-pwa-out-dir',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
    },
  };
  const plugins = VitePWA({
    strategies: 'injectManifest',
    srcDir: 'src',
    filename: 'sw.ts',
    // Registered by the app itself after the page has loaded (features/offline/register.ts).
    injectRegister: false,
    injectManifest: {
      rollupFormat: 'iife',
      globPatterns: ['index.html', 'assets/*.{js,css}', 'icons/*.png', 'favicon.svg'],
      maximumFileSizeToCacheInBytes: 4 * 1024 * 1024,
      manifestTransforms: [
        (entries) => {
          const manifestPath = join(outDir, '.vite', 'manifest.json');
          if (!existsSync(manifestPath)) throw new Error(`pwa: ${manifestPath} is missing (build.manifest must be on)`);
          const shell = shellFiles(JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<string, ViteManifestChunk>);
          const manifest = entries
            .filter((entry) => entry.url === 'index.html' || shell.has(entry.url) || STATIC_SHELL.test(entry.url))
            .map((entry) => (entry.url === 'index.html' ? { ...entry, url: '/' } : entry));
          return Promise.resolve({ manifest, warnings: [] });
        },
      ],
    },
    includeManifestIcons: false,
    manifest: {
      id: '/',
      name: 'Lobby',
      short_name: 'Lobby',
      description: 'Events and networking for the games industry: meetings, chats, lectures and your agenda, also offline.',
      lang: 'en',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      theme_color: THEME,
      background_color: '#ffffff',
      icons: [
        { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
        { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
        { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
      ],
    },
  });
  return [capture, ...plugins];
}
