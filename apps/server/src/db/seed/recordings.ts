// Demo room recordings (issue 14): three recordings of the summit's WN Meet room, which the page
// editor's recordings picker offers for a jitsi video.
import { DEFAULT_JITSI_HOSTS, type EventConfig } from '@lobby/contract';
import { eq } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { events, roomVideos } from '../schema/index.ts';
import type { SeededEvents } from './people.ts';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** The summit's room when its config names none. */
export const DEMO_ROOM = 'lobby-summit-lounge';

/** What was recorded, and how many hours before seeding. */
const RECORDINGS: [string, number][] = [
  ['publisher-office-hours', 2 * DAY + 5 * HOUR],
  ['indie-pitch-rehearsal', DAY + 3 * HOUR],
  ['investor-roundtable', 4 * HOUR],
];

/** Sets the summit's wnmeet.roomId if it has none, and stores its recordings on the default WN Meet host. */
export async function seedRecordings(tx: Tx, seeded: SeededEvents, now: number): Promise<void> {
  const eventId = seeded.eventId.get('lobby-summit');
  if (eventId === undefined) return;
  const [event] = await tx.select({ config: events.config }).from(events).where(eq(events.id, eventId)).limit(1);
  if (!event) return;
  let room = event.config.wnmeet.roomId ?? null;
  if (!room) {
    room = DEMO_ROOM;
    const config: EventConfig = { ...event.config, wnmeet: { ...event.config.wnmeet, roomId: room } };
    await tx.update(events).set({ config }).where(eq(events.id, eventId));
  }
  const host = DEFAULT_JITSI_HOSTS[0];
  await tx.insert(roomVideos).values(
    RECORDINGS.map(([name, ago]) => {
      const at = new Date(now - ago);
      return { eventId, room, link: `https://${host}/recordings/${room}/${at.toISOString().slice(0, 10)}-${name}.mp4`, createdAt: at };
    }),
  );
}
