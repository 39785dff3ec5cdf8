import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { OwnVacancyResponse, Vacancy, VacancyResponse } from '@lobby/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailTemplates, outbox, vacancyResponses } from '../src/db/schema/index.ts';
import { createTestApp, type TestApp } from './harness.ts';
import { cvFile, docCv, docxCv, pdfCv, xlsFile, xlsxFile } from './support/cv-files.ts';
import { future, past, vacancyWorld, type Person, type VacancyWorld } from './vacancies-fixtures.ts';

// A small upload limit, so the 413 needs no 10 MB body.
const LIMIT = 64 * 1024;
let t: TestApp;
let w: VacancyWorld;
let open: number;

beforeAll(async () => {
  t = await createTestApp({ UPLOAD_MAX_BYTES: String(LIMIT), PUBLIC_URL: 'https://lobby.example.org' });
  w = await vacancyWorld(t);
  open = (await w.post(w.companyA.id, { title: 'Level designer', skills: [2] })).id;
});
afterAll(() => t.close());

const codeOf = (res: { statusCode: number; json: <T>() => T }) => `${res.statusCode} ${res.statusCode >= 400 ? res.json<{ error: { code: string } }>().error.code : ''}`.trim();
const storedCvs = (vacancyId: number) => readdirSync(join(t.config.dataDir, 'files')).filter((name) => name.startsWith(`cv${vacancyId}-`));
const fresh = () => w.person({ ticket: w.business.id });

