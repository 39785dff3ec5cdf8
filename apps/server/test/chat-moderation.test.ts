// Chat moderation (product.md section 6; contract.md sections 5, 8 and 9): event-level deletion,
// reports (one per person per message per hour), the moderators' list, bans and their notice.
import type { ChatBan, ChatMessage, ChatReportItem } from '@lobby/contract';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatBans, chatReports, eventMembers } from '../src/db/schema/index.ts';
import { chatApi, chatWorld, hourFromNow, type ChatPerson } from './chat-fixtures.ts';
import { addMembership } from './factories.ts';
import { createTestApp, type TestApp } from './harness.ts';

let t: TestApp;
let api: ReturnType<typeof chatApi>;
beforeAll(async () => {
  t = await createTestApp({ CHAT_FLOOD_LIMIT: '1000' });
  api = chatApi(t);
});
afterAll(() => t.close());

const MODERATOR = 2;

/** An event with a moderator, an organiser and two attendees who chat. */
async function scene() {
  const w = await chatWorld(t);
  const moderator = await w.person({ roleIds: [MODERATOR] });
  const organiser = await w.person({ organiser: true });
  const a = await w.person();
  const b = await w.person();
  const id = await api.openPrivate(a, b, w.eventId);
  return { w, moderator, organiser, a, b, id };
}
const report = (who: ChatPerson, messageId: number, payload: unknown = { reason: 'spam' }) => api.call('POST', `/api/v1/chat/messages/${messageId}/report`, who, payload);
const reportCode = async (who: ChatPerson, messageId: number) => {
  const res = await report(who, messageId);
  return `${res.statusCode} ${res.json<{ error?: { code: string } }>().error?.code ?? ''}`.trim();
};
/** Moves a person's reports of a message back in time, as if they had been sent that long ago. */
const ageReports = (reporter: ChatPerson, messageId: number, minutes: number) =>
  t.database.db
    .update(chatReports)
    .set({ createdAt: sql`now() - make_interval(mins => ${minutes})` })
    .where(and(eq(chatReports.reporterId, reporter.id), eq(chatReports.messageId, messageId)));

describe('DELETE /{eventId}/chat/messages/{id}', () => {
  it("lets the event's moderators and organisers delete anybody's message, and nobody else", async () => {
    const { w, moderator, organiser, a, b, id } = await scene();
    const first = await api.say(b, id, 'rude words');
    const second = await api.say(b, id, 'more rude words');
    const companyAdmin = await w.person();
    await w.employ((await w.company()).id, companyAdmin, ['admin']);
    for (const who of [a, b, companyAdmin]) expect(await api.codeOf('DELETE', `/api/v1/${w.eventId}/chat/messages/${first.id}`, who)).toBe('403 auth.forbidden');
    expect(await api.ok('DELETE', `/api/v1/${w.eventId}/chat/messages/${first.id}`, moderator)).toEqual({ deleted: true });
    expect(await api.ok('DELETE', `/api/v1/${w.eventId}/chat/messages/${second.id}`, organiser)).toEqual({ deleted: true });
    expect((await api.messages(a, id)).data.map((m) => [m.is_visible, m.text])).toEqual([
      [false, ''],
      [false, ''],
    ]);
    expect(await api.codeOf('DELETE', `/api/v1/${w.eventId}/chat/messages/${first.id}`, moderator)).toBe('404 chat.message_not_found');
  });

  it("404 for a message of another event's chat, 403 through an event one does not moderate", async () => {
    const { w, moderator, a, id } = await scene();
    const mine = await api.say(a, id, 'here');
    const elsewhere = await chatWorld(t);
    const x = await elsewhere.person();
    const y = await elsewhere.person();
    const foreign = await api.say(x, await api.openPrivate(x, y, elsewhere.eventId), 'there');
    const otherModerator = await elsewhere.person({ roleIds: [MODERATOR] });
    expect(await api.codeOf('DELETE', `/api/v1/${w.eventId}/chat/messages/${foreign.id}`, moderator)).toBe('404 chat.message_not_found');
    expect(await api.codeOf('DELETE', `/api/v1/${elsewhere.eventId}/chat/messages/${foreign.id}`, moderator)).toBe('403 auth.forbidden');
    expect(await api.codeOf('DELETE', `/api/v1/${elsewhere.eventId}/chat/messages/${mine.id}`, otherModerator)).toBe('404 chat.message_not_found');
    expect(await api.codeOf('DELETE', `/api/v1/${w.eventId}/chat/messages/${mine.id}`, otherModerator)).toBe('403 auth.forbidden');
    expect((await api.messages(a, id)).data[0]?.is_visible).toBe(true);
  });
});

