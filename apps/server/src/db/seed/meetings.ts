import { zonedToUtc, type MeetingDay, type NotificationType } from '@lobby/contract';
import { and, eq, notInArray } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { eventMembers, events, meetingHolds, meetingPoints, meetings, meetingSchedules, meetingTables, notifications } from '../schema/index.ts';
import type { SeededEvents } from './people.ts';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
const DAY = 24 * 60 * 60 * 1000;
const SLOT_MINUTES = 30;
/** Tables at the summit's meeting points. */
const CAPACITY: Record<string, number> = { 'Meeting zone A': 10, 'Meeting zone B': 8, 'Investor lounge': 4, 'Booth 12': 2 };

/** The calendar date of an instant in a timezone, YYYY-MM-DD. */
const dateIn = (zone: string, at: number) => new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date(at));

interface Plan {
  /** Days from today (event timezone) and the local time. */
  day: number;
  time: string;
  with: number;
  /** The attendee asked (true) or was asked. */
  mine: boolean;
  status: 'invited' | 'accepted' | 'rejected' | 'canceled';
  point?: string;
  agenda: string;
  reason?: string;
  rescheduled?: boolean;
}

/**
 * The summit's meeting days (every day of the event, 10:00-18:00 in Nicosia, 30-minute slots),
 * tables at its points, and the demo attendee's meetings in every state with their notifications.
 */
