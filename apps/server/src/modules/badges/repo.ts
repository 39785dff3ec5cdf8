// Badge desk queries: the event's members with their ticket, live badge and check-in; badges
// printed (a reprint revokes the one before; the partial unique index badges_live keeps one live
// badge per person and event); check-ins; the counts.
import { and, asc, count, eq, ilike, inArray, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { badges, checkIns, companies, eventMembers, events, media, ticketTypes, users } from '../../db/schema/index.ts';
import { containsPattern } from '../../db/sql.ts';

export interface AttendeeFilter {
  query?: string | undefined;
  ticketTypes?: number[] | undefined;
  checkedIn?: boolean | undefined;
  badge?: boolean | undefined;
}

const liveBadge = (eventId: number) => and(eq(badges.eventId, eventId), eq(badges.userId, eventMembers.userId), isNull(badges.revokedAt));
const checkInOf = (eventId: number) => and(eq(checkIns.eventId, eventId), eq(checkIns.userId, eventMembers.userId));

export const attendeeColumns = {
  memberId: eventMembers.id,
  userId: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  job: users.job,
  avatarKey: users.avatarKey,
  avatarThumbKey: users.avatarThumbKey,
  companyId: companies.id,
  companyName: companies.name,
  ticketId: ticketTypes.id,
  ticketName: ticketTypes.name,
  ticketKind: ticketTypes.kind,
  badgeId: badges.id,
  badgeCreatedAt: badges.createdAt,
  checkedInAt: checkIns.checkedInAt,
};

function attendeesQuery(db: Db, eventId: number, where: SQL | undefined) {
  return db
    .select(attendeeColumns)
    .from(eventMembers)
    .innerJoin(users, eq(users.id, eventMembers.userId))
    .leftJoin(companies, eq(companies.id, users.companyId))
    .leftJoin(ticketTypes, eq(ticketTypes.id, eventMembers.ticketTypeId))
    .leftJoin(badges, liveBadge(eventId))
    .leftJoin(checkIns, checkInOf(eventId))
    .where(and(eq(eventMembers.eventId, eventId), where));
}

export type AttendeeRow = Awaited<ReturnType<typeof attendeesQuery>>[number];

function filterOf(f: AttendeeFilter): SQL | undefined {
  // The directory's search column holds the name, job and company name (migration 0005), with a trigram index.
  const text = f.query ? containsPattern(f.query) : null;
  return and(
    text ? or(ilike(eventMembers.search, text), ilike(users.email, text)) : undefined,
    f.ticketTypes && f.ticketTypes.length > 0 ? inArray(eventMembers.ticketTypeId, f.ticketTypes) : undefined,
    f.checkedIn === undefined ? undefined : f.checkedIn ? isNotNull(checkIns.userId) : isNull(checkIns.userId),
    f.badge === undefined ? undefined : f.badge ? isNotNull(badges.id) : isNull(badges.id),
  );
}

/** A page of the desk's list, by last name, first name. */
export async function listAttendees(db: Db, eventId: number, f: AttendeeFilter, limit: number, offset: number): Promise<{ rows: AttendeeRow[]; total: number }> {
  const where = filterOf(f);
  const [rows, [counted]] = await Promise.all([
    attendeesQuery(db, eventId, where).orderBy(asc(sql`lower(${users.lastName})`), asc(sql`lower(${users.firstName})`), asc(eventMembers.id)).limit(limit).offset(offset),
    db
      .select({ n: count() })
      .from(eventMembers)
      .innerJoin(users, eq(users.id, eventMembers.userId))
      .leftJoin(badges, liveBadge(eventId))
      .leftJoin(checkIns, checkInOf(eventId))
      .where(and(eq(eventMembers.eventId, eventId), where)),
  ]);
  return { rows, total: counted?.n ?? 0 };
}

/** User ids of the members a filter finds (at most `limit`), and how many it finds in all. */
export async function attendeeIds(db: Db, eventId: number, f: AttendeeFilter, limit: number): Promise<{ ids: number[]; total: number }> {
  const { rows, total } = await listAttendees(db, eventId, f, limit, 0);
  return { ids: rows.map((row) => row.userId), total };
}

export async function attendeeOf(db: Db, eventId: number, userId: number): Promise<AttendeeRow | undefined> {
  const [row] = await attendeesQuery(db, eventId, eq(eventMembers.userId, userId)).limit(1);
  return row;
}

/** Which of these people are members of the event. */
export async function membersAmong(db: Db, eventId: number, userIds: number[]): Promise<Set<number>> {
  if (userIds.length === 0) return new Set();
  const rows = await db.select({ userId: eventMembers.userId }).from(eventMembers).where(and(eq(eventMembers.eventId, eventId), inArray(eventMembers.userId, userIds)));
  return new Set(rows.map((row) => row.userId));
}

export const ticketTypesOf = (db: Db, eventId: number) =>
  db.select({ id: ticketTypes.id, name: ticketTypes.name, kind: ticketTypes.kind }).from(ticketTypes).where(eq(ticketTypes.eventId, eventId)).orderBy(asc(ticketTypes.sort), asc(ticketTypes.id));

/**
 * New badges for these people, revoking their live ones, in one transaction. Two prints of one
 * person at the same moment: the second insert meets the first's live badge in badges_live and
 * fails with a unique violation (the caller answers 409), so one badge stays live.
 */
export async function insertBadges(db: Db, eventId: number, userIds: number[], printedBy: number | null) {
  return db.transaction(async (tx) => {
    const revoked = await tx
      .update(badges)
      .set({ revokedAt: sql`now()` })
      .where(and(eq(badges.eventId, eventId), inArray(badges.userId, userIds), isNull(badges.revokedAt)))
      .returning({ id: badges.id, userId: badges.userId });
    const made = await tx
      .insert(badges)
      .values(userIds.map((userId) => ({ eventId, userId, printedBy })))
      .returning({ id: badges.id, userId: badges.userId, createdAt: badges.createdAt });
    const revokedOf = new Map(revoked.map((row) => [row.userId, row.id]));
    return made.map((row) => ({ ...row, revokedId: revokedOf.get(row.userId) ?? null }));
  });
}

/** A person's live badge in the event, issued now when they have none (their own badge, issue on first use). */
export async function liveBadgeOf(db: Db, eventId: number, userId: number) {
  const [row] = await db.select({ id: badges.id }).from(badges).where(and(eq(badges.eventId, eventId), eq(badges.userId, userId), isNull(badges.revokedAt))).limit(1);
  return row?.id ?? null;
}

export async function issueBadge(db: Db, eventId: number, userId: number): Promise<number | null> {
  // ON CONFLICT with the partial index's predicate: a concurrent first use issued it already.
  const rows = await db
    .insert(badges)
    .values({ eventId, userId })
    .onConflictDoNothing({ target: [badges.eventId, badges.userId], where: isNull(badges.revokedAt) })
    .returning({ id: badges.id });
  return rows[0]?.id ?? null;
}

/** A badge as a scan sees it: its event, whether it was replaced, and whether its holder is still a member. */
export async function scannedBadge(db: Db, badgeId: number) {
  const [row] = await db
    .select({ id: badges.id, eventId: badges.eventId, userId: badges.userId, revokedAt: badges.revokedAt, memberId: eventMembers.id })
    .from(badges)
    .leftJoin(eventMembers, and(eq(eventMembers.eventId, badges.eventId), eq(eventMembers.userId, badges.userId)))
    .where(eq(badges.id, badgeId))
    .limit(1);
  return row;
}

/** Columns of a badge to print: the badge, the person, their company and ticket. */
export async function printableRows(db: Db, eventId: number, badgeIds: number[]) {
  if (badgeIds.length === 0) return [];
  return db
    .select({
      id: badges.id,
      userId: badges.userId,
      createdAt: badges.createdAt,
      revokedAt: badges.revokedAt,
      firstName: users.firstName,
      lastName: users.lastName,
      job: users.job,
      companyName: companies.name,
      ticketId: ticketTypes.id,
      ticketName: ticketTypes.name,
      ticketKind: ticketTypes.kind,
    })
    .from(badges)
    .innerJoin(users, eq(users.id, badges.userId))
    .leftJoin(companies, eq(companies.id, users.companyId))
    .leftJoin(eventMembers, and(eq(eventMembers.eventId, badges.eventId), eq(eventMembers.userId, badges.userId)))
    .leftJoin(ticketTypes, eq(ticketTypes.id, eventMembers.ticketTypeId))
    .where(and(eq(badges.eventId, eventId), inArray(badges.id, badgeIds)));
}
export type PrintableRow = Awaited<ReturnType<typeof printableRows>>[number];

/** The event's name, theme colour and logos, for the badge's branding. */
export async function brandingOf(db: Db, eventId: number) {
  const [event] = await db.select({ id: events.id, name: events.name, config: events.config }).from(events).where(eq(events.id, eventId)).limit(1);
  const logos = await db
    .select()
    .from(media)
    .where(and(eq(media.ownerType, 'event'), eq(media.ownerId, eventId), eq(media.category, 'logo')));
  return event ? { ...event, logos } : undefined;
}

/** Checks a person in once; false when they were in already. */
export async function insertCheckIn(db: Db, eventId: number, userId: number, badgeId: number, by: number) {
  const rows = await db.insert(checkIns).values({ eventId, userId, badgeId, checkedInBy: by }).onConflictDoNothing().returning({ at: checkIns.checkedInAt });
  return rows.length > 0;
}

export async function checkedInAt(db: Db, eventId: number, userId: number): Promise<Date | null> {
  const [row] = await db.select({ at: checkIns.checkedInAt }).from(checkIns).where(and(eq(checkIns.eventId, eventId), eq(checkIns.userId, userId))).limit(1);
  return row?.at ?? null;
}

/** Members and check-ins per ticket type (null: no ticket), and members holding a live badge. */
export async function checkInCounts(db: Db, eventId: number) {
  const [perType, [badged]] = await Promise.all([
    db
      .select({ ticketTypeId: eventMembers.ticketTypeId, members: count(), checkedIn: count(checkIns.userId) })
      .from(eventMembers)
      .leftJoin(checkIns, checkInOf(eventId))
      .where(eq(eventMembers.eventId, eventId))
      .groupBy(eventMembers.ticketTypeId),
    db.select({ n: count() }).from(eventMembers).innerJoin(badges, liveBadge(eventId)).where(eq(eventMembers.eventId, eventId)),
  ]);
  return { perType, badges: badged?.n ?? 0 };
}
