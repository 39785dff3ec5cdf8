import { describe, expect, it } from 'vitest';
import { meetingHost, ZExternalMeetingUrl } from './external-meetings.ts';

describe('ZExternalMeetingUrl', () => {
  it.each([
    ['https://zoom.us/j/123?pwd=abc', 'https://zoom.us/j/123?pwd=abc'],
    ['https://meet.google.com/abc-defg-hij', 'https://meet.google.com/abc-defg-hij'],
    [' https://Zoom.US:8443/j/1 ', 'https://Zoom.US:8443/j/1'],
  ])('takes %s as %s', (input, stored) => expect(ZExternalMeetingUrl.parse(input)).toBe(stored));

  it.each(['http://zoom.us/j/1', 'javascript:alert(1)', 'zoom.us/j/1', 'https:zoom.us/j/1', 'https://zoom', 'https://127.0.0.1/x', 'ftp://zoom.us', '', 'https://zoom.us/j/1 and more', `https://zoom.us/${'a'.repeat(2000)}`])('refuses %s with one issue', (input) => {
    const result = ZExternalMeetingUrl.safeParse(input);
    expect(result.success).toBe(false);
    expect(result.error?.issues).toHaveLength(1);
  });
});

describe('meetingHost', () => {
  it.each([
    ['https://zoom.us/j/123?pwd=abc', 'zoom.us'],
    ['https://us02web.zoom.us/j/1', 'us02web.zoom.us'],
    ['https://someone:secret@teams.example.org:8443/x', 'teams.example.org'],
    ['https://meet.example.org', 'meet.example.org'],
    ['https://meet.example.org?x=1', 'meet.example.org'],
    ['http://zoom.us/j/1', null],
    ['javascript:alert(1)', null],
    ['', null],
    [null, null],
    [undefined, null],
  ])('%s opens on %s', (url, host) => expect(meetingHost(url)).toBe(host));
});
