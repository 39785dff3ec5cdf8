import { MEETING_REMINDER_MINUTES, meetingActions, MeetingView, meetingView, ONLINE_LOCATION_ID, type Meeting, type MeetingFacts, type MeetingParticipant } from '@lobby/contract';
import type { FileUrls } from '../../files/urls.ts';
import type { MeetingEvent, MeetingRow, ParticipantRow } from './repo.ts';

export const factsOf = (row: MeetingRow): MeetingFacts => ({ status: row.status, organizerId: row.organizerId, inviteeId: row.inviteeId, awaitingId: row.awaitingId, closedById: row.closedById });

export const locationName = (row: Pick<MeetingRow, 'pointId'>, event: Pick<MeetingEvent, 'points'>): string =>
  row.pointId === null ? 'Online' : (event.points.find((point) => point.id === row.pointId)?.name ?? 'Online');

function presentParticipant(row: ParticipantRow | undefined, userId: number, files: FileUrls): MeetingParticipant {
  return {
    member_id: row?.memberId ?? 0,
    user_id: userId,
    first_name: row?.firstName ?? '',
    last_name: row?.lastName ?? '',
    job: row?.job ?? null,
    avatar_url: files.url(row?.avatarThumbKey ?? row?.avatarKey ?? null),
    company_name: row?.companyName ?? null,
    timezone: row?.timezone ?? 'UTC',
  };
}

/** A meeting as one of its participants sees it. */
export function presentMeeting(row: MeetingRow, me: number, event: MeetingEvent, people: Map<number, ParticipantRow>, files: FileUrls): Meeting {
  const facts = factsOf(row);
  const view = meetingView(facts, me);
  return {
    id: row.id,
    event_id: row.eventId,
    status: row.status,
    view,
    view_id: MeetingView[view],
    is_invite: row.inviteeId === me,
    agenda: row.agenda,
    starts_at: row.startsAt.toISOString(),
    ends_at: row.endsAt.toISOString(),
    is_online: row.pointId === null,
    location: { id: row.pointId ?? ONLINE_LOCATION_ID, name: locationName(row, event), is_online: row.pointId === null },
    organizer: presentParticipant(people.get(row.organizerId), row.organizerId, files),
    invitee: presentParticipant(people.get(row.inviteeId), row.inviteeId, files),
    awaiting_user_id: row.status === 'invited' ? row.awaitingId : null,
    rescheduled: row.rescheduled,
    reason: row.reason,
    closed_by_user_id: row.closedById,
    reminder_at: new Date(row.startsAt.getTime() - MEETING_REMINDER_MINUTES * 60_000).toISOString(),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    abilities: meetingActions(facts, me),
  };
}
