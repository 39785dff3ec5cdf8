import { DEFAULT_COLOUR, EDITOR_UPLOAD_MAX_BYTES, VIDEO_INVALID_MESSAGE, ZVideoData } from '@lobby/contract';
import { describe, expect, it } from 'vitest';
import {
  acceptColour,
  acceptLink,
  acceptVideo,
  canCrop,
  carriesScript,
  checkFirstImage,
  deriveVideoId,
  editorImageType,
  formatRecordingDate,
  isMissingBlockLink,
  isPastedImageUrl,
  isSettingsOn,
  lastPathPart,
  linkedBlock,
  settingsValue,
  swatchColour,
  type PageVideoSource,
} from './widget-rules.ts';

describe('acceptColour: # and 4 or 7 characters, or exactly 7 without #', () => {
  it.each([
    ['#000000', '#000000'],
    ['#fff', '#fff'],
    ['#A1b2C3', '#A1b2C3'],
    ['  #abc  ', '#abc'],
    ['abcdef0', 'abcdef0'],
  ])('takes %j as %j', (text, value) => expect(acceptColour(text)).toEqual({ ok: true, value }));

  it.each(['#ff', '#ffff', '#fffff', '#fffffff', 'abcdef', 'fff', 'abcdef01', '#ggg', 'red', '#12345g'])('refuses %j', (text) => expect(acceptColour(text)).toEqual({ ok: false }));

  it('clears the colour when the text is blank', () => {
    expect(acceptColour('')).toEqual({ ok: true, value: undefined });
    expect(acceptColour('   ')).toEqual({ ok: true, value: undefined });
  });
});

describe('swatchColour: what the native colour input shows', () => {
  it.each([
    [undefined, DEFAULT_COLOUR],
    ['', DEFAULT_COLOUR],
    ['#FF0000', '#ff0000'],
    ['#f0a', '#ff00aa'],
    ['abcdef0', DEFAULT_COLOUR],
    ['#12', DEFAULT_COLOUR],
  ])('%j shows %j', (value, shown) => expect(swatchColour(value)).toBe(shown));

  it('defaults to #000000', () => expect(DEFAULT_COLOUR).toBe('#000000'));
});

