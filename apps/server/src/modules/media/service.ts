import { EDITOR_IMAGE_TYPES, EDITOR_UPLOAD_MAX_BYTES, ErrorCode, IMAGE_TYPES, USER_MEDIA_CATEGORIES, ZCompanyMediaCategory, type Uploaded } from '@lobby/contract';
import type { Db } from '../../db/client.ts';
import type { FileStore } from '../../files/store.ts';
import { newFileKey } from '../../files/store.ts';
import { makeThumbnail, type ReceivedFile, type UploadRules } from '../../files/upload.ts';
import { fileUrls } from '../../files/urls.ts';
import { AppError } from '../../http/errors.ts';
import { companySlotOf } from './policy.ts';
import { deleteMediaRow, findCompanyMedia, insertMedia, setAvatar, setCompanyPicture, unsetCompanyPicture, type MediaOwner, type MediaRow } from './repo.ts';

export interface MediaContext {
  db: Db;
  files: FileStore;
  secret: string;
  uploadMaxBytes: number;
}

const badCategory = (allowed: string) => {
  const message = `Category must be ${allowed}.`;
  return new AppError(400, ErrorCode.validation, message, { fields: [{ field: 'body.category', message, key: 'invalid', params: {} }] });
};

export function presentUploaded(row: MediaRow, secret: string): Uploaded {
  const urls = fileUrls(secret);
  return { id: row.id, category: row.category, url: urls.url(row.storageKey ?? row.url) ?? row.url, thumb_url: urls.url(row.thumbStorageKey ?? row.thumbUrl), mime_type: row.mimeType, size: row.size ?? 0 };
}

/** Stores the file and its thumbnail, then records them; a failed record takes the files away again. */
async function store(ctx: MediaContext, owner: MediaOwner, category: string, file: { data: Buffer; contentType: string }): Promise<MediaRow> {
  const prefix = `${owner.type[0] ?? 'x'}${owner.id}`;
  const key = newFileKey(prefix, file.contentType);
  const thumb = await makeThumbnail(file.data, file.contentType);
  const thumbKey = thumb ? newFileKey(`${prefix}t`, thumb.contentType) : null;
  await ctx.files.put(key, file.data, file.contentType);
  try {
    if (thumb && thumbKey) await ctx.files.put(thumbKey, thumb.data, thumb.contentType);
    return await insertMedia(ctx.db, owner, { category, key, thumbKey, mimeType: file.contentType, size: file.data.length });
  } catch (error) {
    await Promise.allSettled([ctx.files.delete(key), thumbKey ? ctx.files.delete(thumbKey) : Promise.resolve()]);
    throw error;
  }
}

/** People's and companies' pictures: png, jpeg, gif up to UPLOAD_MAX_BYTES. */
export const imageRules = (ctx: MediaContext): UploadRules => ({ maxBytes: ctx.uploadMaxBytes, types: IMAGE_TYPES });
/** Event pages and lessons: 1 MB, SVG allowed (sanitised). */
export const eventMediaRules = (ctx: MediaContext): UploadRules => ({ maxBytes: Math.min(EDITOR_UPLOAD_MAX_BYTES, ctx.uploadMaxBytes), types: EDITOR_IMAGE_TYPES });

/** The signed-in person's picture: category logo (the avatar, default) or cover. */
export async function uploadForUser(ctx: MediaContext, file: ReceivedFile, userId: number): Promise<Uploaded> {
  const category = file.category?.trim() || 'logo';
  if (!(USER_MEDIA_CATEGORIES as readonly string[]).includes(category)) throw badCategory(USER_MEDIA_CATEGORIES.join(' or '));
  const row = await store(ctx, { type: 'user', id: userId }, category, file);
  if (category === 'logo' && row.storageKey) await setAvatar(ctx.db, userId, row.storageKey, row.thumbStorageKey);
  return presentUploaded(row, ctx.secret);
}

export async function uploadForEvent(ctx: MediaContext, file: ReceivedFile, eventId: number): Promise<Uploaded> {
  const category = file.category?.trim() || 'content';
  if (!/^[a-z0-9_-]{1,40}$/.test(category)) throw badCategory('letters, digits, "_" or "-" (up to 40)');
  const row = await store(ctx, { type: 'event', id: eventId }, category, file);
  return presentUploaded(row, ctx.secret);
}

export async function uploadForCompany(ctx: MediaContext, file: ReceivedFile, companyId: number): Promise<Uploaded> {
  const parsed = ZCompanyMediaCategory.safeParse(file.category?.trim() || 'logo');
  if (!parsed.success) throw badCategory('logo, cover or hero...');
  const row = await store(ctx, { type: 'company', id: companyId }, parsed.data, file);
  const slot = companySlotOf(parsed.data);
  if (slot && row.storageKey) await setCompanyPicture(ctx.db, companyId, slot, row.storageKey, row.thumbStorageKey);
  return presentUploaded(row, ctx.secret);
}

/** Another company's media id is "not found", the same as one that never existed. */
export async function deleteForCompany(ctx: MediaContext, companyId: number, mediaId: number): Promise<void> {
  const row = await findCompanyMedia(ctx.db, companyId, mediaId);
  if (!row) throw new AppError(404, ErrorCode.mediaNotFound, 'This picture was not found.');
  if (row.storageKey) await unsetCompanyPicture(ctx.db, companyId, row.storageKey);
  await deleteMediaRow(ctx.db, row.id);
  await Promise.allSettled([row.storageKey ? ctx.files.delete(row.storageKey) : null, row.thumbStorageKey ? ctx.files.delete(row.thumbStorageKey) : null]);
}
