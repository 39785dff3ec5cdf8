// Chat fixtures of the authorisation matrix: channels and messages the actors are in or not in.
// Messages are stored directly (the matrix makes many, and the flood guard would count them).
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { chatChannels, chatUploads, companies, eventMembers } from '../src/db/schema/index.ts';
import { insertMessage } from '../src/modules/chat/repo.ts';
import { addMembership, createUser } from './factories.ts';
import type { TestApp } from './harness.ts';

export interface ChatMatrixInput {
  eventId: number;
  otherEventId: number;
  /** The company the companyAdmin actor runs (in the event): it gets a chat. */
  companyId: number;
  /** Users of the attendee with every feature and of the organiser: the two people of the private chat. */
  allFeaturesId: number;
  organiserId: number;
  headers: { attendeeAllFeatures: Record<string, string>; organiser: Record<string, string> };
}

export async function chatMatrix(t: TestApp, input: ChatMatrixInput) {
  const { db } = t.database;
  const { eventId, otherEventId } = input;
  const inject = async <T>(method: 'GET' | 'POST', url: string, headers: Record<string, string>, payload?: Record<string, unknown>): Promise<T> => {
    const res = await t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
    if (res.statusCode >= 300) throw new Error(`chat matrix fixture ${method} ${url}: ${res.body}`);
    return res.json<{ data: T }>().data;
  };
  const member = async (at: number) => {
    const user = await createUser(db);
    await addMembership(db, at, user.id);
    return user.id;
  };
  const store = async (channelId: string, senderId: number, files: string[] = []) => {
    const stored = await insertMessage(db, { channelId, senderId, uuid: randomUUID(), text: 'matrix', customType: null, customData: null, replyMessageId: null, files, senderReads: false });
    if ('taken' in stored) throw new Error('matrix message uuid taken');
    return stored.message.id;
  };

  await db.update(companies).set({ hasChat: true }).where(eq(companies.id, input.companyId));
  const privateId = (await inject<{ uuid: string }>('GET', `/api/v1/chat/channels/user/${input.organiserId}?filter[related_id]=${eventId}`, input.headers.attendeeAllFeatures)).uuid;
  const companyChatId = (await inject<{ chat_id: string }>('POST', `/api/v1/${eventId}/chat/company/${input.companyId}`, input.headers.attendeeAllFeatures)).chat_id;
  await store(companyChatId, input.allFeaturesId);
  const pageId = (await inject<{ channel_id: string }>('POST', `/api/v1/${eventId}/chat/common/message`, input.headers.organiser, { path: '/expo', message: 'matrix' })).channel_id;
  const fileKey = `chat-matrix-${randomUUID()}.png`;
  await db.insert(chatUploads).values({ key: fileKey, uploaderId: input.allFeaturesId, name: 'matrix.png', contentType: 'image/png', size: 1 });
  await store(privateId, input.allFeaturesId, [fileKey]);

  const [otherPage] = await db.insert(chatChannels).values({ eventId: otherEventId, access: 'public', path: '/expo' }).returning();
  if (!otherPage) throw new Error('no page channel of the other event');
  const otherEventUserId = await member(otherEventId);

  // A student of the event, whose lesson chat the teachers open, and people to chat with and ban.
  const studentId = await member(eventId);
  await db.update(eventMembers).set({ roleIds: [6] }).where(eq(eventMembers.userId, studentId));
  return {
    privateId,
    companyChatId,
    pageId,
    fileKey,
    studentId,
    otherEventUserId,
    /** A member to start a private chat with (each actor opens or finds theirs). */
    targetId: await member(eventId),
    /** A member the moderators ban and unban. */
    banTargetId: await member(eventId),
    /** A fresh message of the attendee with every feature in the private chat. */
    privateMessage: () => store(privateId, input.allFeaturesId),
    /** A fresh message of the organiser in the event's page chat. */
    pageMessage: () => store(pageId, input.organiserId),
    /** A fresh message in the other event's page chat. */
    otherEventMessage: () => store(otherPage.id, otherEventUserId),
  };
}
