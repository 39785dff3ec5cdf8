// Sending a custom push (the organiser's message to a segment): in pages of the segment's people,
// each a custom_push notification through the dispatcher (in-app now, push by the queue) and a mail
// to those who take mail. The dedupe key per message and person makes a rerun write nothing twice.
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { events, jobs } from '../../db/schema/index.ts';
import type { FileUrls } from '../../files/urls.ts';
import type { JobHandler } from '../../jobs/runner.ts';
import type { Mailer } from '../../mail/mailer.ts';
import type { Realtime } from '../../realtime/server.ts';
import { notifyRows } from '../notifications/service.ts';
import { findCustomPush, segmentPage } from './repo.ts';
import { languageOf } from './texts.ts';

/** People per turn: the queue's other jobs get their turn between two pages. */
export const CUSTOM_PUSH_PAGE = 200;

export interface CustomPushContext {
  db: Db;
  realtime: Realtime;
  files: FileUrls;
  mailer: Mailer;
  publicUrl: string;
}

/** Where the mail's button leads: the message's address, else the event's notifications. */
export function customPushLink(publicUrl: string, eventSlug: string, url: string | null): string {
  if (url?.startsWith('/')) return `${publicUrl}${url}`;
  return url ?? `${publicUrl}/events/${encodeURIComponent(eventSlug)}/notifications`;
}

export function customPushHandler(ctx: CustomPushContext): JobHandler {
  return async (job) => {
    const push = await findCustomPush(ctx.db, Number(job.payload.customPushId));
    if (!push) return;
    const [event] = await ctx.db.select({ slug: events.slug, name: events.name }).from(events).where(eq(events.id, push.eventId)).limit(1);
    if (!event) return;
    const after = Number(job.payload.after ?? 0) || 0;
    const people = await segmentPage(ctx.db, push.eventId, push.segment, after, CUSTOM_PUSH_PAGE);
    if (people.length === 0) return;
    const data = { title: push.title, text: push.text, event_name: event.name, event_slug: event.slug, ...(push.url ? { url: push.url } : {}) };
    const written = await notifyRows(
      ctx.db,
      ctx.realtime,
      ctx.files,
      people.map((person) => ({ userId: person.userId, type: 'custom_push' as const, eventId: push.eventId, meetingId: null, sender: null, data, dedupeKey: `custom-push:${push.id}:${person.userId}` })),
    );
    const link = customPushLink(ctx.publicUrl, event.slug, push.url);
    const byId = new Map(people.map((person) => [person.userId, person]));
    for (const row of written) {
      const person = byId.get(row.userId);
      if (!person || person.noMail) continue;
      await ctx.mailer.send(person.email, { kind: 'custom_push', link, name: person.firstName, event: event.name, title: push.title, text: push.text }, languageOf(person.language));
    }
    if (people.length < CUSTOM_PUSH_PAGE) return;
    // The next page starts after this one's last person, on the next turn.
    const last = people[people.length - 1]?.userId ?? after;
    await ctx.db.update(jobs).set({ payload: { ...job.payload, after: last } }).where(eq(jobs.id, job.id));
    return 'again';
  };
}
