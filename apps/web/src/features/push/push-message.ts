// A push as the service worker, the page and the native shell read it. Pure: no DOM, no worker API.
import { pushRoute, type PushData, type PushRoute, type RoutingContext } from '@lobby/contract';

export interface PushMessage {
  title: string;
  text: string;
  data: PushData;
  /** Notifications with one tag replace each other (the server sends one per notification). */
  tag: string | null;
}

const ID_FIELDS = ['event_id', 'meeting_id', 'lesson_id', 'lecture_id', 'hall_id', 'request_id', 'member_id'] as const;
const TEXT_FIELDS = ['event_slug', 'channel_id', 'url'] as const;
const TEXT_MAX = 2000;

const record = (value: unknown): Record<string, unknown> => (typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {});
const text = (value: unknown): string | null => (typeof value === 'string' && value.length <= TEXT_MAX ? value : null);

/** An id as a number: FCM and APNs carry every data value as a string. */
function idOf(value: unknown): number | null {
  const number = typeof value === 'string' && /^\d{1,10}$/.test(value) ? Number(value) : value;
  return typeof number === 'number' && Number.isSafeInteger(number) && number > 0 ? number : null;
}

/** The routing data of a push, whatever carried it (web push JSON, FCM's string map); unknown keys are dropped. */
export function pushDataOf(raw: unknown): PushData {
  const source = record(raw);
  const data: PushData = { type: text(source.type) ?? '' };
  for (const field of ID_FIELDS) if (Object.hasOwn(source, field)) data[field] = idOf(source[field]);
  for (const field of TEXT_FIELDS) if (Object.hasOwn(source, field)) data[field] = text(source[field]);
  return data;
}

/**
 * A web push payload: `{ title, body, data, tag }` as the server sends it (modules/push/senders.ts).
 * Anything unreadable still makes a notification (a push must show one), with no route of its own.
 */
export function parsePushPayload(payload: string | null): PushMessage {
  let value: Record<string, unknown>;
  try {
    value = record(payload ? JSON.parse(payload) : null);
  } catch {
    value = { text: payload ?? '' };
  }
  return { title: text(value.title) ?? 'Lobby', text: text(value.body) ?? text(value.text) ?? '', data: pushDataOf(value.data ?? value), tag: text(value.tag) };
}

/**
 * The routing context of this origin: its own host is the product's, beside the configured public
 * address's host when the app is opened under another name.
 */
export function routingContextOf(ownHost: string, publicUrl: string | null, singleEvent: boolean): RoutingContext {
  const hosts = [ownHost];
  try {
    if (publicUrl) hosts.push(new URL(publicUrl).hostname);
  } catch {
    // An unreadable public address adds nothing.
  }
  return { productHosts: [...new Set(hosts.filter((host) => host !== ''))], singleEvent };
}

export const routeOfPush = (message: PushMessage, ctx: RoutingContext): PushRoute => pushRoute(message.data, ctx);

/** Messages between the service worker and the pages it controls. */
export type WorkerMessage =
  /** A push arrived while a page was in front: the page shows it itself. */
  | { type: 'lobby:push'; title: string; text: string; route: PushRoute }
  /** A notification was tapped: the page goes there in place and answers on the given port. */
  | { type: 'lobby:navigate'; path: string };

export function isWorkerMessage(value: unknown): value is WorkerMessage {
  const message = record(value);
  if (message.type === 'lobby:navigate') return typeof message.path === 'string' && message.path.startsWith('/') && !message.path.startsWith('//');
  return message.type === 'lobby:push' && typeof message.title === 'string' && typeof message.text === 'string' && typeof record(message.route).kind === 'string';
}
