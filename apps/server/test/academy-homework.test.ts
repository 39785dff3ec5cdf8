// Academy homework (issue 15): sending on an open lesson with chat uploads, the lesson chat
// messages, decline and resend, approval opening the next lesson, notifications and mails, the
// review queue, races and other people's homework.
import { CHAT_TEXT_MAX, ErrorCode, HOMEWORK_COMMENT_MAX, type ChatMessage, type Homework, type Lesson, type Notification } from '@lobby/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { academyHomeworks, chatBans, chatMessages, eventMembers, outbox, users } from '../src/db/schema/index.ts';
import { academyWorld, type AcademyWorld, type Person } from './academy-fixtures.ts';
import { createTestApp, type TestApp } from './harness.ts';

let t: TestApp;
let w: AcademyWorld;
beforeAll(async () => {
  t = await createTestApp({ CHAT_FLOOD_LIMIT: '1000' });
  w = await academyWorld(t);
});
afterAll(() => t.close());

const db = () => t.database.db;
const lessonUrl = (id: number) => `${w.base()}/lessons/${id}`;
const mailsTo = (who: Person) => db().select().from(outbox).where(eq(outbox.toEmail, who.email));
const messagesOf = async (channelId: string, who: Person) => (await w.ok<ChatMessage[]>('GET', `/api/v1/chat/channels/${channelId}/messages?per_page=100`, who)).filter((m) => m.is_visible);
const notificationsOf = async (who: Person) => (await w.ok<Notification[]>('GET', `/api/v1/notifications?filter[event_id]=${w.event.id}`, who)).filter((n) => n.type === 'homework_status_updated');

/**
 * A fresh module with a homework lesson and the lesson after it. The homework does not block
 * (the course is shared by the tests: a blocking one would close every later lesson to the
 * students who never sent it); the blocking flow has an event of its own.
 */
async function homeworkPair(values: Record<string, unknown> = {}) {
  const module = await w.module();
  const first = await w.lesson(module.id, { short_description: 'Write a design doc', has_homework: true, homework_description: 'One page', ...values });
  const second = await w.lesson(module.id, { short_description: 'Prototype it' });
  return { module, first, second };
}

