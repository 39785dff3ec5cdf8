import { describe, expect, it } from 'vitest';
import {
  activeSpeaker,
  arrangeTiles,
  CALL_LIMITED_STARTS,
  CALL_RING_TIMEOUT_MS,
  callStartRefusal,
  callStartsLeft,
  effectiveStatus,
  gridColumns,
  meetingCallOpen,
  MEETING_CALL_EARLY_MS,
  MEETING_CALL_LATE_MS,
  seatVerdict,
  statusAfterLeave,
  type CallKind,
  type CallStatus,
  type GroupLayout,
} from './call-rules.ts';
import { eventRoomName } from './rooms.ts';

describe('who may start a call', () => {
  it.each([
    [false, ['limited_video_call'], 0, false, 'no_feature'],
    [false, [], 0, false, 'no_feature'],
    [true, ['unlimited_video_call'], 500, false, null],
    [true, ['limited_video_call'], 0, false, null],
    [true, ['limited_video_call'], CALL_LIMITED_STARTS - 1, false, null],
    [true, ['limited_video_call'], CALL_LIMITED_STARTS, false, 'limit_reached'],
    [true, ['limited_video_call', 'unlimited_video_call'], CALL_LIMITED_STARTS, false, null],
    // calls.video through organising the event (no ticket feature): no limit.
    [true, [], 1000, false, null],
    [true, ['limited_video_call'], CALL_LIMITED_STARTS, true, null],
  ] as const)('canCall %s, features %j, started %i, unlimited by role %s -> %s', (canCall, features, started, unlimitedByRole, expected) => {
    expect(callStartRefusal({ canCall, features, started, unlimitedByRole })).toBe(expected);
  });

  it('counts what is left on a limited ticket', () => {
    expect(callStartsLeft({ canCall: true, features: ['limited_video_call'], started: 3 })).toBe(CALL_LIMITED_STARTS - 3);
    expect(callStartsLeft({ canCall: true, features: ['limited_video_call'], started: CALL_LIMITED_STARTS + 4 })).toBe(0);
    expect(callStartsLeft({ canCall: true, features: ['unlimited_video_call'], started: 3 })).toBeNull();
    expect(callStartsLeft({ canCall: false, features: ['unlimited_video_call'], started: 0 })).toBe(0);
  });
});

describe('seats', () => {
  const cases: [CallKind, CallStatus, number, number, boolean, string][] = [
    ['direct', 'ringing', 0, 2, false, 'ok'],
    ['direct', 'active', 1, 2, false, 'ok'],
    ['direct', 'active', 2, 2, false, 'room_full'],
    ['direct', 'active', 2, 2, true, 'ok'],
    ['direct', 'ended', 0, 2, false, 'ended'],
    ['direct', 'declined', 0, 2, false, 'ended'],
    ['direct', 'missed', 0, 2, true, 'ended'],
    ['group', 'ended', 0, 3, false, 'ok'],
    ['group', 'active', 2, 3, false, 'ok'],
    ['group', 'active', 3, 3, false, 'room_full'],
    ['group', 'active', 3, 3, true, 'ok'],
    ['group', 'active', 4, 3, false, 'room_full'],
    ['meeting', 'ended', 0, 2, false, 'ok'],
    ['meeting', 'active', 2, 2, false, 'room_full'],
  ];
  it.each(cases)('%s call %s with %i of %i seated (already: %s) -> %s', (kind, status, seated, max, alreadySeated, expected) => {
    expect(seatVerdict({ kind, status, seated, max, alreadySeated })).toBe(expected);
  });
});

describe('leaving', () => {
  const cases: [CallKind, CallStatus, number, CallStatus][] = [
    ['direct', 'ringing', 0, 'missed'],
    ['direct', 'active', 1, 'ended'],
    ['direct', 'active', 0, 'ended'],
    ['direct', 'declined', 0, 'declined'],
    ['direct', 'ended', 0, 'ended'],
    ['group', 'active', 2, 'active'],
    ['group', 'active', 0, 'ended'],
    ['meeting', 'active', 1, 'active'],
    ['meeting', 'active', 0, 'ended'],
    ['group', 'ended', 0, 'ended'],
  ];
  it.each(cases)('%s call %s, %i seated after -> %s', (kind, status, seatedAfter, expected) => {
    expect(statusAfterLeave({ kind, status, seatedAfter })).toBe(expected);
  });

  it('reads a direct call still ringing after the timeout as missed', () => {
    expect(effectiveStatus('ringing', 'direct', 0, CALL_RING_TIMEOUT_MS - 1)).toBe('ringing');
    expect(effectiveStatus('ringing', 'direct', 0, CALL_RING_TIMEOUT_MS)).toBe('missed');
    expect(effectiveStatus('active', 'direct', 0, CALL_RING_TIMEOUT_MS * 10)).toBe('active');
    expect(effectiveStatus('ringing', 'group', 0, CALL_RING_TIMEOUT_MS * 10)).toBe('ringing');
  });
});

