// The academy's certificates (issue 15; e-mail type 13 Certificate): issued once, the first time a
// student's stored progress shows the course complete, with the student's name, the course and the
// course admins' text frozen then; mailed by a job; checked by anyone with the code, and printed as
// a PDF in the student's language.
import { certificatePath, certificatePdfPath, EmailType, ErrorCode, type Certificate } from '@lobby/contract';
import { and, eq } from 'drizzle-orm';
import type { AccessSource } from '../../access/access.ts';
import type { Db } from '../../db/client.ts';
import { academyCertificates, academySettings, events, users } from '../../db/schema/index.ts';
import { AppError } from '../../http/errors.ts';
import type { JobHandler } from '../../jobs/runner.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { eventMailOverride } from '../emails/service.ts';
import { languageOf } from './homework-news.ts';
import { requireAcademy, type AcademyContext } from './service.ts';

type CertificateRow = typeof academyCertificates.$inferSelect;

export const certificateNotFound = () => new AppError(404, ErrorCode.certificateNotFound, 'This certificate does not exist.');

async function eventSlugOf(db: Db, eventId: number): Promise<string> {
  const [row] = await db.select({ slug: events.slug }).from(events).where(eq(events.id, eventId)).limit(1);
  return row?.slug ?? '';
}

function present(row: CertificateRow, slug: string): Certificate {
  return {
    code: row.code,
    student_name: row.studentName,
    course: row.course,
    event_slug: slug,
    text: row.text,
    issued_at: row.issuedAt.toISOString(),
    verify_path: certificatePath(row.code),
    pdf_path: certificatePdfPath(row.code),
  };
}

/** The mail of a new certificate, in the student's language: the event's Certificate template (type 13) when it has one. */
export function certificateMailHandler(deps: { db: Db; mailer: Mailer; publicUrl: string }): JobHandler {
  return async (job) => {
    const id = Number(job.payload.certificateId);
    const [row] = await deps.db.select().from(academyCertificates).where(eq(academyCertificates.id, id)).limit(1);
    if (!row || row.mailedAt) return;
    const [person] = await deps.db.select({ email: users.email, firstName: users.firstName, language: users.language, quiet: users.disableEmailNotifications }).from(users).where(eq(users.id, row.userId)).limit(1);
    if (person && !person.quiet) {
      const language = languageOf(person.language);
      const values = { name: person.firstName, event: row.course, link: `${deps.publicUrl}${certificatePath(row.code)}` };
      const override = await eventMailOverride(deps.db, row.eventId, EmailType.Certificate, language, values);
      await deps.mailer.send(person.email, { kind: 'certificate', ...values }, language, override);
    }
    await deps.db.update(academyCertificates).set({ mailedAt: new Date() }).where(eq(academyCertificates.id, id));
  };
}

/** The caller's own certificate of the course, or null. */
export async function myCertificate(ctx: AcademyContext, source: AccessSource, eventId: number) {
  const caller = await requireAcademy(ctx.db, source, eventId, 'view');
  const [row] = await ctx.db.select().from(academyCertificates).where(and(eq(academyCertificates.eventId, eventId), eq(academyCertificates.userId, caller.userId))).limit(1);
  return { data: row ? present(row, caller.event.slug) : null };
}

async function byCode(db: Db, code: string): Promise<CertificateRow> {
  const [row] = await db.select().from(academyCertificates).where(eq(academyCertificates.code, code)).limit(1);
  if (!row) throw certificateNotFound();
  return row;
}

/** Anyone holding the code may check it. */
export async function verifyCertificate(db: Db, code: string) {
  const row = await byCode(db, code);
  return { data: present(row, await eventSlugOf(db, row.eventId)) };
}

/** The PDF in the student's language, the date in the course timezone. */
export async function certificatePdfFile(db: Db, publicUrl: string, code: string): Promise<{ filename: string; body: Buffer }> {
  const row = await byCode(db, code);
  const [person] = await db.select({ language: users.language }).from(users).where(eq(users.id, row.userId)).limit(1);
  const [zone] = await db.select({ event: events.timezone, course: academySettings.timezone }).from(events).leftJoin(academySettings, eq(academySettings.eventId, events.id)).where(eq(events.id, row.eventId)).limit(1);
  // The PDF library and its font engine load on the first certificate, not with the server: they
  // are the largest modules it has, and most servers never draw a certificate.
  const { renderCertificatePdf } = await import('./certificate-pdf.ts');
  const bytes = await renderCertificatePdf({
    studentName: row.studentName,
    course: row.course,
    text: row.text,
    issuedAt: row.issuedAt,
    timeZone: zone?.course ?? zone?.event ?? 'UTC',
    verifyUrl: `${publicUrl}${certificatePath(row.code)}`,
    language: languageOf(person?.language),
  });
  return { filename: `certificate-${row.code.slice(0, 8)}.pdf`, body: Buffer.from(bytes) };
}