describe('a blocking homework, declined, sent again and approved (through the API)', () => {
  it('keeps the next lesson closed until the homework is approved, then opens it', async () => {
    // An event of its own: the blocking homework closes every lesson after it.
    const outer = w;
    w = await academyWorld(t);
    try {
      await blockingFlow();
    } finally {
      w = outer;
    }
  });

  async function blockingFlow() {
    const { first, second } = await homeworkPair({ blocked_homework: true });
    const { student, teacher } = w.people;

    const locked = await w.call('GET', lessonUrl(second.id), student);
    expect(locked.statusCode).toBe(403);
    expect(locked.json().error).toMatchObject({ code: ErrorCode.lessonLocked, details: { state: 'blocked', opens_at: null, blocked_by: { id: first.id, short_description: 'Write a design doc' } } });
    // The lesson by id alone follows the same rules.
    expect(await w.codeOf('GET', `/api/v1/academy/lessons/${second.id}`, student)).toBe('403 academy.lesson_locked');
    expect((await w.ok<Lesson>('GET', lessonUrl(first.id), student)).homework_status).toBeNull();

    const key = await w.upload(student, 'design.pdf');
    const sent = await w.submitted(student, first.id, { comment: 'Here it is', files: [key] });
    expect(sent).toMatchObject({ status: 1, attempts: 1, comment: 'Here it is', lesson_id: first.id, review_comment: null, student: { uid: student.id }, lesson: { id: first.id, short_description: 'Write a design doc' } });
    expect(sent.files).toEqual([expect.objectContaining({ key, name: 'design.pdf', content_type: 'application/pdf' })]);
    const [membership] = await db().select({ id: eventMembers.id }).from(eventMembers).where(and(eq(eventMembers.eventId, w.event.id), eq(eventMembers.userId, student.id)));
    expect(sent.member_id).toBe(membership?.id);
    expect(sent.chat_id).toEqual(expect.any(String));
    const chatId = sent.chat_id ?? '';
    // The homework is a message of the student's lesson chat, with the file, read by the teacher.
    const posted = await messagesOf(chatId, teacher);
    expect(posted).toHaveLength(1);
    expect(posted[0]).toMatchObject({ custom_type: 'homework', text: 'Here it is', custom_data: { homework_id: sent.id, event_id: w.event.id }, sender: { id: student.id } });
    expect(posted[0]?.attachments.map((a) => a.key)).toEqual([key]);
    expect(await w.codeOf('GET', lessonUrl(second.id), student)).toBe('403 academy.lesson_locked');

    // Declined with a comment: the chat, a notification and a mail tell the student.
    const declined = await w.review(teacher, sent.id, 'decline', 'Add the budget');
    expect(declined.statusCode, declined.body).toBe(200);
    expect(declined.json<{ data: Homework }>().data).toMatchObject({ status: 3, review_comment: 'Add the budget', reviewed_at: expect.any(String) });
    expect(await w.codeOf('POST', `${w.base()}/admin/homeworks/${sent.id}/approve`, teacher, {})).toBe('409 academy.homework_reviewed');
    const afterDecline = await messagesOf(chatId, student);
    expect(afterDecline.at(-1)).toMatchObject({ custom_type: 'homework_declined', text: 'Add the budget', sender: { id: teacher.id }, custom_data: { homework_id: sent.id } });
    const [notice] = await notificationsOf(student);
    expect(notice).toMatchObject({ type: 'homework_status_updated', event_id: w.event.id, sender: { user_id: teacher.id }, data: { status: 'declined', lesson_id: first.id, homework_id: sent.id, title: 'Write a design doc', reason: 'Add the budget' } });
    const mails = await mailsTo(student);
    expect(mails.map((m) => m.kind)).toContain('homework_declined');
    expect(mails.find((m) => m.kind === 'homework_declined')?.text).toContain('Add the budget');
    expect(mails.find((m) => m.kind === 'homework_declined')?.text).toContain(`/events/${w.event.slug}/academy/lesson/${first.id}`);
    expect((await w.ok<Lesson>('GET', lessonUrl(first.id), student)).homework_status).toBe(3);

    // Sent again: attempts 2; a third sending waits for the verdict.
    const again = await w.submitted(student, first.id, { comment: 'With the budget' });
    expect(again).toMatchObject({ id: sent.id, status: 1, attempts: 2, comment: 'With the budget', files: [] });
    const third = await w.submit(student, first.id, { comment: 'Once more' });
    expect(third.statusCode).toBe(409);
    expect(third.json().error).toMatchObject({ code: ErrorCode.homeworkExists, details: { status: 1 } });
    expect(await w.codeOf('GET', lessonUrl(second.id), student)).toBe('403 academy.lesson_locked');

    // Approved: the next lesson opens, and the student hears of it.
    const approved = await w.review(teacher, sent.id, 'approve');
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json<{ data: Homework }>().data).toMatchObject({ status: 2, review_comment: null, attempts: 2 });
    expect((await w.ok<Lesson>('GET', lessonUrl(second.id), student)).lock.state).toBe('open');
    expect((await messagesOf(chatId, student)).at(-1)).toMatchObject({ custom_type: 'homework_approved', sender: { id: teacher.id } });
    expect((await notificationsOf(student))[0]?.data.status).toBe('approved');
    expect((await mailsTo(student)).map((m) => m.kind)).toContain('homework_approved');
    const done = await w.submit(student, first.id, { comment: 'More' });
    expect(done.json().error).toMatchObject({ code: ErrorCode.homeworkExists, details: { status: 2 } });
    expect((await w.ok<Homework>('GET', `${lessonUrl(first.id)}/homework`, student)).status).toBe(2);
  }

  it('declining needs a comment', async () => {
    const { first } = await homeworkPair();
    const sent = await w.submitted(w.people.student2, first.id);
    expect((await w.call('POST', `${w.base()}/admin/homeworks/${sent.id}/decline`, w.people.teacher, {})).statusCode).toBe(400);
    expect((await w.call('POST', `${w.base()}/admin/homeworks/${sent.id}/decline`, w.people.teacher, { comment: '   ' })).statusCode).toBe(400);
  });
});

