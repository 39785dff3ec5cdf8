import type { ChatCustomData, ChatCustomType } from '@lobby/contract';
import { and, asc, desc, eq, gt, gte, inArray, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { academyLessons, chatBans, chatChannels, chatMembers, chatMessages, chatReports, chatUploads, companies, companyUsers, eventCompanies, eventMembers, events, users } from '../../db/schema/index.ts';

export type ChannelRow = typeof chatChannels.$inferSelect;
export type MessageRow = typeof chatMessages.$inferSelect;
export type UploadRow = typeof chatUploads.$inferSelect;

/** A person as chats show them. */
export const personColumns = {
  id: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  avatarKey: users.avatarKey,
  avatarThumbKey: users.avatarThumbKey,
};
export interface PersonRow {
  id: number;
  firstName: string;
  lastName: string;
  avatarKey: string | null;
  avatarThumbKey: string | null;
}

/** A channel with the reader's place in it. */
export interface ChannelView {
  channel: ChannelRow;
  readSeq: number | null;
  /** The reader's roles in the channel's company. */
  companyRoles: string[];
  ban: { until: Date; reason: string } | null;
}

const rolesInChannelCompany = (userId: number) =>
  sql<string[]>`coalesce((select ${companyUsers.roles} from ${companyUsers} where ${companyUsers.companyId} = ${chatChannels.entityId} and ${companyUsers.userId} = ${userId} and ${chatChannels.entityType} in ('company', 'promo_company')), '{}')`;

const banOf = (userId: number) =>
  sql<{ until: string; reason: string } | null>`(select json_build_object('until', ${chatBans.until}, 'reason', ${chatBans.reason}) from ${chatBans} where ${chatBans.eventId} = ${chatChannels.eventId} and ${chatBans.userId} = ${userId} and ${chatBans.until} > now())`;

const viewColumns = (userId: number) => ({
  channel: chatChannels,
  readSeq: chatMembers.readSeq,
  companyRoles: rolesInChannelCompany(userId),
  ban: banOf(userId),
});

type RawView = { channel: ChannelRow; readSeq: number | null; companyRoles: string[]; ban: { until: string; reason: string } | null };
const toView = (row: RawView): ChannelView => ({ ...row, companyRoles: row.companyRoles ?? [], ban: row.ban ? { until: new Date(row.ban.until), reason: row.ban.reason } : null });

export async function findChannelView(db: Db, channelId: string, userId: number): Promise<ChannelView | null> {
  const [row] = await db
    .select(viewColumns(userId))
    .from(chatChannels)
    .leftJoin(chatMembers, and(eq(chatMembers.channelId, chatChannels.id), eq(chatMembers.userId, userId)))
    .where(eq(chatChannels.id, channelId))
    .limit(1);
  return row ? toView(row) : null;
}

export async function findChannel(db: Db, channelId: string): Promise<ChannelRow | null> {
  const [row] = await db.select().from(chatChannels).where(eq(chatChannels.id, channelId)).limit(1);
  return row ?? null;
}

/** What a person can see in one event's channel list besides their own rows (docs/decisions.md, Chat). */
export interface ListScope {
  userId: number;
  eventId: number | null;
  /** Lesson chats of the event are the viewer's to answer (teachers, course admins). */
  reviewsLessons: boolean;
  /** The event's promo channels reach the viewer (members and organisers). */
  seesPromo: boolean;
  /** The academy's promo channel reaches the viewer (students, teachers, course admins). */
  seesAcademyPromo: boolean;
  entityType: 'company' | 'promo_company' | 'lesson' | 'private' | 'notifications' | undefined;
}

function listWhere(scope: ListScope): SQL {
  const mine = sql`exists (select 1 from ${chatMembers} m where m.channel_id = ${chatChannels.id} and m.user_id = ${scope.userId})`;
  const companySide = sql`(${chatChannels.entityType} = 'company' and ${chatChannels.lastSeq} > 0 and ${chatChannels.entityId} in (select ${companyUsers.companyId} from ${companyUsers} where ${companyUsers.userId} = ${scope.userId} and ${companyUsers.roles} && array['chat', 'admin']::text[]))`;
  const reachable: SQL[] = [mine, companySide];
  if (scope.reviewsLessons && scope.eventId !== null) reachable.push(sql`(${chatChannels.entityType} = 'lesson' and ${chatChannels.lastSeq} > 0)`);
  if (scope.seesPromo && scope.eventId !== null) reachable.push(sql`(${chatChannels.entityType} = 'promo_company' and ${chatChannels.entityId} is not null and ${chatChannels.lastSeq} > 0)`);
  if (scope.seesAcademyPromo && scope.eventId !== null) reachable.push(sql`(${chatChannels.entityType} = 'promo_company' and ${chatChannels.entityId} is null and ${chatChannels.lastSeq} > 0)`);
  const conditions: SQL[] = [isNull(chatChannels.path), sql`(${sql.join(reachable, sql` or `)})`];
  if (scope.eventId !== null) conditions.push(eq(chatChannels.eventId, scope.eventId));
  if (scope.entityType === 'private') conditions.push(and(eq(chatChannels.access, 'private'), isNull(chatChannels.entityType)) as SQL);
  else if (scope.entityType === 'notifications') conditions.push(eq(chatChannels.access, 'notifications'));
  else if (scope.entityType) conditions.push(eq(chatChannels.entityType, scope.entityType));
  return and(...conditions) as SQL;
}

/** Unread messages of one channel for a reader: visible, not theirs, after what they read. */
const unreadOf = (userId: number) =>
  sql<number>`(select count(*)::int from ${chatMessages} um where um.channel_id = ${chatChannels.id} and um.seq > coalesce(${chatMembers.readSeq}, 0) and um.is_visible and um.sender_id is distinct from ${userId})`;

export async function listChannels(db: Db, scope: ListScope, limit: number, offset: number): Promise<{ rows: (ChannelView & { unread: number })[]; total: number }> {
  const where = listWhere(scope);
  const [rows, [count]] = await Promise.all([
    db
      .select({ ...viewColumns(scope.userId), unread: unreadOf(scope.userId) })
      .from(chatChannels)
      .leftJoin(chatMembers, and(eq(chatMembers.channelId, chatChannels.id), eq(chatMembers.userId, scope.userId)))
      .where(where)
      .orderBy(desc(chatChannels.updatedAt), desc(chatChannels.id))
      .limit(limit)
      .offset(offset),
    db.select({ total: sql<number>`count(*)::int` }).from(chatChannels).where(where),
  ]);
  return { rows: rows.map((row) => ({ ...toView(row), unread: row.unread })), total: count?.total ?? 0 };
}

/** Unread counts per channel of the scope (kind decided by the caller). */
export async function unreadByChannel(db: Db, scope: ListScope): Promise<{ access: ChannelRow['access']; entityType: ChannelRow['entityType']; unread: number }[]> {
  return db
    .select({ access: chatChannels.access, entityType: chatChannels.entityType, unread: unreadOf(scope.userId) })
    .from(chatChannels)
    .leftJoin(chatMembers, and(eq(chatMembers.channelId, chatChannels.id), eq(chatMembers.userId, scope.userId)))
    .where(and(listWhere(scope), sql`${chatChannels.lastSeq} > coalesce(${chatMembers.readSeq}, 0)`));
}

export async function unreadCount(db: Db, channelId: string, userId: number, readSeq: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(chatMessages)
    .where(and(eq(chatMessages.channelId, channelId), gt(chatMessages.seq, readSeq), eq(chatMessages.isVisible, true), sql`${chatMessages.senderId} is distinct from ${userId}`));
  return row?.n ?? 0;
}

/** Inserts a channel unless its unique key exists; answers the channel either way. */
export async function ensureChannel(
  db: Db,
  values: typeof chatChannels.$inferInsert,
  find: () => Promise<ChannelRow | null>,
  memberIds: number[],
  /** Runs in the inserting transaction first; throws to make nothing (a quota check under a lock). */
  guard?: (tx: Db) => Promise<void>,
): Promise<{ channel: ChannelRow; created: boolean }> {
  const existing = await find();
  if (existing) return { channel: existing, created: false };
  const inserted = await db.transaction(async (tx) => {
    if (guard) await guard(tx);
    const [row] = await tx.insert(chatChannels).values(values).onConflictDoNothing().returning();
    if (row && memberIds.length > 0) await tx.insert(chatMembers).values(memberIds.map((userId) => ({ channelId: row.id, userId }))).onConflictDoNothing();
    return row ?? null;
  });
  if (inserted) return { channel: inserted, created: true };
  // Read after the transaction: `find` runs outside it, and inside it would wait on the
  // transaction's own connection (PGlite has one) or hold a second one (PostgreSQL).
  const raced = await find();
  if (!raced) throw new Error('chat channel vanished after a conflicting insert');
  return { channel: raced, created: false };
}

export const findPrivate = (db: Db, eventId: number, low: number, high: number) => async () =>
  (await db.select().from(chatChannels).where(and(eq(chatChannels.eventId, eventId), eq(chatChannels.pairLow, low), eq(chatChannels.pairHigh, high))).limit(1))[0] ?? null;

export const findOwned = (db: Db, eventId: number, entityType: 'company' | 'lesson', entityId: number, ownerId: number) => async () =>
  (
    await db
      .select()
      .from(chatChannels)
      .where(and(eq(chatChannels.eventId, eventId), eq(chatChannels.entityType, entityType), eq(chatChannels.entityId, entityId), eq(chatChannels.ownerId, ownerId)))
      .limit(1)
  )[0] ?? null;

export const findPage = (db: Db, eventId: number, path: string) => async () =>
  (await db.select().from(chatChannels).where(and(eq(chatChannels.eventId, eventId), eq(chatChannels.path, path))).limit(1))[0] ?? null;

/** The academy's promo channel of an event: its one promo channel of no company. */
export const findAcademyPromo = (db: Db, eventId: number) => async () =>
  (await db.select().from(chatChannels).where(and(eq(chatChannels.eventId, eventId), eq(chatChannels.entityType, 'promo_company'), isNull(chatChannels.entityId))).limit(1))[0] ?? null;

export const findNotices = (db: Db, eventId: number, ownerId: number) => async () =>
  (await db.select().from(chatChannels).where(and(eq(chatChannels.eventId, eventId), eq(chatChannels.access, 'notifications'), eq(chatChannels.ownerId, ownerId))).limit(1))[0] ?? null;

/** Holds the person's row until the transaction ends: their chat starts are counted one at a time. */
export async function lockStarter(tx: Db, userId: number): Promise<void> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('no key update');
}

