import { describe, expect, it } from 'vitest';
import { callAbilities, groupCallChannel, isInvited, type CallReader, type CallShape } from './policy.ts';

const ANN = 1;
const BOB = 2;
const CY = 3;
const direct = (status: CallShape['status'] = 'ringing'): CallShape => ({ kind: 'direct', status, createdBy: ANN, calleeId: BOB, channelId: 'c' });
const meeting: CallShape = { kind: 'meeting', status: 'active', createdBy: ANN, calleeId: BOB, channelId: null };
const groupOfChat: CallShape = { kind: 'group', status: 'active', createdBy: ANN, calleeId: null, channelId: 'chat' };
const openGroup: CallShape = { kind: 'group', status: 'ended', createdBy: ANN, calleeId: null, channelId: null };
const reader = (userId: number, over: Partial<CallReader> = {}): CallReader => ({ userId, inEvent: true, readsChannel: false, mayRecord: false, ...over });

describe('who is invited to a call', () => {
  it.each([
    ['the caller of a direct call', direct(), reader(ANN), true],
    ['the callee of a direct call', direct(), reader(BOB), true],
    ['a third member of the event', direct(), reader(CY), false],
    ['an organiser who is not in the direct call', direct(), reader(CY, { mayRecord: true }), false],
    ["a meeting's organiser", meeting, reader(ANN), true],
    ["a meeting's invitee", meeting, reader(BOB), true],
    ['another member, to a meeting call', meeting, reader(CY), false],
    ["a reader of the group call's chat", groupOfChat, reader(CY, { readsChannel: true }), true],
    ["a member who does not read the group call's chat", groupOfChat, reader(CY), false],
    ["the starter who left the group call's chat", groupOfChat, reader(ANN), false],
    ['a member of the event, to an open group call', openGroup, reader(CY), true],
    ['a person outside the event, to an open group call', openGroup, reader(CY, { inEvent: false }), false],
  ] as const)('%s: %s', (_who, call, who, expected) => {
    expect(isInvited(call, who)).toBe(expected);
  });
});

describe('what the reader may do', () => {
  it.each([
    ['callee of a ringing call', direct('ringing'), reader(BOB), { join: true, answer: true, record: false }],
    ['caller of a ringing call', direct('ringing'), reader(ANN), { join: true, answer: false, record: false }],
    ['callee of an active call', direct('active'), reader(BOB), { join: true, answer: false, record: false }],
    ['callee of a declined call', direct('declined'), reader(BOB), { join: false, answer: false, record: false }],
    ['caller of an ended call', direct('ended'), reader(ANN), { join: false, answer: false, record: false }],
    ['an outsider', direct('ringing'), reader(CY), { join: false, answer: false, record: false }],
    ['a recorder in a direct call', direct('active'), reader(ANN, { mayRecord: true }), { join: true, answer: false, record: false }],
    ['a recorder in a group call', openGroup, reader(CY, { mayRecord: true }), { join: true, answer: false, record: true }],
    ['a recorder outside the group call', groupOfChat, reader(CY, { mayRecord: true }), { join: false, answer: false, record: false }],
    ['a member in an ended meeting call (it opens again)', { ...meeting, status: 'ended' } as CallShape, reader(BOB), { join: true, answer: false, record: false }],
  ] as const)('%s', (_who, call, who, expected) => {
    expect(callAbilities(call, who)).toEqual(expected);
  });
});

describe('chats a group call starts from', () => {
  it.each([
    [{ access: 'private', entityType: 'company', path: null }, true],
    [{ access: 'private', entityType: 'lesson', path: null }, true],
    [{ access: 'private', entityType: null, path: null }, false],
    [{ access: 'public', entityType: null, path: '/expo' }, false],
    [{ access: 'private', entityType: 'promo_company', path: null }, false],
    [{ access: 'notifications', entityType: null, path: null }, false],
  ])('%j -> %s', (channel, expected) => {
    expect(groupCallChannel(channel)).toBe(expected);
  });
});
