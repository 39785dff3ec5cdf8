// Chat channels of every kind (contract.md section 7, Chat; product.md sections 2, 3 and 6):
// the list, private, company, lesson, promo and public page chats, and the ticket's chat features.
import { CHAT_CHANNELS_PAGE_SIZE, CHAT_LIMITED_START } from '@lobby/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { academyLessons, chatChannels } from '../src/db/schema/index.ts';
import { chatApi, chatWorld, type ChatPerson } from './chat-fixtures.ts';
import { addMembership } from './factories.ts';
import { createTestApp, type TestApp } from './harness.ts';

let t: TestApp;
let api: ReturnType<typeof chatApi>;
beforeAll(async () => {
  // Each test sends from fresh people; the flood guard has its own suite (chat-messages.test.ts).
  t = await createTestApp({ CHAT_FLOOD_LIMIT: '1000' });
  api = chatApi(t);
});
afterAll(() => t.close());

const STUDENT = 6;
const TEACHER = 5;

describe('GET /chat/channels', () => {
  it('pages by 20, newest activity first, with the unread count of each channel', async () => {
    const w = await chatWorld(t);
    const me = await w.person();
    const others: ChatPerson[] = [];
    for (let i = 0; i < CHAT_CHANNELS_PAGE_SIZE + 1; i += 1) others.push(await w.person());
    const ids = new Map<number, string>();
    for (const other of others) {
      const id = await api.openPrivate(me, other, w.eventId);
      ids.set(other.id, id);
      await api.say(other, id, `hello from ${other.id}`);
    }
    const first = await api.channels(me, `?filter[related_type]=event&filter[related_id]=${w.eventId}`);
    expect(first.meta).toMatchObject({ total: 21, page: 1, per_page: 20 });
    const newestFirst = [...others].reverse().map((other) => ids.get(other.id));
    expect(first.data.map((c) => c.id)).toEqual(newestFirst.slice(0, 20));
    expect(first.data.every((c) => c.unread_messages === 1 && c.access === 'private' && c.related_id === w.eventId)).toBe(true);
    expect(first.data[0]?.last_message).toMatchObject({ text: `hello from ${others[20]?.id}`, seq: 1 });
    const second = await api.channels(me, `?filter[related_id]=${w.eventId}&page=2`);
    expect(second.data.map((c) => c.id)).toEqual(newestFirst.slice(20));

    // A new message moves its channel to the top and raises its count.
    const oldest = others[0] as ChatPerson;
    await api.say(oldest, ids.get(oldest.id) ?? '', 'me again');
    const again = await api.channels(me, `?filter[related_id]=${w.eventId}&per_page=3`);
    expect(again.data[0]).toMatchObject({ id: ids.get(oldest.id), unread_messages: 2, last_seq: 2, name: expect.stringContaining('Test') });
    expect(again.data[0]?.users.map((u) => u.id).sort()).toEqual([me.id, oldest.id].sort());
    expect(again.data).toHaveLength(3);
  });

  it('keeps one event with filter[related_id], and one kind with filter[entity_type]', async () => {
    const w = await chatWorld(t);
    const elsewhere = await chatWorld(t);
    const me = await w.person({ roleIds: [1, STUDENT] });
    const friend = await w.person();
    const company = await w.company();
    const answerer = await w.person();
    await w.employ(company.id, answerer, ['chat']);
    const privateId = await api.openPrivate(me, friend, w.eventId);
    const companyId = await api.openCompany(me, w.eventId, company.id);
    const lessonId = (await api.ok<{ chat_id: string }>('POST', `/api/v1/${w.eventId}/chat/lesson/${(await w.lesson()).id}`, me)).chat_id;
    // The same person in another event.
    const there = await elsewhere.person();
    await addMembership(t.database.db, elsewhere.eventId, me.id, { ticketTypeId: elsewhere.tickets.unlimited });
    const elsewhereId = await api.openPrivate(me, there, elsewhere.eventId);

    const all = await api.channels(me);
    expect(new Set(all.data.map((c) => c.id))).toEqual(new Set([privateId, companyId, lessonId, elsewhereId]));
    const one = await api.channels(me, `?filter[related_type]=event&filter[related_id]=${w.eventId}`);
    expect(new Set(one.data.map((c) => c.id))).toEqual(new Set([privateId, companyId, lessonId]));
    const kinds = async (kind: string) => (await api.channels(me, `?filter[related_id]=${w.eventId}&filter[entity_type]=${kind}`)).data.map((c) => c.id);
    expect(await kinds('private')).toEqual([privateId]);
    expect(await kinds('company')).toEqual([companyId]);
    expect(await kinds('lesson')).toEqual([lessonId]);
    expect(await kinds('notifications')).toEqual([]);
    expect(await kinds('promo_company')).toEqual([]);
    expect((await api.call('GET', '/api/v1/chat/channels?filter[entity_type]=public', me)).statusCode).toBe(400);
  });

  it("shows a promo channel to the event's members once it has a message; nobody but its admin and the organisers posts there", async () => {
    const w = await chatWorld(t);
    const company = await w.company();
    const admin = await w.person();
    const employee = await w.person();
    const reader = await w.person();
    const organiser = await w.person({ organiser: true });
    const outsider = await w.person({ member: false });
    await w.employ(company.id, admin, ['admin']);
    await w.employ(company.id, employee, ['chat']);
    const promoId = await w.promo(company.id);
    const promoList = (who: ChatPerson) => api.channels(who, `?filter[related_id]=${w.eventId}&filter[entity_type]=promo_company`);
    expect((await promoList(reader)).data).toEqual([]);

    const sent = await api.say(admin, promoId, 'Visit our booth');
    expect(sent).toMatchObject({ channel_access: 'public', channel_entity_type: 'promo_company', channel_entity_id: company.id });
    await api.say(organiser, promoId, 'The booth opens at noon');
    const seen = (await promoList(reader)).data;
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({ id: promoId, name: company.name, unread_messages: 2, can_send: false, cannot_send_reason: 'read_only' });
    expect(await api.codeOf('POST', `/api/v1/chat/channels/${promoId}/messages`, reader, { text: 'reply' })).toBe('403 chat.read_only');
    expect(await api.codeOf('POST', `/api/v1/chat/channels/${promoId}/messages`, employee, { text: 'reply' })).toBe('403 chat.read_only');
    expect((await api.channel(admin, promoId)).can_send).toBe(true);
    expect((await api.messages(reader, promoId)).data.map((m) => m.text)).toEqual(['Visit our booth', 'The booth opens at noon']);
    expect(await api.codeOf('GET', `/api/v1/chat/channels/${promoId}`, outsider)).toBe('404 chat.channel_not_found');
  });
});

