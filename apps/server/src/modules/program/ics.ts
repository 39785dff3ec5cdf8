// Lectures as iCalendar events (RFC 5545): the shared program's file and the person's calendar feed.
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { eventMembers, events, favorites, halls, lectures } from '../../db/schema/index.ts';
import { CRLF, escapeText, foldLine } from '../../http/content-lines.ts';
import { sharedEvent } from './service.ts';

const stamp = (at: Date) => at.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');

export interface LectureEntry {
  id: number;
  title: string;
  description: string;
  startsAt: Date;
  endsAt: Date;
  updatedAt: Date;
  sequence: number;
  hall: string;
  event: string;
}

/** One VEVENT per lecture, with a stable UID and the lecture's SEQUENCE, so a change updates it in place. */
export function lectureLines(entry: LectureEntry, host: string): string[] {
  return [
    'BEGIN:VEVENT',
    `UID:lecture-${entry.id}@${host}`,
    `SEQUENCE:${entry.sequence}`,
    `DTSTAMP:${stamp(entry.updatedAt)}`,
    `DTSTART:${stamp(entry.startsAt)}`,
    `DTEND:${stamp(entry.endsAt)}`,
    `SUMMARY:${escapeText(`${entry.event}: ${entry.title}`)}`,
    `LOCATION:${escapeText(entry.hall)}`,
    ...(entry.description ? [`DESCRIPTION:${escapeText(entry.description)}`] : []),
    'STATUS:CONFIRMED',
    'END:VEVENT',
  ];
}

const entryColumns = {
  id: lectures.id,
  title: lectures.title,
  description: lectures.description,
  startsAt: lectures.startsAt,
  endsAt: lectures.endsAt,
  updatedAt: lectures.updatedAt,
  sequence: lectures.sequence,
  hall: halls.name,
  event: events.name,
};

/** The lectures a person starred, in events they still take part in. */
export async function favoriteLectureEntries(db: Db, userId: number): Promise<LectureEntry[]> {
  return db
    .select(entryColumns)
    .from(favorites)
    .innerJoin(lectures, and(eq(lectures.id, favorites.entityId), eq(lectures.eventId, favorites.eventId)))
    .innerJoin(halls, eq(halls.id, lectures.hallId))
    .innerJoin(events, and(eq(events.id, lectures.eventId), eq(events.active, true)))
    .innerJoin(eventMembers, and(eq(eventMembers.eventId, lectures.eventId), eq(eventMembers.userId, userId)))
    .where(and(eq(favorites.userId, userId), eq(favorites.entityType, 'lecture')))
    .orderBy(asc(lectures.startsAt), asc(lectures.id));
}

/** The shared program as a calendar file; 404 program.not_shared when it is not shared. */
export async function renderProgramIcs(db: Db, eventId: number, host: string): Promise<string> {
  const event = await sharedEvent(db, eventId);
  const rows = await db
    .select(entryColumns)
    .from(lectures)
    .innerJoin(halls, eq(halls.id, lectures.hallId))
    .innerJoin(events, eq(events.id, lectures.eventId))
    .where(eq(lectures.eventId, eventId))
    .orderBy(asc(lectures.startsAt), asc(lectures.id));
  const lines = ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Lobby//Program//EN', 'CALSCALE:GREGORIAN', 'METHOD:PUBLISH', `X-WR-CALNAME:${escapeText(event.name)}`, `X-WR-TIMEZONE:${event.timezone}`];
  for (const row of rows) lines.push(...lectureLines(row, host));
  lines.push('END:VCALENDAR');
  return `${lines.map(foldLine).join(CRLF)}${CRLF}`;
}
