// The academy's promo messages (issue 15): a course admin posts to the academy's promo channel,
// which the course's people read and cannot answer and nobody else sees; mailed to the students
// with the chosen Custom template or Lobby's own mail in each one's language; the list, the news
// on the program page, the template picker, and who may do what.
import { ErrorCode, type ChatChannel, type ChatMessage, type EmailTemplateItem, type PromoMessage } from '@lobby/contract';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { academyPromoMessages, emailTemplates, outbox, users } from '../src/db/schema/index.ts';
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
const promos = () => `${w.base()}/admin/promo-messages`;
const send = (body: Record<string, unknown>, who = w.people.admin) => w.call('POST', promos(), who, body);
const mailsTo = (emails: string[]) => db().select().from(outbox).where(inArray(outbox.toEmail, emails));
const customTemplate = async (eventId: number, typeId = 14, name = 'Course news') => {
  const [row] = await db()
    .insert(emailTemplates)
    .values({ eventId, typeId, name, translations: { en: { subject: '{{event}}: a word for {{name}}', body: 'Dear {{name}},\n\n{{text}}\n\nSee {{link}}' }, ru: { subject: 'Новости для {{name}}', body: '{{text}}' } } })
    .returning();
  if (!row) throw new Error('no template');
  return row;
};

describe('academy promo messages', () => {
  let first: PromoMessage;

  it('posts the message in the academy promo channel and mails it with Lobby’s own mail in each student’s language', async () => {
    await db().update(users).set({ language: 'ru' }).where(eq(users.id, w.people.student2.id));
    const res = await send({ text: 'The second module opens on Monday.', email: true });
    expect(res.statusCode, res.body).toBe(201);
    first = res.json<{ data: PromoMessage }>().data;
    await drainJobs();
    expect(first).toMatchObject({ text: 'The second module opens on Monday.', emailed: true, email_template: null, recipients: 2, sender: { uid: w.people.admin.id } });
    const mails = await mailsTo([w.people.student.email, w.people.student2.email]);
    expect(mails.map((mail) => [mail.toEmail, mail.kind, mail.language])).toEqual(expect.arrayContaining([
      [w.people.student.email, 'academy_promo', 'en'],
      [w.people.student2.email, 'academy_promo', 'ru'],
    ]));
    const english = mails.find((mail) => mail.toEmail === w.people.student.email);
    expect(english?.text).toContain('The second module opens on Monday.');
    expect(english?.text).toContain(`/events/${w.event.slug}/academy/program`);
    // Teachers and plain members are not mailed.
    expect(await mailsTo([w.people.teacher.email, w.people.attendee.email])).toEqual([]);
  });

  it('shows the channel to the course’s people, read-only to students, and hides it from everyone else', async () => {
    const channelOf = async (who: typeof w.people.student) => {
      const list = await w.call('GET', `/api/v1/chat/channels?filter[related_id]=${w.event.id}`, who);
      expect(list.statusCode, list.body).toBe(200);
      return list.json<{ data: ChatChannel[] }>().data.find((channel) => channel.id === first.channel_id);
    };
    const seen = await channelOf(w.people.student);
    expect(seen).toMatchObject({ entity_type: 'promo_company', entity_id: null, name: w.event.name, can_send: false, cannot_send_reason: 'read_only' });
    expect(seen?.last_message?.text).toBe('The second module opens on Monday.');
    expect(await channelOf(w.people.teacher)).toMatchObject({ can_send: false });
    expect(await channelOf(w.people.admin)).toMatchObject({ can_send: true });
    expect(await channelOf(w.people.attendee)).toBeUndefined();

    const messages = await w.call('GET', `/api/v1/chat/channels/${first.channel_id}/messages`, w.people.student);
    expect(messages.statusCode).toBe(200);
    expect(messages.json<{ data: ChatMessage[] }>().data.map((message) => message.text)).toContain('The second module opens on Monday.');
    const reply = await w.call('POST', `/api/v1/chat/channels/${first.channel_id}/messages`, w.people.student, { text: 'Thanks!' });
    expect(reply.statusCode).toBe(403);
    expect(reply.json()).toMatchObject({ error: { code: ErrorCode.chatReadOnly } });
    // Someone outside the academy: the channel does not exist for them.
    for (const who of [w.people.attendee, w.people.otherStudent, w.people.outsider]) {
      expect(await w.codeOf('GET', `/api/v1/chat/channels/${first.channel_id}/messages`, who)).toBe('404 chat.channel_not_found');
    }
  });

  it('mails with the chosen Custom template, its variables filled, and refuses another type or another event’s template', async () => {
    const template = await customTemplate(w.event.id);
    const res = await send({ text: 'Office hours at 18:00.', email: true, email_template_id: template.id });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<{ data: PromoMessage }>().data).toMatchObject({ email_template: { id: template.id, name: 'Course news' }, recipients: 2 });
    await drainJobs();
    const mails = await db().select().from(outbox).where(eq(outbox.toEmail, w.people.student.email));
    const mail = mails.at(-1);
    expect(mail?.subject).toBe(`${w.event.name}: a word for ${(await db().select().from(users).where(eq(users.id, w.people.student.id)))[0]?.firstName}`);
    expect(mail?.text).toContain('Office hours at 18:00.');
    expect(mail?.text).toContain(`/events/${w.event.slug}/academy/program`);
    const russian = (await db().select().from(outbox).where(eq(outbox.toEmail, w.people.student2.email))).at(-1);
    expect(russian?.text).toContain('Office hours at 18:00.');

    const meeting = await customTemplate(w.event.id, 7, 'Meeting sent');
    const foreign = await customTemplate(w.other.id);
    for (const id of [meeting.id, foreign.id, 999_999]) {
      expect(await w.codeOf('POST', promos(), w.people.admin, { text: 'Nope', email: true, email_template_id: id })).toBe('422 academy.promo_template_invalid');
    }
    // Without e-mail the template is not looked at, and nobody is mailed.
    const before = (await mailsTo([w.people.student.email])).length;
    expect((await send({ text: 'Chat only.', email: false, email_template_id: foreign.id })).statusCode).toBe(201);
    await drainJobs();
    expect((await mailsTo([w.people.student.email])).length).toBe(before);
  });

  it('lists the messages newest first for staff and as news for students; the picker lists Custom templates only', async () => {
    const list = await w.ok<PromoMessage[]>('GET', promos(), w.people.teacher);
    expect(list.map((promo) => promo.text)).toEqual(['Chat only.', 'Office hours at 18:00.', 'The second module opens on Monday.']);
    expect(list.every((promo) => promo.channel_id === first.channel_id)).toBe(true);
    const news = await w.call('GET', `${w.base()}/news?per_page=2`, w.people.student);
    expect(news.json<{ data: PromoMessage[]; meta: { total: number } }>()).toMatchObject({ meta: { total: 3 } });
    expect(news.json<{ data: PromoMessage[] }>().data.map((promo) => promo.text)).toEqual(['Chat only.', 'Office hours at 18:00.']);
    const picker = await w.ok<EmailTemplateItem[]>('GET', `${promos()}/templates`, w.people.admin);
    expect(picker.map((item) => [item.name, item.type_id])).toEqual([['Course news', 14]]);
  });

  it('is posted by course admins and organisers only; a bad body is 400', async () => {
    for (const who of [w.people.teacher, w.people.student, w.people.attendee, w.people.otherAdmin]) expect((await send({ text: 'Sneaky', email: false }, who)).statusCode).toBe(403);
    expect((await send({ text: 'From the organiser', email: false }, w.people.organiser)).statusCode).toBe(201);
    expect((await send({ text: '   ', email: false })).statusCode).toBe(400);
    expect((await send({ text: 'x'.repeat(4001), email: false })).statusCode).toBe(400);
    expect(await w.codeOf('GET', promos(), w.people.student)).toBe('403 section.locked');
    expect(await w.codeOf('GET', `${w.base()}/news`, w.people.attendee)).toBe('403 section.locked');
  });

  it('mails a large course a batch at a time and, when a mailing job runs again, goes on after the last student mailed', async () => {
    const big = await academyWorld(t);
    const extra = [];
    for (let n = 0; n < 120; n += 1) extra.push(await big.person({ roleIds: [6] }));
    const emails = [big.people.student, big.people.student2, ...extra].map((who) => who.email);
    const res = await big.call('POST', `${big.base()}/admin/promo-messages`, big.people.admin, { text: 'Big news.', email: true });
    expect(res.statusCode, res.body).toBe(201);
    const promo = res.json<{ data: PromoMessage }>().data;
    expect(promo.recipients).toBe(122);
    // One turn: the first batch of 100, noted; the job is back in line for the rest.
    for (let turn = 0; turn < 10 && (await mailsTo(emails)).length === 0; turn += 1) await t.app.deps.jobs.runOnce();
    const [row] = await db().select().from(academyPromoMessages).where(eq(academyPromoMessages.id, promo.id));
    expect((await mailsTo(emails)).length).toBe(100);
    expect(row?.mailedUpTo).toBeGreaterThan(0);
    await drainJobs();
    const mails = await mailsTo(emails);
    expect(mails).toHaveLength(122);
    expect(new Set(mails.map((mail) => mail.toEmail)).size).toBe(122);
  });
});
