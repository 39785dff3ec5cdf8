import { describe, expect, it } from 'vitest';
import { archivePlayState, embedUrlOf, joinWindow, lectureState, normaliseVideoUrl, playerOrigins, Visibility, type VideoSource, type VisibilityType } from './program-rules.ts';

describe('normaliseVideoUrl: links of each source', () => {
  it.each<[string, VideoSource, string, string]>([
    ['https://www.youtube.com/watch?v=dQw4w9WgXcQ', 'youtube', 'dQw4w9WgXcQ', 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ'],
    ['https://youtube.com/watch?v=dQw4w9WgXcQ&t=42s', 'youtube', 'dQw4w9WgXcQ', 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ'],
    ['https://m.youtube.com/watch?v=dQw4w9WgXcQ', 'youtube', 'dQw4w9WgXcQ', 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ'],
    ['https://youtu.be/dQw4w9WgXcQ?si=abc', 'youtube', 'dQw4w9WgXcQ', 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ'],
    ['youtu.be/dQw4w9WgXcQ', 'youtube', 'dQw4w9WgXcQ', 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ'],
    ['https://www.youtube.com/embed/dQw4w9WgXcQ', 'youtube', 'dQw4w9WgXcQ', 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ'],
    ['https://www.youtube.com/shorts/dQw4w9WgXcQ', 'youtube', 'dQw4w9WgXcQ', 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ'],
    ['https://www.youtube.com/live/dQw4w9WgXcQ', 'youtube', 'dQw4w9WgXcQ', 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ'],
    ['  https://WWW.YOUTUBE.COM/watch?v=dQw4w9WgXcQ  ', 'youtube', 'dQw4w9WgXcQ', 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ'],
    ['https://rutube.ru/video/0123456789abcdef0123456789abcdef/', 'rutube', '0123456789abcdef0123456789abcdef', 'https://rutube.ru/play/embed/0123456789abcdef0123456789abcdef'],
    ['https://rutube.ru/play/embed/0123456789ABCDEF0123456789ABCDEF', 'rutube', '0123456789abcdef0123456789abcdef', 'https://rutube.ru/play/embed/0123456789abcdef0123456789abcdef'],
    ['https://drive.google.com/file/d/1AbCdEfGhIjKlMnOp/view?usp=sharing', 'googledrive', '1AbCdEfGhIjKlMnOp', 'https://drive.google.com/file/d/1AbCdEfGhIjKlMnOp/preview'],
    ['https://drive.google.com/open?id=1AbCdEfGhIjKlMnOp', 'googledrive', '1AbCdEfGhIjKlMnOp', 'https://drive.google.com/file/d/1AbCdEfGhIjKlMnOp/preview'],
    ['https://player.gvideo.co/videos/2675_abc', 'gcore', 'videos/2675_abc', 'https://player.gvideo.co/videos/2675_abc'],
    ['https://demo.gvideo.io/streams/live_1', 'gcore', 'streams/live_1', 'https://player.gvideo.co/streams/live_1'],
    ['https://meet.jit.si/LobbyMainHall', 'jitsi', 'LobbyMainHall', 'https://meet.jit.si/LobbyMainHall'],
  ])('%s', (link, source, videoId, url) => {
    expect(normaliseVideoUrl(link)).toEqual({ source, video_id: videoId, url });
    // What is stored makes the same player again.
    expect(embedUrlOf(source, videoId)).toBe(url);
  });

  it('takes WN Meet rooms only on the hosts it is given', () => {
    expect(normaliseVideoUrl('https://meet.example.org/Room_1', ['meet.example.org'])).toEqual({ source: 'jitsi', video_id: 'Room_1', url: 'https://meet.example.org/Room_1' });
    expect(normaliseVideoUrl('https://meet.example.org/Room_1')).toBeNull();
    expect(normaliseVideoUrl('https://meet.jit.si/Room_1', ['meet.example.org'])).toBeNull();
    expect(playerOrigins(['meet.example.org'])).toContain('https://meet.example.org');
    expect(playerOrigins().every((origin) => origin.startsWith('https://'))).toBe(true);
  });
});

describe('normaliseVideoUrl: anything else is null', () => {
  it.each([
    '',
    '   ',
    'not a link',
    'https://vimeo.com/123456',
    'https://www.youtube.com/',
    'https://www.youtube.com/watch',
    'https://www.youtube.com/watch?v=short',
    'https://www.youtube.com/watch?v=dQw4w9WgXcQ1',
    'https://www.youtube.com/channel/UC1234567890',
    'https://www.youtube.com/playlist?list=PL123',
    'https://youtu.be/',
    'https://youtu.be/dQw4w9WgXc!',
    'https://youtu.be.evil.example/dQw4w9WgXcQ',
    'https://evil.example/youtu.be/dQw4w9WgXcQ',
    'https://evil.example/?next=https://youtu.be/dQw4w9WgXcQ',
    'https://user:pass@www.youtube.com/watch?v=dQw4w9WgXcQ',
    'https://www.youtube.com:8443/watch?v=dQw4w9WgXcQ',
    'javascript:alert(1)//youtu.be/dQw4w9WgXcQ',
    'data:text/html,<iframe src=https://youtu.be/dQw4w9WgXcQ>',
    'file:///etc/passwd',
    'ftp://rutube.ru/video/0123456789abcdef0123456789abcdef/',
    'https://rutube.ru/video/0123/',
    'https://rutube.ru/channel/123/',
    'https://rutube.ru.evil.example/video/0123456789abcdef0123456789abcdef/',
    'https://drive.google.com/drive/folders/1AbCdEfGhIjKlMnOp',
    'https://drive.google.com/file/d/short/view',
    'https://docs.google.com/file/d/1AbCdEfGhIjKlMnOp/view',
    'https://player.gvideo.co/',
    'https://player.gvideo.co/other/2675',
    'https://gvideo.co.evil.example/videos/1',
    'https://meet.jit.si/',
    'https://meet.jit.si/ab',
    'https://meet.jit.si/room/extra',
    'https://meet.jit.si/room%20name',
    'http://[::1',
    '%',
    '\u0000https://youtu.be/dQw4w9WgXcQ',
    `https://youtu.be/${'a'.repeat(2000)}`,
  ])('%j', (link) => expect(normaliseVideoUrl(link)).toBeNull());
});

describe('archivePlayState', () => {
  it.each<[VisibilityType, boolean, boolean, string]>([
    [Visibility.Open, false, false, 'play'],
    [Visibility.Open, true, true, 'play'],
    [Visibility.OpenIfAgree, false, false, 'consent'],
    [Visibility.OpenIfAgree, false, true, 'consent'],
    [Visibility.OpenIfAgree, true, false, 'play'],
    [Visibility.OpenIfTicket, false, false, 'upgrade'],
    [Visibility.OpenIfTicket, true, false, 'upgrade'],
    [Visibility.OpenIfTicket, false, true, 'play'],
    [Visibility.Closed, true, true, 'closed'],
    [Visibility.Closed, false, false, 'closed'],
  ])('visibility %i, agreed %s, can watch %s: %s', (visibility, agreed, canWatch, state) => expect(archivePlayState(visibility, { agreed, canWatch })).toBe(state));
});

describe('joinWindow and lectureState', () => {
  const start = new Date('2030-05-01T10:00:00Z');
  const end = new Date('2030-05-01T11:00:00Z');
  it.each([
    ['2030-05-01T09:00:00Z', 'early', 'upcoming'],
    ['2030-05-01T09:44:59.999Z', 'early', 'upcoming'],
    ['2030-05-01T09:45:00Z', 'open', 'upcoming'],
    ['2030-05-01T09:59:59Z', 'open', 'upcoming'],
    ['2030-05-01T10:00:00Z', 'open', 'live'],
    ['2030-05-01T10:59:59.999Z', 'open', 'live'],
    ['2030-05-01T11:00:00Z', 'over', 'ended'],
    ['2030-05-02T00:00:00Z', 'over', 'ended'],
  ])('at %s: join %s, lecture %s', (now, join, state) => {
    expect(joinWindow(new Date(now), start, end)).toBe(join);
    expect(lectureState(new Date(now), start, end)).toBe(state);
  });
});
