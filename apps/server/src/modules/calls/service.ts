// Video calls: starting, answering, seats and tokens (product.md sections 2 and 6; contract
// calls.ts). Media never touches the server; the socket side is socket.ts.
import {
  CALL_RING_TIMEOUT_MS,
  CallEvent,
  callStartRefusal,
  effectiveStatus,
  ErrorCode,
  meetingCallOpen,
  MEETING_CALL_EARLY_MS,
  seatVerdict,
  statusAfterLeave,
  type Call,
  type CallEndedPayload,
  type CallRingPayload,
  type CallSeat,
  type StartCall,
  type VideoToken,
  VIDEO_TOKEN_TTL_S,
} from '@lobby/contract';
import type { AccessSource, EventAccess } from '../../access/access.ts';
import type { CallsConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { enqueueJob } from '../../jobs/queue.ts';
import type { FileUrls } from '../../files/urls.ts';
import { AppError } from '../../http/errors.ts';
import { callRoom, type Realtime } from '../../realtime/server.ts';
import { findPeople, isEventMember, lockStarter } from '../chat/repo.ts';
import { privateChannel, readable, sendMessage, type ChatContext } from '../chat/service.ts';
import { callAbilities, groupCallChannel, isInvited, type CallReader } from './policy.ts';
import { presentCall, presentPerson } from './present.ts';
import { beatSeat, countStarted, findCall, findMeeting, insertCall, lockCall, meetingCallOf, releaseAllSeats, releaseSeat, seatedUsers, setStatus, takeSeat, type CallRow } from './repo.ts';
import { iceServersFor, signVideoToken } from './tokens.ts';

export interface CallsContext {
  db: Db;
  files: FileUrls;
  realtime: Realtime;
  secret: string;
  calls: CallsConfig;
  chat: ChatContext;
  log: { warn(detail: object, message: string): void };
}

/** The job that ends a direct call nobody answered in time, so the caller is told even with the caller's page gone. */
export const CALL_RING_TIMEOUT_JOB = 'calls.ring_timeout';

/** A direct call that is over keeps no seat: both people's are given back with its new status. */
async function endDirect(tx: Db, id: string, status: 'ended' | 'declined' | 'missed'): Promise<CallRow> {
  await releaseAllSeats(tx, id);
  return setStatus(tx, id, status, { ended: true });
}

const callNotFound = () => new AppError(404, ErrorCode.callNotFound, 'This call does not exist or you are not invited to it.');
/** A direct call that is over; details.status says how it ended (declined, missed, ended), so the page can say so. */
const callOver = (status: string) => new AppError(409, ErrorCode.callEnded, 'This call is over. Call again to talk.', { status });

async function requireEvent(src: AccessSource, eventId: number): Promise<EventAccess> {
  const [event, access] = await Promise.all([src.activeEvent(eventId), src.get(eventId)]);
  if (!event) throw new AppError(404, ErrorCode.eventNotFound, 'This event was not found.');
  if (!access.can('event.view') && !access.can('event.manage')) throw new AppError(403, ErrorCode.forbidden, 'Join this event to call its people.');
  return access;
}

/** The reader as the call's policy sees them (the chat is asked only about a group call of a chat). */
async function readerOf(ctx: CallsContext, src: AccessSource, userId: number, call: CallRow): Promise<CallReader> {
  const access = await src.get(call.eventId);
  const inEvent = access.can('event.view') || access.can('event.manage');
  let readsChannel = false;
  if (call.kind === 'group' && call.channelId !== null && inEvent) {
    readsChannel = await readable(ctx.chat, src, userId, call.channelId).then(
      () => true,
      (error: unknown) => {
        if (error instanceof AppError && error.status < 500) return false;
        throw error;
      },
    );
  }
  return { userId, inEvent, readsChannel, mayRecord: access.can('calls.record') };
}

/** The call if the person is invited to it; anybody else is told there is none. */
async function invitedCall(ctx: CallsContext, src: AccessSource, userId: number, id: string): Promise<{ call: CallRow; reader: CallReader }> {
  const call = await findCall(ctx.db, id);
  if (!call) throw callNotFound();
  if (!(await src.activeEvent(call.eventId))) throw callNotFound();
  const reader = await readerOf(ctx, src, userId, call);
  if (!isInvited(call, reader)) throw callNotFound();
  return { call, reader };
}

async function present(ctx: CallsContext, call: CallRow, reader: CallReader, seated?: number[]): Promise<Call> {
  const now = Date.now();
  const seats = seated ?? (await seatedUsers(ctx.db, call.id));
  const people = await findPeople(ctx.db, [call.createdBy, ...(call.calleeId === null ? [] : [call.calleeId]), ...seats]);
  const status = effectiveStatus(call.status, call.kind, call.createdAt.getTime(), now);
  return presentCall(call, seats, people, ctx.files, callAbilities({ ...call, status }, reader), now);
}

async function token(ctx: CallsContext, userId: number, callId: string): Promise<VideoToken> {
  return { token: await signVideoToken(ctx.secret, userId, callId), expires_in: VIDEO_TOKEN_TTL_S, ice_servers: iceServersFor(ctx.calls, userId) };
}

/** Posts the `call` message; a chat that refuses it (a ban, the flood guard) does not stop the call. */
async function postCallMessage(ctx: CallsContext, src: AccessSource, userId: number, channelId: string, call: CallRow): Promise<void> {
  try {
    await sendMessage(ctx.chat, src, userId, channelId, { text: call.kind === 'group' ? 'Group call' : 'Video call', custom_type: 'call', custom_data: { call_id: call.id, kind: call.kind } });
  } catch (error) {
    ctx.log.warn({ err: error, callId: call.id }, 'the call message was not posted');
  }
}

export async function startCall(ctx: CallsContext, src: AccessSource, userId: number, eventId: number, body: StartCall): Promise<Call> {
  const access = await requireEvent(src, eventId);
  const features = access.ticketType?.features ?? [];
  const unlimitedByRole = access.isStaff || access.can('event.manage');
  /** Checked before anything is made, and again in the transaction that stores the call with the starter's row locked (calls started at once cannot all slip under the limit). */
  const guard = async (db: Db, lock: boolean) => {
    if (lock) await lockStarter(db, userId);
    const refusal = callStartRefusal({ canCall: access.can('calls.video'), features, started: await countStarted(db, eventId, userId), unlimitedByRole });
    if (refusal === 'no_feature') throw new AppError(403, ErrorCode.callNotAllowed, 'Your ticket does not include video calls. Upgrade your ticket to call people.');
    if (refusal === 'limit_reached') throw new AppError(403, ErrorCode.callLimitReached, 'You have started as many video calls as your ticket allows.');
  };

  if (body.kind === 'direct') {
    const otherId = body.user_id;
    if (otherId === userId) throw new AppError(422, ErrorCode.callSelf, 'You cannot call yourself.');
    if (!(await isEventMember(ctx.db, eventId, otherId))) throw new AppError(404, ErrorCode.memberNotFound, 'This person is not in this event.');
    await guard(ctx.db, false);
    // The private chat carries the call's message; a person whose ticket has no chats still calls.
    const channelId = await privateChannel(ctx.chat, src, userId, otherId, eventId).catch((error: unknown) => {
      if (error instanceof AppError && error.status === 403) return null;
      throw error;
    });
    const call = await ctx.db.transaction(async (tx) => {
      await guard(tx, true);
      const row = await insertCall(tx, { eventId, kind: 'direct', status: 'ringing', channelId, createdBy: userId, calleeId: otherId, maxPeople: 2 });
      await enqueueJob(tx, CALL_RING_TIMEOUT_JOB, { callId: row.id }, { runAt: new Date(row.createdAt.getTime() + CALL_RING_TIMEOUT_MS), maxAttempts: 3 });
      return row;
    });
    if (channelId) await postCallMessage(ctx, src, userId, channelId, call);
    const people = await findPeople(ctx.db, [userId]);
    const ring: CallRingPayload = { call_id: call.id, event_id: eventId, kind: 'direct', from: presentPerson(userId, people, ctx.files) };
    ctx.realtime.toUser(otherId, CallEvent.ring, ring);
    return present(ctx, call, await readerOf(ctx, src, userId, call), []);
  }

  await guard(ctx.db, false);
  const channelId = body.channel_id ?? null;
  if (channelId !== null) {
    const { view } = await readable(ctx.chat, src, userId, channelId);
    if (view.channel.eventId !== eventId) throw new AppError(404, ErrorCode.chatChannelNotFound, 'This chat does not exist or you are not in it.');
    if (!groupCallChannel(view.channel)) throw new AppError(422, ErrorCode.callChannelKind, "A group call starts from a company's or a lesson's chat; call one person from your private chat.");
  }
  const call = await ctx.db.transaction(async (tx) => {
    await guard(tx, true);
    return insertCall(tx, { eventId, kind: 'group', status: 'active', channelId, createdBy: userId, calleeId: null, maxPeople: ctx.calls.groupMax });
  });
  if (channelId !== null) await postCallMessage(ctx, src, userId, channelId, call);
  return present(ctx, call, await readerOf(ctx, src, userId, call), []);
}

/** The call of an accepted online meeting, made on first use; its two people only. */
export async function meetingCall(ctx: CallsContext, src: AccessSource, userId: number, eventId: number, meetingId: number): Promise<Call> {
  await requireEvent(src, eventId);
  const meeting = await findMeeting(ctx.db, eventId, meetingId);
  if (!meeting || (meeting.organizerId !== userId && meeting.inviteeId !== userId)) throw new AppError(404, ErrorCode.meetingNotFound, 'This meeting was not found.');
  if (!meeting.isOnline) throw new AppError(409, ErrorCode.callMeetingNotOnline, 'This meeting takes place at a meeting point, not online.');
  if (meeting.status !== 'accepted') throw new AppError(409, ErrorCode.callMeetingNotAccepted, 'The meeting has to be accepted before its call opens.');
  const window = meetingCallOpen(meeting.startsAt.getTime(), meeting.endsAt.getTime(), Date.now());
  if (window !== 'open') {
    const opensAt = new Date(meeting.startsAt.getTime() - MEETING_CALL_EARLY_MS).toISOString();
    throw new AppError(409, ErrorCode.callMeetingClosed, window === 'early' ? 'The call opens 15 minutes before the meeting.' : 'This meeting is over; its call is closed.', window === 'early' ? { opens_at: opensAt } : { over: true });
  }
  const call = await meetingCallOf(ctx.db, { eventId, kind: 'meeting', status: 'active', meetingId, createdBy: meeting.organizerId, calleeId: meeting.inviteeId, maxPeople: 2 });
  return present(ctx, call, await readerOf(ctx, src, userId, call));
}

export async function getCall(ctx: CallsContext, src: AccessSource, userId: number, id: string): Promise<Call> {
  const { call, reader } = await invitedCall(ctx, src, userId, id);
  return present(ctx, call, reader);
}

/** Tells both people of a direct call that it is over, and stops the ring on the callee's pages. */
function announceEnd(realtime: Realtime, call: CallRow, status: CallEndedPayload['status']): void {
  const payload: CallEndedPayload = { call_id: call.id, status };
  realtime.toUsers([call.createdBy, ...(call.calleeId === null ? [] : [call.calleeId])], CallEvent.ended, payload);
  realtime.emitTo([callRoom(call.id)], CallEvent.ended, payload);
  if (call.calleeId !== null) realtime.toUser(call.calleeId, CallEvent.ringStop, { call_id: call.id });
}

async function answer(ctx: CallsContext, src: AccessSource, userId: number, id: string, accept: boolean): Promise<Call> {
  const { reader } = await invitedCall(ctx, src, userId, id);
  const updated = await ctx.db.transaction(async (tx) => {
    const call = await lockCall(tx, id);
    if (!call) throw callNotFound();
    if (call.kind !== 'direct' || call.calleeId !== userId) throw new AppError(409, ErrorCode.callEnded, 'Only the person called answers this call.');
    const status = effectiveStatus(call.status, call.kind, call.createdAt.getTime(), Date.now());
    if (status !== 'ringing') throw new AppError(409, ErrorCode.callEnded, 'This call is no longer ringing.', { status });
    return accept ? setStatus(tx, id, 'active', { answered: true }) : endDirect(tx, id, 'declined');
  });
  if (accept) ctx.realtime.toUser(userId, CallEvent.ringStop, { call_id: id });
  else announceEnd(ctx.realtime, updated, 'declined');
  return present(ctx, updated, reader);
}

export const acceptCall = (ctx: CallsContext, src: AccessSource, userId: number, id: string) => answer(ctx, src, userId, id, true);
export const declineCall = (ctx: CallsContext, src: AccessSource, userId: number, id: string) => answer(ctx, src, userId, id, false);

/**
 * Takes a seat under the call's row lock, so concurrent joins cannot pass the limit: the rest get
 * 409 call.room_full. The callee joining a ringing call answers it.
 */
export async function joinCall(ctx: CallsContext, src: AccessSource, userId: number, id: string): Promise<CallSeat> {
  const { reader } = await invitedCall(ctx, src, userId, id);
  const { call, seated, answered } = await ctx.db.transaction(async (tx) => {
    let row = await lockCall(tx, id);
    if (!row) throw callNotFound();
    const status = effectiveStatus(row.status, row.kind, row.createdAt.getTime(), Date.now());
    if (status === 'missed' && row.status !== 'missed') row = await endDirect(tx, id, 'missed');
    const before = await seatedUsers(tx, id);
    const verdict = seatVerdict({ kind: row.kind, status: row.status, seated: before.length, max: row.maxPeople, alreadySeated: before.includes(userId) });
    if (verdict === 'ended') throw callOver(row.status);
    if (verdict === 'room_full') throw new AppError(409, ErrorCode.callRoomFull, 'This call is full.', { max_people: row.maxPeople });
    await takeSeat(tx, id, userId);
    let answeredNow = false;
    if (row.kind === 'direct' && row.status === 'ringing' && row.calleeId === userId) {
      row = await setStatus(tx, id, 'active', { answered: true });
      answeredNow = true;
    } else if (row.kind !== 'direct' && row.status === 'ended') {
      row = await setStatus(tx, id, 'active', { reopened: true });
    }
    return { call: row, seated: before.includes(userId) ? before : [...before, userId], answered: answeredNow };
  });
  if (answered) ctx.realtime.toUser(userId, CallEvent.ringStop, { call_id: id });
  if (call.kind === 'meeting') {
    // The other person is told someone waits in the meeting's call.
    const otherId = call.createdBy === userId ? call.calleeId : call.createdBy;
    if (otherId !== null && !seated.includes(otherId)) {
      const people = await findPeople(ctx.db, [userId]);
      const ring: CallRingPayload = { call_id: id, event_id: call.eventId, kind: 'meeting', from: presentPerson(userId, people, ctx.files) };
      ctx.realtime.toUser(otherId, CallEvent.ring, ring);
    }
  }
  return { call: await present(ctx, call, reader, seated), token: await token(ctx, userId, id) };
}

/** The ring timed out: a direct call still ringing is missed, for both, with its seats given back. */
export async function ringTimedOut(ctx: Pick<CallsContext, 'db' | 'realtime'>, callId: string): Promise<void> {
  const call = await ctx.db.transaction(async (tx) => {
    const row = await lockCall(tx, callId);
    return row && row.status === 'ringing' ? endDirect(tx, callId, 'missed') : null;
  });
  if (call) announceEnd(ctx.realtime, call, 'missed');
}

/** Gives a seat back and moves the call on: shared by the leave call and a socket that went away. */
export async function vacateSeat(ctx: Pick<CallsContext, 'db' | 'realtime'>, callId: string, userId: number): Promise<CallRow | null> {
  const result = await ctx.db.transaction(async (tx) => {
    const call = await lockCall(tx, callId);
    if (!call) return null;
    const released = await releaseSeat(tx, callId, userId);
    const status = effectiveStatus(call.status, call.kind, call.createdAt.getTime(), Date.now());
    // A direct call ends when either side hangs up, even one who never sat (the callee declining from the call page).
    if (!released && call.kind !== 'direct') return { call, changed: false };
    const next = statusAfterLeave({ kind: call.kind, status, seatedAfter: (await seatedUsers(tx, callId)).length });
    if (next === call.status) return { call, changed: false };
    if (call.kind === 'direct' && (next === 'ended' || next === 'missed' || next === 'declined')) return { call: await endDirect(tx, callId, next), changed: true };
    return { call: await setStatus(tx, callId, next, { ended: next !== 'active' }), changed: true };
  });
  if (!result) return null;
  const { call, changed } = result;
  if (changed && call.kind === 'direct' && (call.status === 'ended' || call.status === 'missed')) announceEnd(ctx.realtime, call, call.status);
  return call;
}

export async function leaveCall(ctx: CallsContext, src: AccessSource, userId: number, id: string): Promise<Call> {
  const { reader } = await invitedCall(ctx, src, userId, id);
  const call = await vacateSeat(ctx, id, userId);
  if (!call) throw callNotFound();
  return present(ctx, call, reader);
}

/** A fresh token for a person holding a seat (after a reconnect). */
export async function videoToken(ctx: CallsContext, src: AccessSource, userId: number, id: string): Promise<VideoToken> {
  await invitedCall(ctx, src, userId, id);
  if (!(await beatSeat(ctx.db, id, userId))) throw new AppError(409, ErrorCode.callNotSeated, 'Join the call first.');
  return token(ctx, userId, id);
}