describe('sending homework', () => {
  it('answers 409 academy.no_homework on a lesson without homework', async () => {
    const module = await w.module();
    const plain = await w.lesson(module.id);
    expect(await w.codeOf('POST', `${lessonUrl(plain.id)}/homework`, w.people.student, { comment: 'x' })).toBe('409 academy.no_homework');
  });

  it('refuses a lesson that is not open yet, as reading it is refused', async () => {
    const module = await w.module();
    const later = await w.lesson(module.id, { is_open: false, start_date: new Date(Date.now() + 86_400_000).toISOString(), has_homework: true });
    const res = await w.submit(w.people.student, later.id);
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toMatchObject({ code: ErrorCode.lessonLocked, details: { state: 'not_yet_open', blocked_by: null } });
    expect(await db().select().from(academyHomeworks).where(eq(academyHomeworks.lessonId, later.id))).toEqual([]);
  });

  it('is for students: the people who run the course and attendees are refused', async () => {
    const { first } = await homeworkPair();
    for (const who of [w.people.teacher, w.people.admin, w.people.organiser, w.people.staff]) expect(await w.codeOf('POST', `${lessonUrl(first.id)}/homework`, who, { comment: 'x' })).toBe('403 auth.forbidden');
    expect(await w.codeOf('POST', `${lessonUrl(first.id)}/homework`, w.people.attendee, { comment: 'x' })).toBe('403 section.locked');
    expect(await w.codeOf('POST', `${lessonUrl(first.id)}/homework`, w.people.outsider, { comment: 'x' })).toBe('403 auth.forbidden');
    expect(await w.codeOf('POST', `${lessonUrl(first.id)}/homework`, {}, { comment: 'x' })).toBe('401 auth.unauthorized');
  });

  it('keeps a long comment whole, and posts its start in the chat', async () => {
    const { first } = await homeworkPair();
    const comment = 'x'.repeat(HOMEWORK_COMMENT_MAX);
    const sent = await w.submitted(w.people.student2, first.id, { comment });
    expect(sent.comment).toBe(comment);
    const [message] = await messagesOf(sent.chat_id ?? '', w.people.student2);
    expect(message?.text).toHaveLength(CHAT_TEXT_MAX);
    expect(message?.text.endsWith('…')).toBe(true);
  });

  it('stores nothing when the lesson chat refuses the message (a chat ban), and takes the sending once the ban is lifted', async () => {
    const { first } = await homeworkPair();
    const banned = await w.person({ roleIds: [6] });
    await db().insert(chatBans).values({ eventId: w.event.id, userId: banned.id, until: new Date(Date.now() + 3_600_000), reason: 'Spam' });
    const key = await w.upload(banned);
    expect(await w.codeOf('POST', `${lessonUrl(first.id)}/homework`, banned, { comment: 'Work', files: [key] })).toBe('403 chat.banned');
    expect(await db().select().from(academyHomeworks).where(eq(academyHomeworks.userId, banned.id))).toEqual([]);
    await db().delete(chatBans).where(eq(chatBans.userId, banned.id));
    expect((await w.submitted(banned, first.id, { comment: 'Work', files: [key] })).files).toHaveLength(1);
  });

  it('needs a comment or a file', async () => {
    const { first } = await homeworkPair();
    expect((await w.submit(w.people.student, first.id, {})).statusCode).toBe(400);
    expect((await w.submit(w.people.student, first.id, { comment: '  ', files: [] })).statusCode).toBe(400);
  });

  it("takes only the sender's own uploads not sent yet; nothing is stored otherwise", async () => {
    const { first } = await homeworkPair();
    const { student, student2 } = w.people;
    const theirs = await w.upload(student2);
    const res = await w.submit(student, first.id, { files: [theirs] });
    expect(res.statusCode).toBe(422);
    expect(res.json().error).toMatchObject({ code: ErrorCode.chatFileLinkFailed, details: { keys: [theirs] } });
    expect(await w.codeOf('POST', `${lessonUrl(first.id)}/homework`, student, { files: ['no-such-key.pdf'] })).toBe('422 chat.file_link_failed');
    // A file sent once (with an earlier homework) cannot be sent again.
    const mine = await w.upload(student);
    await w.submitted(student, first.id, { files: [mine] });
    const second = await homeworkPair();
    expect(await w.codeOf('POST', `${lessonUrl(second.first.id)}/homework`, student, { files: [mine] })).toBe('422 chat.file_link_failed');
    expect(await db().select().from(academyHomeworks).where(eq(academyHomeworks.lessonId, second.first.id))).toEqual([]);
  });

  it('mails the teachers of the lesson who asked for it, and no one else', async () => {
    const { person } = w;
    const keen = await person({ roleIds: [5] });
    const quiet = await person({ roleIds: [5] });
    await w.ok('PATCH', `/api/v1/${w.event.id}/members/me`, keen, { settings: { enable_homework_teacher_notification: true } });
    const module = await w.module();
    const lesson = await w.lesson(module.id, { short_description: 'Level design', has_homework: true, teachers: [keen.id, quiet.id] });
    await w.submitted(w.people.student, lesson.id, { comment: 'Level one' });
    const mails = await mailsTo(keen);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ kind: 'homework_submitted' });
    expect(mails[0]?.subject).toContain('Level design');
    expect(await mailsTo(quiet)).toEqual([]);
  });

  it('of two sendings at once stores one: one 201, one 409', async () => {
    const { first } = await homeworkPair();
    const racer = await w.person({ roleIds: [6] });
    const answers = await Promise.all([w.submit(racer, first.id, { comment: 'A' }), w.submit(racer, first.id, { comment: 'B' })]);
    expect(answers.map((res) => res.statusCode).sort()).toEqual([201, 409]);
    expect(answers.find((res) => res.statusCode === 409)?.json().error.code).toBe(ErrorCode.homeworkExists);
    const rows = await db().select().from(academyHomeworks).where(and(eq(academyHomeworks.lessonId, first.id), eq(academyHomeworks.userId, racer.id)));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.attempts).toBe(1);
  });

  it('of two sendings again at once after a decline, counts one', async () => {
    const { first } = await homeworkPair();
    const racer = await w.person({ roleIds: [6] });
    const sent = await w.submitted(racer, first.id);
    expect((await w.review(w.people.teacher, sent.id, 'decline')).statusCode).toBe(200);
    const answers = await Promise.all([w.submit(racer, first.id, { comment: 'A' }), w.submit(racer, first.id, { comment: 'B' })]);
    expect(answers.map((res) => res.statusCode).sort()).toEqual([201, 409]);
    const [row] = await db().select().from(academyHomeworks).where(eq(academyHomeworks.id, sent.id));
    expect(row).toMatchObject({ status: 1, attempts: 2 });
  });
});