describe('deriveVideoId', () => {
  it.each<[PageVideoSource, string, string | null]>([
    ['youtube', 'https://www.youtube.com/watch?v=dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
    ['youtube', 'https://youtu.be/dQw4w9WgXcQ?t=10', 'dQw4w9WgXcQ'],
    ['youtube', 'https://www.youtube.com/embed/dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
    ['youtube', 'https://vimeo.com/123456789', null],
    ['youtube', 'https://www.youtube.com/watch?v=short', null],
    ['googledrive', 'https://drive.google.com/file/d/1AbCdEfGhIjKlMnOpQrStUv/view?usp=sharing', '1AbCdEfGhIjKlMnOpQrStUv'],
    ['googledrive', 'https://drive.google.com/open?id=1AbCdEfGhIjKlMnOpQrStUv', '1AbCdEfGhIjKlMnOpQrStUv'],
    ['googledrive', 'https://www.youtube.com/watch?v=dQw4w9WgXcQ', null],
    ['gcore', 'https://player.gvideo.co/videos/2675_abcDEF123', '2675_abcDEF123'],
    ['gcore', 'https://demo.gvideo.io/streams/live-77', 'live-77'],
    ['gcore', 'https://example.org/videos/abc', null],
    ['jitsi', 'https://meet.example.org/recordings/room-1/2026-06-01_10-00.mp4', '2026-06-01_10-00.mp4'],
    ['jitsi', '/api/v1/files/rec-2026.mp4?expires=1&sig=abc', 'rec-2026.mp4'],
    ['jitsi', 'https://meet.example.org/', null],
    ['jitsi', 'javascript:alert(1)', null],
    ['jitsi', 'https://www.youtube.com/watch?v=dQw4w9WgXcQ', null],
    ['jitsi', 'https://drive.google.com/file/d/1AbCdEfGhIjKlMnOpQrStUv/view', null],
    ['jitsi', 'https://meet.jit.si/LobbyDemoRoom', 'LobbyDemoRoom'],
    ['youtube', '   ', null],
  ])('%s %s -> %j', (source, link, id) => expect(deriveVideoId(source, link)).toBe(id));
});

describe('acceptVideo: the ZVideoData rules', () => {
  it('makes the video from a source and its link', () => {
    expect(acceptVideo('youtube', ' https://youtu.be/dQw4w9WgXcQ ')).toEqual({ ok: true, value: { source: 'youtube', videoId: 'dQw4w9WgXcQ', videoUrl: 'https://youtu.be/dQw4w9WgXcQ' } });
    expect(acceptVideo('gcore', 'https://player.gvideo.co/videos/2675_abc')).toEqual({ ok: true, value: { source: 'gcore', videoId: '2675_abc', videoUrl: 'https://player.gvideo.co/videos/2675_abc' } });
  });

  it.each([
    ['youtube', 'https://drive.google.com/file/d/1AbCdEfGhIjKlMnOpQrStUv/view', 'a link of another source'],
    ['googledrive', 'https://www.youtube.com/watch?v=dQw4w9WgXcQ', 'a link of another source'],
    ['rutube', 'https://rutube.ru/video/0123456789abcdef0123456789abcdef/', 'a source pages do not take'],
    ['jitsi', 'https://m.io/b.mp4', 'a link under 20 characters'],
    ['jitsi', 'https://meet.example.org/', 'a link without an id'],
  ])('refuses %s with %s (%s)', (source, link) => expect(acceptVideo(source, link)).toEqual({ ok: false }));

  it('clears the video when the link is blank', () => expect(acceptVideo('youtube', '  ')).toEqual({ ok: true, value: undefined }));

  it('accepts only what the block schema accepts', () => {
    const result = acceptVideo('youtube', 'https://youtu.be/dQw4w9WgXcQ');
    expect(result.ok && ZVideoData.safeParse(result.value).success).toBe(true);
    expect(ZVideoData.safeParse({ source: 'jitsi', videoId: 'b.mp4', videoUrl: 'https://m.io/b.mp4' }).error?.issues[0]?.message).toBe(VIDEO_INVALID_MESSAGE);
  });
});

describe('recordings', () => {
  it('a chosen recording is a jitsi video whose id is the link\'s last part', () => {
    const link = 'https://rec.example.org/room-1/2026-06-01_10-00.mp4';
    expect(acceptVideo('jitsi', link)).toEqual({ ok: true, value: { source: 'jitsi', videoUrl: link, videoId: '2026-06-01_10-00.mp4' } });
    expect(acceptVideo('jitsi', '/api/v1/files/rec-2026-06-01.mp4')).toEqual({ ok: true, value: { source: 'jitsi', videoUrl: '/api/v1/files/rec-2026-06-01.mp4', videoId: 'rec-2026-06-01.mp4' } });
  });

  it.each([
    ['https://a.example/x/', 'x'],
    ['https://a.example/x/my%20talk.mp4', 'my talk.mp4'],
    ['https://a.example/x/%E0%A4%A', '%E0%A4%A'],
    ['https://a.example', null],
    ['ftp://a.example/file.mp4', null],
  ])('lastPathPart(%j) = %j', (link, part) => expect(lastPathPart(link)).toBe(part));

  it.each([
    ['en', 'UTC', 'Jun 1, 2026, 10:05 AM'],
    ['en', 'Asia/Nicosia', 'Jun 1, 2026, 1:05 PM'],
    ['ru', 'UTC', '1 июн. 2026 г., 10:05'],
  ])('formats a date in %s and %s', (language, timeZone, text) => expect(formatRecordingDate('2026-06-01T10:05:00Z', language, timeZone).replace(/\s/g, ' ')).toBe(text));

  it('keeps a date it cannot read', () => expect(formatRecordingDate('not a date', 'en', 'UTC')).toBe('not a date'));
});

const file = (name: string, type: string, size: number) => ({ name, type, size });

describe('pictures', () => {
  it.each([
    [file('a.png', 'image/png', 1), 'image/png'],
    [file('a.jpg', 'image/jpeg', 1), 'image/jpeg'],
    [file('a.gif', 'image/gif', 1), 'image/gif'],
    [file('a.svg', 'image/svg+xml', 1), 'image/svg+xml'],
    [file('a.JPEG', '', 1), 'image/jpeg'],
    [file('a.svg', '', 1), 'image/svg+xml'],
    [file('a.webp', 'image/webp', 1), null],
    [file('a.png', 'text/html', 1), null],
    [file('a.bmp', '', 1), null],
    [file('noextension', '', 1), null],
  ])('%j is %j', (picture, type) => expect(editorImageType(picture)).toBe(type));

  it.each([
    ['nothing', [], null],
    ['a picture of 1 MB', [file('a.png', 'image/png', EDITOR_UPLOAD_MAX_BYTES)], null],
    ['a picture over 1 MB', [file('a.png', 'image/png', EDITOR_UPLOAD_MAX_BYTES + 1)], 'too_large'],
    ['a text file', [file('a.txt', 'text/plain', 10)], 'wrong_type'],
    ['a small first file and a big second one', [file('a.png', 'image/png', 10), file('b.png', 'image/png', 50 * EDITOR_UPLOAD_MAX_BYTES)], null],
    ['a big first file and a small second one', [file('a.png', 'image/png', 2 * EDITOR_UPLOAD_MAX_BYTES), file('b.png', 'image/png', 10)], 'too_large'],
  ] as const)('checks only the first file: %s', (_, files, problem) => expect(checkFirstImage(files)).toBe(problem));

  it('has a 1 MB limit', () => expect(EDITOR_UPLOAD_MAX_BYTES).toBe(1024 * 1024));

  it.each([
    ['image/png', true],
    ['image/jpeg', true],
    ['image/gif', false],
    ['image/svg+xml', false],
    [null, false],
  ])('crops %s: %s', (type, crops) => expect(canCrop(type)).toBe(crops));

  it.each([
    ['https://cdn.example.org/a.png', true],
    ['  https://cdn.example.org/a.png  ', true],
    ['http://cdn.example.org/a.png', false],
    ['/api/v1/files/a.png', false],
    ['javascript:alert(1)', false],
    ['https://cdn.example.org/a b.png', false],
    ['https://cdn.example.org/"onerror="x', false],
  ])('a pasted address %j is taken: %s', (text, taken) => expect(isPastedImageUrl(text)).toBe(taken));
});

describe('carriesScript', () => {
  it.each([
    ['javascript:alert(1)', true],
    ['  JavaScript:alert(1)', true],
    ['java\tscript:alert(1)', true],
    ['java\nscript:x', true],
    ['vbscript:msgbox', true],
    ['data:text/html;base64,PHNjcmlwdD4=', true],
    ['url(javascript:alert(1))', true],
    ['0;javascript:alert(1)', true],
    ['https://example.org/a.png', false],
    ['data:image/png;base64,AAAA', false],
    ['#gradient', false],
    ['fill:red', false],
  ])('%j: %s', (text, carries) => expect(carriesScript(text)).toBe(carries));
});

describe('block links', () => {
  const blocks = [
    { blockId: 'intro', label: 'Cover' },
    { blockId: 'form', label: 'Form' },
  ];

  it.each([
    ['#form', '#form'],
    ['/events/demo/program', '/events/demo/program'],
    ['https://example.org/tickets', 'https://example.org/tickets'],
    [' #intro ', '#intro'],
    ['#missing', '#missing'],
  ])('takes %j', (text, value) => expect(acceptLink(text)).toEqual({ ok: true, value }));

  it.each(['javascript:alert(1)', '//evil.example', 'example.org', '#', '#1abc', 'ftp://example.org', '/\\evil.example'])('refuses %j', (text) => expect(acceptLink(text)).toEqual({ ok: false }));

  it('clears a blank link', () => expect(acceptLink('')).toEqual({ ok: true, value: undefined }));

  it('finds the linked block', () => {
    expect(linkedBlock('#form', blocks)?.label).toBe('Form');
    expect(linkedBlock('form', blocks)).toBeUndefined();
    expect(linkedBlock(undefined, blocks)).toBeUndefined();
    expect(isMissingBlockLink('#missing', blocks)).toBe(true);
    expect(isMissingBlockLink('#intro', blocks)).toBe(false);
    expect(isMissingBlockLink('https://example.org', blocks)).toBe(false);
    expect(isMissingBlockLink(undefined, blocks)).toBe(false);
  });
});

describe('settings switch', () => {
  it('stores the text true when on and clears the value when off', () => {
    expect(settingsValue(true)).toBe('true');
    expect(settingsValue(false)).toBeUndefined();
  });

  it.each([
    ['true', true],
    [undefined, false],
    ['false', false],
    ['', false],
  ])('%j is on: %s', (value, on) => expect(isSettingsOn(value)).toBe(on));
});