describe('responding', () => {
  it('a member responds with a message and a PDF; the vacancy shows their response and they list it', async () => {
    const res = await w.respond(w.people.member, open, { message: '  I love building levels. ' }, cvFile(pdfCv, 'Mira CV.pdf'));
    expect(res.statusCode, res.body).toBe(201);
    const mine = res.json<{ data: OwnVacancyResponse }>().data;
    expect(mine).toMatchObject({ status: 'new', message: 'I love building levels.', cv_name: 'Mira CV.pdf', vacancy: { id: open, title: 'Level designer', state: 'open', company: { id: w.companyA.id } } });
    const vacancy = await w.ok<Vacancy>('GET', `/api/v1/${w.event.id}/vacancies/${open}`, w.people.member);
    expect(vacancy).toMatchObject({ my_response: { id: mine.id, status: 'new' }, can_respond: false });
    const listed = await w.call('GET', `/api/v1/${w.event.id}/vacancies/responses/mine`, w.people.member);
    expect(listed.json<{ data: OwnVacancyResponse[] }>().data.map((row) => row.id)).toEqual([mine.id]);
    expect(await w.codeOf('GET', `/api/v1/${w.other.id}/vacancies/responses/mine`, w.people.member)).toBe('404 event.not_found');
  });

  it('takes a DOCX and a DOC by their content; the name gets the extension of what the file is', async () => {
    const docx = await w.respond(await fresh(), open, {}, cvFile(docxCv, 'resume', 'application/octet-stream'));
    expect(docx.statusCode, docx.body).toBe(201);
    expect(docx.json<{ data: OwnVacancyResponse }>().data).toMatchObject({ cv_name: 'resume.docx', message: '' });
    const doc = await w.respond(await fresh(), open, { message: 'Old Word' }, cvFile(docCv, '../../etc/cv.doc', 'application/msword'));
    expect(doc.statusCode, doc.body).toBe(201);
    expect(doc.json<{ data: OwnVacancyResponse }>().data.cv_name).toBe('cv.doc');
  });

  it.each<[string, Buffer, string]>([
    ['a spreadsheet in a zip (xlsx)', xlsxFile, '415 vacancy.cv_type'],
    ['an OLE2 file without a Word stream (xls)', xlsFile, '415 vacancy.cv_type'],
    ['a picture named .pdf', Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'), '415 vacancy.cv_type'],
    ['text', Buffer.from('Hello, I am a CV in plain text.'), '415 vacancy.cv_type'],
    ['a file shorter than any magic', Buffer.from('%PD'), '415 vacancy.cv_type'],
    ['an empty file', Buffer.alloc(0), '400 vacancy.cv_required'],
    ['a file past the upload limit', Buffer.concat([pdfCv, Buffer.alloc(LIMIT)]), '413 vacancy.cv_too_large'],
  ])('refuses %s', async (_name, data, expected) => {
    const who = await fresh();
    const res = await w.respond(who, open, { message: 'Hi' }, cvFile(data, 'cv.pdf'));
    expect(codeOf(res)).toBe(expected);
    expect(await w.ok<Vacancy>('GET', `/api/v1/${w.event.id}/vacancies/${open}`, who)).toMatchObject({ my_response: null, can_respond: true });
  });

  it('says what is wrong with the form: no CV (400), a long message (400), JSON instead of a form (415)', async () => {
    const who = await fresh();
    const none = await w.respond(who, open, { message: 'No file' });
    expect(codeOf(none)).toBe('400 vacancy.cv_required');
    expect(none.json<{ error: { message: string } }>().error.message).toBe('Attach your CV: a PDF, DOC or DOCX file.');
    expect(codeOf(await w.respond(who, open, { message: 'x'.repeat(3001) }, cvFile(pdfCv)))).toBe('400 vacancy.message_too_long');
    expect(codeOf(await w.respond(who, open, { message: 'Я'.repeat(3000) }, cvFile(pdfCv)))).toBe('201');
    expect(await w.codeOf('POST', `/api/v1/${w.event.id}/vacancies/${open}/responses`, await fresh(), { message: 'json' })).toBe('415 payload.unsupported_type');
    const big = await w.respond(await fresh(), open, {}, cvFile(Buffer.concat([pdfCv, Buffer.alloc(LIMIT)])));
    expect(big.json<{ error: { message: string; details: { max_mb: number } } }>().error).toMatchObject({ message: 'The CV is too big: the largest file is 0.1 MB.', details: { max_mb: 0.1 } });
  });

  it('refuses a closed vacancy (409), a draft (404), the own company (422), a second response (409) and outsiders (404)', async () => {
    const closed = await w.post(w.companyA.id, { title: 'Closed', closes_at: past(1) });
    const draft = await w.post(w.companyA.id, { title: 'Draft', published: false });
    const later = await w.post(w.companyA.id, { title: 'Later', closes_at: future(1) });
    const who = await fresh();
    expect(codeOf(await w.respond(who, closed.id, {}, cvFile(pdfCv)))).toBe('409 vacancy.closed');
    expect(codeOf(await w.respond(who, draft.id, {}, cvFile(pdfCv)))).toBe('404 vacancy.not_found');
    expect(codeOf(await w.respond(w.people.chatterA, later.id, {}, cvFile(pdfCv)))).toBe('422 vacancy.own_company');
    expect(codeOf(await w.respond(w.people.member, open, {}, cvFile(pdfCv)))).toBe('409 vacancy.already_responded');
    expect(codeOf(await w.respond(w.people.outsider, later.id, {}, cvFile(pdfCv)))).toBe('404 event.not_found');
    expect(codeOf(await w.respond(w.people.adminC, later.id, {}, cvFile(pdfCv), w.other.id))).toBe('404 vacancy.not_found');
    expect(storedCvs(closed.id)).toEqual([]);
  });

  it('takes one response of twenty sent at once by one person; the others are 409 and leave no file', async () => {
    const race = (await w.post(w.companyA.id, { title: 'Race' })).id;
    const who = await fresh();
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => w.respond(who, race, { message: `try ${i}` }, cvFile(pdfCv))));
    const codes = answers.map(codeOf).sort();
    expect(codes.filter((code) => code === '201')).toHaveLength(1);
    expect(codes.filter((code) => code === '409 vacancy.already_responded')).toHaveLength(19);
    const rows = await t.database.db.select().from(vacancyResponses).where(and(eq(vacancyResponses.vacancyId, race), eq(vacancyResponses.userId, who.id)));
    expect(rows).toHaveLength(1);
    expect(storedCvs(race)).toHaveLength(1);
  });
});

