// The academy's certificates (issue 15): issued once, when a student's course becomes complete;
// mailed (the event's Certificate template when it has one); read by the student; checked and
// printed as a PDF by anyone holding the code, and by nobody without it.
import { type Certificate } from '@lobby/contract';
import { eq } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { academyCertificates, emailTemplates, outbox, users } from '../src/db/schema/index.ts';
import { refreshEvent } from '../src/modules/academy/progress.ts';
import { academyWorld, type AcademyWorld, drainJobs as drainAllJobs } from './academy-fixtures.ts';
import { createTestApp, type TestApp } from './harness.ts';

let t: TestApp;
let w: AcademyWorld;
beforeAll(async () => {
  t = await createTestApp();
  w = await academyWorld(t);
});
afterAll(() => t.close());

const db = () => t.database.db;
const drainJobs = () => drainAllJobs(t);
const mine = (who = w.people.student) => w.ok<Certificate | null>('GET', `${w.base()}/certificate`, who);

describe('academy certificates', () => {
  let certificate: Certificate;

  it('issues none before the course is complete, then one when the last homework is approved, and mails it with the event’s Certificate template', async () => {
    await db().update(users).set({ firstName: '王', lastName: '小明', language: 'zh' }).where(eq(users.id, w.people.student.id));
    await db().insert(emailTemplates).values({ eventId: w.event.id, typeId: 13, name: 'Certificate', translations: { en: { subject: 'Well done, {{name}}', body: 'Your certificate of {{event}}: {{link}}' } } });
    await w.ok('PUT', `${w.base()}/admin/settings`, w.people.admin, { timezone: 'Europe/Moscow', certificate_text: 'For every lesson and every homework of the course.' });
    const module = await w.module({ short_description: 'Only module' });
    const reading = await w.lesson(module.id, { short_description: 'Reading' });
    const work = await w.lesson(module.id, { short_description: 'Work', has_homework: true });

    await w.ok('GET', `${w.base()}/lessons/${reading.id}`, w.people.student);
    expect(await mine()).toBeNull();
    const homework = await w.submitted(w.people.student, work.id);
    expect(await mine()).toBeNull();
    expect((await w.review(w.people.teacher, homework.id, 'approve')).statusCode).toBe(200);

    const issued = await mine();
    expect(issued).toMatchObject({ student_name: '王 小明', course: w.event.name, event_slug: w.event.slug, text: 'For every lesson and every homework of the course.' });
    if (!issued) throw new Error('no certificate');
    certificate = issued;
    expect(certificate.code).toMatch(/^[A-Za-z0-9_-]{24}$/);
    expect(certificate.verify_path).toBe(`/certificates/${certificate.code}`);
    expect(certificate.pdf_path).toBe(`/api/v1/certificates/${certificate.code}/pdf`);

    await drainJobs();
    const mails = await db().select().from(outbox).where(eq(outbox.toEmail, w.people.student.email));
    const mail = mails.find((item) => item.kind === 'certificate');
    // The template has English only: the Chinese reader gets it (English is the fallback).
    expect(mail?.subject).toBe('Well done, 王');
    expect(mail?.text).toContain(`/certificates/${certificate.code}`);
    // Another student of the course has not finished: no certificate, no mail.
    expect(await mine(w.people.student2)).toBeNull();
  });

  it('stays one certificate through every later refresh, and keeps what it said when issued', async () => {
    await w.ok('PUT', `${w.base()}/admin/settings`, w.people.admin, { timezone: 'Europe/Moscow', certificate_text: 'Changed later.' });
    await refreshEvent(db(), w.event.id);
    await refreshEvent(db(), w.event.id);
    await drainJobs();
    const rows = await db().select().from(academyCertificates).where(eq(academyCertificates.eventId, w.event.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.text).toBe('For every lesson and every homework of the course.');
    expect((await db().select().from(outbox).where(eq(outbox.toEmail, w.people.student.email))).filter((item) => item.kind === 'certificate')).toHaveLength(1);
  });

  it('is checked by anyone with the code, signed in or not', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/v1/certificates/${certificate.code}` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ data: Certificate }>().data).toEqual(certificate);
    expect((await w.call('GET', `/api/v1/certificates/${certificate.code}`, w.people.outsider)).statusCode).toBe(200);
  });

  it('prints a one-page A4 PDF in the student’s language with the name in Chinese', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/v1/certificates/${certificate.code}/pdf` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(String(res.headers['content-disposition'])).toMatch(/^inline; filename="certificate-/);
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const pdf = await PDFDocument.load(res.rawPayload);
    expect(pdf.getPageCount()).toBe(1);
    const [page] = pdf.getPages();
    expect(page?.getSize()).toEqual({ width: 842, height: 595 });
    expect(pdf.getTitle()).toBe('结业证书 · 王 小明');
  });

  it('answers 404 for a code Lobby did not issue and 400 for one that is not a code', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/certificates/AAAAAAAAAAAAAAAAAAAAAAAA' })).json()).toMatchObject({ error: { code: 'academy.certificate_not_found' } });
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/certificates/AAAAAAAAAAAAAAAAAAAAAAAA/pdf' })).statusCode).toBe(404);
    for (const bad of ['short', '%2E%2E%2Fetc', 'x'.repeat(41), '__proto__']) expect((await t.app.inject({ method: 'GET', url: `/api/v1/certificates/${bad}` })).statusCode).toBe(400);
  });

  it('is the reader’s own: another student of the course and people outside it get theirs or nothing', async () => {
    expect(await mine(w.people.teacher)).toBeNull();
    expect(await w.codeOf('GET', `${w.base()}/certificate`, w.people.attendee)).toBe('403 section.locked');
    expect(await w.codeOf('GET', `${w.base()}/certificate`, w.people.otherStudent)).toBe('403 auth.forbidden');
  });
});
