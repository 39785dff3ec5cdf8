// Who sees and changes the lecture archive (product.md sections 2, 6; docs/decisions.md, issue 12).
import { archivePlayState, sectionAccess, type Permission, type PlayState, type SectionAccess, type TicketKind, type VisibilityType } from '@lobby/contract';

export interface ArchiveReader {
  signedIn: boolean;
  isMember: boolean;
  ticketKind: TicketKind | null;
  permissions: ReadonlySet<Permission>;
  upgradeGrants: ReadonlySet<Permission> | null;
}

/** The archive sits behind the program section: members not on a general ticket, and organisers. */
export const archiveAccess = (reader: ArchiveReader): SectionAccess => sectionAccess('program', reader);

/** Type 3 plays with lectures.watch in the event the archive is read through (or for its organisers). */
export const canWatchIn = (permissions: ReadonlySet<Permission>): boolean => permissions.has('lectures.watch') || permissions.has('event.manage');

export const playStateOf = (visibility: number, viewer: { agreed: boolean; canWatch: boolean }): PlayState =>
  archivePlayState(visibility as VisibilityType, viewer);

/** Deletion is platform staff's alone: the interface never offers it (product.md section 6). */
export const canDeleteVideo = (who: { isStaff: boolean }): boolean => who.isStaff;
