import { EmailType, LANGUAGES, type EmailTypeId, type Language, type NotificationType } from '@lobby/contract';
import { eventMailOverride } from '../emails/service.ts';
import type { Deps } from '../../deps.ts';
import { fileUrls } from '../../files/urls.ts';
import type { MeetingMailKind } from '../../mail/templates.ts';
import { meetingChanged, notify } from '../notifications/service.ts';
import { locationName } from './present.ts';
import type { MeetingEvent, MeetingRow, ParticipantRow } from './repo.ts';

/** What happened to a meeting, for the other participant: the notification type and the mail (types 7-12). */
export const MEETING_NEWS = {
  requested: { type: 'new_meeting_request', mail: 'meeting_request_sent' },
  accepted: { type: 'meeting_confirmed_v2', mail: 'meeting_request_accepted' },
  declined: { type: 'meeting_canceled', mail: 'meeting_request_rejected' },
  canceled: { type: 'meeting_canceled_v2', mail: 'meeting_canceled' },
  left: { type: 'meeting_canceled_v2', mail: 'meeting_participant_leave' },
  rescheduled: { type: 'meeting_rescheduled_v2', mail: 'meeting_postponed' },
} as const satisfies Record<string, { type: NotificationType; mail: MeetingMailKind }>;
export type MeetingNews = keyof typeof MEETING_NEWS;

/** The e-mail template type of each meeting mail (contract.md, Email template types 7-12). */
const MAIL_TYPE_IDS: Record<MeetingMailKind, EmailTypeId> = {
  meeting_request_sent: EmailType.MeetingRequestSent,
  meeting_request_accepted: EmailType.MeetingRequestAccepted,
  meeting_request_rejected: EmailType.MeetingRequestRejected,
  meeting_canceled: EmailType.MeetingCanceled,
  meeting_participant_leave: EmailType.MeetingParticipantLeave,
  meeting_postponed: EmailType.MeetingPostponed,
};

const pad = (n: number) => String(n).padStart(2, '0');

/** DD.MM.YYYY HH:mm in a timezone (contract.md section 9), with the zone named. */
export function formatWhen(at: Date, zone: string): string {
  const parts = new Map<string, string>(
    new Intl.DateTimeFormat('en-GB', { timeZone: zone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit' }).formatToParts(at).map((p) => [p.type, p.value]),
  );
  return `${parts.get('day')}.${parts.get('month')}.${parts.get('year')} ${pad(Number(parts.get('hour')) % 24)}:${parts.get('minute')} (${zone})`;
}

const fullName = (person: ParticipantRow | undefined) => (person ? `${person.firstName} ${person.lastName}`.trim() : '');
const languageOf = (value: string | undefined): Language => ((LANGUAGES as readonly string[]).includes(value ?? '') ? (value as Language) : 'en');

/**
 * Tells the other participant what `actorId` did: a notification on their private channel, and a
 * mail in their language unless they turned mail notices off. Both participants' pages refresh.
 */
export async function tellOther(deps: Pick<Deps, 'db' | 'mailer' | 'realtime' | 'config'>, event: MeetingEvent, meeting: MeetingRow, people: Map<number, ParticipantRow>, actorId: number, news: MeetingNews): Promise<void> {
  const recipientId = meeting.organizerId === actorId ? meeting.inviteeId : meeting.organizerId;
  const actor = people.get(actorId);
  const recipient = people.get(recipientId);
  const { type, mail } = MEETING_NEWS[news];
  const files = fileUrls(deps.config.secret);
  const location = locationName(meeting, event);
  await notify(deps.db, deps.realtime, files, [
    {
      userId: recipientId,
      type,
      eventId: event.id,
      meetingId: meeting.id,
      sender: actor ? { id: actor.userId, firstName: actor.firstName, lastName: actor.lastName, avatarKey: actor.avatarKey, avatarThumbKey: actor.avatarThumbKey } : null,
      data: { starts_at: meeting.startsAt.toISOString(), event_name: event.name, event_slug: event.slug, location, ...(meeting.reason ? { reason: meeting.reason } : {}) },
    },
  ]);
  meetingChanged(deps.realtime, [actorId, recipientId], event.id, meeting.id);
  if (!recipient || recipient.disableEmailNotifications) return;
  const zone = recipient.timezone ?? event.timezone;
  const view = meeting.inviteeId === recipientId ? 'true' : 'false';
  const link = `${deps.config.publicUrl}/events/${encodeURIComponent(event.slug)}/meetings/list/${meeting.id}?isInvite=${view}`;
  const values = { link, name: recipient.firstName, event: event.name, other: fullName(actor), when: formatWhen(meeting.startsAt, zone), location, reason: meeting.reason ?? '' };
  const language = languageOf(recipient.language);
  // The event's own text for this type, when its organisers wrote one.
  const override = await eventMailOverride(deps.db, event.id, MAIL_TYPE_IDS[mail], language, values);
  await deps.mailer.send(recipient.email, { kind: mail, ...values }, language, override);
}
