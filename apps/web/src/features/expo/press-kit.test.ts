import { describe, expect, it } from 'vitest';
import { fileKind, filenameOf, formatBytes, safeLinkUrl } from './press-kit.ts';

const origin = 'https://lobby.example';

describe('press kit addresses', () => {
  it.each<[string, ReturnType<typeof safeLinkUrl>]>([
    ['/api/expo/7/press-kit/3/file', { href: '/api/expo/7/press-kit/3/file', sameOrigin: true }],
    ['https://lobby.example/api/expo/7/press-kit/3/file?x=1', { href: '/api/expo/7/press-kit/3/file?x=1', sameOrigin: true }],
    ['https://press.example/kit.zip', { href: 'https://press.example/kit.zip', sameOrigin: false }],
    ['http://press.example/kit', { href: 'http://press.example/kit', sameOrigin: false }],
    ['javascript:alert(1)', null],
    ['data:text/html,<b>x</b>', null],
    ['ftp://press.example/kit', null],
    ['', null],
  ])('%s', (value, expected) => {
    expect(safeLinkUrl(value, origin)).toEqual(expected);
  });
});

describe('press kit files', () => {
  it('takes the name the server gives, plain or encoded', () => {
    expect(filenameOf('attachment; filename="kit.pdf"', 'x')).toBe('kit.pdf');
    expect(filenameOf(`attachment; filename="a.pdf"; filename*=UTF-8''%D0%BA%D0%B8%D1%82.pdf`, 'x')).toBe('кит.pdf');
    expect(filenameOf(null, 'fallback')).toBe('fallback');
  });

  it('says sizes and kinds', () => {
    expect(formatBytes(12, 'en')).toBe('12 B');
    expect(formatBytes(1536, 'en')).toBe('1.5 KB');
    expect(formatBytes(50 * 1024 * 1024, 'en')).toBe('50 MB');
    expect(fileKind('application/pdf', 'kit.pdf')).toBe('PDF');
    expect(fileKind('application/x-zip-compressed', null)).toBe('ZIP-COMPRESSED');
    expect(fileKind(null, 'logo.png')).toBe('PNG');
    expect(fileKind(null, 'README')).toBeNull();
  });
});
