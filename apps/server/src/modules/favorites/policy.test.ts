import { describe, expect, it } from 'vitest';
import { participantVerdict, type ParticipantVerdict } from './policy.ts';

const cases: [string, Parameters<typeof participantVerdict>[0], ParticipantVerdict][] = [
  ['guest', { signedIn: false, isMember: false, isStaff: false, canManage: false }, 'guest'],
  ['member', { signedIn: true, isMember: true, isStaff: false, canManage: false }, 'ok'],
  ['outsider', { signedIn: true, isMember: false, isStaff: false, canManage: false }, 'not_member'],
  ['platform staff without a ticket', { signedIn: true, isMember: false, isStaff: true, canManage: true }, 'ok'],
  ['organiser without a membership', { signedIn: true, isMember: false, isStaff: false, canManage: true }, 'ok'],
];

describe('participantVerdict', () => {
  it.each(cases)('%s', (_name, who, expected) => expect(participantVerdict(who)).toBe(expected));
});