describe('POST /chat/messages/{id}/report', () => {
  it('takes one report per person and message per hour: 201, then 429 within the hour, then 409 while it waits', async () => {
    const { a, b, id } = await scene();
    const message = await api.say(b, id, 'buy my course');
    const first = await report(a, message.id);
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toEqual({ data: { reported: true } });
    expect(await reportCode(a, message.id)).toBe('429 chat.report_too_many');
    await ageReports(a, message.id, 61);
    expect(await reportCode(a, message.id)).toBe('409 chat.report_already_sent');
    const rows = await t.database.db.select().from(chatReports).where(eq(chatReports.messageId, message.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ reporterId: a.id, reason: 'spam', resolvedAt: null });
  });

  it("refuses one's own messages (422 chat.report_failed) and takes a report without a reason", async () => {
    const { a, b, id } = await scene();
    const own = await api.say(a, id, 'mine');
    expect(await reportCode(a, own.id)).toBe('422 chat.report_failed');
    const theirs = await api.say(b, id, 'theirs');
    const res = await api.call('POST', `/api/v1/chat/messages/${theirs.id}/report`, a);
    expect(res.statusCode, res.body).toBe(201);
    expect(await reportCode(b, 999_999_999)).toBe('404 chat.message_not_found');
  });

  it('stores one report when the same person reports twice at once', async () => {
    const { a, b, id } = await scene();
    const message = await api.say(b, id, 'twice');
    const answers = await Promise.all([report(a, message.id), report(a, message.id), report(a, message.id)]);
    const statuses = answers.map((res) => res.statusCode).sort((x, y) => x - y);
    expect(statuses[0]).toBe(201);
    expect(statuses.slice(1).every((status) => status === 409 || status === 429)).toBe(true);
    expect(await t.database.db.select().from(chatReports).where(eq(chatReports.messageId, message.id))).toHaveLength(1);
  });
});

describe('the moderators’ list of reported messages', () => {
  it('groups reports by message with their reasons and the author’s ban; dismiss closes them and lets people report again after the hour', async () => {
    const { w, moderator, organiser, a, b } = await scene();
    const c = await w.person();
    const page = await api.ok<ChatMessage>('POST', `/api/v1/${w.eventId}/chat/common/message`, b, { path: '/expo', message: 'spam spam' }, 201);
    const other = await api.ok<ChatMessage>('POST', `/api/v1/${w.eventId}/chat/common/message`, c, { path: '/expo', message: 'borderline' }, 201);
    expect((await report(a, page.id, { reason: 'spam' })).statusCode).toBe(201);
    expect((await report(c, page.id, { reason: '  rude  ' })).statusCode).toBe(201);
    expect((await report(a, other.id, {})).statusCode).toBe(201);

    const list = (who: ChatPerson) => api.call('GET', `/api/v1/${w.eventId}/chat/reports`, who);
    for (const who of [a, b]) expect((await list(who)).statusCode).toBe(403);
    const reported = (await list(moderator)).json<{ data: ChatReportItem[]; meta: { total: number } }>();
    expect(reported.meta.total).toBe(2);
    expect(reported.data.map((item) => item.message.id)).toEqual([other.id, page.id]);
    const spam = reported.data[1];
    expect(spam).toMatchObject({ channel_name: '/expo', reports: 2, author_ban: null, message: { text: 'spam spam', sender: { id: b.id } } });
    expect(spam?.reasons.sort()).toEqual(['rude', 'spam']);

    await api.ok('POST', `/api/v1/${w.eventId}/chat/bans`, moderator, { user_id: b.id, until: hourFromNow(), reason: 'Spam' }, 201);
    const afterBan = (await list(organiser)).json<{ data: ChatReportItem[] }>().data.find((item) => item.message.id === page.id);
    expect(afterBan?.author_ban).toMatchObject({ reason: 'Spam' });

    expect(await api.codeOf('POST', `/api/v1/${w.eventId}/chat/reports/${other.id}/dismiss`, a)).toBe('403 auth.forbidden');
    expect(await api.ok('POST', `/api/v1/${w.eventId}/chat/reports/${other.id}/dismiss`, moderator)).toEqual({ dismissed: 1 });
    expect(await api.ok('POST', `/api/v1/${w.eventId}/chat/reports/${other.id}/dismiss`, moderator)).toEqual({ dismissed: 0 });
    expect((await api.messages(a, other.channel_id)).data.find((m) => m.id === other.id)?.is_visible).toBe(true);
    // Deleting the message closes its reports too.
    await api.ok('DELETE', `/api/v1/${w.eventId}/chat/messages/${page.id}`, moderator);
    expect((await list(moderator)).json<{ data: unknown[] }>().data).toEqual([]);

    // A dismissed report: within the hour still too many; after it, a new report is taken.
    expect(await reportCode(a, other.id)).toBe('429 chat.report_too_many');
    await ageReports(a, other.id, 61);
    expect(await reportCode(a, other.id)).toBe('201');
  });

  it('answers 403 through another event and 404 for an event that does not exist', async () => {
    const { moderator } = await scene();
    const elsewhere = await chatWorld(t);
    expect(await api.codeOf('GET', `/api/v1/${elsewhere.eventId}/chat/reports`, moderator)).toBe('403 auth.forbidden');
    expect(await api.codeOf('GET', `/api/v1/${elsewhere.eventId}/chat/bans`, moderator)).toBe('403 auth.forbidden');
    expect(await api.codeOf('POST', `/api/v1/${elsewhere.eventId}/chat/reports/1/dismiss`, moderator)).toBe('403 auth.forbidden');
    expect(await api.codeOf('GET', '/api/v1/999999/chat/reports', moderator)).toBe('404 event.not_found');
  });
});

