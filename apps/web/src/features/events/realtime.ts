import { CONFIG_CHANGED, MEETING_CHANGED, REALTIME_PATH, SUBSCRIBE_EVENT, USER_NOTIFICATION, type ConfigChangedPayload, type MeetingChangedPayload } from '@lobby/contract';
import type { Socket } from 'socket.io-client';
import { readToken } from '../../api/session.ts';

/**
 * One socket per tab, shared by the event channel and the private user channel, opened by the
 * first subscriber and closed with the last. The socket library loads only here, so pages
 * without live parts never download it.
 */
let shared: Promise<Socket> | undefined;
let holders = 0;

/** Takes a hold on the shared socket, opening it for the first holder (the chat holds it too). */
export function acquireSocket(): Promise<Socket> {
  holders += 1;
  shared ??= import('socket.io-client').then(({ io }) => comeBackAfterServerClose(io({ path: REALTIME_PATH, transports: ['websocket', 'polling'], auth: (cb) => cb({ token: readToken()?.access_token }) })));
  return shared;
}

/** Longest pause before connecting again after the server closed the socket. */
const COME_BACK_MAX_MS = 30_000;

/**
 * A server that stops (a restart, a deploy, a node leaving) closes its sockets, and Socket.IO leaves
 * reconnecting after a server-side close to the app: the socket connects again after a growing,
 * jittered pause while anybody holds it, so live updates resume without a reload. A socket the
 * server refuses (a revoked session) fails its handshake and stays closed.
 */
function comeBackAfterServerClose(socket: Socket): Socket {
  let attempts = 0;
  let steady: ReturnType<typeof setTimeout> | undefined;
  socket.on('connect', () => {
    clearTimeout(steady);
    steady = setTimeout(() => (attempts = 0), COME_BACK_MAX_MS);
  });
  socket.on('disconnect', (reason) => {
    clearTimeout(steady);
    if (reason !== 'io server disconnect') return;
    attempts += 1;
    const pause = Math.min(COME_BACK_MAX_MS, 1000 * 2 ** Math.min(attempts - 1, 5)) * (0.5 + Math.random() / 2);
    setTimeout(() => {
      if (holders > 0 && !socket.connected && !closed.has(socket)) socket.connect();
    }, pause);
  });
  return socket;
}

/** Sockets closed here (the last holder left): never connected again. */
const closed = new WeakSet<Socket>();

/** Gives a hold back; true when it was the last, so the socket closes (its disconnect event follows). */
export function releaseSocket(): boolean {
  holders -= 1;
  if (holders > 0 || !shared) return false;
  const closing = shared;
  shared = undefined;
  void closing
    .then((socket) => {
      closed.add(socket);
      socket.close();
    })
    .catch(() => {});
  return true;
}

/** Runs `attach` on the shared socket; the returned function detaches and releases it. */
function withSocket(attach: (socket: Socket) => () => void): () => void {
  let detach: (() => void) | undefined;
  let closed = false;
  acquireSocket()
    .then((socket) => {
      if (!closed) detach = attach(socket);
    })
    .catch((error: unknown) => console.warn('Lobby: live updates are unavailable', error));
  return () => {
    closed = true;
    detach?.();
    releaseSocket();
  };
}

/** Joins the event's private channel and calls `onChange` on config-changed; re-joins after a reconnect. */
export function subscribeToEvent(eventId: number, onChange: () => void): () => void {
  return withSocket((socket) => {
    const join = () => socket.emit(SUBSCRIBE_EVENT, { event_id: eventId }, () => {});
    const onConfig = (payload: ConfigChangedPayload) => {
      if (payload.event_id === eventId) onChange();
    };
    if (socket.connected) join();
    socket.on('connect', join);
    socket.on(CONFIG_CHANGED, onConfig);
    return () => {
      socket.off('connect', join);
      socket.off(CONFIG_CHANGED, onConfig);
    };
  });
}

export interface UserChannelHandlers<N> {
  onNotification: (notification: N) => void;
  onMeetingChanged: (payload: MeetingChangedPayload) => void;
  /** After a reconnect: whatever arrived meanwhile is fetched again. */
  onReconnect: () => void;
}

/**
 * The signed-in person's private channel (contract.md section 7): the server puts every
 * authenticated socket in its person's room, so there is nothing to join.
 */
export function subscribeToUser<N>(handlers: UserChannelHandlers<N>): () => void {
  return withSocket((socket) => {
    let seen = socket.connected;
    const onConnect = () => {
      if (seen) handlers.onReconnect();
      seen = true;
    };
    socket.on('connect', onConnect);
    socket.on(USER_NOTIFICATION, handlers.onNotification);
    socket.on(MEETING_CHANGED, handlers.onMeetingChanged);
    return () => {
      socket.off('connect', onConnect);
      socket.off(USER_NOTIFICATION, handlers.onNotification);
      socket.off(MEETING_CHANGED, handlers.onMeetingChanged);
    };
  });
}