describe('the company hears of it', () => {
  const mailsTo = (email: string) => t.database.db.select().from(outbox).where(and(eq(outbox.toEmail, email), eq(outbox.kind, 'job_application')));

  it("mails each admin in their own language with the applicant, the vacancy, the message and the responses' link", async () => {
    const vacancy = (await w.post(w.companyA.id, { title: 'Sound designer' })).id;
    const applicant = await w.person({ ticket: w.business.id, first: 'Lev' });
    expect((await w.respond(applicant, vacancy, { message: 'I make things go boom.' }, cvFile(pdfCv))).statusCode).toBe(201);
    const [english] = (await mailsTo(w.people.adminA.email)).filter((mail) => mail.subject.includes('Sound designer'));
    expect(english).toMatchObject({ language: 'en', subject: 'New response to "Sound designer"' });
    expect(english?.text).toContain('Lev ');
    expect(english?.text).toContain('I make things go boom.');
    expect(english?.text).toContain(`https://lobby.example.org/profile/settings/company-vacancies/${vacancy}/responses`);
    const [russian] = (await mailsTo(w.people.adminA2.email)).filter((mail) => mail.subject.includes('Sound designer'));
    expect(russian).toMatchObject({ language: 'ru', subject: 'Новый отклик на вакансию «Sound designer»' });
    expect(await mailsTo(w.people.chatterA.email)).toEqual([]);
    expect(await mailsTo(applicant.email)).toEqual([]);
  });

  it("uses the event's JobApplication template (type 3) in the admin's language", async () => {
    await t.database.db.insert(emailTemplates).values({
      eventId: w.event.id,
      typeId: 3,
      name: 'Applications',
      translations: { en: { subject: 'Applicant {{applicant}} for {{vacancy}}', body: 'Dear {{name}},\n\n{{message}}\n\nSee {{link}} ({{event}})' }, ru: { subject: 'Отклик: {{vacancy}}', body: '{{applicant}}: {{message}}' } },
    });
    const vacancy = (await w.post(w.companyA.id, { title: 'Tools engineer' })).id;
    const applicant = await w.person({ ticket: w.business.id, first: 'Zoe' });
    expect((await w.respond(applicant, vacancy, { message: 'Pipelines are my thing.' }, cvFile(pdfCv))).statusCode).toBe(201);
    const [english] = (await mailsTo(w.people.adminA.email)).filter((mail) => mail.subject.includes('Tools engineer'));
    expect(english?.subject).toMatch(/^Applicant Zoe .+ for Tools engineer$/);
    expect(english?.text).toContain('Dear Ada,');
    expect(english?.text).toContain('Pipelines are my thing.');
    expect(english?.text).toContain(`/profile/settings/company-vacancies/${vacancy}/responses`);
    const [russian] = (await mailsTo(w.people.adminA2.email)).filter((mail) => mail.subject.includes('Tools engineer'));
    expect(russian?.subject).toBe('Отклик: Tools engineer');
    expect(russian?.text).toMatch(/^Zoe .+: Pipelines are my thing\./);
    await t.database.db.delete(emailTemplates).where(and(eq(emailTemplates.eventId, w.event.id), eq(emailTemplates.typeId, 3)));
  });
});

