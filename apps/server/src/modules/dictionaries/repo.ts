import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { eventDictionaries, meetingPoints } from '../../db/schema/index.ts';

export type EventDictionaryRow = typeof eventDictionaries.$inferSelect;

export const listEventDictionaries = (db: Db, eventId: number) => db.select().from(eventDictionaries).where(eq(eventDictionaries.eventId, eventId));

export const listMeetingPoints = (db: Db, eventId: number) =>
  db.select({ id: meetingPoints.id, name: meetingPoints.name }).from(meetingPoints).where(eq(meetingPoints.eventId, eventId)).orderBy(asc(meetingPoints.sort), asc(meetingPoints.id));
