import { ErrorCode } from '@lobby/contract';
import { and, eq } from 'drizzle-orm';
import type { AccessSource, EventAccess } from '../../access/access.ts';
import type { Db } from '../../db/client.ts';
import { events } from '../../db/schema/index.ts';
import { AppError } from '../../http/errors.ts';

/** Who may keep stars, contacts and notes in an event. */
export type ParticipantVerdict = 'ok' | 'guest' | 'not_member';

export function participantVerdict(who: { signedIn: boolean; isMember: boolean; isStaff: boolean; canManage: boolean }): ParticipantVerdict {
  if (!who.signedIn) return 'guest';
  // Organisers and platform staff look after the event without a ticket; they may star and note too.
  return who.isMember || who.isStaff || who.canManage ? 'ok' : 'not_member';
}

/**
 * The caller's access in an active event they take part in. Outsiders get the same 404 as the
 * other member routes, so nobody learns more about an event they are not in.
 */
export async function requireParticipant(db: Db, source: AccessSource, eventId: number): Promise<EventAccess & { userId: number }> {
  const [event] = await db.select({ id: events.id }).from(events).where(and(eq(events.id, eventId), eq(events.active, true))).limit(1);
  if (!event) throw new AppError(404, ErrorCode.eventNotFound, `Event ${eventId} was not found.`);
  const access = await source.get(eventId);
  const verdict = participantVerdict({ signedIn: access.userId !== null, isMember: access.member !== null, isStaff: access.isStaff, canManage: access.can('event.manage') });
  if (verdict === 'guest' || access.userId === null) throw new AppError(401, ErrorCode.unauthorized, 'Sign in to continue.');
  if (verdict === 'not_member') throw new AppError(404, ErrorCode.memberNotFound, 'You are not a member of this event.');
  return { ...access, userId: access.userId };
}