/** Private and company chats a person opened in an event (limited_chats counts them). */
export async function countStarted(db: Db, eventId: number, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(chatChannels)
    .where(and(eq(chatChannels.eventId, eventId), eq(chatChannels.createdBy, userId), or(isNull(chatChannels.entityType), eq(chatChannels.entityType, 'company')), eq(chatChannels.access, 'private')));
  return row?.n ?? 0;
}

export async function isEventMember(db: Db, eventId: number, userId: number): Promise<boolean> {
  const [row] = await db.select({ id: eventMembers.id }).from(eventMembers).where(and(eq(eventMembers.eventId, eventId), eq(eventMembers.userId, userId))).limit(1);
  return Boolean(row);
}

/** Whether the lesson is one of the event's (a lesson chat is made for such a lesson only). */
export async function isEventLesson(db: Db, eventId: number, lessonId: number): Promise<boolean> {
  const [row] = await db.select({ id: academyLessons.id }).from(academyLessons).where(and(eq(academyLessons.eventId, eventId), eq(academyLessons.id, lessonId))).limit(1);
  return Boolean(row);
}

/** Titles of lessons, by id, with their event (lesson chats are named after their lesson). */
export async function lessonTitles(db: Db, ids: number[]): Promise<Map<number, { eventId: number; title: string }>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await db.select({ id: academyLessons.id, eventId: academyLessons.eventId, title: academyLessons.title }).from(academyLessons).where(inArray(academyLessons.id, unique));
  return new Map(rows.map((row) => [row.id, { eventId: row.eventId, title: row.title }]));
}

