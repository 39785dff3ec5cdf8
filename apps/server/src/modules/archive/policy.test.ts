import type { Permission } from '@lobby/contract';
import { describe, expect, it } from 'vitest';
import { archiveAccess, canDeleteVideo, canWatchIn, playStateOf, type ArchiveReader } from './policy.ts';

const reader = (over: Partial<ArchiveReader> = {}): ArchiveReader => ({ signedIn: true, isMember: true, ticketKind: 'standard', permissions: new Set<Permission>(['event.view']), upgradeGrants: null, ...over });

describe('archiveAccess', () => {
  it.each<[string, ArchiveReader, string]>([
    ['member with a plain ticket', reader(), 'ok'],
    ['member on a general ticket', reader({ ticketKind: 'general' }), 'unavailable'],
    ['general ticket, a business pass on offer', reader({ ticketKind: 'general', upgradeGrants: new Set(['lectures.watch']) }), 'upgrade'],
    ['not a member', reader({ isMember: false, ticketKind: null }), 'not_member'],
    ['organiser without a ticket', reader({ isMember: false, ticketKind: null, permissions: new Set(['event.manage']) }), 'ok'],
    ['guest', reader({ signedIn: false, isMember: false }), 'sign_in'],
  ])('%s', (_name, who, expected) => expect(archiveAccess(who)).toBe(expected));
});

describe('playStateOf', () => {
  it.each<[number, { agreed: boolean; canWatch: boolean }, string]>([
    [1, { agreed: false, canWatch: false }, 'play'],
    [2, { agreed: false, canWatch: true }, 'consent'],
    [2, { agreed: true, canWatch: false }, 'play'],
    [3, { agreed: true, canWatch: false }, 'upgrade'],
    [3, { agreed: false, canWatch: true }, 'play'],
    [4, { agreed: true, canWatch: true }, 'closed'],
  ])('type %s for %o', (visibility, viewer, expected) => expect(playStateOf(visibility, viewer)).toBe(expected));
});

describe('canWatchIn and canDeleteVideo', () => {
  it('watching comes from lectures.watch or managing the event', () => {
    expect(canWatchIn(new Set(['lectures.watch']))).toBe(true);
    expect(canWatchIn(new Set(['event.manage']))).toBe(true);
    expect(canWatchIn(new Set(['event.view', 'chat.moderate']))).toBe(false);
  });
  it('only platform staff delete', () => {
    expect(canDeleteVideo({ isStaff: true })).toBe(true);
    expect(canDeleteVideo({ isStaff: false })).toBe(false);
  });
});
