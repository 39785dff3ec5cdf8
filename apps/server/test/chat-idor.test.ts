// Nobody reads, posts to, marks or downloads from a channel they are not in (issue 11): every chat
// call tried with other people's channels, messages and events.
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatBans, chatChannels, chatMembers, chatReports } from '../src/db/schema/index.ts';
import { chatApi, chatWorld, hourFromNow } from './chat-fixtures.ts';
import { createTestApp, type TestApp } from './harness.ts';

let t: TestApp;
let api: ReturnType<typeof chatApi>;
beforeAll(async () => {
  t = await createTestApp({ CHAT_FLOOD_LIMIT: '1000' });
  api = chatApi(t);
});
afterAll(() => t.close());

/** Me (a chat person of my company, a student, with a chat of my own) and the channels of others. */
async function scene() {
  const w = await chatWorld(t);
  const me = await w.person({ roleIds: [1, 6] });
  const moderator = await w.person({ roleIds: [2] });
  const [b, c, d, x] = [await w.person(), await w.person(), await w.person(), await w.person()];
  const mine = await w.company();
  const theirs = await w.company();
  await w.employ(mine.id, me, ['chat', 'admin']);
  await w.employ(theirs.id, x, ['chat']);
  const own = await api.openPrivate(me, b, w.eventId);
  const ownMessage = await api.say(b, own, 'for me');

  const pairOfOthers = await api.openPrivate(b, c, w.eventId);
  const pairMessage = await api.say(c, pairOfOthers, 'between b and c');
  const otherCompanyChat = await api.openCompany(d, w.eventId, theirs.id);
  const companyMessage = await api.say(d, otherCompanyChat, 'to their company');
  const lesson = await w.lesson();
  const lessonOfOther = (await api.ok<{ chat_id: string }>('GET', `/api/v1/${w.eventId}/chat/lesson/${lesson.id}/${d.id}`, await w.person({ roleIds: [5] }))).chat_id;
  await api.ok('POST', `/api/v1/${w.eventId}/chat/bans`, moderator, { user_id: c.id, until: hourFromNow(), reason: 'x' }, 201);
  const notices = (await api.channels(c, `?filter[related_id]=${w.eventId}&filter[entity_type]=notifications`)).data[0];
  if (!notices?.last_message) throw new Error('no notices channel');

  const elsewhere = await chatWorld(t);
  const [e1, e2] = [await elsewhere.person(), await elsewhere.person()];
  const otherEventChat = await api.openPrivate(e1, e2, elsewhere.eventId);
  const otherEventMessage = await api.say(e1, otherEventChat, 'other event');
  const otherEventPage = await api.ok<{ channel_id: string; id: number }>('POST', `/api/v1/${elsewhere.eventId}/chat/common/message`, e1, { path: '/expo', message: 'their expo' }, 201);
  const otherEventLesson = await elsewhere.lesson();

  return {
    w,
    elsewhere,
    me,
    moderator,
    lesson,
    otherEventLesson,
    own,
    ownMessage,
    e1,
    foreign: {
      'private chat of two others': { channel: pairOfOthers, message: pairMessage.id },
      "another company's company chat": { channel: otherCompanyChat, message: companyMessage.id },
      "another student's lesson chat": { channel: lessonOfOther, message: null },
      "someone's notifications channel": { channel: notices.id, message: notices.last_message.id },
      "a private chat of another event": { channel: otherEventChat, message: otherEventMessage.id },
      "another event's page chat": { channel: otherEventPage.channel_id, message: otherEventPage.id },
      'a channel that does not exist': { channel: randomUUID(), message: null },
    } as Record<string, { channel: string; message: number | null }>,
  };
}