/** A company of the event, with whether anybody answers its chat. */
export async function findEventCompany(db: Db, eventId: number, companyId: number): Promise<{ id: number; name: string; hasChat: boolean; answerers: number } | null> {
  const [row] = await db
    .select({
      id: companies.id,
      name: companies.name,
      hasChat: companies.hasChat,
      answerers: sql<number>`(select count(*)::int from ${companyUsers} where ${companyUsers.companyId} = ${companies.id} and ${companyUsers.roles} && array['chat', 'admin']::text[])`,
    })
    .from(eventCompanies)
    .innerJoin(companies, eq(companies.id, eventCompanies.companyId))
    .where(and(eq(eventCompanies.eventId, eventId), eq(eventCompanies.companyId, companyId)))
    .limit(1);
  return row ?? null;
}

export interface NewMessage {
  channelId: string;
  senderId: number | null;
  uuid: string;
  text: string;
  customType: ChatCustomType | null;
  customData: ChatCustomData | null;
  replyMessageId: number | null;
  files: string[];
  /** Moves the sender's read mark to the new message (people with a row or who should get one). */
  senderReads: boolean;
}

class UuidTaken extends Error {}

/**
 * Stores a message under the channel's row lock: the sequence is the channel's last plus one and
 * commits in that order, so a channel's sequences have no gaps and a reader who holds up to N
 * misses nothing by asking for what comes after N. The same sender and uuid again answers the
 * stored message (created false) and takes no number.
 */
