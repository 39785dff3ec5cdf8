// Call signalling on the shared Socket.IO connection (contract calls.ts, CallEvent): a socket
// enters a call's room with a video token for that call and a seat it holds; offers, answers and
// ICE candidates go to one peer of the same room; media states go to the room and keep the seat.
// One person is in a call from one page: a second page takes the place of the first.
import {
  CALL_HEARTBEAT_MS,
  CALL_SIGNAL_MAX_BYTES,
  CallEvent,
  type CallJoinAck,
  type CallMediaState,
  type CallPeer,
  type CallPeerLeftPayload,
  type CallSignalData,
  type CallStatePayload,
} from '@lobby/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Socket } from 'socket.io';
import { isSessionActive } from '../../auth/sessions.ts';
import type { Db } from '../../db/client.ts';
import type { FileUrls } from '../../files/urls.ts';
import { callRoom, type Realtime, type SocketData } from '../../realtime/server.ts';
import { findPeople } from '../chat/repo.ts';
import { presentPerson } from './present.ts';
import { beatSeat, seatedUsers } from './repo.ts';
import { vacateSeat } from './service.ts';
import { readVideoToken } from './tokens.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Socket.IO ids: 20 URL-safe characters. */
const PEER_ID = /^[A-Za-z0-9_-]{8,64}$/;

type AnySocket = Socket<Record<string, never>, Record<string, (payload: unknown) => void>, Record<string, never>, SocketData>;

/** A media state from the client: three flags, anything else false. */
export function readState(value: unknown): CallMediaState {
  const record = typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
  const flag = (key: string) => Object.hasOwn(record, key) && record[key] === true;
  return { audio: flag('audio'), video: flag('video'), screen: flag('screen') };
}

/** A signalling message from the client, checked field by field; null when malformed. */
export function readSignal(value: unknown): { callId: string; to: string; data: CallSignalData } | null {
  if (typeof value !== 'object' || value === null) return null;
  const record = value as Record<string, unknown>;
  const own = (key: string) => (Object.hasOwn(record, key) ? record[key] : undefined);
  const callId = own('call_id');
  const to = own('to');
  const data = own('data');
  if (typeof callId !== 'string' || !UUID.test(callId) || typeof to !== 'string' || !PEER_ID.test(to) || typeof data !== 'object' || data === null) return null;
  const body = data as Record<string, unknown>;
  const field = (key: string) => (Object.hasOwn(body, key) ? body[key] : undefined);
  const type = field('type');
  if (type === 'offer' || type === 'answer') {
    const sdp = field('sdp');
    if (typeof sdp !== 'string' || sdp.length === 0 || Buffer.byteLength(sdp) > CALL_SIGNAL_MAX_BYTES) return null;
    return { callId, to, data: { type, sdp } };
  }
  if (type === 'candidate') {
    const candidate = field('candidate');
    const sdpMid = field('sdpMid') ?? null;
    const index = field('sdpMLineIndex') ?? null;
    if (typeof candidate !== 'string' || candidate.length > 4096) return null;
    if (sdpMid !== null && (typeof sdpMid !== 'string' || sdpMid.length > 64)) return null;
    if (index !== null && (typeof index !== 'number' || !Number.isInteger(index) || index < 0 || index > 64)) return null;
    return { callId, to, data: { type, candidate, sdpMid, sdpMLineIndex: index } };
  }
  return null;
}

const callIdOf = (value: unknown): string | null => {
  const id = typeof value === 'object' && value !== null && Object.hasOwn(value, 'call_id') ? (value as { call_id: unknown }).call_id : null;
  return typeof id === 'string' && UUID.test(id) ? id : null;
};

/** A page that lost its connection has this long to come back before its seat is given up (a network change, not a hang-up). */
export const CALL_RECONNECT_GRACE_MS = 20_000;

