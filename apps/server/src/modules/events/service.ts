import { ErrorCode, type Event, type EventGroup, type EventGroups, type Language } from '@lobby/contract';
import type { Db } from '../../db/client.ts';
import { notFound } from '../../http/errors.ts';
import { presentEvent } from './present.ts';
import { BRANDING_PLACES, type BrandingGroup } from '@lobby/contract';
import { findActiveEvent, findActiveEvents, findBrandings, findMyEvents } from './repo.ts';

const newestFirst = (a: Event, b: Event) => b.date_to.localeCompare(a.date_to) || b.id - a.id;

/** Active events in three groups: past (newest first), current and upcoming (soonest first). */
export async function listEventGroups(
  db: Db,
  filter: { query?: string | undefined; group?: EventGroup | undefined },
  lang: Language,
  userId: number | null = null,
  now = new Date(),
): Promise<EventGroups> {
  const records = await findActiveEvents(db, {
    now,
    ...(filter.query ? { query: filter.query } : {}),
    ...(filter.group ? { group: filter.group } : {}),
  });
  const groups: EventGroups = { past: [], current: [], upcoming: [] };
  for (const record of records) {
    const event = presentEvent(record, lang, now);
    groups[event.group].push(event);
  }
  groups.past.sort(newestFirst);
  if (userId !== null) groups.my = (await findMyEvents(db, userId)).map((record) => presentEvent(record, lang, now));
  return groups;
}

export async function getEvent(db: Db, ref: string, lang: Language, now = new Date()): Promise<Event> {
  const record = await findActiveEvent(db, ref);
  if (!record) throw notFound(ErrorCode.eventNotFound, `Event "${ref}" was not found.`, { slug: ref });
  return presentEvent(record, lang, now);
}

/** Banners grouped by place, in the order of BRANDING_PLACES; empty places are left out. */
export async function listBrandingGroups(db: Db, eventId: number): Promise<BrandingGroup[]> {
  const record = await findActiveEvent(db, String(eventId));
  if (!record) throw notFound(ErrorCode.eventNotFound, `Event ${eventId} was not found.`, { id: eventId });
  const rows = await findBrandings(db, eventId);
  return BRANDING_PLACES.map((place) => ({
    place,
    banners: rows.filter((row) => row.place === place).map((row) => ({ id: row.id, place_id: place, title: row.title, image_url: row.imageUrl, link_url: row.linkUrl })),
  })).filter((group) => group.banners.length > 0);
}