export async function insertMessage(db: Db, input: NewMessage): Promise<{ message: MessageRow; created: boolean } | { taken: true }> {
  try {
    const message = await db.transaction(async (tx) => {
      const [locked] = await tx.select({ lastSeq: chatChannels.lastSeq }).from(chatChannels).where(eq(chatChannels.id, input.channelId)).for('no key update');
      if (!locked) throw new Error('chat channel vanished');
      const seq = locked.lastSeq + 1;
      const [row] = await tx
        .insert(chatMessages)
        .values({ channelId: input.channelId, senderId: input.senderId, uuid: input.uuid, seq, text: input.text, customType: input.customType, customData: input.customData, replyMessageId: input.replyMessageId })
        .onConflictDoNothing()
        .returning();
      if (!row) throw new UuidTaken();
      await tx.update(chatChannels).set({ lastSeq: seq, lastMessageId: row.id, updatedAt: row.createdAt }).where(eq(chatChannels.id, input.channelId));
      if (input.files.length > 0) {
        const attached = await tx
          .update(chatUploads)
          .set({ messageId: row.id, position: sql`array_position(${sql.param(input.files)}::text[], ${chatUploads.key})` })
          .where(and(inArray(chatUploads.key, input.files), eq(chatUploads.uploaderId, input.senderId ?? -1), isNull(chatUploads.messageId)))
          .returning({ key: chatUploads.key });
        if (attached.length !== new Set(input.files).size) throw new FilesGone();
      }
      if (input.senderReads && input.senderId !== null) {
        await tx
          .insert(chatMembers)
          .values({ channelId: input.channelId, userId: input.senderId, readSeq: seq })
          .onConflictDoUpdate({ target: [chatMembers.channelId, chatMembers.userId], set: { readSeq: sql`greatest(${chatMembers.readSeq}, excluded.read_seq)` } });
      }
      return row;
    });
    return { message, created: true };
  } catch (error) {
    if (!(error instanceof UuidTaken)) throw error;
    const [existing] = await db.select().from(chatMessages).where(and(input.senderId === null ? isNull(chatMessages.senderId) : eq(chatMessages.senderId, input.senderId), eq(chatMessages.uuid, input.uuid))).limit(1);
    if (!existing || existing.channelId !== input.channelId) return { taken: true };
    return { message: existing, created: false };
  }
}

/** An attachment was sent already, or is not the sender's. */
export class FilesGone extends Error {}

export async function findMessage(db: Db, id: number): Promise<MessageRow | null> {
  const [row] = await db.select().from(chatMessages).where(eq(chatMessages.id, id)).limit(1);
  return row ?? null;
}