describe('GET /chat/channels/user/{userId}', () => {
  it('makes the private channel once, whoever opens it and however often', async () => {
    const w = await chatWorld(t);
    const a = await w.person();
    const b = await w.person();
    const [one, two, three, four] = await Promise.all([api.openPrivate(a, b, w.eventId), api.openPrivate(b, a, w.eventId), api.openPrivate(a, b, w.eventId), api.openPrivate(b, a, w.eventId)]);
    expect(one).toMatch(/^[0-9a-f-]{36}$/);
    expect(new Set([one, two, three, four]).size).toBe(1);
    expect(await api.openPrivate(a, b, w.eventId)).toBe(one);
    const channel = await api.channel(a, one);
    expect(channel).toMatchObject({ access: 'private', entity_type: null, last_seq: 0, read_seq: 0, unread_messages: 0, last_message: null, can_send: true, can_moderate: false });
  });

  it('refuses oneself, people outside the event, and events one is not in', async () => {
    const w = await chatWorld(t);
    const a = await w.person();
    const outsider = await w.person({ member: false });
    expect(await api.codeOf('GET', `/api/v1/chat/channels/user/${a.id}?filter[related_id]=${w.eventId}`, a)).toBe('422 chat.self');
    expect(await api.codeOf('GET', `/api/v1/chat/channels/user/${outsider.id}?filter[related_id]=${w.eventId}`, a)).toBe('404 member.not_found');
    expect(await api.codeOf('GET', `/api/v1/chat/channels/user/${a.id}?filter[related_id]=${w.eventId}`, outsider)).toBe('403 auth.forbidden');
    expect(await api.codeOf('GET', `/api/v1/chat/channels/user/${outsider.id}?filter[related_id]=999999`, a)).toBe('404 event.not_found');
    expect((await api.call('GET', `/api/v1/chat/channels/user/${outsider.id}`, a)).statusCode).toBe(400);
  });
});

