import { and, asc, count, eq, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { companies, eventMembers, events, favorites, halls, lectureAttendance, lectures, lectureSpeakers, programSettings, users } from '../../db/schema/index.ts';

export type HallRow = typeof halls.$inferSelect;
export type LectureRow = typeof lectures.$inferSelect;
export type LectureInsert = typeof lectures.$inferInsert;

export interface ProgramEvent {
  id: number;
  name: string;
  slug: string;
  timezone: string;
  active: boolean;
}

export async function loadProgramEvent(db: Db, eventId: number): Promise<ProgramEvent | null> {
  const [row] = await db.select({ id: events.id, name: events.name, slug: events.slug, timezone: events.timezone, active: events.active }).from(events).where(eq(events.id, eventId)).limit(1);
  return row ?? null;
}

export async function listHalls(db: Db, eventId: number) {
  return db
    .select({ hall: halls, lectures: sql<number>`(select count(*)::int from lectures l where l.hall_id = "halls"."id")` })
    .from(halls)
    .where(eq(halls.eventId, eventId))
    .orderBy(asc(halls.sort), asc(halls.id));
}

export async function findHall(db: Db, eventId: number, hallId: number): Promise<HallRow | null> {
  const [row] = await db.select().from(halls).where(and(eq(halls.id, hallId), eq(halls.eventId, eventId))).limit(1);
  return row ?? null;
}

export interface LectureFilter {
  from?: string;
  to?: string;
  sections?: number[];
  categories?: number[];
  languages?: string[];
  halls?: number[];
  /** Only lectures this person starred. */
  favoritesOf?: number;
  ids?: number[];
}

/** A lecture with its attendance count and whether `viewer` starred it. */
export interface LectureListRow {
  lecture: LectureRow;
  attendees: number;
  isFavorite: boolean;
}

const starredBy = (viewer: number | null) =>
  viewer === null
    ? sql<boolean>`false`
    : sql<boolean>`exists (select 1 from favorites f where f.user_id = ${viewer} and f.event_id = "lectures"."event_id" and f.entity_type = 'lecture' and f.entity_id = "lectures"."id")`;

// Subqueries name the outer row's columns in full: drizzle may write a column without its table.
const attendeeCount = sql<number>`(select count(*)::int from lecture_attendance a where a.lecture_id = "lectures"."id")`;

function filterWhere(eventId: number, filter: LectureFilter): SQL | undefined {
  const parts: (SQL | undefined)[] = [eq(lectures.eventId, eventId)];
  if (filter.from) parts.push(gte(lectures.startsAt, new Date(filter.from)));
  if (filter.to) parts.push(lt(lectures.startsAt, new Date(filter.to)));
  if (filter.sections?.length) parts.push(inArray(lectures.sectionId, filter.sections));
  if (filter.categories?.length) parts.push(sql`${lectures.categories} && ${sql`array[${sql.join(filter.categories.map((c) => sql`${c}`), sql`, `)}]::integer[]`}`);
  if (filter.languages?.length) parts.push(inArray(lectures.language, filter.languages));
  if (filter.halls?.length) parts.push(inArray(lectures.hallId, filter.halls));
  if (filter.ids) parts.push(filter.ids.length ? inArray(lectures.id, filter.ids) : sql`false`);
  if (filter.favoritesOf !== undefined) parts.push(starredBy(filter.favoritesOf));
  return and(...parts);
}

export async function listLectures(db: Db, eventId: number, filter: LectureFilter, viewer: number | null, page?: { limit: number; offset: number }): Promise<LectureListRow[]> {
  const query = db
    .select({ lecture: lectures, attendees: attendeeCount, isFavorite: starredBy(viewer) })
    .from(lectures)
    .where(filterWhere(eventId, filter))
    .orderBy(asc(lectures.startsAt), asc(lectures.hallId), asc(lectures.id));
  return page ? query.limit(page.limit).offset(page.offset) : query;
}

export async function countLectures(db: Db, eventId: number, filter: LectureFilter): Promise<number> {
  const [row] = await db.select({ n: count() }).from(lectures).where(filterWhere(eventId, filter));
  return row?.n ?? 0;
}

export async function programLanguages(db: Db, eventId: number): Promise<string[]> {
  const rows = await db.selectDistinct({ language: lectures.language }).from(lectures).where(eq(lectures.eventId, eventId)).orderBy(asc(lectures.language));
  return rows.map((row) => row.language);
}

export async function findLecture(db: Db, eventId: number, lectureId: number): Promise<LectureRow | null> {
  const [row] = await db.select().from(lectures).where(and(eq(lectures.id, lectureId), eq(lectures.eventId, eventId))).limit(1);
  return row ?? null;
}

export interface SpeakerCardRow {
  lectureId: number;
  memberId: number;
  userId: number;
  firstName: string;
  lastName: string;
  job: string | null;
  companyName: string | null;
  avatarKey: string | null;
  avatarThumbKey: string | null;
}

/** The speakers of some lectures of one event, in their order; speakers who left the event drop out. */
export async function speakersOf(db: Db, eventId: number, lectureIds: number[]): Promise<Map<number, SpeakerCardRow[]>> {
  const byLecture = new Map<number, SpeakerCardRow[]>();
  if (lectureIds.length === 0) return byLecture;
  const rows = await db
    .select({
      lectureId: lectureSpeakers.lectureId,
      memberId: eventMembers.id,
      userId: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      job: users.job,
      companyName: companies.name,
      avatarKey: users.avatarKey,
      avatarThumbKey: users.avatarThumbKey,
    })
    .from(lectureSpeakers)
    .innerJoin(users, eq(users.id, lectureSpeakers.userId))
    .innerJoin(eventMembers, and(eq(eventMembers.userId, users.id), eq(eventMembers.eventId, eventId)))
    .leftJoin(companies, eq(companies.id, users.companyId))
    .where(inArray(lectureSpeakers.lectureId, lectureIds))
    .orderBy(asc(lectureSpeakers.position), asc(users.id));
  for (const row of rows) {
    const list = byLecture.get(row.lectureId) ?? [];
    list.push(row);
    byLecture.set(row.lectureId, list);
  }
  return byLecture;
}

/** Membership ids of this event -> user ids; ids of other events are simply absent. */
export async function memberUsers(db: Db, eventId: number, memberIds: number[]): Promise<Map<number, number>> {
  if (memberIds.length === 0) return new Map();
  const rows = await db.select({ id: eventMembers.id, userId: eventMembers.userId }).from(eventMembers).where(and(eq(eventMembers.eventId, eventId), inArray(eventMembers.id, memberIds)));
  return new Map(rows.map((row) => [row.id, row.userId]));
}

/** Lower-cased e-mails of this event's members -> user ids. */
export async function speakerUserIds(db: Db, lectureId: number): Promise<number[]> {
  const rows = await db.select({ userId: lectureSpeakers.userId }).from(lectureSpeakers).where(eq(lectureSpeakers.lectureId, lectureId)).orderBy(asc(lectureSpeakers.position));
  return rows.map((row) => row.userId);
}

export async function setSpeakers(db: Db, lectureId: number, userIds: number[]): Promise<void> {
  await db.delete(lectureSpeakers).where(eq(lectureSpeakers.lectureId, lectureId));
  const unique = [...new Set(userIds)];
  if (unique.length > 0) await db.insert(lectureSpeakers).values(unique.map((userId, position) => ({ lectureId, userId, position })));
}

/** Who starred a lecture (for re-planning reminders when it moves). */
export async function starrersOf(db: Db, eventId: number, lectureId: number): Promise<number[]> {
  const rows = await db
    .select({ userId: favorites.userId })
    .from(favorites)
    .where(and(eq(favorites.eventId, eventId), eq(favorites.entityType, 'lecture'), eq(favorites.entityId, lectureId)));
  return rows.map((row) => row.userId);
}

export async function isStarred(db: Db, userId: number, eventId: number, lectureId: number): Promise<boolean> {
  const [row] = await db
    .select({ userId: favorites.userId })
    .from(favorites)
    .where(and(eq(favorites.userId, userId), eq(favorites.eventId, eventId), eq(favorites.entityType, 'lecture'), eq(favorites.entityId, lectureId)))
    .limit(1);
  return row !== undefined;
}

/** Counts the person once, however many joins arrive at once (the primary key decides). */
export async function recordAttendance(db: Db, lectureId: number, userId: number): Promise<number> {
  await db.insert(lectureAttendance).values({ lectureId, userId }).onConflictDoNothing();
  const [row] = await db.select({ n: count() }).from(lectureAttendance).where(eq(lectureAttendance.lectureId, lectureId));
  return row?.n ?? 0;
}

export async function hasJoined(db: Db, lectureId: number, userId: number): Promise<boolean> {
  const [row] = await db.select({ userId: lectureAttendance.userId }).from(lectureAttendance).where(and(eq(lectureAttendance.lectureId, lectureId), eq(lectureAttendance.userId, userId))).limit(1);
  return row !== undefined;
}

export async function isShared(db: Db, eventId: number): Promise<boolean> {
  const [row] = await db.select({ shared: programSettings.shared }).from(programSettings).where(eq(programSettings.eventId, eventId)).limit(1);
  return row?.shared ?? false;
}

export async function setShared(db: Db, eventId: number, shared: boolean): Promise<void> {
  await db.insert(programSettings).values({ eventId, shared }).onConflictDoUpdate({ target: programSettings.eventId, set: { shared, updatedAt: new Date() } });
}

export interface SpeakerListRow {
  memberId: number;
  userId: number;
  firstName: string;
  lastName: string;
  job: string | null;
  bio: string | null;
  companyName: string | null;
  avatarKey: string | null;
  avatarThumbKey: string | null;
}

/** Members with the Speaker role or speaking in one of the event's lectures, by last name. */
export async function listSpeakerMembers(db: Db, eventId: number, speakerRole: number, text: string | undefined, limit: number, offset: number): Promise<{ rows: SpeakerListRow[]; total: number }> {
  const speaks = sql`exists (select 1 from lecture_speakers ls join lectures l on l.id = ls.lecture_id where ls.user_id = "event_members"."user_id" and l.event_id = ${eventId})`;
  const parts: SQL[] = [eq(eventMembers.eventId, eventId), sql`(${speakerRole} = any(${eventMembers.roleIds}) or ${speaks})`];
  if (text) {
    const pattern = `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    parts.push(sql`(${users.firstName} || ' ' || ${users.lastName} ilike ${pattern} or coalesce(${companies.name}, '') ilike ${pattern})`);
  }
  const where = and(...parts);
  const [rows, [total]] = await Promise.all([
    db
      .select({
        memberId: eventMembers.id,
        userId: users.id,
        firstName: users.firstName,
        lastName: users.lastName,
        job: users.job,
        bio: users.bio,
        companyName: companies.name,
        avatarKey: users.avatarKey,
        avatarThumbKey: users.avatarThumbKey,
      })
      .from(eventMembers)
      .innerJoin(users, eq(users.id, eventMembers.userId))
      .leftJoin(companies, eq(companies.id, users.companyId))
      .where(where)
      .orderBy(asc(users.lastName), asc(users.firstName), asc(eventMembers.id))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(eventMembers).innerJoin(users, eq(users.id, eventMembers.userId)).leftJoin(companies, eq(companies.id, users.companyId)).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** The lectures some people speak in, within one event. */
export async function lecturesOfSpeakers(db: Db, eventId: number, userIds: number[]) {
  if (userIds.length === 0) return [];
  return db
    .select({ userId: lectureSpeakers.userId, id: lectures.id, hallId: lectures.hallId, title: lectures.title, startsAt: lectures.startsAt, endsAt: lectures.endsAt })
    .from(lectureSpeakers)
    .innerJoin(lectures, eq(lectures.id, lectureSpeakers.lectureId))
    .where(and(eq(lectures.eventId, eventId), inArray(lectureSpeakers.userId, userIds)))
    .orderBy(asc(lectures.startsAt), asc(lectures.id));
}