export function registerCallSocket(realtime: Realtime, db: Db, files: FileUrls, secret: string, log: FastifyBaseLogger, graceMs = CALL_RECONNECT_GRACE_MS): void {
  const io = realtime.io;
  const ctx = { db, realtime };

  /** The other sockets in the call's room (on every node, through the adapter). */
  const peersOf = async (callId: string, except: string): Promise<CallPeer[]> =>
    (await io.in(callRoom(callId)).fetchSockets())
      .filter((peer) => peer.id !== except)
      .flatMap((peer) => {
        const entry = peer.data.calls?.[callId];
        return entry ? [{ peer_id: peer.id, user: entry.user, state: entry.state }] : [];
      });

  /** Leaves the room: the others (and this page) drop the peer; the seat stays unless it was the last page. */
  const leaveRoom = async (socket: AnySocket, callId: string) => {
    if (!socket.data.calls?.[callId]) return;
    delete socket.data.calls[callId];
    const payload: CallPeerLeftPayload = { call_id: callId, peer_id: socket.id };
    io.to(callRoom(callId)).emit(CallEvent.peerLeft, payload);
    await socket.leave(callRoom(callId));
  };

  io.on('connection', (socket: AnySocket) => {
    const lastBeat = new Map<string, number>();

    socket.on(CallEvent.join, async (request: unknown, ack?: unknown) => {
      const reply = (answer: CallJoinAck) => {
        if (typeof ack === 'function') (ack as (answer: CallJoinAck) => void)(answer);
      };
      const callId = callIdOf(request);
      const { userId, sessionId } = socket.data;
      const tokenValue = typeof request === 'object' && request !== null && Object.hasOwn(request, 'token') ? (request as { token: unknown }).token : null;
      if (!callId || userId === null || sessionId === null || typeof tokenValue !== 'string') return reply({ ok: false, error: 'token_invalid' });
      try {
        if ((await readVideoToken(secret, tokenValue, callId)) !== userId) return reply({ ok: false, error: 'token_invalid' });
        // A signed-out page joins nothing, even with a token it kept.
        if (!(await isSessionActive(db, sessionId, userId))) {
          reply({ ok: false, error: 'token_invalid' });
          socket.disconnect(true);
          return;
        }
        if (!(await beatSeat(db, callId, userId))) return reply({ ok: false, error: 'not_seated' });
        lastBeat.set(callId, Date.now());
        // This person's other page in the call gives its place up.
        for (const old of await io.in(callRoom(callId)).fetchSockets()) {
          if (old.id === socket.id || old.data.userId !== userId) continue;
          io.to(callRoom(callId)).emit(CallEvent.peerLeft, { call_id: callId, peer_id: old.id } satisfies CallPeerLeftPayload);
          old.leave(callRoom(callId));
        }
        const people = await findPeople(db, [userId]);
        const entry = { user: presentPerson(userId, people, files), state: readState(Object.hasOwn(request as object, 'state') ? (request as { state: unknown }).state : null) };
        socket.data.calls = { ...socket.data.calls, [callId]: entry };
        const peers = await peersOf(callId, socket.id);
        await socket.join(callRoom(callId));
        socket.to(callRoom(callId)).emit(CallEvent.peerJoined, { call_id: callId, peer_id: socket.id, user: entry.user, state: entry.state });
        reply({ ok: true, peer_id: socket.id, peers });
      } catch (error) {
        log.warn({ err: error }, 'call join failed');
        reply({ ok: false, error: 'failed' });
      }
    });

    socket.on(CallEvent.signal, async (request: unknown) => {
      const signal = readSignal(request);
      if (!signal || !socket.data.calls?.[signal.callId] || signal.to === socket.id) return;
      const room = callRoom(signal.callId);
      // Only to a peer of the same call: a local socket is looked at directly, others through the adapter.
      const local = io.sockets.sockets.get(signal.to);
      const inCall = local ? local.rooms.has(room) : (await io.in(room).fetchSockets()).some((peer) => peer.id === signal.to);
      if (!inCall) return;
      io.to(signal.to).emit(CallEvent.signal, { call_id: signal.callId, from: socket.id, data: signal.data });
    });

    socket.on(CallEvent.state, async (request: unknown) => {
      const callId = callIdOf(request);
      const entry = callId ? socket.data.calls?.[callId] : undefined;
      if (!callId || !entry || socket.data.userId === null) return;
      entry.state = readState(Object.hasOwn(request as object, 'state') ? (request as { state: unknown }).state : null);
      const payload: CallStatePayload = { call_id: callId, peer_id: socket.id, state: entry.state };
      socket.to(callRoom(callId)).emit(CallEvent.state, payload);
      // The heartbeat keeps the seat; at most one write per half heartbeat.
      const now = Date.now();
      if (now - (lastBeat.get(callId) ?? 0) < CALL_HEARTBEAT_MS / 2) return;
      lastBeat.set(callId, now);
      try {
        if (!(await beatSeat(db, callId, socket.data.userId))) await leaveRoom(socket, callId);
      } catch (error) {
        log.warn({ err: error }, 'call heartbeat failed');
      }
    });

    socket.on(CallEvent.leave, async (request: unknown) => {
      const callId = callIdOf(request);
      if (callId) await leaveRoom(socket, callId);
    });

    socket.on('disconnect', () => {
      const calls = Object.keys(socket.data.calls ?? {});
      const userId = socket.data.userId;
      if (calls.length === 0 || userId === null) return;
      for (const callId of calls) io.to(callRoom(callId)).emit(CallEvent.peerLeft, { call_id: callId, peer_id: socket.id } satisfies CallPeerLeftPayload);
      // The seat goes with the last page of this person in the call, unless a page comes back in time.
      const timer = setTimeout(() => {
        void (async () => {
          for (const callId of calls) {
            const back = (await io.in(callRoom(callId)).fetchSockets()).some((peer) => peer.data.userId === userId);
            if (!back && (await seatedUsers(db, callId)).includes(userId)) await vacateSeat(ctx, callId, userId);
          }
        })().catch((error: unknown) => log.warn({ err: error }, 'leaving calls after a disconnect failed'));
      }, graceMs);
      timer.unref();
    });
  });
}
