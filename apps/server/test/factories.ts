import type { EventConfig } from '@lobby/contract';
import type { Db } from '../src/db/client.ts';
import { events, media, meetingPoints, users } from '../src/db/schema/index.ts';

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
