import { describe, expect, it } from 'vitest';
import { pickLanguage } from './language.ts';

describe('pickLanguage', () => {
  it.each([
    [undefined, 'en'],
    ['', 'en'],
    ['ru', 'ru'],
    ['zh-CN,zh;q=0.9,en;q=0.8', 'zh'],
    ['fr-FR,fr;q=0.9,ru;q=0.5,en;q=0.4', 'ru'],
    ['en;q=0.2, ru;q=0.8', 'ru'],
    ['de, *;q=0.1', 'en'],
    ['ru;q=0', 'en'],
    ['RU-ru', 'ru'],
    [';;;,,,q=x', 'en'],
  ])('%s -> %s', (header, expected) => {
    expect(pickLanguage(header)).toBe(expected);
  });

  it('only picks among allowed languages', () => {
    expect(pickLanguage('zh,ru;q=0.5', ['en', 'ru'])).toBe('ru');
  });
});
