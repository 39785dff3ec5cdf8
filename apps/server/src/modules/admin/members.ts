import { ErrorCode, type AdminMember, type Language } from '@lobby/contract';
import { and, asc, count, eq, ilike, ne, or, sql } from 'drizzle-orm';
import { issueToken } from '../../auth/one-time.ts';
import type { Db } from '../../db/client.ts';
import { eventMembers, events, users } from '../../db/schema/index.ts';
import { AppError } from '../../http/errors.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { returnTicket, takeTicket } from '../members/repo.ts';
import { findUserByEmail, insertUser, type UserRow } from '../users/repo.ts';
import type { EventRow } from './policy.ts';
import { findTicketType } from './ticket-types.ts';
import { containsPattern, pageMeta } from '../../db/sql.ts';

type MemberRow = typeof eventMembers.$inferSelect;

const present = (member: MemberRow, user: Pick<UserRow, 'id' | 'email' | 'firstName' | 'lastName'>): AdminMember => ({
  id: member.id,
  user: { id: user.id, email: user.email, first_name: user.firstName, last_name: user.lastName },
  ticket_type_id: member.ticketTypeId,
  role_ids: member.roleIds,
  is_organizer: member.isOrganizer,
  created_at: member.createdAt.toISOString(),
});


export async function listMembers(db: Db, eventId: number, page: number, perPage: number, query: string | undefined) {
  const search = query
    ? or(ilike(users.email, containsPattern(query)), ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, containsPattern(query)))
    : undefined;
  const where = and(eq(eventMembers.eventId, eventId), search);
  const [rows, [{ n } = { n: 0 }]] = await Promise.all([
    db
      .select({ member: eventMembers, user: users })
      .from(eventMembers)
      .innerJoin(users, eq(users.id, eventMembers.userId))
      .where(where)
      .orderBy(asc(eventMembers.id))
      .limit(perPage)
      .offset((page - 1) * perPage),
    db.select({ n: count() }).from(eventMembers).innerJoin(users, eq(users.id, eventMembers.userId)).where(where),
  ]);
  return { data: rows.map((row) => present(row.member, row.user)), meta: pageMeta(page, perPage, n) };
}

export interface IssueInput {
  email: string;
  firstName?: string | undefined;
  lastName?: string | undefined;
  ticketTypeId: number;
  roleIds?: number[] | undefined;
}

export interface IssueContext {
  db: Db;
  mailer: Mailer;
  publicUrl: string;
  language: Language;
}

const asLanguage = (value: string): Language => (value === 'ru' || value === 'zh' ? value : 'en');

/**
 * Gives a person a ticket: the account is created if needed, the quota is respected, and the
 * person is mailed (EventRegistrationNewUser / EventRegistrationExistingUser). An existing
 * member gets the new ticket and roles instead.
 */
export async function issueTicket(
  ctx: IssueContext,
  event: EventRow,
  input: IssueInput,
  /** How the new member hears of it; imports queue the mail so it goes out at a bounded rate. */
  notify: (user: UserRow, createdUser: boolean) => Promise<unknown> = (user, createdUser) => mailTicket(ctx, event, user, createdUser),
): Promise<{ member: AdminMember; createdUser: boolean; createdMember: boolean }> {
  const { db } = ctx;
  const type = await findTicketType(db, event.id, input.ticketTypeId);
  let user = await findUserByEmail(db, input.email);
  const createdUser = !user;
  user ??= await insertUser(db, { email: input.email, firstName: input.firstName ?? '', lastName: input.lastName ?? '', language: ctx.language });
  const [existing] = await db
    .select()
    .from(eventMembers)
    .where(and(eq(eventMembers.eventId, event.id), eq(eventMembers.userId, user.id)))
    .limit(1);
  if (existing) {
    if (existing.ticketTypeId !== type.id) {
      if (!(await takeTicket(db, type.id))) throw new AppError(409, ErrorCode.passesExhausted, `No "${type.name}" tickets are left.`);
      if (existing.ticketTypeId) await returnTicket(db, existing.ticketTypeId);
    }
    const [row] = await db
      .update(eventMembers)
      .set({ ticketTypeId: type.id, ...(input.roleIds ? { roleIds: input.roleIds } : {}) })
      .where(eq(eventMembers.id, existing.id))
      .returning();
    return { member: present(row ?? existing, user), createdUser, createdMember: false };
  }
  if (!(await takeTicket(db, type.id))) throw new AppError(409, ErrorCode.passesExhausted, `No "${type.name}" tickets are left.`);
  const [row] = await db
    .insert(eventMembers)
    .values({ eventId: event.id, userId: user.id, ticketTypeId: type.id, roleIds: input.roleIds ?? [1] })
    .onConflictDoNothing()
    .returning();
  if (!row) {
    await returnTicket(db, type.id);
    throw new AppError(409, ErrorCode.conflict, 'This person was given a ticket at the same moment. Reload and check.');
  }
  await notify(user, createdUser);
  return { member: present(row, user), createdUser, createdMember: true };
}

