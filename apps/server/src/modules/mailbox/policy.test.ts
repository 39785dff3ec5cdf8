import { describe, expect, it } from 'vitest';
import type { MailboxMode } from '../../config.ts';
import { mailboxVerdict, type MailboxVerdict } from './policy.ts';

const table: [MailboxMode, { signedIn: boolean; isStaff: boolean }, MailboxVerdict][] = [
  ['off', { signedIn: false, isStaff: false }, 'off'],
  ['off', { signedIn: true, isStaff: true }, 'off'],
  ['open', { signedIn: false, isStaff: false }, 'ok'],
  ['open', { signedIn: true, isStaff: false }, 'ok'],
  ['staff', { signedIn: false, isStaff: false }, 'sign_in'],
  ['staff', { signedIn: true, isStaff: false }, 'forbidden'],
  ['staff', { signedIn: true, isStaff: true }, 'ok'],
];

describe('mailboxVerdict', () => {
  it.each(table)('%s mailbox, reader %o -> %s', (mode, reader, verdict) => {
    expect(mailboxVerdict(mode, reader)).toBe(verdict);
  });
});
