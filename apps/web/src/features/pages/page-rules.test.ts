import i18n from 'i18next';
import { describe, expect, it, vi } from 'vitest';
import en from '../../i18n/locales/en.json';
import { blockLinkTarget, followBlockLink, heightFromMessage, initialIframeHeight, tabAfterKey, videoEmbedUrl, cssColour, recordingFileUrl } from './page-rules.ts';

const ids = new Set(['about', 'speakers']);

describe('block links', () => {
  it('find the block of an in-page link', () => {
    expect(blockLinkTarget('#about', ids)).toEqual({ id: 'about', found: true });
    expect(blockLinkTarget('#nowhere', ids)).toEqual({ id: 'nowhere', found: false });
    expect(blockLinkTarget('#', ids)).toBeNull();
    expect(blockLinkTarget('/events', ids)).toBeNull();
    expect(blockLinkTarget('https://example.org/#about', ids)).toBeNull();
    expect(blockLinkTarget(null, ids)).toBeNull();
  });

  it('scroll to the block, or show the translated toast when the page has no such block', async () => {
    const t = await i18n.createInstance().init({ lng: 'en', resources: { en: { translation: en } } });
    const scrollTo = vi.fn();
    const notify = vi.fn();
    expect(followBlockLink('#speakers', ids, { scrollTo, notify, t })).toBe(true);
    expect(scrollTo).toHaveBeenCalledWith('speakers');
    expect(notify).not.toHaveBeenCalled();
    expect(followBlockLink('#missing', ids, { scrollTo, notify, t })).toBe(true);
    expect(notify).toHaveBeenCalledWith('No block with such hash on the page');
    expect(scrollTo).toHaveBeenCalledTimes(1);
    expect(followBlockLink('https://example.org', ids, { scrollTo, notify, t })).toBe(false);
  });
});

describe('the iframe height message', () => {
  const own = { name: 'own frame' };
  const other = { name: 'another frame' };
  const frame = { contentWindow: own, url: 'https://widgets.example.org/schedule?x=1' };
  const message = (data: unknown, origin = 'https://widgets.example.org', source: unknown = own) => ({ data, origin, source }) as unknown as MessageEvent;

  it('is followed from its own frame and origin, clamped to 100..5000', () => {
    expect(heightFromMessage(message({ type: 'update-block-height', height: 820 }), frame)).toBe(820);
    expect(heightFromMessage(message({ type: 'update-block-height', height: 12 }), frame)).toBe(100);
    expect(heightFromMessage(message({ type: 'update-block-height', height: 99_999 }), frame)).toBe(5000);
  });

  it('is ignored from another origin, another frame, or in another shape', () => {
    expect(heightFromMessage(message({ type: 'update-block-height', height: 820 }, 'https://evil.example.org'), frame)).toBeNull();
    expect(heightFromMessage(message({ type: 'update-block-height', height: 820 }, 'http://widgets.example.org'), frame)).toBeNull();
    expect(heightFromMessage(message({ type: 'update-block-height', height: 820 }, 'https://widgets.example.org', other), frame)).toBeNull();
    expect(heightFromMessage(message({ type: 'update-block-height', height: 820 }, 'https://widgets.example.org', null), { ...frame, contentWindow: null })).toBeNull();
    expect(heightFromMessage(message({ type: 'resize', height: 820 }), frame)).toBeNull();
    expect(heightFromMessage(message({ type: 'update-block-height', height: '820' }), frame)).toBeNull();
    expect(heightFromMessage(message({ type: 'update-block-height', height: Number.NaN }), frame)).toBeNull();
    expect(heightFromMessage(message('update-block-height'), frame)).toBeNull();
    expect(heightFromMessage(message({ type: 'update-block-height', height: 820 }), null)).toBeNull();
  });

  it('starts at 500 px or the block height', () => {
    expect(initialIframeHeight(undefined)).toBe(500);
    expect(initialIframeHeight(1200)).toBe(1200);
  });
});

