// An event with a meeting schedule tomorrow, ticket types for every meeting rule, and people.
import type { TicketFeature } from '@lobby/contract';
import { meetingPoints, meetingSchedules } from '../src/db/schema/index.ts';
import { addMembership, authHeader, createEvent, createTicketType, createUser } from './factories.ts';
import type { TestApp } from './harness.ts';
import type { Person } from './people-fixtures.ts';

const DAY = 24 * 60 * 60 * 1000;

/** Tomorrow's date in UTC, YYYY-MM-DD. */
export const tomorrow = (): string => new Date(Date.now() + DAY).toISOString().slice(0, 10);
/** The UTC start of a slot tomorrow: `at('09:30')`. */
export const at = (time: string): string => new Date(`${tomorrow()}T${time}:00.000Z`).toISOString();

export interface MeetingWorld {
  eventId: number;
  pointId: number;
  ticket(features: TicketFeature[], quota?: number | null): Promise<number>;
  person(features?: TicketFeature[], options?: { quota?: number | null; user?: Parameters<typeof createUser>[1]; ticketTypeId?: number }): Promise<Person>;
}

/** Slots of 30 minutes tomorrow from 09:00 to 12:00 UTC, one meeting point with `capacity` tables. */
export async function meetingWorld(t: TestApp, options: { capacity?: number; schedule?: boolean; dateTo?: Date } = {}): Promise<MeetingWorld> {
  const { db } = t.database;
  const event = await createEvent(db, { dateFrom: new Date(Date.now() - DAY), dateTo: options.dateTo ?? new Date(Date.now() + 3 * DAY) });
  const [point] = await db.insert(meetingPoints).values({ eventId: event.id, name: 'Table zone A', capacity: options.capacity ?? 1 }).returning();
  if (!point) throw new Error('no point');
  if (options.schedule !== false) await db.insert(meetingSchedules).values({ eventId: event.id, slotMinutes: 30, days: [{ date: tomorrow(), start: '09:00', end: '12:00' }] });
  const tickets = new Map<string, number>();
  const ticket = async (features: TicketFeature[], quota: number | null = null) => {
    const key = `${features.join(',')}|${quota}`;
    const known = tickets.get(key);
    if (known !== undefined) return known;
    const type = await createTicketType(db, event.id, { features });
    if (quota !== null) await db.execute(`update ticket_types set meeting_quota = ${Number(quota)} where id = ${type.id}`);
    tickets.set(key, type.id);
    return type.id;
  };
  return {
    eventId: event.id,
    pointId: point.id,
    ticket,
    person: async (features = ['unlimited_meetings', 'offline'], opts = {}) => {
      const user = await createUser(db, opts.user ?? {});
      const member = await addMembership(db, event.id, user.id, { ticketTypeId: opts.ticketTypeId ?? (await ticket(features, opts.quota ?? null)) });
      return { userId: user.id, memberId: member.id, headers: await authHeader(db, t.config.secret, user.id) };
    },
  };
}
