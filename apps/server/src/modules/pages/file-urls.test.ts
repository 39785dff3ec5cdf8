import { describe, expect, it } from 'vitest';
import { fileUrls } from '../../files/urls.ts';
import { EXPIRED_PICTURE_MESSAGE, signFileUrls, storeFileUrls } from './file-urls.ts';

const files = fileUrls('a-test-secret-of-enough-length-0123456789');
const now = Date.UTC(2026, 10, 25, 12);

describe('page pictures stored by key', () => {
  it('stores a signed address by its key, at any depth, and leaves other strings alone', () => {
    const signed = files.url('cover.png', now) ?? '';
    const { content, problems } = storeFileUrls({ blocks: [{ editorData: { image: signed, cards: [{ image: signed, title: 'Hi' }], link: '/program', other: 'https://cdn.example.com/a.png' } }] }, files, now);
    expect(problems).toEqual([]);
    expect(content).toEqual({ blocks: [{ editorData: { image: '/api/v1/files/cover.png', cards: [{ image: '/api/v1/files/cover.png', title: 'Hi' }], link: '/program', other: 'https://cdn.example.com/a.png' } }] });
  });

  it.each([
    ['a bare key', '/api/v1/files/someone-elses.pdf'],
    ['a forged signature', '/api/v1/files/cover.png?expires=9999999999&sig=abc'],
    ['another key under a real signature', (files.url('cover.png', now) ?? '').replace('cover.png', 'secret.pdf')],
    ['an expired address', files.url('cover.png', now - 5 * 86_400_000) ?? ''],
    ['extra query parts', `${files.url('cover.png', now) ?? ''}&x=1`],
  ])('names %s as a problem with its path', (_name, url) => {
    const { problems } = storeFileUrls({ blocks: [{ editorData: { image: url } }] }, files, now);
    expect(problems).toEqual([{ path: ['blocks', 0, 'editorData', 'image'], message: EXPIRED_PICTURE_MESSAGE }]);
  });

  it('signs stored keys for reading and only exact stored keys', () => {
    const read = signFileUrls({ a: '/api/v1/files/cover.png', b: '/api/v1/files/cover.png/../x', c: 'see /api/v1/files/cover.png' }, files, now);
    expect(read.a).toBe(files.url('cover.png', now));
    expect(read.b).toBe('/api/v1/files/cover.png/../x');
    expect(read.c).toBe('see /api/v1/files/cover.png');
  });
});
