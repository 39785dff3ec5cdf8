import type { EventConfig, EventInput, TicketFeature, TicketKind } from '@lobby/contract';
import { createSession } from '../src/auth/sessions.ts';
import type { Db } from '../src/db/client.ts';
import { companies, companyUsers, eventMembers, events, media, meetingPoints, ticketTypes, users } from '../src/db/schema/index.ts';

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
let sequence = 0;
const next = () => {
  sequence += 1;
  return sequence;
};

export const defaultEventConfig: EventConfig = {
  languages: ['en', 'ru', 'zh'],
  theme: { name: 'default', color: '#3b82f6' },
  analytics: { yandexMetrika: null, googleTag: null },
  wnmeet: { roomId: null },
};

type EventInsert = typeof events.$inferInsert;

/** An active, current event unless told otherwise. */
export async function createEvent(db: Db, overrides: Partial<EventInsert> = {}) {
  const n = next();
  const now = Date.now();
  const [row] = await db
    .insert(events)
    .values({
      slug: `event-${n}`,
      name: `Event ${n}`,
      dateFrom: new Date(now - DAY),
      dateTo: new Date(now + DAY),
      config: defaultEventConfig,
      ...overrides,
    })
    .returning();
  if (!row) throw new Error('no event row');
  return row;
}

export const pastDates = (now = Date.now()) => ({ dateFrom: new Date(now - 10 * DAY), dateTo: new Date(now - 9 * DAY) });
export const upcomingDates = (now = Date.now()) => ({ dateFrom: new Date(now + 9 * DAY), dateTo: new Date(now + 10 * DAY) });

export async function addMedia(db: Db, eventId: number, values: { category?: string; locale?: string; url?: string } = {}) {
  const [row] = await db
    .insert(media)
    .values({ ownerType: 'event', ownerId: eventId, category: values.category ?? 'logo', locale: values.locale ?? 'en', url: values.url ?? `/m/${next()}.png`, mimeType: 'image/png' })
    .returning();
  if (!row) throw new Error('no media row');
  return row;
}

export async function addPoint(db: Db, eventId: number, name: string) {
  const [row] = await db.insert(meetingPoints).values({ eventId, name }).returning();
  if (!row) throw new Error('no point row');
  return row;
}

export async function createUser(db: Db, overrides: Partial<typeof users.$inferInsert> = {}) {
  const n = next();
  const [row] = await db
    .insert(users)
    .values({ email: `user${n}@example.test`, firstName: 'Test', lastName: `User${n}`, ...overrides })
    .returning();
  if (!row) throw new Error('no user row');
  return row;
}


export async function createTicketType(db: Db, eventId: number, values: { code?: string; kind?: TicketKind; features?: TicketFeature[]; quota?: number | null; selfService?: boolean; upgradeUrl?: string | null; name?: string } = {}) {
  const n = next();
  const [row] = await db
    .insert(ticketTypes)
    .values({ eventId, code: values.code ?? `t${n}`, name: values.name ?? `Ticket ${n}`, kind: values.kind ?? 'standard', features: values.features ?? [], quota: values.quota ?? null, selfService: values.selfService ?? false, upgradeUrl: values.upgradeUrl ?? null })
    .returning();
  if (!row) throw new Error('no ticket type row');
  return row;
}

export async function addMembership(db: Db, eventId: number, userId: number, values: { ticketTypeId?: number | null; roleIds?: number[]; isOrganizer?: boolean } = {}) {
  const [row] = await db
    .insert(eventMembers)
    .values({ eventId, userId, ticketTypeId: values.ticketTypeId ?? null, roleIds: values.roleIds ?? [1], isOrganizer: values.isOrganizer ?? false })
    .returning();
  if (!row) throw new Error('no member row');
  return row;
}

export async function addCompanyRole(db: Db, userId: number, roles: string[]) {
  const [company] = await db.insert(companies).values({ name: `Company ${next()}` }).returning();
  if (!company) throw new Error('no company row');
  await db.insert(companyUsers).values({ companyId: company.id, userId, roles });
  return company;
}

/** A signed-in user's Authorization header, without going through the sign-in calls. */
export async function authHeader(db: Db, secret: string, userId: number): Promise<Record<string, string>> {
  const session = await createSession(db, secret, userId);
  return { authorization: `Bearer ${session.accessToken}` };
}

export const ALL_FEATURES: TicketFeature[] = ['limited_chats', 'limited_meetings', 'limited_video_call', 'unlimited_chats', 'unlimited_meetings', 'unlimited_video_call', 'highlight', 'game_poll', 'watch_lecture', 'jury', 'offline'];

let eventInputs = 0;

/** A valid body of the back office's event form (create or update), changed where a test says. */
export function eventInput(overrides: Partial<EventInput> = {}): EventInput {
  eventInputs += 1;
  return {
    slug: `form-${Date.now().toString(36)}-${eventInputs}`,
    name: 'Event from the form',
    date_from: '2030-05-01T07:00:00.000Z',
    date_to: '2030-05-03T16:00:00.000Z',
    timezone: 'UTC',
    is_online: true,
    is_onsite: false,
    is_all_users: false,
    auto_reg: false,
    active: true,
    required_fields: [],
    points: [],
    config: defaultEventConfig,
    ...overrides,
  };
}

