import {
  CallEvent,
  type CallEndedPayload,
  type CallJoinAck,
  type CallJoinRequest,
  type CallMediaState,
  type CallPeer,
  type CallPeerLeftPayload,
  type CallSignalData,
  type CallSignalIn,
  type CallSignalOut,
  type CallStatePayload,
} from '@lobby/contract';
import type { Socket } from 'socket.io-client';
import { acquireSocket, releaseSocket } from '../events/realtime.ts';

// One call's events on the tab's shared socket (contract calls.ts, CallEvent): what the session
// sends, and the events of this call only (a person's private channel carries every call's ends).

/** A join that gets no answer in this time is tried again (a socket that went away meanwhile). */
const JOIN_TIMEOUT_MS = 10_000;

export interface ChannelHandlers {
  /** The socket connected (again): enter the room. */
  onConnect: () => void;
  onDisconnect: () => void;
  onSignal: (from: string, data: CallSignalData) => void;
  onPeerJoined: (peer: CallPeer) => void;
  onPeerLeft: (peerId: string) => void;
  onState: (peerId: string, state: CallMediaState) => void;
  onEnded: (status: CallEndedPayload['status']) => void;
}

export interface CallChannel {
  readonly connected: boolean;
  join: (token: string, state: CallMediaState) => Promise<CallJoinAck>;
  signal: (to: string, data: CallSignalData) => void;
  state: (state: CallMediaState) => void;
  leave: () => void;
  /** Stops listening and gives the socket hold back. */
  close: () => void;
}

export type OpenChannel = (callId: string, handlers: ChannelHandlers) => Promise<CallChannel>;

/** The call's channel on the shared socket; `onConnect` runs on every connect from now on (check `connected` for the present). */
export const openCallChannel: OpenChannel = async (callId, handlers) => {
  let socket: Socket;
  try {
    socket = await acquireSocket();
  } catch (error) {
    releaseSocket();
    throw error;
  }
  const mine = (payload: { call_id?: unknown } | null | undefined): boolean => payload?.call_id === callId;
  const listeners: [string, Parameters<Socket['on']>[1]][] = [
    ['connect', () => handlers.onConnect()],
    ['disconnect', () => handlers.onDisconnect()],
    [CallEvent.signal, (payload: CallSignalIn) => mine(payload) && handlers.onSignal(payload.from, payload.data)],
    [CallEvent.peerJoined, (payload: CallPeer & { call_id: string }) => mine(payload) && handlers.onPeerJoined({ peer_id: payload.peer_id, user: payload.user, state: payload.state })],
    [CallEvent.peerLeft, (payload: CallPeerLeftPayload) => mine(payload) && handlers.onPeerLeft(payload.peer_id)],
    [CallEvent.state, (payload: CallStatePayload) => mine(payload) && handlers.onState(payload.peer_id, payload.state)],
    [CallEvent.ended, (payload: CallEndedPayload) => mine(payload) && handlers.onEnded(payload.status)],
  ];
  for (const [event, listener] of listeners) socket.on(event, listener);
  let closed = false;
  const channel: CallChannel = {
    get connected() {
      return socket.connected;
    },
    join: (token, state) =>
      new Promise<CallJoinAck>((resolve) => {
        const request: CallJoinRequest = { call_id: callId, token, state };
        socket.timeout(JOIN_TIMEOUT_MS).emit(CallEvent.join, request, (error: Error | null, ack?: CallJoinAck) => resolve(error || !ack ? { ok: false, error: 'failed' } : ack));
      }),
    signal: (to, data) => {
      const message: CallSignalOut = { call_id: callId, to, data };
      socket.emit(CallEvent.signal, message);
    },
    state: (state) => socket.emit(CallEvent.state, { call_id: callId, state }),
    leave: () => socket.emit(CallEvent.leave, { call_id: callId }),
    close: () => {
      if (closed) return;
      closed = true;
      for (const [event, listener] of listeners) socket.off(event, listener);
      releaseSocket();
    },
  };
  return channel;
};
