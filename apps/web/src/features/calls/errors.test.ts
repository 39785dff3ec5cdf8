import { ErrorCode } from '@lobby/contract';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/errors.ts';
import { endedStatusOf } from './errors.ts';
import { directView } from './phase.ts';

describe('a call the page came to after it ended', () => {
  const ended = (status: unknown) => new ApiError(409, ErrorCode.callEnded, 'over', { status });
  it.each([
    [ended('declined'), 'declined'],
    [ended('missed'), 'missed'],
    [ended('ended'), 'ended'],
    [ended('active'), null],
    [ended(undefined), null],
    [new ApiError(409, ErrorCode.callRoomFull, 'full', { status: 'declined' }), null],
    [new Error('network'), null],
  ])('%o -> %s', (error, expected) => {
    expect(endedStatusOf(error)).toBe(expected);
  });

  it("reads as the callee's refusal for the caller, though the copy of the call still rings", () => {
    const call = { kind: 'direct' as const, status: 'ringing' as const, created_at: new Date().toISOString(), abilities: { answer: false } };
    expect(directView({ call, mine: true, connection: 'idle', ended: endedStatusOf(ended('declined')), peers: 0, now: Date.now() })).toBe('declined');
    expect(directView({ call, mine: true, connection: 'idle', ended: endedStatusOf(ended('missed')), peers: 0, now: Date.now() })).toBe('no_answer');
  });
});
