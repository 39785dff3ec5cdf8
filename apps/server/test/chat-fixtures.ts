// Shared set-up of the chat suites: an event with chat tickets, people in it, companies with chat
// people, promo channels, and calls that check their status.
import type { ChatChannel, ChatMessage, TicketFeature } from '@lobby/contract';
import { expect } from 'vitest';
import { academyLessons, academyModules, chatChannels, companies, companyUsers, eventCompanies } from '../src/db/schema/index.ts';
import { addMembership, authHeader, createEvent, createTicketType, createUser } from './factories.ts';
import type { TestApp } from './harness.ts';

export interface ChatPerson {
  id: number;
  /** First and last name, as chats show the person. */
  name: string;
  headers: Record<string, string>;
  /** The access token, for the socket handshake. */
  token: string;
}

type Method = 'GET' | 'POST' | 'DELETE';
export interface MessagesPage {
  data: ChatMessage[];
  meta: { total: number; page: number; per_page: number; last_seq: number; has_more: boolean };
}

export function chatApi(t: TestApp) {
  const call = (method: Method, url: string, who: ChatPerson | Record<string, string>, payload?: unknown) =>
    t.app.inject({ method, url, headers: 'headers' in who ? (who.headers as Record<string, string>) : who, ...(payload !== undefined ? { payload: payload as Record<string, unknown> } : {}) });
  const ok = async <T>(method: Method, url: string, who: ChatPerson, payload?: unknown, status = 200): Promise<T> => {
    const res = await call(method, url, who, payload);
    expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(status);
    return res.json<{ data: T }>().data;
  };
  /** "status code" of a refused call, such as "404 chat.channel_not_found". */
  const codeOf = async (method: Method, url: string, who: ChatPerson, payload?: unknown) => {
    const res = await call(method, url, who, payload);
    return `${res.statusCode} ${res.json<{ error?: { code: string } }>().error?.code ?? ''}`.trim();
  };
  return {
    call,
    ok,
    codeOf,
    openPrivate: async (from: ChatPerson, to: ChatPerson, eventId: number) => (await ok<{ uuid: string }>('GET', `/api/v1/chat/channels/user/${to.id}?filter[related_id]=${eventId}`, from)).uuid,
    openCompany: async (from: ChatPerson, eventId: number, companyId: number) => (await ok<{ chat_id: string }>('POST', `/api/v1/${eventId}/chat/company/${companyId}`, from)).chat_id,
    send: (who: ChatPerson, channelId: string, body: Record<string, unknown>, status = 201) => ok<ChatMessage>('POST', `/api/v1/chat/channels/${channelId}/messages`, who, body, status),
    say: (who: ChatPerson, channelId: string, text: string) => ok<ChatMessage>('POST', `/api/v1/chat/channels/${channelId}/messages`, who, { text }, 201),
    messages: async (who: ChatPerson, channelId: string, query = '') => {
      const res = await call('GET', `/api/v1/chat/channels/${channelId}/messages${query}`, who);
      expect(res.statusCode, res.body).toBe(200);
      return res.json<MessagesPage>();
    },
    channel: (who: ChatPerson, channelId: string) => ok<ChatChannel>('GET', `/api/v1/chat/channels/${channelId}`, who),
    channels: async (who: ChatPerson, query = '') => {
      const res = await call('GET', `/api/v1/chat/channels${query}`, who);
      expect(res.statusCode, res.body).toBe(200);
      return res.json<{ data: ChatChannel[]; meta: { total: number; page: number; per_page: number } }>();
    },
    markRead: (who: ChatPerson, channelId: string) => ok<{ read_seq: number; unread_messages: number }>('POST', `/api/v1/chat/channels/${channelId}/markasread`, who),
  };
}

export interface PersonOptions {
  /** The ticket's chat feature; null: a membership without a ticket type. */
  ticket?: 'unlimited' | 'limited' | 'none' | null;
  roleIds?: number[];
  organiser?: boolean;
  /** false: someone outside the event. */
  member?: boolean;
}

/** An event whose tickets include chats (or not), and the means to fill it. */
export async function chatWorld(t: TestApp) {
  const { db } = t.database;
  const event = await createEvent(db);
  const ticket = async (features: TicketFeature[]) => (await createTicketType(db, event.id, { features })).id;
  const tickets = { unlimited: await ticket(['unlimited_chats']), limited: await ticket(['limited_chats']), none: await ticket(['limited_meetings']) };

  const person = async (options: PersonOptions = {}): Promise<ChatPerson> => {
    const user = await createUser(db);
    if (options.member !== false) {
      const ticketTypeId = options.ticket === null ? null : tickets[options.ticket ?? 'unlimited'];
      await addMembership(db, event.id, user.id, { ticketTypeId, roleIds: options.roleIds, isOrganizer: options.organiser });
    }
    const headers = await authHeader(db, t.config.secret, user.id);
    return { id: user.id, name: `${user.firstName} ${user.lastName}`.trim(), headers, token: headers.authorization?.slice('Bearer '.length) ?? '' };
  };

  /** A company taking part in the event, with a chat unless told otherwise. */
  const company = async (options: { hasChat?: boolean } = {}) => {
    const [row] = await db
      .insert(companies)
      .values({ name: `Chat company ${Math.random().toString(36).slice(2, 8)}`, hasChat: options.hasChat ?? true })
      .returning();
    if (!row) throw new Error('no company row');
    await db.insert(eventCompanies).values({ eventId: event.id, companyId: row.id });
    return row;
  };

  /** Puts a person in a company with these roles (chat, admin, or none). */
  const employ = async (companyId: number, who: ChatPerson, roles: string[]) => {
    await db.insert(companyUsers).values({ companyId, userId: who.id, roles });
  };

  /** A company's promo channel in the event (no call makes one: the back office's promo mailings will). */
  const promo = async (companyId: number) => {
    const [row] = await db.insert(chatChannels).values({ eventId: event.id, access: 'public', entityType: 'promo_company', entityId: companyId }).returning();
    if (!row) throw new Error('no promo channel');
    return row.id;
  };

  /** A lesson of the event's course (in a module of its own), whose lesson chats the students open. */
  const lesson = async (title = `Chat lesson ${Math.random().toString(36).slice(2, 8)}`) => {
    const [module] = await db.insert(academyModules).values({ eventId: event.id, title: 'Chat module', isOpen: true }).returning();
    if (!module) throw new Error('no module row');
    const [row] = await db.insert(academyLessons).values({ eventId: event.id, moduleId: module.id, title, isOpen: true }).returning();
    if (!row) throw new Error('no lesson row');
    return { id: row.id, title: row.title };
  };

  return { event, eventId: event.id, tickets, person, company, employ, promo, lesson };
}

export type ChatWorld = Awaited<ReturnType<typeof chatWorld>>;

export const hourFromNow = () => new Date(Date.now() + 60 * 60 * 1000).toISOString();
