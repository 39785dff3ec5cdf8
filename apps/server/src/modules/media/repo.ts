import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { companies, companyUsers, media, users } from '../../db/schema/index.ts';

export type MediaRow = typeof media.$inferSelect;
export type MediaOwner = { type: 'event' | 'user' | 'company'; id: number };

export async function insertMedia(db: Db, owner: MediaOwner, values: { category: string; key: string; thumbKey: string | null; mimeType: string; size: number }): Promise<MediaRow> {
  const [row] = await db
    .insert(media)
    .values({ ownerType: owner.type, ownerId: owner.id, category: values.category, url: values.key, thumbUrl: values.thumbKey, storageKey: values.key, thumbStorageKey: values.thumbKey, mimeType: values.mimeType, size: values.size })
    .returning();
  if (!row) throw new Error('no media row');
  return row;
}

export async function findCompanyMedia(db: Db, companyId: number, mediaId: number): Promise<MediaRow | undefined> {
  const [row] = await db
    .select()
    .from(media)
    .where(and(eq(media.id, mediaId), eq(media.ownerType, 'company'), eq(media.ownerId, companyId)))
    .limit(1);
  return row;
}

export async function deleteMediaRow(db: Db, id: number): Promise<void> {
  await db.delete(media).where(eq(media.id, id));
}

/** Whether the company exists, and the person's standing towards it. */
export async function companyStanding(db: Db, companyId: number, userId: number): Promise<{ exists: boolean; isStaff: boolean; roles: string[] | null }> {
  const [[company], [user], [link]] = await Promise.all([
    db.select({ id: companies.id }).from(companies).where(eq(companies.id, companyId)).limit(1),
    db.select({ isStaff: users.isStaff }).from(users).where(eq(users.id, userId)).limit(1),
    db
      .select({ roles: companyUsers.roles })
      .from(companyUsers)
      .where(and(eq(companyUsers.companyId, companyId), eq(companyUsers.userId, userId)))
      .limit(1),
  ]);
  return { exists: Boolean(company), isStaff: user?.isStaff ?? false, roles: link?.roles ?? null };
}

export async function setCompanyPicture(db: Db, companyId: number, slot: 'logo' | 'cover', key: string | null, thumbKey: string | null): Promise<void> {
  const values = slot === 'logo' ? { logoKey: key, logoThumbKey: thumbKey } : { coverKey: key };
  await db
    .update(companies)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(companies.id, companyId));
}

/** Clears the company's logo or cover when it is this file. */
export async function unsetCompanyPicture(db: Db, companyId: number, key: string): Promise<void> {
  await db.update(companies).set({ logoKey: null, logoThumbKey: null }).where(and(eq(companies.id, companyId), eq(companies.logoKey, key)));
  await db.update(companies).set({ coverKey: null }).where(and(eq(companies.id, companyId), eq(companies.coverKey, key)));
}

export async function setAvatar(db: Db, userId: number, key: string, thumbKey: string | null): Promise<void> {
  await db.update(users).set({ avatarKey: key, avatarThumbKey: thumbKey, updatedAt: new Date() }).where(eq(users.id, userId));
}
