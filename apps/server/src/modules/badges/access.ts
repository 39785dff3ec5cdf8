// The checks in front of the badge calls: the desk (volunteer.badges) and a member's own badge.
import { ErrorCode } from '@lobby/contract';
import type { AccessSource, EventAccess, MemberRow } from '../../access/access.ts';
import { AppError } from '../../http/errors.ts';
import { deskVerdict, holderVerdict } from './policy.ts';

const eventNotFound = (eventId: number) => new AppError(404, ErrorCode.eventNotFound, `Event ${eventId} was not found.`);

/** A volunteer at the desk: Helpers (role 3), organisers and platform staff. */
export async function requireDesk(source: AccessSource, eventId: number): Promise<EventAccess & { userId: number }> {
  const [event, access] = await Promise.all([source.activeEvent(eventId), source.get(eventId)]);
  const verdict = deskVerdict({ signedIn: access.userId !== null, eventActive: event !== null, canVolunteer: access.can('volunteer.badges'), canManage: access.can('event.manage') });
  if (verdict === 'not_found') throw eventNotFound(eventId);
  if (verdict === 'sign_in' || access.userId === null) throw new AppError(401, ErrorCode.unauthorized, 'Sign in to continue.');
  if (verdict === 'forbidden') throw new AppError(403, ErrorCode.forbidden, 'Only volunteers (the Helper role) and the organisers of this event print badges and check people in.');
  return { ...access, userId: access.userId };
}

/** A member of the event with a badge of their own. */
export async function requireHolder(source: AccessSource, eventId: number): Promise<EventAccess & { userId: number; member: MemberRow }> {
  const [event, access] = await Promise.all([source.activeEvent(eventId), source.get(eventId)]);
  const verdict = holderVerdict({ signedIn: access.userId !== null, eventActive: event !== null, isMember: access.member !== null });
  if (verdict === 'not_found') throw eventNotFound(eventId);
  if (verdict === 'sign_in' || access.userId === null) throw new AppError(401, ErrorCode.unauthorized, 'Sign in to continue.');
  if (verdict === 'not_member' || !access.member) throw new AppError(404, ErrorCode.memberNotFound, 'You are not a member of this event.');
  return { ...access, userId: access.userId, member: access.member };
}
