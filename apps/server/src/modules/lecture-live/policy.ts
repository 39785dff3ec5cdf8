// Who takes part in a lecture's live Q&A and polls (docs/decisions.md, issue 12 "Live Q&A and polls").
import { sectionAccess, type Permission, type SectionAccess, type TicketKind } from '@lobby/contract';

export interface LiveReader {
  signedIn: boolean;
  isMember: boolean;
  ticketKind: TicketKind | null;
  permissions: ReadonlySet<Permission>;
  upgradeGrants: ReadonlySet<Permission> | null;
  /** A speaker of this very lecture. */
  isSpeaker: boolean;
}

/** Moderating a lecture (answer, delete, polls): organisers, event moderators, its own speakers. */
export const moderatesLecture = (reader: Pick<LiveReader, 'permissions' | 'isSpeaker' | 'isMember'>): boolean =>
  reader.permissions.has('event.manage') || reader.permissions.has('chat.moderate') || (reader.isSpeaker && reader.isMember);

/**
 * Reading, asking and voting: whoever may watch (the lectures section: lectures.watch or
 * event.manage, never on a general ticket). Those who moderate the lecture take part too.
 */
export function liveAccess(reader: LiveReader): SectionAccess {
  const verdict = sectionAccess('lectures', reader);
  if (verdict === 'ok' || verdict === 'sign_in' || verdict === 'not_member') return verdict;
  return moderatesLecture(reader) ? 'ok' : verdict;
}

/** A question is removed by its author or by whoever moderates the lecture. */
export const mayDeleteQuestion = (who: { userId: number; moderator: boolean }, authorId: number): boolean => who.moderator || who.userId === authorId;

/** At most this many questions per person per minute (429 question.flood beyond). */
export const QUESTIONS_PER_MINUTE = 5;
