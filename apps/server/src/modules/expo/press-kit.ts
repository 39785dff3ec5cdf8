// The event's press kit (the Media page): links and files. Files are sniffed by content while they
// stream in and refused at the first bytes that are not pdf, zip, png, jpg or mp4 (415), or at the
// byte past the limit (413); they are kept by the file store and downloaded as attachments.
import { ErrorCode, PRESS_KIT_DESCRIPTION_MAX, PRESS_KIT_FILE_TYPES, PRESS_KIT_ITEMS_MAX, PRESS_KIT_TITLE_MAX, type PressKitItem } from '@lobby/contract';
import { and, asc, count, eq, max } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.ts';
import { events, pressKitItems } from '../../db/schema/index.ts';
import { newFileKey, type FileStore } from '../../files/store.ts';
import { tooLarge } from '../../files/upload.ts';
import { AppError } from '../../http/errors.ts';
import { attachmentHeader, downloadName, isFullOrder, isPressKitLink } from './policy.ts';
import { presentItem, type PressKitRow } from './present.ts';

/** Enough of a file's start for every signature of the allowed types. */
const SNIFF_BYTES = 4100;

export const pressKitNotFound = () => new AppError(404, ErrorCode.pressKitNotFound, 'This press kit item was not found.');
const full = () => new AppError(409, ErrorCode.conflict, `The press kit has ${PRESS_KIT_ITEMS_MAX} items, the most it can have: remove one first.`, { max: PRESS_KIT_ITEMS_MAX });
const wrongType = () =>
  new AppError(415, ErrorCode.unsupportedMediaType, 'Only PDF, ZIP, PNG, JPEG or MP4 files can be added to the press kit.', { allowed: [...PRESS_KIT_FILE_TYPES] });
const problem = (status: 400 | 422, field: string, message: string, key: string) => new AppError(status, ErrorCode.validation, message, { fields: [{ field: `body.${field}`, message, key, params: {} }] });

export const listPressKit = (db: Db, eventId: number): Promise<PressKitRow[]> =>
  db.select().from(pressKitItems).where(eq(pressKitItems.eventId, eventId)).orderBy(asc(pressKitItems.position), asc(pressKitItems.id));

export async function findItem(db: Db, eventId: number, itemId: number): Promise<PressKitRow | undefined> {
  const [row] = await db
    .select()
    .from(pressKitItems)
    .where(and(eq(pressKitItems.eventId, eventId), eq(pressKitItems.id, itemId)))
    .limit(1);
  return row;
}

async function hasRoom(db: Db, eventId: number): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(pressKitItems).where(eq(pressKitItems.eventId, eventId));
  return (row?.n ?? 0) < PRESS_KIT_ITEMS_MAX;
}

/** Adds an item last; the event's row is locked so concurrent adds never pass the limit. undefined when full. */
async function insertItem(db: Db, values: Omit<typeof pressKitItems.$inferInsert, 'position'> & { eventId: number }): Promise<PressKitRow | undefined> {
  return db.transaction(async (tx) => {
    await tx.select({ id: events.id }).from(events).where(eq(events.id, values.eventId)).for('update');
    const [stats] = await tx.select({ n: count(), last: max(pressKitItems.position) }).from(pressKitItems).where(eq(pressKitItems.eventId, values.eventId));
    if ((stats?.n ?? 0) >= PRESS_KIT_ITEMS_MAX) return undefined;
    const [row] = await tx
      .insert(pressKitItems)
      .values({ ...values, position: (stats?.last ?? -1) + 1 })
      .returning();
    return row;
  });
}

export async function adminPressKit(db: Db, eventId: number, partnerIds: number[]) {
  return { items: (await listPressKit(db, eventId)).map(presentItem), partner_ids: partnerIds };
}

export async function addLink(db: Db, eventId: number, body: { title: string; description?: string | undefined; url: string | null }): Promise<PressKitItem> {
  if (!isPressKitLink(body.url)) throw problem(422, 'url', 'A press kit link must be an https address.', 'invalid_url');
  const row = await insertItem(db, { eventId, kind: 'link', title: body.title, description: body.description ?? '', url: body.url });
  if (!row) throw full();
  return presentItem(row);
}

interface ReceivedKitFile {
  title: string;
  description: string;
  filename: string | undefined;
  contentType: string;
  data: Buffer;
}