describe('reviewing', () => {
  it('gives one verdict when two reviewers answer at once', async () => {
    const { first } = await homeworkPair();
    const racer = await w.person({ roleIds: [6] });
    const sent = await w.submitted(racer, first.id);
    const answers = await Promise.all([w.review(w.people.teacher, sent.id, 'approve'), w.review(w.people.admin, sent.id, 'decline', 'No')]);
    expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 409]);
    expect(answers.find((res) => res.statusCode === 409)?.json().error.code).toBe(ErrorCode.homeworkReviewed);
    const verdicts = (await db().select().from(chatMessages)).filter((m) => m.customData?.homework_id === sent.id && m.customType !== 'homework');
    expect(verdicts).toHaveLength(1);
    expect(await notificationsOf(racer)).toHaveLength(1);
  });

  it('is for teachers, course admins, organisers and staff; students and attendees are refused', async () => {
    const { first } = await homeworkPair();
    const racer = await w.person({ roleIds: [6] });
    const sent = await w.submitted(racer, first.id);
    expect(await w.codeOf('POST', `${w.base()}/admin/homeworks/${sent.id}/approve`, racer, {})).toBe('403 auth.forbidden');
    expect(await w.codeOf('POST', `${w.base()}/admin/homeworks/${sent.id}/approve`, w.people.student, {})).toBe('403 auth.forbidden');
    expect(await w.codeOf('POST', `${w.base()}/admin/homeworks/${sent.id}/approve`, w.people.attendee, {})).toBe('403 auth.forbidden');
    expect(await w.codeOf('POST', `${w.base()}/admin/homeworks/${sent.id}/approve`, w.people.outsider, {})).toBe('403 auth.forbidden');
    expect(await w.codeOf('POST', `${w.base()}/admin/homeworks/${sent.id}/approve`, w.people.staff, {})).toBe('200');
  });

  it("answers 404 for another event's homework through this event's path, and for this event's through another", async () => {
    const otherModule = await w.module({}, w.other.id);
    const otherLesson = await w.lesson(otherModule.id, { has_homework: true }, w.other.id);
    const res = await w.submit(w.people.otherStudent, otherLesson.id, { comment: 'elsewhere' }, w.other.id);
    expect(res.statusCode, res.body).toBe(201);
    const theirs = res.json<{ data: Homework }>().data;
    expect(await w.codeOf('POST', `${w.base()}/admin/homeworks/${theirs.id}/approve`, w.people.teacher, {})).toBe('404 academy.homework_not_found');
    expect(await w.codeOf('POST', `${w.base()}/admin/homeworks/${theirs.id}/decline`, w.people.admin, { comment: 'x' })).toBe('404 academy.homework_not_found');
    const queue = await w.ok<Homework[]>('GET', `${w.base()}/admin/homeworks?per_page=100`, w.people.teacher);
    expect(queue.map((h) => h.id)).not.toContain(theirs.id);
    // Another event's lesson through this event's path is no lesson.
    expect(await w.codeOf('POST', `${lessonUrl(otherLesson.id)}/homework`, w.people.student, { comment: 'x' })).toBe('404 academy.lesson_not_found');
    expect(await w.codeOf('GET', `${lessonUrl(otherLesson.id)}/homework`, w.people.student)).toBe('404 academy.lesson_not_found');
    expect(await w.codeOf('GET', lessonUrl(otherLesson.id), w.people.student)).toBe('404 academy.lesson_not_found');
  });

  it("never shows a student another student's homework", async () => {
    const { first } = await homeworkPair();
    const one = await w.person({ roleIds: [6] });
    const two = await w.person({ roleIds: [6] });
    await w.submitted(one, first.id, { comment: 'Secret plan' });
    expect(await w.ok('GET', `${lessonUrl(first.id)}/homework`, two)).toBeNull();
    expect(await w.codeOf('GET', `${w.base()}/admin/homeworks`, two)).toBe('403 section.locked');
  });
});

