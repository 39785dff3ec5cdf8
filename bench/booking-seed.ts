// The booking contention bench's data (issue 10, Performance): a current event with a meeting
// schedule tomorrow, a ticket type with unlimited_meetings, one invitee and BENCH_BOOKING_REQUESTS
// (500) requesters as members, and a signed-in session for each made the way the tests make them
// (createSession: no argon2 sign-in per person). Written into Lobby's database by
// booking-prepare.ts; the plan (ids, slots, tokens) goes to a JSON file the bench process reads.
import { createSession } from '../apps/server/src/auth/sessions.ts';
import type { Db } from '../apps/server/src/db/client.ts';
import { eventMembers, events, meetingSchedules, ticketTypes, users } from '../apps/server/src/db/schema/index.ts';
import { meetingSlots } from '../packages/contract/src/index.ts';

export const BOOKING_REQUESTS = Number(process.env.BENCH_BOOKING_REQUESTS ?? 500);
/** Bursts at distinct slots: the first warms both servers (and opens every connection) and is not reported. */
export const BOOKING_BURSTS = 1 + 3;
const SLOT_MINUTES = 30;
const DAY = 86_400_000;

/** What the bench process needs to fire the bursts at Lobby. */
export interface BookingPlan {
  eventId: number;
  /** Membership id of the invitee (the body's member_id). */
  inviteeMemberId: number;
  /** The invitee's bearer token, to read back how many meetings they hold. */
  inviteeToken: string;
  /** One slot per burst, ISO; the first is the warm-up. */
  slots: { starts_at: string; ends_at: string }[];
  /** One bearer token per requester. */
  tokens: string[];
}

/** Tomorrow (UTC) as the schedule's date: always ahead, inside the event's dates. */
export const tomorrow = (now = Date.now()) => new Date(now + DAY).toISOString().slice(0, 10);

/** The first BOOKING_BURSTS slots from 10:00 UTC tomorrow, one hour apart. */
export function benchSlots(date: string): { starts_at: string; ends_at: string }[] {
  const all = meetingSlots([{ date, start: '10:00', end: '18:00' }], SLOT_MINUTES, 'UTC');
  return all.filter((_, index) => index % 2 === 0).slice(0, BOOKING_BURSTS);
}

/** A current event for the bench (its slug carries a stamp, so a second seeding adds a second event). */
export async function insertBenchEvent(db: Db, slug: string, name: string): Promise<number> {
  const now = Date.now();
  const [event] = await db
    .insert(events)
    .values({ slug, name, timezone: 'UTC', dateFrom: new Date(now - DAY), dateTo: new Date(now + 3 * DAY), config: { languages: ['en', 'ru', 'zh'], theme: { name: 'default', color: '#3b82f6' }, analytics: { yandexMetrika: null, googleTag: null }, wnmeet: { roomId: null } } })
    .returning({ id: events.id });
  if (!event) throw new Error('no booking bench event');
  return event.id;
}

export async function seedBookingBench(db: Db, secret: string, requesters = BOOKING_REQUESTS): Promise<BookingPlan> {
  const stamp = Date.now().toString(36);
  const eventId = await insertBenchEvent(db, `bench-booking-${stamp}`, 'Booking bench');
  const date = tomorrow();
  await db.insert(meetingSchedules).values({ eventId, slotMinutes: SLOT_MINUTES, days: [{ date, start: '10:00', end: '18:00' }] });
  const [ticket] = await db
    .insert(ticketTypes)
    .values({ eventId, code: 'meet', name: 'Meetings', kind: 'business', features: ['unlimited_meetings'] })
    .returning({ id: ticketTypes.id });
  if (!ticket) throw new Error('no booking bench ticket type');
  // The invitee first: the lowest id, so every request locks the invitee's row before its own.
  const people = await db
    .insert(users)
    .values(
      Array.from({ length: requesters + 1 }, (_, index) => ({
        email: index === 0 ? `booking-invitee-${stamp}@bench.lobby.test` : `booking-${stamp}-${index}@bench.lobby.test`,
        firstName: index === 0 ? 'Invitee' : 'Requester',
        lastName: `Bench${index}`,
      })),
    )
    .returning({ id: users.id });
  const members = await db
    .insert(eventMembers)
    .values(people.map((person) => ({ eventId, userId: person.id, ticketTypeId: ticket.id, roleIds: [1] })))
    .returning({ id: eventMembers.id, userId: eventMembers.userId });
  const [invitee, ...others] = people;
  const inviteeMember = members.find((member) => member.userId === invitee?.id);
  if (!invitee || !inviteeMember) throw new Error('no booking bench invitee');
  // Sessions in groups: PostgreSQL runs them side by side on its pool, PGlite one after another.
  const tokens: string[] = [];
  for (let at = 0; at < others.length; at += 50) {
    const issued = await Promise.all(others.slice(at, at + 50).map((person) => createSession(db, secret, person.id, { userAgent: 'lobby-bench' })));
    tokens.push(...issued.map((session) => session.accessToken));
  }
  const inviteeToken = (await createSession(db, secret, invitee.id, { userAgent: 'lobby-bench' })).accessToken;
  return { eventId, inviteeMemberId: inviteeMember.id, inviteeToken, slots: benchSlots(date), tokens };
}