export async function findMessageBySenderUuid(db: Db, senderId: number, uuid: string): Promise<MessageRow | null> {
  const [row] = await db.select().from(chatMessages).where(and(eq(chatMessages.senderId, senderId), eq(chatMessages.uuid, uuid))).limit(1);
  return row ?? null;
}

export async function pageMessages(db: Db, channelId: string, mode: { before?: number; after?: number; offset?: number }, limit: number): Promise<MessageRow[]> {
  if (mode.after !== undefined) {
    return db.select().from(chatMessages).where(and(eq(chatMessages.channelId, channelId), gt(chatMessages.seq, mode.after))).orderBy(asc(chatMessages.seq)).limit(limit);
  }
  const where = mode.before !== undefined ? and(eq(chatMessages.channelId, channelId), lt(chatMessages.seq, mode.before)) : eq(chatMessages.channelId, channelId);
  const rows = await db.select().from(chatMessages).where(where).orderBy(desc(chatMessages.seq)).limit(limit).offset(mode.offset ?? 0);
  return rows.reverse();
}

export async function countMessages(db: Db, channelId: string): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(chatMessages).where(eq(chatMessages.channelId, channelId));
  return row?.n ?? 0;
}

export async function findPeople(db: Db, ids: number[]): Promise<Map<number, PersonRow>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await db.select(personColumns).from(users).where(inArray(users.id, unique));
  return new Map(rows.map((row) => [row.id, row]));
}

export async function findMessagesByIds(db: Db, ids: number[]): Promise<Map<number, MessageRow>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await db.select().from(chatMessages).where(inArray(chatMessages.id, unique));
  return new Map(rows.map((row) => [row.id, row]));
}

export async function uploadsOf(db: Db, messageIds: number[]): Promise<Map<number, UploadRow[]>> {
  const byMessage = new Map<number, UploadRow[]>();
  if (messageIds.length === 0) return byMessage;
  const rows = await db.select().from(chatUploads).where(inArray(chatUploads.messageId, messageIds)).orderBy(asc(chatUploads.position));
  for (const row of rows) if (row.messageId !== null) byMessage.set(row.messageId, [...(byMessage.get(row.messageId) ?? []), row]);
  return byMessage;
}

/** Read marks of the people of these channels (for read_by), by channel. */
export async function readMarks(db: Db, channelIds: string[]): Promise<Map<string, { userId: number; readSeq: number }[]>> {
  const byChannel = new Map<string, { userId: number; readSeq: number }[]>();
  if (channelIds.length === 0) return byChannel;
  const rows = await db
    .select({ channelId: chatMembers.channelId, userId: chatMembers.userId, readSeq: chatMembers.readSeq })
    .from(chatMembers)
    .where(and(inArray(chatMembers.channelId, [...new Set(channelIds)]), gt(chatMembers.readSeq, 0)))
    .limit(200 * channelIds.length);
  for (const row of rows) byChannel.set(row.channelId, [...(byChannel.get(row.channelId) ?? []), { userId: row.userId, readSeq: row.readSeq }]);
  return byChannel;
}

export async function markRead(db: Db, channelId: string, userId: number, seq: number): Promise<number> {
  const [row] = await db
    .insert(chatMembers)
    .values({ channelId, userId, readSeq: seq })
    .onConflictDoUpdate({ target: [chatMembers.channelId, chatMembers.userId], set: { readSeq: sql`greatest(${chatMembers.readSeq}, excluded.read_seq)` } })
    .returning({ readSeq: chatMembers.readSeq });
  return row?.readSeq ?? seq;
}

/**
 * Hides a message, closes its reports and points the channel at its newest visible message;
 * answers that message, or null when it was hidden already. The channel's row is locked first,
 * as a send locks it: the newest message is read after any send in flight, never before it.
 */
