import type { TicketFeature, TicketKind } from '@lobby/contract';
import { halls, lectures, lectureSpeakers } from '../src/db/schema/index.ts';
import { addCompanyRole, addMembership, authHeader, createEvent, createTicketType, createUser } from './factories.ts';
import type { TestApp } from './harness.ts';

const MIN = 60_000;

export interface Person {
  userId: number;
  memberId: number | null;
  headers: Record<string, string>;
}

/**
 * An event with two halls and three lectures (one live, one tomorrow, one over), and one person of
 * each kind of viewer. `business` puts a business pass with watch_lecture on offer (the gate then
 * says "upgrade" rather than "unavailable").
 */
export async function programWorld(t: TestApp, options: { business?: boolean } = {}) {
  const { db } = t.database;
  const now = Date.now();
  const event = await createEvent(db, { timezone: 'Europe/Berlin' });
  const other = await createEvent(db);
  const ticket = (kind: TicketKind, features: TicketFeature[] = []) => createTicketType(db, event.id, { kind, features });
  const [plain, watch, general] = [await ticket('standard'), await ticket('standard', ['watch_lecture']), await ticket('general')];
  if (options.business) await ticket('business', ['watch_lecture', 'unlimited_chats']);
  const person = async (eventId: number | null, values: Parameters<typeof addMembership>[3] = {}, user: Parameters<typeof createUser>[1] = {}): Promise<Person> => {
    const row = await createUser(db, user);
    const member = eventId === null ? null : await addMembership(db, eventId, row.id, values);
    return { userId: row.id, memberId: member?.id ?? null, headers: await authHeader(db, t.config.secret, row.id) };
  };
  const people = {
    guest: { userId: 0, memberId: null, headers: {} } as Person,
    outsider: await person(null),
    general: await person(event.id, { ticketTypeId: general.id }),
    plain: await person(event.id, { ticketTypeId: plain.id }),
    watcher: await person(event.id, { ticketTypeId: watch.id }),
    organiser: await person(event.id, { isOrganizer: true }, { isOrganizer: true }),
    staff: await person(null, {}, { isStaff: true }),
    otherOrganiser: await person(other.id, { isOrganizer: true }, { isOrganizer: true }),
    speaker: await person(event.id, { ticketTypeId: plain.id, roleIds: [8] }, { firstName: 'Ada', lastName: 'Speaker', job: 'Designer', bio: 'Makes games' }),
  };
  await addCompanyRole(db, people.outsider.userId, ['admin']);
  const [hallA] = await db.insert(halls).values({ eventId: event.id, name: 'Main hall', sort: 0, streamUrl: 'https://youtu.be/dQw4w9WgXcQ', streamSource: 'youtube', streamVideoId: 'dQw4w9WgXcQ' }).returning();
  const [hallB] = await db.insert(halls).values({ eventId: event.id, name: 'Side hall', sort: 1 }).returning();
  const [otherHall] = await db.insert(halls).values({ eventId: other.id, name: 'Elsewhere' }).returning();
  if (!hallA || !hallB || !otherHall) throw new Error('no hall rows');
  const lecture = async (values: Partial<typeof lectures.$inferInsert> & { startsAt: Date; endsAt: Date }, eventId = event.id, hallId = hallA.id) => {
    const [row] = await db.insert(lectures).values({ eventId, hallId, title: 'A lecture', language: 'en', ...values }).returning();
    if (!row) throw new Error('no lecture row');
    return row;
  };
  const live = await lecture({ title: 'Live talk', startsAt: new Date(now - 10 * MIN), endsAt: new Date(now + 50 * MIN), categories: [3], language: 'ru', videoUrl: 'https://rutube.ru/video/0123456789abcdef0123456789abcdef/', videoSource: 'rutube', videoId: '0123456789abcdef0123456789abcdef' });
  const upcoming = await lecture({ title: 'Tomorrow talk', startsAt: new Date(now + 24 * 60 * MIN), endsAt: new Date(now + 25 * 60 * MIN), categories: [5, 7], sectionId: 2 }, event.id, hallB.id);
  const over = await lecture({ title: 'Yesterday talk', startsAt: new Date(now - 25 * 60 * MIN), endsAt: new Date(now - 24 * 60 * MIN) });
  const elsewhere = await lecture({ title: 'Other event talk', startsAt: new Date(now - 10 * MIN), endsAt: new Date(now + 50 * MIN) }, other.id, otherHall.id);
  await db.insert(lectureSpeakers).values({ lectureId: live.id, userId: people.speaker.userId, position: 0 });
  return { event, other, tickets: { plain, watch, general }, people, halls: { a: hallA, b: hallB, other: otherHall }, lectures: { live, upcoming, over, elsewhere }, lecture };
}

export type ProgramWorld = Awaited<ReturnType<typeof programWorld>>;
