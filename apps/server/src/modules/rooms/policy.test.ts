import { describe, expect, it } from 'vitest';
import { isRoomModerator, roomTokenAccess, roomVideosAccess, type RoomReader, type RoomTokenAsk } from './policy.ts';

const reader = (values: Partial<RoomReader> = {}): RoomReader => ({ isMember: false, canManage: false, eventActive: true, ...values });

describe('roomVideosAccess', () => {
  it.each([
    ['member (any ticket, general too)', reader({ isMember: true }), 'ok'],
    ['organiser who is a member', reader({ isMember: true, canManage: true }), 'ok'],
    ['organiser or staff without a membership', reader({ canManage: true }), 'ok'],
    ['outsider', reader(), 'not_member'],
    ['member of an inactive event', reader({ isMember: true, eventActive: false }), 'event_not_found'],
    ['organiser of an inactive event', reader({ canManage: true, eventActive: false }), 'ok'],
    ['outsider of an inactive event', reader({ eventActive: false }), 'event_not_found'],
    ['anyone, no such event', reader({ isMember: true, canManage: true, eventActive: null }), 'event_not_found'],
  ] as const)('%s', (_name, who, expected) => expect(roomVideosAccess(who)).toBe(expected));
});

const ask = (values: Partial<RoomTokenAsk> = {}): RoomTokenAsk => ({ ...reader({ isMember: true }), isEventRoom: true, configured: true, ...values });

describe('roomTokenAccess', () => {
  it.each([
    ['member, the event\'s room, Jitsi set up', ask(), 'ok'],
    ['organiser without a membership', ask({ isMember: false, canManage: true }), 'ok'],
    ['member, another room', ask({ isEventRoom: false }), 'room_not_found'],
    ['member, no Jitsi on this server', ask({ configured: false }), 'not_configured'],
    ['member, another room and no Jitsi', ask({ isEventRoom: false, configured: false }), 'room_not_found'],
    ['outsider', ask({ isMember: false }), 'not_member'],
    ['outsider, no Jitsi: not told about the set-up', ask({ isMember: false, configured: false }), 'not_member'],
    ['outsider, another room', ask({ isMember: false, isEventRoom: false }), 'not_member'],
    ['member of an inactive event', ask({ eventActive: false }), 'event_not_found'],
    ['organiser of an inactive event', ask({ canManage: true, eventActive: false }), 'ok'],
    ['no such event', ask({ canManage: true, eventActive: null }), 'event_not_found'],
  ] as const)('%s', (_name, who, expected) => expect(roomTokenAccess(who)).toBe(expected));
});

describe('isRoomModerator', () => {
  it.each([
    ['organiser or staff (event.manage)', { canManage: true }, true],
    ['member', { canManage: false }, false],
  ] as const)('%s', (_name, who, expected) => expect(isRoomModerator(who)).toBe(expected));
});