describe('ticket features', () => {
  it('a ticket without chats cannot open a private chat nor write in one opened by someone else', async () => {
    const w = await chatWorld(t);
    const without = await w.person({ ticket: 'none' });
    const noTicket = await w.person({ ticket: null });
    const other = await w.person();
    expect(await api.codeOf('GET', `/api/v1/chat/channels/user/${other.id}?filter[related_id]=${w.eventId}`, without)).toBe('403 chat.not_allowed');
    expect(await api.codeOf('GET', `/api/v1/chat/channels/user/${other.id}?filter[related_id]=${w.eventId}`, noTicket)).toBe('403 chat.not_allowed');
    const opened = await api.openPrivate(other, without, w.eventId);
    await api.say(other, opened, 'hi');
    expect((await api.messages(without, opened)).data).toHaveLength(1);
    expect(await api.channel(without, opened)).toMatchObject({ can_send: false, cannot_send_reason: 'not_allowed' });
    expect(await api.codeOf('POST', `/api/v1/chat/channels/${opened}/messages`, without, { text: 'hi back' })).toBe('403 chat.not_allowed');
  });

  it(`limited_chats starts ${CHAT_LIMITED_START} chats (company chats count), then 403 chat.limit_reached; chats already open stay open`, async () => {
    const w = await chatWorld(t);
    const limited = await w.person({ ticket: 'limited' });
    const company = await w.company();
    await w.employ(company.id, await w.person(), ['chat']);
    const people: ChatPerson[] = [];
    for (let i = 0; i < CHAT_LIMITED_START + 1; i += 1) people.push(await w.person());
    const started = [await api.openCompany(limited, w.eventId, company.id)];
    for (const other of people.slice(0, CHAT_LIMITED_START - 1)) started.push(await api.openPrivate(limited, other, w.eventId));
    const last = people[CHAT_LIMITED_START] as ChatPerson;
    expect(await api.codeOf('GET', `/api/v1/chat/channels/user/${last.id}?filter[related_id]=${w.eventId}`, limited)).toBe('403 chat.limit_reached');
    // Chats already open answer their id, and chats others start with this person do not count.
    expect(await api.openPrivate(limited, people[0] as ChatPerson, w.eventId)).toBe(started[1]);
    expect(await api.openCompany(limited, w.eventId, company.id)).toBe(started[0]);
    const openedByOther = await api.openPrivate(people[CHAT_LIMITED_START - 1] as ChatPerson, limited, w.eventId);
    await api.say(limited, openedByOther, 'thanks for writing');
    expect(await api.codeOf('GET', `/api/v1/chat/channels/user/${last.id}?filter[related_id]=${w.eventId}`, limited)).toBe('403 chat.limit_reached');
    const other = await w.company();
    await w.employ(other.id, await w.person(), ['admin']);
    expect(await api.codeOf('POST', `/api/v1/${w.eventId}/chat/company/${other.id}`, limited)).toBe('403 chat.limit_reached');
  });

  it('lets several chats opened at once with one start left start only one', async () => {
    const w = await chatWorld(t);
    const limited = await w.person({ ticket: 'limited' });
    for (let i = 0; i < CHAT_LIMITED_START - 1; i += 1) await api.openPrivate(limited, await w.person(), w.eventId);
    const others = await Promise.all(Array.from({ length: 5 }, () => w.person()));
    const answers = await Promise.all(others.map((other) => api.codeOf('GET', `/api/v1/chat/channels/user/${other.id}?filter[related_id]=${w.eventId}`, limited)));
    expect(answers.filter((answer) => answer === '200')).toHaveLength(1);
    expect(answers.filter((answer) => answer === '403 chat.limit_reached')).toHaveLength(4);
  });

  it('unlimited_chats has no limit', async () => {
    const w = await chatWorld(t);
    const unlimited = await w.person({ ticket: 'unlimited' });
    const ids = new Set<string>();
    for (let i = 0; i < CHAT_LIMITED_START + 2; i += 1) ids.add(await api.openPrivate(unlimited, await w.person(), w.eventId));
    expect(ids.size).toBe(CHAT_LIMITED_START + 2);
  });
});

