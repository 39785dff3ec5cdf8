import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

const COMPRESSIBLE = /\.(js|css|svg|json|html|txt|webmanifest)$/;
/** Below this a compressed copy saves less than a packet. */
const MIN_BYTES = 1024;

function* filesIn(folder: string): Generator<string> {
  for (const name of readdirSync(folder)) {
    const path = join(folder, name);
    if (statSync(path).isDirectory()) yield* filesIn(path);
    else yield path;
  }
}

/**
 * Writes a brotli (.br) and a gzip (.gz) copy beside every text asset of the build, once, so the
 * server sends them as they are (@fastify/static preCompressed) instead of compressing each
 * response or sending JavaScript uncompressed. index.html is left alone: the server renders it
 * per response.
 */
export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'lobby-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    // After the service worker's build (vite-plugin-pwa writes sw.js and the manifest in its own closeBundle).
    closeBundle: {
      order: 'post',
      sequential: true,
      handler() {
        for (const file of filesIn(outDir)) {
          if (!COMPRESSIBLE.test(file) || file.endsWith('index.html')) continue;
          const content = readFileSync(file);
          if (content.length < MIN_BYTES) continue;
          writeFileSync(`${file}.br`, brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: content.length } }));
          writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
        }
      },
    },
  };
}
