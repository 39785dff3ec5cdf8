import { CALL_RING_TIMEOUT_MS, type CallStatus } from '@lobby/contract';
import { describe, expect, it } from 'vitest';
import { directView, isFinal, ringLeftMs, type DirectInput } from './phase.ts';

const CREATED = '2026-11-27T10:00:00.000Z';
const T0 = Date.parse(CREATED);
const input = (change: Partial<Omit<DirectInput, 'call'>> & { status?: CallStatus; kind?: 'direct' | 'meeting'; answer?: boolean } = {}): DirectInput => ({
  call: { kind: change.kind ?? 'direct', status: change.status ?? 'ringing', created_at: CREATED, abilities: { answer: change.answer ?? false } },
  mine: change.mine ?? true,
  connection: change.connection ?? 'live',
  ended: change.ended ?? null,
  peers: change.peers ?? 0,
  now: change.now ?? T0 + 1000,
});

describe('directView', () => {
  it('the caller sees "Calling" until the other person is in the room', () => {
    expect(directView(input())).toBe('calling');
    expect(directView(input({ status: 'active', peers: 1 }))).toBe('live');
    expect(directView(input({ peers: 1 }))).toBe('live');
  });

  it('the person called answers first, then joins', () => {
    expect(directView(input({ mine: false, answer: true, connection: 'idle' }))).toBe('answer');
    expect(directView(input({ mine: false, answer: true, connection: 'joining' }))).toBe('waiting');
  });

  it('tells how a call that is over ended', () => {
    expect(directView(input({ ended: 'declined' }))).toBe('declined');
    expect(directView(input({ ended: 'missed' }))).toBe('no_answer');
    expect(directView(input({ ended: 'missed', mine: false }))).toBe('missed');
    expect(directView(input({ ended: 'ended', status: 'active', peers: 1 }))).toBe('ended');
    expect(directView(input({ status: 'declined', connection: 'idle' }))).toBe('declined');
    expect(directView(input({ connection: 'ended', status: 'active' }))).toBe('ended');
  });

  it('a ringing call past the ring timeout reads as unanswered', () => {
    expect(directView(input({ now: T0 + CALL_RING_TIMEOUT_MS - 1 }))).toBe('calling');
    expect(directView(input({ now: T0 + CALL_RING_TIMEOUT_MS }))).toBe('no_answer');
  });

  it("a meeting's call waits for the other person and stays open when they leave", () => {
    expect(directView(input({ kind: 'meeting', status: 'active' }))).toBe('waiting');
    expect(directView(input({ kind: 'meeting', status: 'ended', connection: 'idle', mine: false }))).toBe('waiting');
    expect(directView(input({ kind: 'meeting', status: 'active', peers: 1 }))).toBe('live');
  });

  it('shows the reconnection and the page that lost the call to another page', () => {
    expect(directView(input({ status: 'active', connection: 'reconnecting', peers: 1 }))).toBe('reconnecting');
    expect(directView(input({ status: 'active', connection: 'replaced' }))).toBe('replaced');
  });

  it('final views end the media', () => {
    expect(['declined', 'no_answer', 'missed', 'ended', 'replaced'].every((view) => isFinal(view as never))).toBe(true);
    expect(['answer', 'calling', 'waiting', 'live', 'reconnecting'].some((view) => isFinal(view as never))).toBe(false);
  });
});

describe('ringLeftMs', () => {
  it('counts down to the ring timeout and stays at zero after', () => {
    expect(ringLeftMs(CREATED, T0)).toBe(CALL_RING_TIMEOUT_MS);
    expect(ringLeftMs(CREATED, T0 + 5000)).toBe(CALL_RING_TIMEOUT_MS - 5000);
    expect(ringLeftMs(CREATED, T0 + CALL_RING_TIMEOUT_MS + 5000)).toBe(0);
  });
});