describe("an online meeting's call", () => {
  const start = 1_000_000_000;
  const end = start + 30 * 60_000;
  it.each([
    [start - MEETING_CALL_EARLY_MS - 1, 'early'],
    [start - MEETING_CALL_EARLY_MS, 'open'],
    [start, 'open'],
    [end + MEETING_CALL_LATE_MS, 'open'],
    [end + MEETING_CALL_LATE_MS + 1, 'over'],
  ] as const)('at %i -> %s', (now, expected) => {
    expect(meetingCallOpen(start, end, now)).toBe(expected);
  });
});

describe('group layouts', () => {
  const tiles = ['me', 'ann', 'bob', 'cy'];
  const isSelf = (t: string) => t === 'me';
  const arrange = (layout: GroupLayout, speaker: string | null, list = tiles) => arrangeTiles(layout, list, isSelf, (t) => t === speaker);

  it('grid: everybody in one grid, me included', () => {
    expect(arrange('grid', 'bob')).toEqual({ main: null, tiles, floating: null });
  });
  it('grid plus me: the others in the grid, me floating', () => {
    expect(arrange('grid_me', 'bob')).toEqual({ main: null, tiles: ['ann', 'bob', 'cy'], floating: 'me' });
  });
  it('accent: the active speaker large, everybody else in the strip', () => {
    expect(arrange('accent', 'bob')).toEqual({ main: 'bob', tiles: ['me', 'ann', 'cy'], floating: null });
  });
  it('accent: the first other person while nobody speaks, and me when I am the one speaking', () => {
    expect(arrange('accent', null).main).toBe('ann');
    expect(arrange('accent', 'me').main).toBe('me');
  });
  it('alone, every layout shows me in the grid', () => {
    for (const layout of ['grid', 'grid_me', 'accent'] as const) expect(arrange(layout, 'me', ['me'])).toEqual({ main: null, tiles: ['me'], floating: null });
  });
  it.each([
    [0, 1],
    [1, 1],
    [2, 2],
    [4, 2],
    [5, 3],
    [9, 3],
    [10, 4],
  ])('%i tiles take %i columns', (count, columns) => {
    expect(gridColumns(count)).toBe(columns);
  });
});

describe('the active speaker', () => {
  const levels = (entries: [string, number][]) => new Map(entries);
  it.each([
    [[['a', 0.2], ['b', 0.01]], null, 'a'],
    [[['a', 0.01], ['b', 0.02]], null, null],
    [[['a', 0.01], ['b', 0.02]], 'a', 'a'],
    // Louder, but not by enough: the stage stays.
    [[['a', 0.2], ['b', 0.25]], 'a', 'a'],
    [[['a', 0.2], ['b', 0.31]], 'a', 'b'],
    // The speaker left the call.
    [[['b', 0.01]], 'a', null],
    [[['b', 0.3]], 'a', 'b'],
    [[['a', Number.NaN], ['b', 0.3]], 'a', 'b'],
  ] as [[string, number][], string | null, string | null][])('%j, current %s -> %s', (entries, current, expected) => {
    expect(activeSpeaker(levels(entries), current)).toBe(expected);
  });
});

describe("the event's room", () => {
  it.each([
    [{ slug: 'summit', config: { wnmeet: { roomId: 'summit-main' } } }, 'summit-main'],
    [{ slug: 'summit', config: { wnmeet: { roomId: null } } }, 'summit'],
    [{ slug: 'summit', config: { wnmeet: { roomId: '  ' } } }, 'summit'],
    [{ slug: 'summit', config: { wnmeet: { roomId: 'bad room/../x' } } }, 'summit'],
    [{ slug: 'summit', config: {} }, 'summit'],
  ])('%j -> %s', (event, expected) => {
    expect(eventRoomName(event)).toBe(expected);
  });
});