describe("the company's admins handle the responses", () => {
  let vacancy: number;
  let applicant: Person;
  let responseId: number;
  const base = () => `/api/v1/companies/${w.companyA.id}/vacancies/${vacancy}/responses`;
  beforeAll(async () => {
    vacancy = (await w.post(w.companyA.id, { title: 'Gameplay engineer', skills: [7, 8] })).id;
    applicant = await w.person({ ticket: w.business.id, first: 'Ivo' });
    const res = await w.respond(applicant, vacancy, { message: 'Hire me' }, cvFile(docxCv, 'ivo.docx'));
    responseId = res.json<{ data: OwnVacancyResponse }>().data.id;
  });

  it('lists them as they were when opened, and opening marks the new ones seen', async () => {
    const first = await w.call('GET', base(), w.people.adminA);
    expect(first.statusCode, first.body).toBe(200);
    const [row] = first.json<{ data: VacancyResponse[] }>().data;
    expect(row).toMatchObject({
      id: responseId,
      status: 'new',
      message: 'Hire me',
      applicant: { user_id: applicant.id, first_name: 'Ivo', email: applicant.email, event_id: w.event.id },
      cv: { name: 'ivo.docx', content_type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', size: docxCv.length },
      matches: [],
    });
    expect(row?.applicant.member_id).toBeGreaterThan(0);
    const again = await w.call('GET', base(), w.people.adminA);
    expect(again.json<{ data: VacancyResponse[] }>().data[0]?.status).toBe('seen');
    expect((await w.call('GET', `${base()}?filter[status]=new`, w.people.adminA)).json<{ meta: { total: number } }>().meta.total).toBe(0);
    expect(await w.ok<Vacancy>('GET', `/api/v1/${w.event.id}/vacancies/${vacancy}`, applicant)).toMatchObject({ my_response: { status: 'seen' } });
  });

  it('invites, declines, changes its mind; a decision never goes back to seen (409)', async () => {
    const patch = (status: string, who: Person = w.people.adminA) => w.call('PATCH', `${base()}/${responseId}`, who, { status });
    expect((await patch('invited')).json<{ data: VacancyResponse }>().data.status).toBe('invited');
    expect((await patch('declined', w.people.adminA2)).json<{ data: VacancyResponse }>().data.status).toBe('declined');
    expect(codeOf(await patch('seen'))).toBe('409 vacancy.status_invalid');
    expect(codeOf(await patch('new'))).toBe('400 validation.failed');
    expect((await patch('invited')).json<{ data: VacancyResponse }>().data.status).toBe('invited');
    const mine = await w.call('GET', `/api/v1/${w.event.id}/vacancies/responses/mine`, applicant);
    expect(mine.json<{ data: OwnVacancyResponse[] }>().data[0]?.status).toBe('invited');
  });

  it("keeps them from everyone but the company's admins and staff; another vacancy's response is 404", async () => {
    expect(await w.codeOf('GET', base(), w.people.chatterA)).toBe('403 vacancy.forbidden');
    expect(await w.codeOf('GET', base(), w.people.adminB)).toBe('403 vacancy.forbidden');
    expect(await w.codeOf('GET', base(), applicant)).toBe('403 vacancy.forbidden');
    expect(await w.codeOf('GET', base(), w.people.staff)).toBe('200');
    expect(await w.codeOf('PATCH', `${base()}/${responseId}`, w.people.adminB, { status: 'declined' })).toBe('403 vacancy.forbidden');
    const otherVacancy = (await w.post(w.companyA.id, { title: 'Other' })).id;
    expect(await w.codeOf('PATCH', `/api/v1/companies/${w.companyA.id}/vacancies/${otherVacancy}/responses/${responseId}`, w.people.adminA, { status: 'declined' })).toBe('404 vacancy.response_not_found');
    expect(await w.codeOf('GET', `/api/v1/companies/${w.companyA.id}/vacancies/${otherVacancy}/responses/${responseId}/cv`, w.people.adminA)).toBe('404 vacancy.response_not_found');
    const ofB = (await w.post(w.companyB.id, { title: 'B' }, w.people.adminB)).id;
    expect(await w.codeOf('GET', `/api/v1/companies/${w.companyA.id}/vacancies/${ofB}/responses`, w.people.adminA)).toBe('404 vacancy.not_found');
  });

  it('gives the CV behind a short-lived signed address, downloaded as an attachment', async () => {
    const cv = await w.ok<{ url: string; name: string; content_type: string; expires_at: string }>('GET', `${base()}/${responseId}/cv`, w.people.adminA);
    expect(cv).toMatchObject({ name: 'ivo.docx', content_type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' });
    expect(Date.parse(cv.expires_at)).toBeGreaterThan(Date.now());
    const file = await t.app.inject({ method: 'GET', url: cv.url });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-disposition']).toBe('attachment');
    expect(file.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.wordprocessingml.document');
    expect(file.rawPayload.equals(docxCv)).toBe(true);
    expect(await w.codeOf('GET', `${base()}/${responseId}/cv`, applicant)).toBe('403 vacancy.forbidden');
    expect((await t.app.inject({ method: 'GET', url: cv.url.replace(/sig=[^&]+/, 'sig=AAAAAAAAAAAAAAAAAAAAAA') })).statusCode).toBe(403);
  });

  it('deleting the vacancy takes its responses and their CV files', async () => {
    const gone = (await w.post(w.companyA.id, { title: 'Gone soon' })).id;
    expect((await w.respond(await fresh(), gone, {}, cvFile(pdfCv))).statusCode).toBe(201);
    expect(storedCvs(gone)).toHaveLength(1);
    expect((await w.call('DELETE', `/api/v1/companies/${w.companyA.id}/vacancies/${gone}`, w.people.adminA)).statusCode).toBe(204);
    expect(storedCvs(gone)).toEqual([]);
    expect(await t.database.db.select().from(vacancyResponses).where(eq(vacancyResponses.vacancyId, gone))).toEqual([]);
  });
});
