// Demo external meetings (issue 16): the summit's Zoom link, which /zoom-call opens, and one talk
// with a meeting of its own. Placeholder meeting ids (all zeros): the demo needs no network.
import type { EventConfig } from '@lobby/contract';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { events, lectures } from '../schema/index.ts';
import type { SeededEvents } from './people.ts';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export const DEMO_EVENT_MEETING = 'https://zoom.us/j/0000000000?pwd=LobbySummitDemo';
/** The talk with its own meeting: an upcoming one on day two, where people stay to talk after. */
export const DEMO_LECTURE_MEETING = { title: 'Community first: Discord servers that keep players', url: 'https://zoom.us/j/0000000001?pwd=LobbyCommunityDemo' };

export async function seedExternalMeetings(tx: Tx, seeded: SeededEvents): Promise<void> {
  const eventId = seeded.eventId.get('lobby-summit');
  if (eventId === undefined) return;
  const [event] = await tx.select({ config: events.config }).from(events).where(eq(events.id, eventId)).limit(1);
  if (!event) return;
  const config: EventConfig = { ...event.config, zoom: { url: DEMO_EVENT_MEETING } };
  await tx.update(events).set({ config }).where(eq(events.id, eventId));
  await tx
    .update(lectures)
    .set({ externalUrl: DEMO_LECTURE_MEETING.url })
    .where(and(eq(lectures.eventId, eventId), eq(lectures.title, DEMO_LECTURE_MEETING.title)));
}