describe('a WN Meet recording file', () => {
  it.each([
    ['jitsi', 'https://recordings.example.com/room/2026-11-20.mp4', 'https://recordings.example.com/room/2026-11-20.mp4'],
    ['jitsi', 'https://recordings.example.com/room/clip.WEBM?x=1', 'https://recordings.example.com/room/clip.WEBM?x=1'],
    ['jitsi', 'http://recordings.example.com/room/2026-11-20.mp4', null],
    ['jitsi', 'https://user:pw@recordings.example.com/a.mp4', null],
    ['jitsi', 'https://meet.jit.si/lobby-room', null],
    ['jitsi', 'javascript:alert(1)//.mp4', null],
    ['youtube', 'https://recordings.example.com/room/2026-11-20.mp4', null],
  ] as const)('%s %s', (source, videoUrl, expected) => {
    expect(recordingFileUrl({ source, videoUrl }, 'https://lobby.example.org')).toBe(expected);
  });

  const token = 'Ab3_-Ab3_-Ab3_-Ab3_-Ab3_';
  it.each([
    ['on the page’s own http origin (development)', 'http://localhost:3000', `http://localhost:3000/api/v1/recordings/${token}/video.webm`, `http://localhost:3000/api/v1/recordings/${token}/video.webm`],
    ['on the page’s own https origin', 'https://lobby.example.org', `https://lobby.example.org/api/v1/recordings/${token}/video.webm`, `https://lobby.example.org/api/v1/recordings/${token}/video.webm`],
    ['on another http origin', 'https://lobby.example.org', `http://elsewhere.example.org/api/v1/recordings/${token}/video.webm`, null],
    ['on another port of the same host', 'http://localhost:3000', `http://localhost:4000/api/v1/recordings/${token}/video.webm`, null],
    ['with a token of the wrong length', 'http://localhost:3000', 'http://localhost:3000/api/v1/recordings/short/video.webm', null],
    ['another address of the server', 'http://localhost:3000', 'http://localhost:3000/api/v1/files/x.webm', null],
    ['with a query', 'http://localhost:3000', `http://localhost:3000/api/v1/recordings/${token}/video.webm?x=1`, null],
    ['with credentials', 'http://localhost:3000', `http://a:b@localhost:3000/api/v1/recordings/${token}/video.webm`, null],
    ['outside a browser (no origin)', null, `http://localhost:3000/api/v1/recordings/${token}/video.webm`, null],
  ] as const)('a recording made in Lobby %s', (_name, origin, videoUrl, expected) => {
    expect(recordingFileUrl({ source: 'jitsi', videoUrl }, origin)).toBe(expected);
  });
});

describe('the video player address', () => {
  it('comes from the link or the stored id of the block source only', () => {
    expect(videoEmbedUrl({ source: 'youtube', videoId: 'dQw4w9WgXcQ', videoUrl: 'https://youtu.be/dQw4w9WgXcQ' })).toBe('https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ');
    expect(videoEmbedUrl({ source: 'googledrive', videoId: 'abcdefghijkl', videoUrl: 'https://example.org/not-a-video' })).toBe('https://drive.google.com/file/d/abcdefghijkl/preview');
    expect(videoEmbedUrl({ source: 'gcore', videoId: 'videos/abc', videoUrl: 'https://player.gvideo.co/videos/abc' })).toBe('https://player.gvideo.co/videos/abc');
    expect(videoEmbedUrl({ source: 'jitsi', videoId: 'lobby-room', videoUrl: 'https://meet.jit.si/lobby-room' })).toBe('https://meet.jit.si/lobby-room');
  });

  it('is refused for another source, rutube or a crafted id', () => {
    expect(videoEmbedUrl({ source: 'gcore', videoId: 'dQw4w9WgXcQ', videoUrl: 'https://youtu.be/dQw4w9WgXcQ' })).toBeNull();
    expect(videoEmbedUrl({ source: 'youtube', videoId: '../../x?y=<script>', videoUrl: 'https://rutube.ru/video/0123456789abcdef0123456789abcdef' })).toBeNull();
  });
});

describe('the tablist keys', () => {
  it('move with wrapping arrows, Home and End', () => {
    expect(tabAfterKey('ArrowRight', 0, 3)).toBe(1);
    expect(tabAfterKey('ArrowRight', 2, 3)).toBe(0);
    expect(tabAfterKey('ArrowLeft', 0, 3)).toBe(2);
    expect(tabAfterKey('Home', 2, 3)).toBe(0);
    expect(tabAfterKey('End', 0, 3)).toBe(2);
    expect(tabAfterKey('Enter', 0, 3)).toBeNull();
  });
});

describe('colours in a style', () => {
  it('take #rgb and #rrggbb only', () => {
    expect(cssColour('#abc')).toBe('#abc');
    expect(cssColour('#A0B1C2')).toBe('#A0B1C2');
    expect(cssColour('a0b1c2d')).toBeUndefined();
    expect(cssColour('red;x:y')).toBeUndefined();
    expect(cssColour(undefined)).toBeUndefined();
  });
});
