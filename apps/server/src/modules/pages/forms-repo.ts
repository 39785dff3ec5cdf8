import { and, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { events, pageFormSubmissions, users } from '../../db/schema/index.ts';

export type SubmissionValues = Record<string, string | boolean>;

export interface NewSubmission {
  eventId: number;
  pageId: number;
  blockId: string;
  userId: number;
  formTitle: string;
  values: SubmissionValues;
}

/**
 * Stores a person's answers to a form, replacing the ones sent before (one row per person and
 * form, however many arrive at once: the unique index decides). `replaced` is false for a new row.
 */
export async function upsertSubmission(db: Db, submission: NewSubmission) {
  const [row] = await db
    .insert(pageFormSubmissions)
    .values(submission)
    .onConflictDoUpdate({
      target: [pageFormSubmissions.pageId, pageFormSubmissions.blockId, pageFormSubmissions.userId],
      set: { values: sql`excluded.values`, formTitle: sql`excluded.form_title`, updatedAt: sql`now()` },
    })
    // xmax is 0 on a row this statement inserted, the updating transaction's id on one it replaced.
    .returning({ id: pageFormSubmissions.id, createdAt: pageFormSubmissions.createdAt, updatedAt: pageFormSubmissions.updatedAt, inserted: sql<boolean>`(xmax = 0)` });
  if (!row) throw new Error('no submission row');
  return row;
}

const submissionColumns = {
  id: pageFormSubmissions.id,
  blockId: pageFormSubmissions.blockId,
  formTitle: pageFormSubmissions.formTitle,
  values: pageFormSubmissions.values,
  createdAt: pageFormSubmissions.createdAt,
  updatedAt: pageFormSubmissions.updatedAt,
  user: { id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email },
};
export type SubmissionRow = {
  id: number;
  blockId: string;
  formTitle: string;
  values: SubmissionValues;
  createdAt: Date;
  updatedAt: Date;
  user: { id: number; firstName: string; lastName: string; email: string };
};

const whereOf = (pageId: number, blockId: string | undefined): SQL | undefined =>
  and(eq(pageFormSubmissions.pageId, pageId), blockId === undefined ? undefined : eq(pageFormSubmissions.blockId, blockId));

/** A page's submissions, newest (last sent) first, with their senders. */
export async function submissionsOf(db: Db, pageId: number, blockId: string | undefined, limit: number, offset: number): Promise<{ rows: SubmissionRow[]; total: number }> {
  const where = whereOf(pageId, blockId);
  const [rows, [counted]] = await Promise.all([
    db
      .select(submissionColumns)
      .from(pageFormSubmissions)
      .innerJoin(users, eq(users.id, pageFormSubmissions.userId))
      .where(where)
      .orderBy(desc(pageFormSubmissions.updatedAt), desc(pageFormSubmissions.id))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(pageFormSubmissions).where(where),
  ]);
  return { rows, total: counted?.n ?? 0 };
}

/** Who a form's mail goes to, and the event it names. */
export async function submitterAndEvent(db: Db, userId: number, eventId: number) {
  const [person] = await db.select({ email: users.email, firstName: users.firstName, language: users.language }).from(users).where(eq(users.id, userId)).limit(1);
  const [event] = await db.select({ name: events.name }).from(events).where(eq(events.id, eventId)).limit(1);
  return person && event ? { person, event } : null;
}