describe('the mails', () => {
  it("are written in the recipient's language with every placeholder filled; no mail for people who turned mail off", async () => {
    const { first } = await homeworkPair({ short_description: 'Sound design' });
    const written = async (language: string, verdict: 'approve' | 'decline') => {
      const student = await w.person({ roleIds: [6] });
      await db().update(users).set({ language }).where(eq(users.id, student.id));
      const sent = await w.submitted(student, first.id);
      expect((await w.review(w.people.teacher, sent.id, verdict, verdict === 'decline' ? 'Louder' : undefined)).statusCode).toBe(200);
      const [mail] = await mailsTo(student);
      return mail;
    };
    const ru = await written('ru', 'decline');
    expect(ru).toMatchObject({ kind: 'homework_declined', language: 'ru' });
    expect(ru?.subject).toBe('Домашнее задание по уроку «Sound design» нужно доработать');
    expect(ru?.text).toContain('Louder');
    const zh = await written('zh', 'approve');
    expect(zh?.subject).toBe('您在课程"Sound design"的作业已通过');
    const en = await written('en', 'approve');
    expect(en?.subject).toBe('Your homework on "Sound design" is approved');
    for (const mail of [ru, zh, en]) expect(`${mail?.subject}${mail?.text}${mail?.html}`).not.toMatch(/\{(title|person|comment|event)\}/);
    const silent = await w.person({ roleIds: [6] });
    await db().update(users).set({ disableEmailNotifications: true }).where(eq(users.id, silent.id));
    const sent = await w.submitted(silent, first.id);
    expect((await w.review(w.people.teacher, sent.id, 'approve')).statusCode).toBe(200);
    expect(await mailsTo(silent)).toEqual([]);
    expect(await notificationsOf(silent)).toHaveLength(1);
  });
});

describe('the review queue', () => {
  it('lists work awaiting review first, oldest first, and filters by status, lesson, module and student', async () => {
    const { module, first } = await homeworkPair({ short_description: 'Queue lesson' });
    const ann = await w.person({ roleIds: [6] });
    const bob = await w.person({ roleIds: [6] });
    await db().execute(`update users set first_name = 'Ann', last_name = 'Queue' where id = ${ann.id}`);
    const a = await w.submitted(ann, first.id);
    const b = await w.submitted(bob, first.id);
    expect((await w.review(w.people.teacher, a.id, 'approve')).statusCode).toBe(200);
    const page = await w.call('GET', `${w.base()}/admin/homeworks?filter[lesson_id]=${first.id}`, w.people.teacher);
    expect(page.statusCode).toBe(200);
    expect(page.json<{ data: Homework[] }>().data.map((h) => h.id)).toEqual([b.id, a.id]);
    expect(page.json().meta).toMatchObject({ total: 2, page: 1 });
    const ids = async (query: string) => (await w.ok<Homework[]>('GET', `${w.base()}/admin/homeworks?${query}`, w.people.teacher)).map((h) => h.id);
    expect(await ids(`filter[lesson_id]=${first.id}&filter[status]=2`)).toEqual([a.id]);
    expect(await ids(`filter[module_id]=${module.id}&filter[status]=1`)).toEqual([b.id]);
    expect(await ids(`filter[module_id]=${module.id}&filter[query]=ann queue`)).toEqual([a.id]);
    expect(await ids(`filter[module_id]=${module.id}&filter[query]=${encodeURIComponent(bob.email)}`)).toEqual([b.id]);
  });
});