describe('POST /{eventId}/chat/company/{id}', () => {
  it("lets the company's chat and admin people read and answer; its other people and other companies' people get 404", async () => {
    const w = await chatWorld(t);
    const company = await w.company();
    const rival = await w.company();
    const attendee = await w.person();
    const chatPerson = await w.person({ ticket: 'none' });
    const admin = await w.person({ member: false });
    const plainEmployee = await w.person();
    const rivalPerson = await w.person();
    await w.employ(company.id, chatPerson, ['chat']);
    await w.employ(company.id, admin, ['admin']);
    await w.employ(company.id, plainEmployee, []);
    await w.employ(rival.id, rivalPerson, ['chat', 'admin']);

    const id = await api.openCompany(attendee, w.eventId, company.id);
    expect(await api.openCompany(attendee, w.eventId, company.id)).toBe(id);
    const listOf = async (who: ChatPerson) => (await api.channels(who, `?filter[related_id]=${w.eventId}&filter[entity_type]=company`)).data;
    // The company side sees the chat once the attendee has written.
    expect(await listOf(chatPerson)).toEqual([]);
    expect((await listOf(attendee)).map((c) => c.id)).toEqual([id]);
    await api.say(attendee, id, 'Do you publish puzzle games?');
    const theirs = await listOf(chatPerson);
    expect(theirs.map((c) => c.id)).toEqual([id]);
    expect(theirs[0]).toMatchObject({ entity_type: 'company', entity_id: company.id, unread_messages: 1, name: expect.stringContaining('Test') });
    expect((await listOf(attendee))[0]).toMatchObject({ name: company.name, unread_messages: 0 });
    expect((await api.channels(admin)).data.map((c) => c.id)).toEqual([id]);

    await api.say(chatPerson, id, 'We do!');
    await api.say(admin, id, 'Send us a build.');
    expect((await api.messages(attendee, id)).data.map((m) => m.text)).toEqual(['Do you publish puzzle games?', 'We do!', 'Send us a build.']);
    expect((await api.channel(attendee, id)).unread_messages).toBe(2);
    for (const stranger of [plainEmployee, rivalPerson]) {
      expect(await api.codeOf('GET', `/api/v1/chat/channels/${id}`, stranger)).toBe('404 chat.channel_not_found');
      expect(await api.codeOf('GET', `/api/v1/chat/channels/${id}/messages`, stranger)).toBe('404 chat.channel_not_found');
      expect(await api.codeOf('POST', `/api/v1/chat/channels/${id}/messages`, stranger, { text: 'x' })).toBe('404 chat.channel_not_found');
      expect(await listOf(stranger)).toEqual([]);
    }
  });

  it('422 chat.company_closed when the company has no chat or nobody holds the chat or admin role; 404 for a company not in the event', async () => {
    const w = await chatWorld(t);
    const attendee = await w.person();
    const closed = await w.company({ hasChat: false });
    await w.employ(closed.id, await w.person(), ['chat']);
    const unanswered = await w.company();
    await w.employ(unanswered.id, await w.person(), []);
    expect(await api.codeOf('POST', `/api/v1/${w.eventId}/chat/company/${closed.id}`, attendee)).toBe('422 chat.company_closed');
    expect(await api.codeOf('POST', `/api/v1/${w.eventId}/chat/company/${unanswered.id}`, attendee)).toBe('422 chat.company_closed');
    const elsewhere = await chatWorld(t);
    const foreign = await elsewhere.company();
    expect(await api.codeOf('POST', `/api/v1/${w.eventId}/chat/company/${foreign.id}`, attendee)).toBe('404 company.not_found');
    expect(await api.codeOf('POST', `/api/v1/${elsewhere.eventId}/chat/company/${foreign.id}`, attendee)).toBe('403 auth.forbidden');
  });
});

