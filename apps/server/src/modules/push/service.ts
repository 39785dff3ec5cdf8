// Push registration and custom pushes (contract push.ts); the sending is in dispatch.ts and the jobs.
import { ErrorCode, type CustomPush, type PushRegistration, type PushSegment } from '@lobby/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { ticketTypes } from '../../db/schema/index.ts';
import { AppError } from '../../http/errors.ts';
import { enqueueJob } from '../../jobs/queue.ts';
import { CUSTOM_PUSH_JOB } from './kinds.ts';
import { customPushUrl, tokenProblem } from './policy.ts';
import { presentCustomPush } from './present.ts';
import { countCustomPushesSince, countSegment, deleteOwnSubscription, insertCustomPush, listCustomPushRows, upsertSubscription } from './repo.ts';

/** Custom pushes one event may send per hour: a slip of the organiser's finger must not become ten messages. */
export const CUSTOM_PUSHES_PER_HOUR = 20;

const TOKEN_MESSAGES = {
  not_https: 'A web push token must be the https endpoint of a push subscription.',
  no_keys: 'A web push subscription needs its p256dh and auth keys.',
  bad_token: 'This push token is not one a push service gives out.',
} as const;

export async function register(db: Db, userId: number, body: PushRegistration): Promise<{ registered: boolean }> {
  const problem = tokenProblem(body.platform, body.token, body.keys);
  if (problem) throw new AppError(422, ErrorCode.pushTokenInvalid, TOKEN_MESSAGES[problem], { fields: [{ field: problem === 'no_keys' ? 'body.keys' : 'body.token', message: TOKEN_MESSAGES[problem], key: 'invalid', params: {} }] });
  // Offsets in whole quarter hours are all that exist; a stored integer keeps minutes.
  const timezoneOffset = body.timezone === undefined ? null : Math.round(body.timezone * 60);
  await upsertSubscription(db, { userId, platform: body.platform, token: body.token, keys: body.platform === 'web' ? (body.keys ?? null) : null, timezoneOffset });
  return { registered: true };
}

export async function unregister(db: Db, userId: number, token: string): Promise<{ registered: boolean }> {
  await deleteOwnSubscription(db, userId, token);
  return { registered: false };
}

export interface CustomPushInput {
  title: string;
  text: string;
  url?: string | null | undefined;
  segment: PushSegment;
}

/** A segment's ticket types must be the event's: another event's would quietly reach nobody. */
async function checkSegment(db: Db, eventId: number, segment: PushSegment): Promise<PushSegment> {
  const ids = [...new Set(segment.ticket_type_ids ?? [])];
  if (ids.length > 0) {
    const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(ticketTypes).where(and(eq(ticketTypes.eventId, eventId), inArray(ticketTypes.id, ids)));
    if ((row?.n ?? 0) !== ids.length) {
      const message = 'A chosen ticket type is not one of this event.';
      throw new AppError(422, ErrorCode.pushSegmentInvalid, message, { fields: [{ field: 'body.segment.ticket_type_ids', message, key: 'invalid', params: {} }] });
    }
  }
  const roles = [...new Set(segment.role_ids ?? [])];
  return {
    ...(ids.length > 0 ? { ticket_type_ids: ids.sort((a, b) => a - b) } : {}),
    ...(roles.length > 0 ? { role_ids: roles.sort((a, b) => a - b) } : {}),
    ...(typeof segment.checked_in === 'boolean' ? { checked_in: segment.checked_in } : {}),
  };
}

export async function previewRecipients(db: Db, eventId: number, segment: PushSegment): Promise<{ recipients: number }> {
  return { recipients: await countSegment(db, eventId, await checkSegment(db, eventId, segment)) };
}

/**
 * Stores the message and queues its sending (custom-push.ts): the organiser's request returns at
 * once however many people it reaches.
 */
export async function sendCustom(db: Db, eventId: number, userId: number, input: CustomPushInput, nudge: () => void): Promise<CustomPush> {
  let url: string | null = null;
  if (input.url) {
    url = customPushUrl(input.url);
    if (url === null) {
      const message = 'The link must be an https address or a path of this site (starting with /).';
      throw new AppError(422, ErrorCode.pushUrlInvalid, message, { fields: [{ field: 'body.url', message, key: 'invalid', params: {} }] });
    }
  }
  const segment = await checkSegment(db, eventId, input.segment);
  if ((await countCustomPushesSince(db, eventId, new Date(Date.now() - 3600_000))) >= CUSTOM_PUSHES_PER_HOUR) {
    throw new AppError(429, ErrorCode.pushTooMany, `At most ${CUSTOM_PUSHES_PER_HOUR} messages an hour can be sent in one event. Try again later.`, undefined, { 'retry-after': '600' });
  }
  const row = await db.transaction(async (tx) => {
    const made = await insertCustomPush(tx as unknown as Db, { eventId, title: input.title, text: input.text, url, segment, recipients: await countSegment(tx as unknown as Db, eventId, segment), createdBy: userId });
    await enqueueJob(tx as unknown as Db, CUSTOM_PUSH_JOB, { customPushId: made.id, after: 0 });
    return made;
  });
  nudge();
  return presentCustomPush(row);
}

export async function listCustom(db: Db, eventId: number): Promise<CustomPush[]> {
  return (await listCustomPushRows(db, eventId)).map(presentCustomPush);
}