export async function seedMeetings(tx: Tx, seeded: SeededEvents, now: number): Promise<void> {
  const summit = seeded.eventId.get('lobby-summit');
  const attendee = seeded.userId.get('attendee@lobby.demo');
  const speaker = seeded.userId.get('speaker@lobby.demo');
  if (summit === undefined || attendee === undefined || speaker === undefined) return;
  const [event] = await tx.select({ timezone: events.timezone, from: events.dateFrom, to: events.dateTo }).from(events).where(eq(events.id, summit));
  if (!event) return;
  const zone = event.timezone;
  const days: MeetingDay[] = [];
  for (let at = event.from.getTime(); at <= event.to.getTime() + DAY; at += DAY) {
    const date = dateIn(zone, at);
    if (!days.some((day) => day.date === date) && date <= dateIn(zone, event.to.getTime())) days.push({ date, start: '10:00', end: '18:00' });
  }
  await tx.insert(meetingSchedules).values({ eventId: summit, slotMinutes: SLOT_MINUTES, days });
  const points = await tx.select({ id: meetingPoints.id, name: meetingPoints.name }).from(meetingPoints).where(eq(meetingPoints.eventId, summit));
  for (const point of points) await tx.update(meetingPoints).set({ capacity: CAPACITY[point.name] ?? 2 }).where(eq(meetingPoints.id, point.id));
  const pointId = (name: string | undefined) => points.find((point) => point.name === name)?.id ?? null;

  // People of the summit whose business pass includes meetings.
  const business = seeded.ticketId.get('lobby-summit')?.get('business');
  const accounts = [...seeded.userId.values()];
  const others = (
    await tx
      .select({ userId: eventMembers.userId })
      .from(eventMembers)
      .where(and(eq(eventMembers.eventId, summit), business === undefined ? undefined : eq(eventMembers.ticketTypeId, business), notInArray(eventMembers.userId, accounts)))
      .orderBy(eventMembers.id)
      .limit(40)
  ).map((row) => row.userId);
  const person = (index: number) => others[index] ?? speaker;

  const plans: Plan[] = [
    { day: 1, time: '10:00', with: speaker, mine: true, status: 'accepted', point: 'Meeting zone A', agenda: 'Co-op prototype: feedback on the combat loop' },
    { day: 1, time: '11:00', with: person(0), mine: false, status: 'invited', point: 'Investor lounge', agenda: 'Funding for a second team' },
    { day: 1, time: '12:00', with: person(1), mine: true, status: 'invited', agenda: 'Porting our game to consoles' },
    { day: 1, time: '14:30', with: person(2), mine: false, status: 'invited', point: 'Meeting zone B', agenda: 'Localisation into Chinese', rescheduled: true },
    { day: 2, time: '10:30', with: person(3), mine: false, status: 'accepted', agenda: 'Publishing deal for Nebula Drift' },
    { day: 1, time: '16:00', with: person(4), mine: false, status: 'rejected', agenda: 'Outsourcing art', reason: 'We have our art team for this year.' },
    { day: 2, time: '15:00', with: person(5), mine: true, status: 'rejected', agenda: 'Joint booth next year', reason: 'Fully booked on that day, sorry.' },
    { day: 2, time: '16:30', with: person(6), mine: true, status: 'canceled', agenda: 'Audio middleware demo', reason: 'Flight changed.' },
    { day: 0, time: '10:00', with: person(7), mine: true, status: 'accepted', point: 'Booth 12', agenda: 'Booth visit' },
  ];
  const notes: (typeof notifications.$inferInsert)[] = [];
  for (const plan of plans) {
    const startsAt = zonedToUtc(dateIn(zone, now + plan.day * DAY), plan.time, zone);
    const endsAt = new Date(startsAt.getTime() + SLOT_MINUTES * 60_000);
    const organizerId = plan.mine ? attendee : plan.with;
    const inviteeId = plan.mine ? plan.with : attendee;
    const awaitingId = plan.status !== 'invited' ? null : plan.rescheduled ? attendee : inviteeId;
    const closedById = plan.status === 'rejected' ? (plan.mine ? plan.with : attendee) : plan.status === 'canceled' ? plan.with : null;
    const point = pointId(plan.point);
    const [row] = await tx
      .insert(meetings)
      .values({ eventId: summit, organizerId, inviteeId, status: plan.status, startsAt, endsAt, pointId: point, isOnline: point === null, agenda: plan.agenda, awaitingId, rescheduled: plan.rescheduled ?? false, reason: plan.reason ?? null, closedById, sequence: plan.status === 'invited' ? 0 : 1, createdAt: new Date(now - (9 - plans.indexOf(plan)) * 3600_000) })
      .returning({ id: meetings.id });
    if (!row) continue;
    if (plan.status === 'invited' || plan.status === 'accepted') {
      await tx.insert(meetingHolds).values([organizerId, inviteeId].map((userId) => ({ eventId: summit, userId, meetingId: row.id, startsAt, endsAt })));
      if (point !== null) await tx.insert(meetingTables).values({ meetingId: row.id, pointId: point, tableNo: 1, startsAt, endsAt });
    }
    const type: NotificationType | null =
      plan.status === 'invited' && !plan.mine ? (plan.rescheduled ? 'meeting_rescheduled_v2' : 'new_meeting_request') : plan.status === 'accepted' && plan.mine ? 'meeting_confirmed_v2' : plan.status === 'rejected' && plan.mine ? 'meeting_canceled' : plan.status === 'canceled' ? 'meeting_canceled_v2' : null;
    if (type) notes.push({ userId: attendee, eventId: summit, type, meetingId: row.id, senderId: plan.with, data: { starts_at: startsAt.toISOString(), event_name: 'Lobby Summit', event_slug: 'lobby-summit', location: plan.point ?? 'Online', ...(plan.reason ? { reason: plan.reason } : {}) }, readAt: plan.status === 'accepted' ? new Date(now) : null, createdAt: new Date(now - (plans.length - plans.indexOf(plan)) * 20 * 60_000) });
  }
  if (notes.length > 0) await tx.insert(notifications).values(notes);
  // One slot the attendee keeps free for themselves.
  const locked = zonedToUtc(dateIn(zone, now + DAY), '13:00', zone);
  await tx.insert(meetingHolds).values({ eventId: summit, userId: attendee, meetingId: null, startsAt: locked, endsAt: new Date(locked.getTime() + SLOT_MINUTES * 60_000) });
}
