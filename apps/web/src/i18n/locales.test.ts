import { ErrorCode } from '@lobby/contract';
import { describe, expect, it } from 'vitest';
import en from './locales/en.json';
import ru from './locales/ru.json';
import zh from './locales/zh.json';

type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    if (typeof value === 'string') out.set(prefix + key, value);
    else for (const [inner, text] of flatten(value, `${prefix}${key}.`)) out.set(inner, text);
  }
  return out;
}

const locales = { en: flatten(en as Tree), ru: flatten(ru as Tree), zh: flatten(zh as Tree) };
const variables = (text: string) => [...text.matchAll(/{{\s*(\w+)/g)].map((match) => match[1]).sort();

describe('texts in ru, en and zh', () => {
  it('have the same keys in every language', () => {
    const keys = [...locales.en.keys()].sort();
    expect([...locales.ru.keys()].sort()).toEqual(keys);
    expect([...locales.zh.keys()].sort()).toEqual(keys);
  });

  it('use the same {{variables}} for a key in every language', () => {
    for (const [key, text] of locales.en) {
      expect({ key, ru: variables(locales.ru.get(key) ?? '') }).toEqual({ key, ru: variables(text) });
      expect({ key, zh: variables(locales.zh.get(key) ?? '') }).toEqual({ key, zh: variables(text) });
    }
  });

  it('say every chat error code (contract.md section 8)', () => {
    const chatCodes = Object.values(ErrorCode).filter((code) => code.startsWith('chat.'));
    expect(chatCodes.length).toBeGreaterThan(0);
    for (const code of chatCodes) {
      const key = `api.${code.replace(/\./g, '_')}`;
      for (const [lang, texts] of Object.entries(locales)) expect({ lang, key, has: texts.has(key) }).toEqual({ lang, key, has: true });
    }
  });
});
