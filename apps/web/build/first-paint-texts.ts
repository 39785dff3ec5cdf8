import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Plugin } from 'vite';
import { FIRST_PAINT_TEXT_KEYS, FIRST_PAINT_TEXTS_FILE } from '../../../packages/contract/src/first-paint.ts';
import { LANGUAGES } from '../../../packages/contract/src/constants.ts';

/** A text by its dotted key, own properties only; undefined when it is missing or not a string. */
function textAt(texts: unknown, key: string): string | undefined {
  let node: unknown = texts;
  for (const part of key.split('.')) {
    if (typeof node !== 'object' || node === null || !Object.hasOwn(node, part)) return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === 'string' ? node : undefined;
}

/**
 * Writes first-paint-texts.json beside index.html: the texts of the server's first paint of the
 * events list (apps/server/src/modules/events/first-paint.ts), in every language, taken from the
 * web's own locale files so there is one source for them. A missing text fails the build.
 */
export function firstPaintTexts(localesDir: string): Plugin {
  return {
    name: 'lobby-first-paint-texts',
    apply: 'build',
    generateBundle() {
      const out: Record<string, Record<string, string>> = {};
      for (const language of LANGUAGES) {
        const texts: unknown = JSON.parse(readFileSync(join(localesDir, `${language}.json`), 'utf8'));
        const picked: Record<string, string> = {};
        for (const key of FIRST_PAINT_TEXT_KEYS) {
          const text = textAt(texts, key);
          if (text === undefined) this.error(`first paint: the ${language} text "${key}" is missing`);
          picked[key] = text;
        }
        out[language] = picked;
      }
      this.emitFile({ type: 'asset', fileName: FIRST_PAINT_TEXTS_FILE, source: JSON.stringify(out) });
    },
  };
}
