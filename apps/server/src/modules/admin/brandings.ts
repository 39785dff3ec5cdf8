import type { BrandingGroup } from '@lobby/contract';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { brandings } from '../../db/schema/index.ts';
import { findBrandings } from '../events/repo.ts';

type Item = { place: BrandingGroup['place']; image_url: string; link_url?: string | null | undefined; title?: string | undefined };

/** Replaces the banners of an event at once. */
export async function setBrandings(db: Db, eventId: number, items: Item[]) {
  await db.transaction(async (tx) => {
    await tx.delete(brandings).where(eq(brandings.eventId, eventId));
    if (items.length > 0) {
      await tx.insert(brandings).values(items.map((item, sort) => ({ eventId, place: item.place, imageUrl: item.image_url, linkUrl: item.link_url || null, title: item.title ?? '', sort })));
    }
  });
  const rows = await findBrandings(db, eventId);
  return rows.map((row) => ({ id: row.id, place_id: row.place as Item['place'], title: row.title, image_url: row.imageUrl, link_url: row.linkUrl }));
}
