import type { MailboxMode } from '../../config.ts';

export type MailboxVerdict = 'ok' | 'off' | 'sign_in' | 'forbidden';

/** Who may read the local mailbox in each mode (table-tested in policy.test.ts). */
export function mailboxVerdict(mode: MailboxMode, reader: { signedIn: boolean; isStaff: boolean }): MailboxVerdict {
  if (mode === 'off') return 'off';
  if (mode === 'open') return 'ok';
  if (!reader.signedIn) return 'sign_in';
  return reader.isStaff ? 'ok' : 'forbidden';
}
