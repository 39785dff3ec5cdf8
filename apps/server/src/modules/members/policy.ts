// Who sees what in the people directory (product.md section 2, members; issue 9 "Who sees what").
import { sectionAccess, type Permission, type SectionAccess, type TicketKind } from '@lobby/contract';

export interface DirectoryReader {
  signedIn: boolean;
  isMember: boolean;
  ticketKind: TicketKind | null;
  permissions: ReadonlySet<Permission>;
  /** What the business pass on offer would add, to say "upgrade" rather than "unavailable". */
  upgradeGrants: ReadonlySet<Permission> | null;
}

/** The directory, a member's page and the pickers all sit behind the members section gate. */
export const directoryAccess = (reader: DirectoryReader): SectionAccess =>
  sectionAccess('members', reader);

export interface ContactOwner {
  showEmail: boolean;
  showPhone: boolean;
}

/** E-mail and phone follow the member's own settings; a person always sees their own. */
export function visibleContacts(owner: ContactOwner, isMe: boolean): { email: boolean; phone: boolean } {
  return { email: isMe || owner.showEmail, phone: isMe || owner.showPhone };
}

/**
 * A profile with nothing to tell (no job, no avatar, no offers, nothing looked for) is hidden from
 * the directory unless the reader asks for empty profiles.
 */
export const isEmptyProfile = (user: { job: string | null; avatarKey: string | null; offerIds: readonly number[]; lookingIds: readonly number[] }): boolean =>
  !user.job?.trim() && !user.avatarKey && user.offerIds.length === 0 && user.lookingIds.length === 0;
