import { LANGUAGES, LECTURE_REMINDER_MINUTES, type Language } from '@lobby/contract';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { lectures, users } from '../../db/schema/index.ts';
import type { Deps } from '../../deps.ts';
import { fileUrls } from '../../files/urls.ts';
import { enqueueJob } from '../../jobs/queue.ts';
import type { JobHandler } from '../../jobs/runner.ts';
import { formatWhen } from '../meetings/notify.ts';
import { notify } from '../notifications/service.ts';
import { findHall, isStarred, loadProgramEvent } from './repo.ts';

export const LECTURE_REMINDER_JOB = 'lecture.reminder';

/**
 * Plans the reminder of a starred lecture for some people, LECTURE_REMINDER_MINUTES before its
 * start (at once when that is past, none once it started). Each job carries the start it was
 * planned for: a lecture moved since makes it do nothing, the new start has its own job.
 */
export async function planLectureReminders(db: Db, lecture: { id: number; startsAt: Date }, userIds: readonly number[], now = Date.now()): Promise<void> {
  if (lecture.startsAt.getTime() <= now) return;
  const runAt = new Date(Math.max(now, lecture.startsAt.getTime() - LECTURE_REMINDER_MINUTES * 60_000));
  for (const userId of new Set(userIds)) {
    await enqueueJob(db, LECTURE_REMINDER_JOB, { lectureId: lecture.id, userId, startsAt: lecture.startsAt.toISOString() }, { runAt });
  }
}

/** Called when a person stars a lecture (modules/favorites). */
export async function planStarReminder(db: Db, lectureId: number, userId: number): Promise<void> {
  const [row] = await db.select({ id: lectures.id, startsAt: lectures.startsAt }).from(lectures).where(eq(lectures.id, lectureId)).limit(1);
  if (row) await planLectureReminders(db, row, [userId]);
}

const languageOf = (value: string | undefined): Language => ((LANGUAGES as readonly string[]).includes(value ?? '') ? (value as Language) : 'en');

/**
 * Sends one reminder: an in-app notification (lecture_reminder) and, unless the person turned mail
 * notices off (users.disable_email_notifications), a mail. The dedupe key makes a second run (a
 * star taken off and put back, two nodes, a retry) write nothing and send no second mail.
 */
export function lectureReminderHandler(deps: Pick<Deps, 'db' | 'realtime' | 'config' | 'mailer'>): JobHandler {
  const files = fileUrls(deps.config.secret);
  return async (job) => {
    const lectureId = Number(job.payload.lectureId);
    const userId = Number(job.payload.userId);
    const startsAt = String(job.payload.startsAt);
    const [row] = await deps.db.select().from(lectures).where(eq(lectures.id, lectureId)).limit(1);
    // Deleted, moved since planned, or unstarred: nothing to remind of.
    if (!row || row.startsAt.toISOString() !== startsAt) return;
    if (!(await isStarred(deps.db, userId, row.eventId, row.id))) return;
    const [event, hall, [person]] = await Promise.all([
      loadProgramEvent(deps.db, row.eventId),
      findHall(deps.db, row.eventId, row.hallId),
      deps.db.select({ email: users.email, firstName: users.firstName, language: users.language, timezone: users.timezone, noMail: users.disableEmailNotifications }).from(users).where(eq(users.id, userId)).limit(1),
    ]);
    if (!event || !person) return;
    const location = hall?.name ?? '';
    const written = await notify(deps.db, deps.realtime, files, [
      {
        userId,
        type: 'lecture_reminder',
        eventId: row.eventId,
        meetingId: null,
        sender: null,
        data: { starts_at: startsAt, event_name: event.name, event_slug: event.slug, location, lecture_id: row.id, hall_id: row.hallId, title: row.title },
        dedupeKey: `lecture-reminder:${row.id}:${startsAt}:${userId}`,
      },
    ]);
    if (written === 0 || person.noMail) return;
    const link = `${deps.config.publicUrl}/events/${encodeURIComponent(event.slug)}/lectures/${row.hallId}/${row.id}`;
    const when = formatWhen(row.startsAt, person.timezone || event.timezone);
    await deps.mailer.send(person.email, { kind: 'lecture_reminder', link, name: person.firstName, event: event.name, title: row.title, when, location }, languageOf(person.language));
  };
}