export async function hideMessage(db: Db, message: { id: number; channelId: string }, by: number): Promise<{ last: MessageRow | null } | null> {
  return db.transaction(async (tx) => {
    await tx.select({ id: chatChannels.id }).from(chatChannels).where(eq(chatChannels.id, message.channelId)).for('no key update');
    const hidden = await tx
      .update(chatMessages)
      .set({ isVisible: false, text: '', customData: null, deletedBy: by, updatedAt: sql`now()` })
      .where(and(eq(chatMessages.id, message.id), eq(chatMessages.isVisible, true)))
      .returning({ id: chatMessages.id });
    if (hidden.length === 0) return null;
    await tx.update(chatReports).set({ resolvedAt: sql`now()` }).where(and(eq(chatReports.messageId, message.id), isNull(chatReports.resolvedAt)));
    const [last] = await tx
      .select()
      .from(chatMessages)
      .where(and(eq(chatMessages.channelId, message.channelId), eq(chatMessages.isVisible, true)))
      .orderBy(desc(chatMessages.seq))
      .limit(1);
    await tx.update(chatChannels).set({ lastMessageId: last?.id ?? null }).where(eq(chatChannels.id, message.channelId));
    return { last: last ?? null };
  });
}

/** The people a channel's message goes to (the sender's other tabs included). */
export async function recipientsOf(db: Db, channel: ChannelRow): Promise<number[]> {
  if (channel.pairLow !== null && channel.pairHigh !== null) return [channel.pairLow, channel.pairHigh];
  if (channel.access === 'notifications') return channel.ownerId === null ? [] : [channel.ownerId];
  const ids = new Set<number>();
  if (channel.ownerId !== null) ids.add(channel.ownerId);
  if (channel.entityType === 'company' && channel.entityId !== null) {
    const rows = await db.select({ userId: companyUsers.userId }).from(companyUsers).where(and(eq(companyUsers.companyId, channel.entityId), sql`${companyUsers.roles} && array['chat', 'admin']::text[]`));
    for (const row of rows) ids.add(row.userId);
  }
  // A lesson chat reaches its teachers and course admins; the academy's promo channel its students too.
  const academyPromo = channel.entityType === 'promo_company' && channel.entityId === null;
  if (channel.entityType === 'lesson' || academyPromo) {
    const roles = academyPromo ? sql`array[4, 5, 6]::int[]` : sql`array[4, 5]::int[]`;
    const rows = await db
      .select({ userId: eventMembers.userId })
      .from(eventMembers)
      .where(and(eq(eventMembers.eventId, channel.eventId), or(eq(eventMembers.isOrganizer, true), sql`${eventMembers.roleIds} && ${roles}`)));
    for (const row of rows) ids.add(row.userId);
  }
  return [...ids];
}

export async function findUpload(db: Db, key: string): Promise<UploadRow | null> {
  const [row] = await db.select().from(chatUploads).where(eq(chatUploads.key, key)).limit(1);
  return row ?? null;
}

export async function insertUpload(db: Db, row: typeof chatUploads.$inferInsert): Promise<void> {
  await db.insert(chatUploads).values(row);
}

export async function eventName(db: Db, eventId: number): Promise<string> {
  const [row] = await db.select({ name: events.name }).from(events).where(eq(events.id, eventId)).limit(1);
  return row?.name ?? '';
}

export async function companyNames(db: Db, ids: number[]): Promise<Map<number, { name: string; logoKey: string | null }>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await db.select({ id: companies.id, name: companies.name, logoKey: companies.logoThumbKey }).from(companies).where(inArray(companies.id, unique));
  return new Map(rows.map((row) => [row.id, { name: row.name, logoKey: row.logoKey }]));
}

// Moderation

export async function lastReport(db: Db, messageId: number, reporterId: number): Promise<{ createdAt: Date; open: boolean } | null> {
  const [row] = await db
    .select({ createdAt: chatReports.createdAt, resolvedAt: chatReports.resolvedAt })
    .from(chatReports)
    .where(and(eq(chatReports.messageId, messageId), eq(chatReports.reporterId, reporterId)))
    .orderBy(desc(chatReports.createdAt))
    .limit(1);
  return row ? { createdAt: row.createdAt, open: row.resolvedAt === null } : null;
}