export async function mailTicket(ctx: Pick<IssueContext, 'db' | 'mailer' | 'publicUrl'>, event: EventRow, user: UserRow, createdUser: boolean): Promise<void> {
  const eventPath = `/events/${event.slug}`;
  const name = user.firstName;
  if (createdUser) {
    const token = await issueToken(ctx.db, { kind: 'magic_link', email: user.email, userId: user.id, ttlSeconds: 7 * 24 * 3600 });
    await ctx.mailer.send(user.email, { kind: 'event_registration_new_user', link: `${ctx.publicUrl}/auth/magic/${token}?redirect=${encodeURIComponent(eventPath)}`, name, event: event.name }, asLanguage(user.language));
  } else {
    await ctx.mailer.send(user.email, { kind: 'event_registration_existing_user', link: `${ctx.publicUrl}${eventPath}`, name, event: event.name }, asLanguage(user.language));
  }
}

const organizerCount = async (db: Db, eventId: number, exceptMemberId: number) => {
  const [{ n } = { n: 0 }] = await db
    .select({ n: count() })
    .from(eventMembers)
    .where(and(eq(eventMembers.eventId, eventId), eq(eventMembers.isOrganizer, true), ne(eventMembers.id, exceptMemberId)));
  return n;
};

async function findMember(db: Db, eventId: number, memberId: number) {
  const [row] = await db
    .select({ member: eventMembers, user: users })
    .from(eventMembers)
    .innerJoin(users, eq(users.id, eventMembers.userId))
    .where(and(eq(eventMembers.eventId, eventId), eq(eventMembers.id, memberId)))
    .limit(1);
  if (!row) throw new AppError(404, ErrorCode.memberNotFound, `Member ${memberId} is not part of this event.`);
  return row;
}

const lastOrganizer = () => new AppError(409, ErrorCode.lastOrganizer, 'An event needs at least one organiser. Make someone else organiser first.');

/**
 * Runs a change that may take away an organiser with the event's row locked (SELECT ... FOR
 * UPDATE): concurrent role changes of one event queue up, so each sees the organisers the others
 * left and "at least one organiser" holds. Without the lock two organisers removing each other at
 * once would both count the other and both succeed.
 */
function withEventLocked<T>(db: Db, eventId: number, change: (tx: Db) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.select({ id: events.id }).from(events).where(eq(events.id, eventId)).for('update');
    return change(tx);
  });
}

export async function updateMember(db: Db, eventId: number, memberId: number, input: { ticket_type_id?: number | null | undefined; role_ids?: number[] | undefined; is_organizer?: boolean | undefined }): Promise<AdminMember> {
  return withEventLocked(db, eventId, async (tx) => {
    const { member, user } = await findMember(tx, eventId, memberId);
    if (input.is_organizer === false && member.isOrganizer && (await organizerCount(tx, eventId, memberId)) === 0) throw lastOrganizer();
    const values: Partial<MemberRow> = {};
    if (input.ticket_type_id !== undefined && input.ticket_type_id !== member.ticketTypeId) {
      if (input.ticket_type_id !== null) {
        const type = await findTicketType(tx, eventId, input.ticket_type_id);
        if (!(await takeTicket(tx, type.id))) throw new AppError(409, ErrorCode.passesExhausted, `No "${type.name}" tickets are left.`);
      }
      if (member.ticketTypeId) await returnTicket(tx, member.ticketTypeId);
      values.ticketTypeId = input.ticket_type_id;
    }
    if (input.role_ids) values.roleIds = [...new Set(input.role_ids)].sort((a, b) => a - b);
    if (input.is_organizer !== undefined) values.isOrganizer = input.is_organizer;
    if (Object.keys(values).length === 0) return present(member, user);
    const [row] = await tx.update(eventMembers).set(values).where(eq(eventMembers.id, memberId)).returning();
    return present(row ?? member, user);
  });
}

export async function removeMember(db: Db, eventId: number, memberId: number): Promise<void> {
  await withEventLocked(db, eventId, async (tx) => {
    const { member } = await findMember(tx, eventId, memberId);
    if (member.isOrganizer && (await organizerCount(tx, eventId, memberId)) === 0) throw lastOrganizer();
    await tx.delete(eventMembers).where(eq(eventMembers.id, memberId));
    if (member.ticketTypeId) await returnTicket(tx, member.ticketTypeId);
  });
}
