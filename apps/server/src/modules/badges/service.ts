// The badge desk (issue 17; product.md sections 2 and 6): find attendees, print their badges one
// by one or in a batch (a reprint revokes the badge before), the badges to print, check-in by QR
// and the organiser's counts.
import { BADGE_BATCH_MAX, ErrorCode, type BadgeTicket, type CheckInStats, type Language, type PrintableBadge } from '@lobby/contract';
import type { AccessSource } from '../../access/access.ts';
import type { Db } from '../../db/client.ts';
import { pageMeta, pgCode } from '../../db/sql.ts';
import type { FileUrls } from '../../files/urls.ts';
import { AppError } from '../../http/errors.ts';
import { requireDesk } from './access.ts';
import { presentAttendee, presentPrintable, presentTicketType } from './present.ts';
import type { BadgeSigner } from './qr.ts';
import { attendeeIds, attendeeOf, brandingOf, checkInCounts, insertBadges, insertCheckIn, listAttendees, membersAmong, printableRows, ticketTypesOf, type AttendeeFilter } from './repo.ts';
import { resolveScan } from './scan.ts';

export interface BadgeContext {
  db: Db;
  files: FileUrls;
  signer: BadgeSigner;
}

const UNIQUE_VIOLATION = '23505';

export async function attendees(ctx: BadgeContext, source: AccessSource, eventId: number, f: AttendeeFilter, page: number, perPage: number) {
  await requireDesk(source, eventId);
  const [{ rows, total }, types] = await Promise.all([listAttendees(ctx.db, eventId, f, perPage, (page - 1) * perPage), ticketTypesOf(ctx.db, eventId)]);
  return { data: rows.map((row) => presentAttendee(row, ctx.files)), meta: pageMeta(page, perPage, total), ticket_types: types.map(presentTicketType) };
}

/** Prints new badges; a simultaneous print of the same person (the unique index) is a 409. */
async function print(ctx: BadgeContext, eventId: number, userIds: number[], by: number) {
  try {
    return await insertBadges(ctx.db, eventId, userIds, by);
  } catch (error) {
    if (pgCode(error) !== UNIQUE_VIOLATION) throw error;
    throw new AppError(409, ErrorCode.badgePrintConflict, 'Someone else printed this badge at the same moment: reload the list and print from there.');
  }
}

export async function printOne(ctx: BadgeContext, source: AccessSource, eventId: number, userId: number) {
  const access = await requireDesk(source, eventId);
  if (!(await membersAmong(ctx.db, eventId, [userId])).has(userId)) throw new AppError(404, ErrorCode.memberNotFound, 'This person is not a member of the event.');
  const [made] = await print(ctx, eventId, [userId], access.userId);
  if (!made) throw new Error('no badge row');
  return { data: { id: made.id, user_id: made.userId, created_at: made.createdAt.toISOString(), revoked_badge_id: made.revokedId } };
}

export interface BatchInput {
  user_ids?: number[] | undefined;
  filter?: { query?: string | undefined; ticket_type?: number[] | undefined; checked_in?: boolean | undefined; badge?: boolean | undefined } | undefined;
}

export async function printBatch(ctx: BadgeContext, source: AccessSource, eventId: number, body: BatchInput) {
  const access = await requireDesk(source, eventId);
  if ((body.user_ids === undefined) === (body.filter === undefined)) {
    const message = 'Send either user_ids or a filter.';
    throw new AppError(422, ErrorCode.validation, message, { fields: [{ field: 'body', message, key: 'invalid', params: {} }] });
  }
  let userIds: number[];
  if (body.user_ids) {
    userIds = [...new Set(body.user_ids)];
    const members = await membersAmong(ctx.db, eventId, userIds);
    const missing = userIds.filter((id) => !members.has(id));
    if (missing.length > 0) throw new AppError(404, ErrorCode.memberNotFound, `${missing.length === 1 ? 'One person is' : `${missing.length} people are`} not members of the event.`, { user_ids: missing });
  } else {
    const f = body.filter ?? {};
    const found = await attendeeIds(ctx.db, eventId, { query: f.query || undefined, ticketTypes: f.ticket_type, checkedIn: f.checked_in, badge: f.badge }, BADGE_BATCH_MAX);
    if (found.total > BADGE_BATCH_MAX) {
      throw new AppError(422, ErrorCode.badgeBatchTooLarge, `The filter finds ${found.total} people; print at most ${BADGE_BATCH_MAX} at once.`, { total: found.total, max: BADGE_BATCH_MAX });
    }
    userIds = found.ids;
  }
  if (userIds.length === 0) return { data: [] };
  const made = await print(ctx, eventId, userIds, access.userId);
  const order = new Map(userIds.map((id, index) => [id, index]));
  made.sort((a, b) => (order.get(a.userId) ?? 0) - (order.get(b.userId) ?? 0));
  return { data: made.map((row) => ({ id: row.id, user_id: row.userId, created_at: row.createdAt.toISOString() })) };
}