/** false when an open report of the same person raced in first. */
export async function insertReport(db: Db, row: { eventId: number; messageId: number; reporterId: number; reason: string }): Promise<boolean> {
  const inserted = await db.insert(chatReports).values(row).onConflictDoNothing().returning({ id: chatReports.id });
  return inserted.length > 0;
}

export async function openReports(db: Db, eventId: number, limit: number, offset: number) {
  const grouped = db
    .select({
      messageId: chatReports.messageId,
      reports: sql<number>`count(*)::int`.as('reports'),
      reasons: sql<string[]>`array_remove(array_agg(distinct nullif(${chatReports.reason}, '')), null)`.as('reasons'),
      lastAt: sql<Date>`max(${chatReports.createdAt})`.as('last_at'),
    })
    .from(chatReports)
    .where(and(eq(chatReports.eventId, eventId), isNull(chatReports.resolvedAt)))
    .groupBy(chatReports.messageId)
    .as('grouped');
  const [rows, [count]] = await Promise.all([
    db
      .select({ message: chatMessages, channel: chatChannels, reports: grouped.reports, reasons: grouped.reasons, lastAt: grouped.lastAt })
      .from(grouped)
      .innerJoin(chatMessages, eq(chatMessages.id, grouped.messageId))
      .innerJoin(chatChannels, eq(chatChannels.id, chatMessages.channelId))
      .orderBy(desc(grouped.lastAt))
      .limit(limit)
      .offset(offset),
    db.select({ n: sql<number>`count(distinct ${chatReports.messageId})::int` }).from(chatReports).where(and(eq(chatReports.eventId, eventId), isNull(chatReports.resolvedAt))),
  ]);
  return { rows: rows.map((row) => ({ ...row, lastAt: new Date(row.lastAt) })), total: count?.n ?? 0 };
}

export async function dismissReports(db: Db, eventId: number, messageId: number): Promise<number> {
  const rows = await db
    .update(chatReports)
    .set({ resolvedAt: sql`now()` })
    .where(and(eq(chatReports.eventId, eventId), eq(chatReports.messageId, messageId), isNull(chatReports.resolvedAt)))
    .returning({ id: chatReports.id });
  return rows.length;
}

export type BanRow = typeof chatBans.$inferSelect;

export async function activeBans(db: Db, eventId: number, userIds?: number[]): Promise<BanRow[]> {
  const conditions = [eq(chatBans.eventId, eventId), gt(chatBans.until, sql`now()`)];
  if (userIds) conditions.push(inArray(chatBans.userId, userIds.length > 0 ? userIds : [-1]));
  return db.select().from(chatBans).where(and(...conditions)).orderBy(asc(chatBans.until));
}

export async function upsertBan(db: Db, row: { eventId: number; userId: number; until: Date; reason: string; bannedBy: number }): Promise<BanRow> {
  const [ban] = await db
    .insert(chatBans)
    .values(row)
    .onConflictDoUpdate({ target: [chatBans.eventId, chatBans.userId], set: { until: row.until, reason: row.reason, bannedBy: row.bannedBy, createdAt: sql`now()` } })
    .returning();
  if (!ban) throw new Error('ban not stored');
  return ban;
}

export async function deleteBan(db: Db, eventId: number, userId: number): Promise<boolean> {
  const rows = await db.delete(chatBans).where(and(eq(chatBans.eventId, eventId), eq(chatBans.userId, userId), gte(chatBans.until, sql`now()`))).returning({ userId: chatBans.userId });
  return rows.length > 0;
}

/** Whether the person moderates the event's chats (a ban does not reach them). */
export async function memberRoleFacts(db: Db, eventId: number, userId: number): Promise<{ isOrganizer: boolean; roleIds: number[]; isStaff: boolean } | null> {
  const [row] = await db
    .select({ isOrganizer: eventMembers.isOrganizer, roleIds: eventMembers.roleIds, isStaff: users.isStaff })
    .from(eventMembers)
    .innerJoin(users, eq(users.id, eventMembers.userId))
    .where(and(eq(eventMembers.eventId, eventId), eq(eventMembers.userId, userId)))
    .limit(1);
  return row ?? null;
}
