import { describe, expect, it } from 'vitest';
import { chooseMeeting, lectureIdOf } from './meeting.ts';

const EVENT = { url: 'https://zoom.us/j/1', host: 'zoom.us' };

describe('chooseMeeting', () => {
  it.each([
    ["the lecture's own link", { external_url: 'https://meet.example.org/talk' }, EVENT, { url: 'https://meet.example.org/talk', host: 'meet.example.org', from: 'lecture' }],
    ["the event's link when the lecture has none", { external_url: null }, EVENT, { url: 'https://zoom.us/j/1', host: 'zoom.us', from: 'event' }],
    ["the event's link without a lecture", null, EVENT, { url: 'https://zoom.us/j/1', host: 'zoom.us', from: 'event' }],
    ['nothing when neither has one', { external_url: null }, { url: null, host: null }, null],
    ['nothing before the event link is known', null, null, null],
    ['never a link that is not https', { external_url: 'javascript:alert(1)' }, { url: 'http://zoom.us/j/1', host: 'zoom.us' }, null],
  ] as const)('%s', (_name, lecture, event, choice) => expect(chooseMeeting(lecture, event)).toEqual(choice));
});

describe('lectureIdOf', () => {
  it.each([
    [null, null],
    ['', null],
    ['12', 12],
    ['2147483647', 2_147_483_647],
    ['2147483648', 'bad'],
    ['0', 'bad'],
    ['-1', 'bad'],
    ['1e3', 'bad'],
    ['abc', 'bad'],
  ] as const)('%s', (raw, id) => expect(lectureIdOf(raw)).toBe(id));
});