describe('lesson chats', () => {
  it("a student opens theirs, a teacher opens a student's, another student cannot", async () => {
    const w = await chatWorld(t);
    const [lesson, second] = [await w.lesson('Shaders 101'), await w.lesson('Lighting')];
    const student = await w.person({ ticket: 'none', roleIds: [STUDENT] });
    const classmate = await w.person({ ticket: 'none', roleIds: [STUDENT] });
    const teacher = await w.person({ ticket: null, roleIds: [TEACHER] });
    const attendee = await w.person();
    const mine = `/api/v1/${w.eventId}/chat/lesson/${lesson.id}`;
    const id = (await api.ok<{ chat_id: string }>('POST', mine, student)).chat_id;
    expect((await api.ok<{ chat_id: string }>('POST', mine, student)).chat_id).toBe(id);
    expect((await api.ok<{ chat_id: string }>('GET', `${mine}/${student.id}`, teacher)).chat_id).toBe(id);
    // Another lesson is another chat; the teacher may open a student's before the student does.
    const other = (await api.ok<{ chat_id: string }>('GET', `/api/v1/${w.eventId}/chat/lesson/${second.id}/${classmate.id}`, teacher)).chat_id;
    expect(other).not.toBe(id);
    expect((await api.ok<{ chat_id: string }>('POST', `/api/v1/${w.eventId}/chat/lesson/${second.id}`, classmate)).chat_id).toBe(other);

    expect(await api.codeOf('GET', `${mine}/${student.id}`, classmate)).toBe('403 chat.not_allowed');
    expect(await api.codeOf('POST', mine, attendee)).toBe('403 chat.not_allowed');
    const outsider = await w.person({ member: false });
    expect(await api.codeOf('GET', `${mine}/${outsider.id}`, teacher)).toBe('404 member.not_found');
    expect(await api.codeOf('GET', `/api/v1/chat/channels/${id}`, classmate)).toBe('404 chat.channel_not_found');

    const homework = await api.send(student, id, { text: 'My homework', custom_type: 'homework', custom_data: { homework_id: 3 } });
    expect(homework).toMatchObject({ custom_type: 'homework', custom_data: { homework_id: 3, event_id: w.eventId }, channel_entity_type: 'lesson', channel_entity_id: lesson.id });
    expect(await api.codeOf('POST', `/api/v1/chat/channels/${id}/messages`, student, { text: 'Approved myself', custom_type: 'homework_approved' })).toBe('403 chat.not_allowed');
    expect((await api.send(teacher, id, { text: 'Well done', custom_type: 'homework_approved', reply_message_id: homework.id })).custom_type).toBe('homework_approved');
    expect((await api.send(teacher, id, { text: 'Redo part 2', custom_type: 'homework_declined' })).custom_type).toBe('homework_declined');
    // The teacher finds the lesson chats of the event in the list once they have messages.
    const teachers = (await api.channels(teacher, `?filter[related_id]=${w.eventId}&filter[entity_type]=lesson`)).data;
    expect(teachers.map((c) => c.id)).toEqual([id]);
    expect((await api.channel(student, id)).unread_messages).toBe(2);
  });

  it("is named after its lesson: the lesson's title for the student, the title and the student's name for the people who answer", async () => {
    const w = await chatWorld(t);
    const [lesson, second] = [await w.lesson('Shaders 101'), await w.lesson('Lighting')];
    const student = await w.person({ ticket: 'none', roleIds: [STUDENT] });
    const classmate = await w.person({ ticket: 'none', roleIds: [STUDENT] });
    const teacher = await w.person({ ticket: null, roleIds: [TEACHER] });
    const organiser = await w.person({ organiser: true });
    const open = (who: ChatPerson, lessonId: number) => api.ok<{ chat_id: string }>('POST', `/api/v1/${w.eventId}/chat/lesson/${lessonId}`, who).then((r) => r.chat_id);
    const ids = { first: await open(student, lesson.id), second: await open(student, second.id), classmate: await open(classmate, lesson.id) };
    for (const [who, id] of [[student, ids.first], [student, ids.second], [classmate, ids.classmate]] as const) await api.say(who, id, 'A question');

    const names = async (who: ChatPerson) => new Map((await api.channels(who, `?filter[related_id]=${w.eventId}&filter[entity_type]=lesson`)).data.map((c) => [c.id, c.name]));
    expect(await names(student)).toEqual(new Map([[ids.first, 'Shaders 101'], [ids.second, 'Lighting']]));
    expect(await names(classmate)).toEqual(new Map([[ids.classmate, 'Shaders 101']]));
    const answered = new Map([
      [ids.first, `Shaders 101 · ${student.name}`],
      [ids.second, `Lighting · ${student.name}`],
      [ids.classmate, `Shaders 101 · ${classmate.name}`],
    ]);
    expect(await names(teacher)).toEqual(answered);
    expect(await names(organiser)).toEqual(answered);
    // One channel reads the same; the student is its person.
    expect(await api.channel(student, ids.first)).toMatchObject({ name: 'Shaders 101', users: [{ id: student.id, name: student.name }] });
    expect(await api.channel(teacher, ids.first)).toMatchObject({ name: `Shaders 101 · ${student.name}`, users: [{ id: student.id }] });
    // A renamed lesson renames its chats.
    await t.database.db.update(academyLessons).set({ title: 'Shaders, part 1' }).where(eq(academyLessons.id, lesson.id));
    expect((await api.channel(student, ids.first)).name).toBe('Shaders, part 1');
  });

  it("answers 404 academy.lesson_not_found for a lesson that is not the event's, another event's included, and makes no chat", async () => {
    const w = await chatWorld(t);
    const elsewhere = await chatWorld(t);
    const foreign = await elsewhere.lesson('Their lesson');
    const student = await w.person({ ticket: 'none', roleIds: [STUDENT] });
    const teacher = await w.person({ ticket: null, roleIds: [TEACHER] });
    const organiser = await w.person({ organiser: true });
    const before = await t.database.db.select({ id: chatChannels.id }).from(chatChannels).where(eq(chatChannels.eventId, w.eventId));
    for (const lessonId of [foreign.id, 2_000_000_000]) {
      const url = `/api/v1/${w.eventId}/chat/lesson/${lessonId}`;
      expect(await api.codeOf('POST', url, student), `${lessonId}`).toBe('404 academy.lesson_not_found');
      expect(await api.codeOf('POST', url, organiser), `${lessonId}`).toBe('404 academy.lesson_not_found');
      expect(await api.codeOf('GET', `${url}/${student.id}`, teacher), `${lessonId}`).toBe('404 academy.lesson_not_found');
      expect(await api.codeOf('GET', `${url}/${student.id}`, organiser), `${lessonId}`).toBe('404 academy.lesson_not_found');
    }
    const res = await api.call('POST', `/api/v1/${w.eventId}/chat/lesson/${foreign.id}`, student);
    expect(res.json<{ error: { message: string } }>().error.message).toMatch(/lesson/i);
    // Who may not open lesson chats learns nothing about the lesson: 403 first.
    const attendee = await w.person();
    expect(await api.codeOf('POST', `/api/v1/${w.eventId}/chat/lesson/${foreign.id}`, attendee)).toBe('403 chat.not_allowed');
    expect(await api.codeOf('GET', `/api/v1/${w.eventId}/chat/lesson/${foreign.id}/${student.id}`, student)).toBe('403 chat.not_allowed');
    expect(await t.database.db.select({ id: chatChannels.id }).from(chatChannels).where(eq(chatChannels.eventId, w.eventId))).toEqual(before);
    expect(await t.database.db.select({ id: chatChannels.id }).from(chatChannels).where(and(eq(chatChannels.entityType, 'lesson'), eq(chatChannels.entityId, foreign.id)))).toEqual([]);
  });
});

