import { randomBytes } from 'node:crypto';
import { ErrorCode } from '@lobby/contract';
import { and, asc, eq, or } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { calendarFeeds, events, meetingPoints, meetings, users } from '../../db/schema/index.ts';
import { CRLF, escapeText, foldLine } from '../../http/content-lines.ts';
import { AppError } from '../../http/errors.ts';
import { alias } from 'drizzle-orm/pg-core';
import { favoriteLectureEntries, lectureLines } from '../program/ics.ts';

const newToken = () => randomBytes(24).toString('base64url');
export const feedUrl = (publicUrl: string, token: string) => `${publicUrl}/api/v1/calendar/feed/${token}.ics`;

/** The person's feed token, made on first use. */
export async function feedToken(db: Db, userId: number): Promise<string> {
  await db.insert(calendarFeeds).values({ userId, token: newToken() }).onConflictDoNothing({ target: calendarFeeds.userId });
  const [row] = await db.select({ token: calendarFeeds.token }).from(calendarFeeds).where(eq(calendarFeeds.userId, userId));
  if (!row) throw new Error('no calendar feed');
  return row.token;
}

/** A new token: the old address stops working at once. */
export async function resetFeedToken(db: Db, userId: number): Promise<string> {
  const token = newToken();
  await db.insert(calendarFeeds).values({ userId, token }).onConflictDoUpdate({ target: calendarFeeds.userId, set: { token, createdAt: new Date() } });
  return token;
}

const stamp = (at: Date) => at.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');

/**
 * The calendar of the token's owner: accepted meetings of every event and starred lectures, one VEVENT each with a
 * stable UID and the meeting's SEQUENCE, so a changed meeting updates instead of duplicating.
 */
export async function renderFeed(db: Db, token: string, host: string): Promise<string> {
  const [feed] = await db.select({ userId: calendarFeeds.userId }).from(calendarFeeds).where(eq(calendarFeeds.token, token)).limit(1);
  if (!feed) throw new AppError(404, ErrorCode.calendarFeedNotFound, 'This calendar address was not found or was revoked.');
  const me = feed.userId;
  const organizer = alias(users, 'organizer');
  const invitee = alias(users, 'invitee');
  const rows = await db
    .select({ meeting: meetings, event: events.name, point: meetingPoints.name, organizer: { first: organizer.firstName, last: organizer.lastName }, invitee: { first: invitee.firstName, last: invitee.lastName } })
    .from(meetings)
    .innerJoin(events, eq(events.id, meetings.eventId))
    .innerJoin(organizer, eq(organizer.id, meetings.organizerId))
    .innerJoin(invitee, eq(invitee.id, meetings.inviteeId))
    .leftJoin(meetingPoints, eq(meetingPoints.id, meetings.pointId))
    .where(and(eq(meetings.status, 'accepted'), or(eq(meetings.organizerId, me), eq(meetings.inviteeId, me))))
    .orderBy(asc(meetings.startsAt));
  const lines = ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Lobby//Meetings//EN', 'CALSCALE:GREGORIAN', 'METHOD:PUBLISH', 'X-WR-CALNAME:Lobby'];
  for (const row of rows) {
    const other = row.meeting.organizerId === me ? row.invitee : row.organizer;
    const summary = `${other.first} ${other.last}`.trim();
    lines.push(
      'BEGIN:VEVENT',
      `UID:meeting-${row.meeting.id}@${host}`,
      `SEQUENCE:${row.meeting.sequence}`,
      `DTSTAMP:${stamp(row.meeting.updatedAt)}`,
      `DTSTART:${stamp(row.meeting.startsAt)}`,
      `DTEND:${stamp(row.meeting.endsAt)}`,
      `SUMMARY:${escapeText(`${row.event}: ${summary}`)}`,
      `LOCATION:${escapeText(row.point ?? 'Online')}`,
      ...(row.meeting.agenda ? [`DESCRIPTION:${escapeText(row.meeting.agenda)}`] : []),
      'STATUS:CONFIRMED',
      'END:VEVENT',
    );
  }
  // Favourite lectures too (issue 12): UID lecture-{id}@host, SEQUENCE from the lecture.
  for (const entry of await favoriteLectureEntries(db, me)) lines.push(...lectureLines(entry, host));
  lines.push('END:VCALENDAR');
  return `${lines.map(foldLine).join(CRLF)}${CRLF}`;
}