describe('channels one is not in', () => {
  it('answers 404 chat.channel_not_found to get, list messages, send and mark read, and changes nothing', async () => {
    const s = await scene();
    for (const [label, { channel }] of Object.entries(s.foreign)) {
      const base = `/api/v1/chat/channels/${channel}`;
      expect(await api.codeOf('GET', base, s.me), label).toBe('404 chat.channel_not_found');
      expect(await api.codeOf('GET', `${base}/messages`, s.me), label).toBe('404 chat.channel_not_found');
      expect(await api.codeOf('GET', `${base}/messages?after=0`, s.me), label).toBe('404 chat.channel_not_found');
      expect(await api.codeOf('POST', `${base}/messages`, s.me, { text: 'intrusion' }), label).toBe('404 chat.channel_not_found');
      expect(await api.codeOf('POST', `${base}/markasread`, s.me), label).toBe('404 chat.channel_not_found');
      const marks = await t.database.db.select().from(chatMembers).where(and(eq(chatMembers.channelId, channel), eq(chatMembers.userId, s.me.id)));
      expect(marks, label).toEqual([]);
    }
    // The moderator of the event is not in other people's private chats either.
    expect(await api.codeOf('GET', `/api/v1/chat/channels/${s.foreign['private chat of two others']?.channel}/messages`, s.moderator)).toBe('404 chat.channel_not_found');
    expect((await api.call('GET', '/api/v1/chat/channels/not-a-uuid', s.me)).statusCode).toBe(400);
    // None of them shows in my list or my unread counts.
    const listed = (await api.channels(s.me)).data.map((c) => c.id);
    expect(listed).toEqual([s.own]);
    expect((await api.ok<{ unread_messages: number }>('GET', '/api/v1/chat/channels/unreadmessages', s.me)).unread_messages).toBe(1);
  });

  it("answers 404 to deleting or reporting a message of a channel one is not in, and to another event's page chat through one's own event", async () => {
    const s = await scene();
    for (const [label, { message }] of Object.entries(s.foreign)) {
      if (message === null) continue;
      expect(await api.codeOf('DELETE', `/api/v1/chat/messages/${message}`, s.me), label).toBe('404 chat.message_not_found');
      expect(await api.codeOf('POST', `/api/v1/chat/messages/${message}/report`, s.me, { reason: 'x' }), label).toBe('404 chat.message_not_found');
    }
    expect(await t.database.db.select().from(chatReports).where(eq(chatReports.reporterId, s.me.id))).toEqual([]);
    const page = s.foreign["another event's page chat"]?.channel;
    expect(await api.codeOf('POST', `/api/v1/${s.w.eventId}/chat/common/message`, s.me, { path: '/expo', channel_id: page, message: 'cross' })).toBe('404 chat.channel_not_found');
    expect(await api.codeOf('GET', `/api/v1/${s.elsewhere.eventId}/chat/common?path=/expo`, s.me)).toBe('403 auth.forbidden');
    expect(await api.codeOf('POST', `/api/v1/${s.elsewhere.eventId}/chat/common/message`, s.me, { path: '/expo', message: 'cross' })).toBe('403 auth.forbidden');
    expect(await api.codeOf('GET', `/api/v1/${s.w.eventId}/chat/lesson/${s.lesson.id}/${s.e1.id}`, s.me)).toBe('403 chat.not_allowed');
  });

  it("answers 404 academy.lesson_not_found to a lesson chat of another event's lesson through one's own event, 403 through that event", async () => {
    const s = await scene();
    const teacher = await s.w.person({ roleIds: [5] });
    const theirs = s.otherEventLesson.id;
    expect(await api.codeOf('POST', `/api/v1/${s.w.eventId}/chat/lesson/${theirs}`, s.me)).toBe('404 academy.lesson_not_found');
    expect(await api.codeOf('GET', `/api/v1/${s.w.eventId}/chat/lesson/${theirs}/${s.me.id}`, teacher)).toBe('404 academy.lesson_not_found');
    expect(await api.codeOf('POST', `/api/v1/${s.elsewhere.eventId}/chat/lesson/${theirs}`, s.me)).toBe('403 auth.forbidden');
    expect(await api.codeOf('GET', `/api/v1/${s.elsewhere.eventId}/chat/lesson/${theirs}/${s.e1.id}`, teacher)).toBe('403 auth.forbidden');
    const made = await t.database.db.select().from(chatChannels).where(and(eq(chatChannels.entityType, 'lesson'), eq(chatChannels.entityId, theirs)));
    expect(made).toEqual([]);
  });
});

describe("moderation through another event's id", () => {
  it('answers 403 to calls under an event one does not moderate and 404 to its messages under one that one does', async () => {
    const s = await scene();
    const { w, elsewhere, moderator } = s;
    const foreignMessage = s.foreign['a private chat of another event']?.message ?? 0;
    expect(await api.codeOf('DELETE', `/api/v1/${w.eventId}/chat/messages/${foreignMessage}`, moderator)).toBe('404 chat.message_not_found');
    expect(await api.codeOf('DELETE', `/api/v1/${elsewhere.eventId}/chat/messages/${foreignMessage}`, moderator)).toBe('403 auth.forbidden');
    expect(await api.codeOf('DELETE', `/api/v1/${elsewhere.eventId}/chat/messages/${s.ownMessage.id}`, moderator)).toBe('403 auth.forbidden');
    for (const [method, path, body] of [
      ['GET', 'chat/reports', undefined],
      ['POST', `chat/reports/${foreignMessage}/dismiss`, undefined],
      ['GET', 'chat/bans', undefined],
      ['POST', 'chat/bans', { user_id: s.e1.id, until: hourFromNow(), reason: 'x' }],
      ['DELETE', `chat/bans/${s.e1.id}`, undefined],
    ] as const) {
      expect(await api.codeOf(method, `/api/v1/${elsewhere.eventId}/${path}`, moderator, body), `${method} ${path}`).toBe('403 auth.forbidden');
    }

    // Under my own event, another event's people and reports are out of reach.
    const theirModerator = await elsewhere.person({ roleIds: [2] });
    const e3 = await elsewhere.person();
    const reporter = s.e1;
    const e2Message = await api.ok<{ id: number }>('POST', `/api/v1/${elsewhere.eventId}/chat/common/message`, await elsewhere.person(), { path: '/expo', message: 'report me' }, 201);
    expect((await api.call('POST', `/api/v1/chat/messages/${e2Message.id}/report`, reporter, {})).statusCode).toBe(201);
    expect(await api.ok('POST', `/api/v1/${w.eventId}/chat/reports/${e2Message.id}/dismiss`, moderator)).toEqual({ dismissed: 0 });
    expect((await api.ok<unknown[]>('GET', `/api/v1/${elsewhere.eventId}/chat/reports`, theirModerator)).length).toBe(1);
    expect(await api.ok<unknown[]>('GET', `/api/v1/${w.eventId}/chat/reports`, moderator)).toEqual([]);
    expect(await api.codeOf('POST', `/api/v1/${w.eventId}/chat/bans`, moderator, { user_id: e3.id, until: hourFromNow(), reason: 'x' })).toBe('404 member.not_found');
    await api.ok('POST', `/api/v1/${elsewhere.eventId}/chat/bans`, theirModerator, { user_id: e3.id, until: hourFromNow(), reason: 'theirs' }, 201);
    expect(await api.ok('DELETE', `/api/v1/${w.eventId}/chat/bans/${e3.id}`, moderator)).toEqual({ deleted: false });
    expect(await t.database.db.select().from(chatBans).where(eq(chatBans.userId, e3.id))).toHaveLength(1);
  });
});