describe('public page chats', () => {
  it('posts with POST /{eventId}/chat/common/message and finds the channel with GET /{eventId}/chat/common?path=', async () => {
    const w = await chatWorld(t);
    const a = await w.person();
    const b = await w.person();
    const outsider = await w.person({ member: false });
    const common = `/api/v1/${w.eventId}/chat/common`;
    expect(await api.ok('GET', `${common}?path=/lectures/12`, a)).toBeNull();
    const first = await api.ok<{ channel_id: string; text: string; channel_access: string }>('POST', `${common}/message`, a, { path: '/lectures/12', message: '  Great talk  ' }, 201);
    expect(first).toMatchObject({ text: 'Great talk', channel_access: 'public' });
    const channel = await api.ok<{ id: string; path: string; access: string; can_send: boolean }>('GET', `${common}?path=/lectures/12`, b);
    expect(channel).toMatchObject({ id: first.channel_id, path: '/lectures/12', access: 'public', can_send: true });
    await api.ok('POST', `${common}/message`, b, { path: '/lectures/12', channel_id: first.channel_id, message: 'Agreed' }, 201);
    expect((await api.messages(a, first.channel_id)).data.map((m) => m.text)).toEqual(['Great talk', 'Agreed']);
    // The expo has its own chat; a page chat never shows in the channel list.
    const expo = await api.ok<{ channel_id: string }>('POST', `${common}/message`, a, { path: '/expo', message: 'Hi expo' }, 201);
    expect(expo.channel_id).not.toBe(first.channel_id);
    expect((await api.channels(a, `?filter[related_id]=${w.eventId}`)).data).toEqual([]);

    expect(await api.codeOf('POST', `${common}/message`, a, { path: '/expo', channel_id: first.channel_id, message: 'wrong page' })).toBe('404 chat.channel_not_found');
    expect(await api.codeOf('POST', `${common}/message`, outsider, { path: '/lectures/12', message: 'let me in' })).toBe('403 auth.forbidden');
    expect(await api.codeOf('GET', `${common}?path=/lectures/12`, outsider)).toBe('403 auth.forbidden');
    expect(await api.codeOf('GET', `/api/v1/chat/channels/${first.channel_id}/messages`, outsider)).toBe('404 chat.channel_not_found');
    const silent = await w.person({ ticket: 'none' });
    expect(await api.codeOf('POST', `${common}/message`, silent, { path: '/lectures/12', message: 'no ticket' })).toBe('403 chat.not_allowed');
    // A refused first message leaves no channel behind.
    expect(await api.codeOf('POST', `${common}/message`, silent, { path: '/lectures/99', message: 'no ticket' })).toBe('403 chat.not_allowed');
    expect(await api.ok('GET', `${common}?path=/lectures/99`, a)).toBeNull();
    expect((await api.messages(silent, first.channel_id)).data).toHaveLength(2);
    expect((await api.call('POST', `${common}/message`, a, { path: 'lectures?x=1', message: 'bad path' })).statusCode).toBe(400);
    expect((await api.call('POST', `${common}/message`, a, { path: '/expo', message: '   ' })).statusCode).toBe(400);

    // Another event's page of the same path is another channel, and not reachable from here.
    const elsewhere = await chatWorld(t);
    const there = await elsewhere.person();
    const theirs = await api.ok<{ channel_id: string }>('POST', `/api/v1/${elsewhere.eventId}/chat/common/message`, there, { path: '/lectures/12', message: 'Other event' }, 201);
    expect(theirs.channel_id).not.toBe(first.channel_id);
    expect(await api.codeOf('POST', `${common}/message`, a, { path: '/lectures/12', channel_id: theirs.channel_id, message: 'cross' })).toBe('404 chat.channel_not_found');
    expect(await api.codeOf('GET', `/api/v1/chat/channels/${theirs.channel_id}`, a)).toBe('404 chat.channel_not_found');
  });
});