async function printables(ctx: BadgeContext, eventId: number, badgeIds: number[], lang: Language) {
  const [rows, branding] = await Promise.all([printableRows(ctx.db, eventId, badgeIds), brandingOf(ctx.db, eventId)]);
  if (!branding) throw new AppError(404, ErrorCode.eventNotFound, `Event ${eventId} was not found.`);
  return { rows, present: (row: (typeof rows)[number]) => presentPrintable(row, branding, lang, ctx.signer) };
}

/** Live badges by id, in the order asked; replaced ones and other events' are left out. */
export async function printableList(ctx: BadgeContext, source: AccessSource, eventId: number, badgeIds: number[], lang: Language): Promise<{ data: PrintableBadge[] }> {
  await requireDesk(source, eventId);
  const { rows, present } = await printables(ctx, eventId, [...new Set(badgeIds)], lang);
  const byId = new Map(rows.filter((row) => row.revokedAt === null).map((row) => [row.id, row]));
  return { data: [...new Set(badgeIds)].flatMap((id) => { const row = byId.get(id); return row ? [present(row)] : []; }) };
}

export async function printable(ctx: BadgeContext, source: AccessSource, eventId: number, userId: number, badgeId: number, lang: Language): Promise<{ data: PrintableBadge }> {
  await requireDesk(source, eventId);
  const { rows, present } = await printables(ctx, eventId, [badgeId], lang);
  const row = rows[0];
  if (!row || row.userId !== userId) throw new AppError(404, ErrorCode.badgeNotFound, 'This badge was not found.');
  if (row.revokedAt) {
    const live = (await attendeeOf(ctx.db, eventId, userId))?.badgeId ?? null;
    throw new AppError(410, ErrorCode.badgeRevoked, 'This badge was replaced by a newer one and no longer works.', { live_badge_id: live });
  }
  return { data: present(row) };
}

export async function checkInByQr(ctx: BadgeContext, source: AccessSource, eventId: number, qr: string) {
  const access = await requireDesk(source, eventId);
  const holder = await resolveScan(ctx.db, ctx.signer, eventId, qr);
  const inserted = await insertCheckIn(ctx.db, eventId, holder.userId, holder.badgeId, access.userId);
  const row = await attendeeOf(ctx.db, eventId, holder.userId);
  // Removed from the event between the scan and this read.
  if (!row) throw new AppError(404, ErrorCode.memberNotFound, 'The holder of this badge is no longer a member of the event.');
  return { data: { attendee: presentAttendee(row, ctx.files), already: !inserted } };
}

/** The back office's counts (the caller has event.manage). */
export async function checkInStats(db: Db, eventId: number): Promise<{ data: CheckInStats }> {
  const [{ perType, badges }, types] = await Promise.all([checkInCounts(db, eventId), ticketTypesOf(db, eventId)]);
  const counted = new Map(perType.map((row) => [row.ticketTypeId, row]));
  const byType: { ticket: BadgeTicket | null; members: number; checked_in: number }[] = types.map((type) => ({ ticket: presentTicketType(type), members: counted.get(type.id)?.members ?? 0, checked_in: counted.get(type.id)?.checkedIn ?? 0 }));
  const untyped = counted.get(null);
  if (untyped) byType.push({ ticket: null, members: untyped.members, checked_in: untyped.checkedIn });
  const members = perType.reduce((sum, row) => sum + row.members, 0);
  const checkedIn = perType.reduce((sum, row) => sum + row.checkedIn, 0);
  return { data: { members, checked_in: checkedIn, badges, by_ticket_type: byType } };
}
