import { DEFAULT_MEETING_QUOTA, ErrorCode, ONLINE_LOCATION_ID, type Permission } from '@lobby/contract';
import { AppError } from '../../http/errors.ts';

/** What the meeting rules need to know of one person in the event. */
export interface MeetingActor {
  isMember: boolean;
  permissions: ReadonlySet<Permission>;
  features: readonly string[];
  /** The ticket type's meeting quota (null: the default). */
  quota: number | null;
}

/** Whether a person may use meetings at all in the event: a member whose ticket (or role) grants meetings. */
export const takesMeetings = (who: MeetingActor): boolean => who.isMember && who.permissions.has('meetings.request');

/** Whether a person may meet on site: the ticket's offline feature (product.md section 6). */
export const meetsOffline = (who: MeetingActor): boolean => who.permissions.has('meetings.offline');

/**
 * How many live requests a person may have out at once: none counted with unlimited_meetings, with
 * event management or without any meeting feature (a role grants it); the ticket's quota with
 * limited_meetings (docs/decisions.md, Meetings).
 */
export function meetingQuota(who: MeetingActor): number | null {
  if (who.features.includes('unlimited_meetings') || who.permissions.has('event.manage')) return null;
  if (!who.features.includes('limited_meetings')) return null;
  return who.quota ?? DEFAULT_MEETING_QUOTA;
}

/** The locations both people may meet at: Online always, the event's points when both may meet on site. */
export function allowedLocations(a: MeetingActor, b: MeetingActor, pointIds: readonly number[]): number[] {
  return meetsOffline(a) && meetsOffline(b) ? [ONLINE_LOCATION_ID, ...pointIds] : [ONLINE_LOCATION_ID];
}

/**
 * The checks of a request before any slot is touched, in the order a person would want to hear
 * them: the event, the other person, the quota.
 */
export function checkRequest(input: {
  requester: MeetingActor;
  requesterId: number;
  invitee: MeetingActor | null;
  inviteeId: number | null;
  eventOver: boolean;
  liveRequests: number;
  locationId: number | undefined;
  pointIds: readonly number[];
}): void {
  if (input.eventOver) throw new AppError(422, ErrorCode.meetingEventOver, 'The event is over: meetings can no longer be booked.');
  if (!takesMeetings(input.requester)) throw new AppError(403, ErrorCode.sectionLocked, 'Your ticket does not include meetings.', { section: 'meetings' });
  if (!input.invitee || input.inviteeId === null) throw new AppError(404, ErrorCode.memberNotFound, 'This person is not a member of the event.');
  if (input.inviteeId === input.requesterId) throw new AppError(422, ErrorCode.meetingSelf, 'You cannot request a meeting with yourself.');
  if (!takesMeetings(input.invitee)) throw new AppError(422, ErrorCode.meetingNotAllowed, "This person's ticket does not include meetings.");
  const quota = meetingQuota(input.requester);
  if (quota !== null && input.liveRequests >= quota) {
    throw new AppError(409, ErrorCode.meetingLimitReached, `You cannot create meetings any more: your ticket allows ${quota} open requests.`, { limit: quota });
  }
  checkLocation(input.requester, input.invitee, input.locationId, input.pointIds);
}

/** An on-site location needs both people on site; an unknown location is not at this event. */
export function checkLocation(a: MeetingActor, b: MeetingActor, locationId: number | undefined, pointIds: readonly number[]): void {
  if (locationId === undefined || locationId === ONLINE_LOCATION_ID) return;
  if (!pointIds.includes(locationId)) throw new AppError(422, ErrorCode.meetingLocationUnavailable, `Location ${locationId} is not a meeting point of this event.`, { free_location_ids: [] });
  if (!meetsOffline(a) || !meetsOffline(b)) throw new AppError(422, ErrorCode.meetingOnlineOnly, 'One of you takes part online only, or is not on site: choose Online.');
}