/** Reads the form (title, description, file), counting and sniffing the file as it streams in. */
export async function receiveKitFile(request: FastifyRequest, maxBytes: number): Promise<ReceivedKitFile> {
  if (!request.isMultipart()) throw new AppError(415, ErrorCode.unsupportedMediaType, 'Send the file as multipart/form-data.');
  const { fileTypeFromBuffer } = await import('file-type');
  const fields = new Map<string, string>();
  let received: { data: Buffer; filename: string | undefined; contentType: string } | undefined;
  try {
    for await (const part of request.parts({ limits: { fileSize: maxBytes + 1, files: 1, fields: 4, fieldSize: PRESS_KIT_DESCRIPTION_MAX * 4, parts: 6 } })) {
      if (part.type === 'field') {
        if ((part.fieldname === 'title' || part.fieldname === 'description') && typeof part.value === 'string') fields.set(part.fieldname, part.value);
        continue;
      }
      if (part.fieldname !== 'file') {
        part.file.resume();
        continue;
      }
      const chunks: Buffer[] = [];
      let size = 0;
      let contentType: string | undefined;
      const sniff = async (head: Buffer) => {
        const mime = (await fileTypeFromBuffer(head))?.mime;
        if (!mime || !(PRESS_KIT_FILE_TYPES as readonly string[]).includes(mime)) throw wrongType();
        return mime;
      };
      for await (const chunk of part.file) {
        size += (chunk as Buffer).length;
        if (size > maxBytes) throw tooLarge(maxBytes);
        chunks.push(chunk as Buffer);
        // Refused at its first bytes: a file of the wrong kind is not read to its end.
        if (contentType === undefined && size >= SNIFF_BYTES) contentType = await sniff(Buffer.concat(chunks, size));
      }
      if (part.file.truncated) throw tooLarge(maxBytes);
      if (size === 0) break;
      const data = Buffer.concat(chunks, size);
      received = { data, filename: part.filename, contentType: contentType ?? (await sniff(data)) };
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    const code = (error as { code?: unknown }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge(maxBytes);
    throw problem(400, 'file', 'The form could not be read: send a title, an optional description and one file in "file".', 'invalid');
  }
  if (!received) throw problem(400, 'file', 'Choose a file to upload.', 'required');
  const title = (fields.get('title') ?? '').trim();
  const description = (fields.get('description') ?? '').trim();
  if (title.length === 0) throw problem(400, 'title', 'Give the file a title.', 'required');
  if (title.length > PRESS_KIT_TITLE_MAX) throw problem(400, 'title', `At most ${PRESS_KIT_TITLE_MAX} characters.`, 'too_long');
  if (description.length > PRESS_KIT_DESCRIPTION_MAX) throw problem(400, 'description', `At most ${PRESS_KIT_DESCRIPTION_MAX} characters.`, 'too_long');
  return { title, description, ...received };
}

/** Refuses an upload before its file is read when the press kit is already full. */
export async function checkRoom(db: Db, eventId: number): Promise<void> {
  if (!(await hasRoom(db, eventId))) throw full();
}

/** Stores the file, then records it; a refused or failed record takes the file away again. */
export async function addFile(db: Db, store: FileStore, eventId: number, file: ReceivedKitFile): Promise<PressKitItem> {
  const key = newFileKey(`pk${eventId}`, file.contentType);
  await store.put(key, file.data, file.contentType);
  let row: PressKitRow | undefined;
  try {
    const fileName = downloadName(file.filename ?? null, `press-kit.${key.slice(key.lastIndexOf('.') + 1)}`);
    row = await insertItem(db, { eventId, kind: 'file', title: file.title, description: file.description, fileKey: key, fileName, fileSize: file.data.length, contentType: file.contentType });
  } catch (error) {
    await store.delete(key).catch(() => undefined);
    throw error;
  }
  if (!row) {
    await store.delete(key).catch(() => undefined);
    throw full();
  }
  return presentItem(row);
}

/** Removes an item and its file; another event's item is not found. */
export async function deleteItem(db: Db, store: FileStore, eventId: number, itemId: number): Promise<{ id: number; deleted: boolean }> {
  const [row] = await db
    .delete(pressKitItems)
    .where(and(eq(pressKitItems.eventId, eventId), eq(pressKitItems.id, itemId)))
    .returning();
  if (!row) throw pressKitNotFound();
  if (row.fileKey) await store.delete(row.fileKey);
  return { id: row.id, deleted: true };
}

export async function sortItems(db: Db, eventId: number, ids: readonly number[]): Promise<PressKitItem[]> {
  const done = await db.transaction(async (tx) => {
    await tx.select({ id: events.id }).from(events).where(eq(events.id, eventId)).for('update');
    const existing = await tx.select({ id: pressKitItems.id }).from(pressKitItems).where(eq(pressKitItems.eventId, eventId));
    if (!isFullOrder(ids, existing.map((row) => row.id))) return false;
    for (const [position, id] of ids.entries()) await tx.update(pressKitItems).set({ position }).where(and(eq(pressKitItems.eventId, eventId), eq(pressKitItems.id, id)));
    return true;
  });
  if (!done) throw problem(422, 'ids', 'The new order must list every press kit item once.', 'invalid');
  return (await listPressKit(db, eventId)).map(presentItem);
}

/** Streams a press kit file as an attachment with the type sniffed at upload. */
export async function sendFile(db: Db, store: FileStore, reply: FastifyReply, eventId: number, itemId: number): Promise<FastifyReply> {
  const row = await findItem(db, eventId, itemId);
  if (!row || row.kind !== 'file' || !row.fileKey) throw pressKitNotFound();
  const file = await store.open(row.fileKey);
  if (!file) throw pressKitNotFound();
  reply
    .status(200)
    .header('content-type', row.contentType ?? file.contentType)
    .header('content-disposition', attachmentHeader(downloadName(row.fileName, 'press-kit')))
    .header('cache-control', 'private, no-cache')
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', "default-src 'none'; sandbox");
  if (file.size !== undefined) reply.header('content-length', file.size);
  return reply.send(file.stream);
}
