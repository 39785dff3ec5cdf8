import { describe, expect, it } from 'vitest';
import { ApiError, NetworkError } from '../../api/errors.ts';
import { roomFrameUrl, roomProblemOf } from './view.ts';

describe('roomProblemOf', () => {
  it.each([
    ['no Jitsi on the server', new ApiError(503, 'rooms.jitsi_not_configured', 'not set up'), 'not_configured'],
    ['another 503', new ApiError(503, 'internal', 'busy'), 'failed'],
    ['not a member', new ApiError(403, 'auth.forbidden', 'no'), 'forbidden'],
    ['not the event\'s room', new ApiError(404, 'room.not_found', 'no'), 'not_found'],
    ['no such event', new ApiError(404, 'event.not_found', 'no'), 'not_found'],
    ['a server error', new ApiError(500, 'internal', 'oops'), 'failed'],
    ['offline', new NetworkError(), 'failed'],
    ['nothing known', null, 'failed'],
  ] as const)('%s', (_name, error, problem) => expect(roomProblemOf(error)).toBe(problem));
});

describe('roomFrameUrl', () => {
  it.each([
    ['https://meet.example.org/summit?jwt=a.b.c', 'https://meet.example.org/summit?jwt=a.b.c'],
    ['http://meet.example.org/summit', null],
    ['javascript:alert(1)', null],
    ['not a url', null],
  ])('%s', (url, frame) => expect(roomFrameUrl(url)).toBe(frame));
});
