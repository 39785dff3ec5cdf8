// Issuing certificates (issue 15): the first time a student's stored progress shows the course
// complete (progress.ts calls this after each store), with the mail queued for certificates.ts.
import { randomBytes } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { academyCertificates, academySettings, events, users } from '../../db/schema/index.ts';
import { enqueueJob } from '../../jobs/queue.ts';

export const CERTIFICATE_MAIL_JOB = 'academy.certificate.mail';

const newCode = (): string => randomBytes(18).toString('base64url');


/**
 * Issues the certificates these students do not have yet (their course is complete) and queues
 * each one's mail, in one transaction: two refreshes at once issue one certificate (the unique
 * index keeps the first).
 */
export async function issueCertificates(db: Db, eventId: number, userIds: readonly number[]): Promise<void> {
  if (userIds.length === 0) return;
  const held = new Set((await db.select({ userId: academyCertificates.userId }).from(academyCertificates).where(and(eq(academyCertificates.eventId, eventId), inArray(academyCertificates.userId, [...userIds])))).map((row) => row.userId));
  const missing = userIds.filter((id) => !held.has(id));
  if (missing.length === 0) return;
  const [event] = await db.select({ name: events.name }).from(events).where(eq(events.id, eventId)).limit(1);
  if (!event) return;
  const [settings] = await db.select({ text: academySettings.certificateText }).from(academySettings).where(eq(academySettings.eventId, eventId)).limit(1);
  const people = await db.select({ id: users.id, firstName: users.firstName, lastName: users.lastName }).from(users).where(inArray(users.id, missing));
  await db.transaction(async (tx) => {
    const made = await tx
      .insert(academyCertificates)
      .values(people.map((person) => ({ eventId, userId: person.id, code: newCode(), studentName: `${person.firstName} ${person.lastName}`.trim(), course: event.name, text: settings?.text ?? '' })))
      .onConflictDoNothing()
      .returning({ id: academyCertificates.id });
    for (const row of made) await enqueueJob(tx as unknown as Db, CERTIFICATE_MAIL_JOB, { certificateId: row.id });
  });
}