describe('bans', () => {
  it('stops the banned person sending until the date, tells them why in their notices, and unban lifts it', async () => {
    const { w, moderator, a, b, id } = await scene();
    const until = hourFromNow();
    const ban = await api.ok<ChatBan>('POST', `/api/v1/${w.eventId}/chat/bans`, moderator, { user_id: b.id, until, reason: '  Spam links ' }, 201);
    expect(ban).toMatchObject({ event_id: w.eventId, user: { id: b.id }, until, reason: 'Spam links', banned_by: { id: moderator.id } });

    const refused = await api.call('POST', `/api/v1/chat/channels/${id}/messages`, b, { text: 'let me speak' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toMatchObject({ code: 'chat.banned', details: { until, reason: 'Spam links' } });
    expect(refused.json().error.message).toContain('Spam links');
    expect(await api.codeOf('POST', `/api/v1/${w.eventId}/chat/common/message`, b, { path: '/expo', message: 'x' })).toBe('403 chat.banned');
    expect(await api.channel(b, id)).toMatchObject({ can_send: false, cannot_send_reason: 'banned', ban: { until, reason: 'Spam links' } });
    // Reading still works, and the other person is not affected.
    expect((await api.messages(b, id)).data).toEqual([]);
    await api.say(a, id, 'still here');

    const notices = (await api.channels(b, `?filter[related_id]=${w.eventId}&filter[entity_type]=notifications`)).data;
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatchObject({ access: 'notifications', unread_messages: 1, can_send: false, cannot_send_reason: 'read_only', name: w.event.name });
    expect(notices[0]?.last_message).toMatchObject({ sender: null, custom_type: 'important', custom_data: { event_id: w.eventId, title: 'chat_banned' } });
    expect(notices[0]?.last_message?.text).toContain('Spam links');
    expect(await api.codeOf('POST', `/api/v1/chat/channels/${notices[0]?.id}/messages`, b, { text: 'appeal' })).toBe('403 chat.read_only');
    expect(await api.codeOf('POST', `/api/v1/chat/messages/${notices[0]?.last_message?.id}/report`, b)).toBe('422 chat.report_failed');
    expect((await api.ok<{ entity_types: Record<string, number> }>('GET', `/api/v1/chat/channels/unreadmessages?filter[related_type]=event&filter[related_id]=${w.eventId}`, b)).entity_types.notifications).toBe(1);

    const bans = await api.ok<ChatBan[]>('GET', `/api/v1/${w.eventId}/chat/bans`, moderator);
    expect(bans.map((item) => item.user.id)).toEqual([b.id]);
    // A second ban replaces the first.
    const later = new Date(Date.now() + 2 * 3600_000).toISOString();
    await api.ok('POST', `/api/v1/${w.eventId}/chat/bans`, moderator, { user_id: b.id, until: later, reason: 'Again' }, 201);
    expect(await api.ok<ChatBan[]>('GET', `/api/v1/${w.eventId}/chat/bans`, moderator)).toMatchObject([{ until: later, reason: 'Again' }]);

    expect(await api.ok('DELETE', `/api/v1/${w.eventId}/chat/bans/${b.id}`, moderator)).toEqual({ deleted: true });
    expect(await api.ok('DELETE', `/api/v1/${w.eventId}/chat/bans/${b.id}`, moderator)).toEqual({ deleted: false });
    await api.say(b, id, 'thank you');
    expect(await api.channel(b, id)).toMatchObject({ can_send: true, ban: null });
    expect((await api.messages(b, notices[0]?.id ?? '')).data.map((m) => m.custom_data?.title)).toEqual(['chat_banned', 'chat_banned', 'chat_unbanned']);
    expect(await api.ok<ChatBan[]>('GET', `/api/v1/${w.eventId}/chat/bans`, moderator)).toEqual([]);
  });

  it('ends by itself at its date, and holds only in its event', async () => {
    const { w, moderator, a, b, id } = await scene();
    await api.ok('POST', `/api/v1/${w.eventId}/chat/bans`, moderator, { user_id: b.id, until: hourFromNow(), reason: 'Cool down' }, 201);
    const elsewhere = await chatWorld(t);
    await addMembership(t.database.db, elsewhere.eventId, b.id, { ticketTypeId: elsewhere.tickets.unlimited });
    const friend = await elsewhere.person();
    await api.say(b, await api.openPrivate(b, friend, elsewhere.eventId), 'free over here');
    expect(await api.codeOf('POST', `/api/v1/chat/channels/${id}/messages`, b, { text: 'x' })).toBe('403 chat.banned');
    await t.database.db.update(chatBans).set({ until: sql`now() - interval '1 second'` }).where(eq(chatBans.userId, b.id));
    await api.say(b, id, 'the ban is over');
    expect(await api.ok<ChatBan[]>('GET', `/api/v1/${w.eventId}/chat/bans`, moderator)).toEqual([]);
    expect((await api.messages(a, id)).data).toHaveLength(1);
  });

  it('refuses a past date, moderators, oneself (422 chat.ban_invalid), people outside the event (404) and non-moderators (403)', async () => {
    const { w, moderator, organiser, a, b } = await scene();
    const otherModerator = await w.person({ roleIds: [MODERATOR] });
    const outsider = await w.person({ member: false });
    const ban = (who: ChatPerson, body: Record<string, unknown>) => api.codeOf('POST', `/api/v1/${w.eventId}/chat/bans`, who, { until: hourFromNow(), reason: 'x', ...body });
    expect(await ban(moderator, { user_id: b.id, until: new Date(Date.now() - 60_000).toISOString() })).toBe('422 chat.ban_invalid');
    expect(await ban(moderator, { user_id: otherModerator.id })).toBe('422 chat.ban_invalid');
    expect(await ban(moderator, { user_id: organiser.id })).toBe('422 chat.ban_invalid');
    expect(await ban(organiser, { user_id: organiser.id })).toBe('422 chat.ban_invalid');
    expect(await ban(moderator, { user_id: outsider.id })).toBe('404 member.not_found');
    expect(await ban(a, { user_id: b.id })).toBe('403 auth.forbidden');
    expect(await api.codeOf('DELETE', `/api/v1/${w.eventId}/chat/bans/${b.id}`, a)).toBe('403 auth.forbidden');
    expect(await api.codeOf('GET', `/api/v1/${w.eventId}/chat/bans`, b)).toBe('403 auth.forbidden');
    expect((await api.call('POST', `/api/v1/${w.eventId}/chat/bans`, moderator, { user_id: b.id, until: hourFromNow(), reason: '   ' })).statusCode).toBe(400);
    expect(await api.ok<ChatBan[]>('GET', `/api/v1/${w.eventId}/chat/bans`, organiser)).toEqual([]);
  });

  it('does not stop a moderator who was banned before becoming one', async () => {
    const { w, moderator, b, id } = await scene();
    await api.ok('POST', `/api/v1/${w.eventId}/chat/bans`, moderator, { user_id: b.id, until: hourFromNow(), reason: 'x' }, 201);
    await t.database.db.update(eventMembers).set({ roleIds: [1, MODERATOR] }).where(and(eq(eventMembers.eventId, w.eventId), eq(eventMembers.userId, b.id)));
    await api.say(b, id, 'moderators are not stopped by a ban');
  });
});
