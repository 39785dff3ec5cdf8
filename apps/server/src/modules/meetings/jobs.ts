import type { Deps } from '../../deps.ts';
import { fileUrls } from '../../files/urls.ts';
import type { JobHandler } from '../../jobs/runner.ts';
import { meetingChanged, notify } from '../notifications/service.ts';
import { locationName } from './present.ts';
import { loadMeetingEvent, type MeetingRow } from './repo.ts';
import { eq } from 'drizzle-orm';
import { meetings } from '../../db/schema/index.ts';

/**
 * The reminder 10 minutes before an accepted meeting (contract.md section 9), from the durable
 * queue: a node that crashes leaves it to another, and the dedupe key makes a second run (two
 * nodes, a retry after a crash between insert and completion) write nothing.
 */
export function meetingReminderHandler(deps: Pick<Deps, 'db' | 'realtime' | 'config'>): JobHandler {
  const files = fileUrls(deps.config.secret);
  return async (job) => {
    const meetingId = Number(job.payload.meetingId);
    const startsAt = String(job.payload.startsAt);
    const [row]: MeetingRow[] = await deps.db.select().from(meetings).where(eq(meetings.id, meetingId)).limit(1);
    // Cancelled, or moved since the reminder was planned: the reminder of the new time is another job.
    if (!row || row.status !== 'accepted' || row.startsAt.toISOString() !== startsAt) return;
    const event = await loadMeetingEvent(deps.db, row.eventId);
    if (!event) return;
    const data = { starts_at: startsAt, event_name: event.name, event_slug: event.slug, location: locationName(row, event) };
    await notify(
      deps.db,
      deps.realtime,
      files,
      [row.organizerId, row.inviteeId].map((userId) => ({ userId, type: 'meeting_reminder_v2' as const, eventId: row.eventId, meetingId: row.id, sender: null, data, dedupeKey: `reminder:${row.id}:${startsAt}:${userId}` })),
    );
    meetingChanged(deps.realtime, [row.organizerId, row.inviteeId], row.eventId, row.id);
  };
}
