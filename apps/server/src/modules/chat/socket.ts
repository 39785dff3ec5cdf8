// The chat's client events on the shared Socket.IO connection (contract.md sections 4 and 7):
// enter / enter_complete and leave / leave_complete. Messages of private, company, lesson and
// notices channels reach people through their private user channel without entering; public
// page chats and promo channels are entered.
import { ChatEvent, type ChatEnterAck, type ChatEnterRequest } from '@lobby/contract';
import type { FastifyBaseLogger } from 'fastify';
import { loadAccess } from '../../access/access.ts';
import { isSessionActive } from '../../auth/sessions.ts';
import type { Db } from '../../db/client.ts';
import { chatRoom, type Realtime } from '../../realtime/server.ts';
import { canRead } from './policy.ts';
import { findChannelView } from './repo.ts';
import { viewerOf } from './channel-view.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function registerChatSocket(realtime: Realtime, db: Db, log: FastifyBaseLogger): void {
  realtime.io.on('connection', (socket) => {
    const answer = (event: string, ack: unknown, payload: ChatEnterAck) => {
      socket.emit(event, payload);
      if (typeof ack === 'function') (ack as (payload: ChatEnterAck) => void)(payload);
    };
    // One socket's enters and leaves run one after another, in the order they came. An enter waits
    // on the database before it joins and a leave does not: a leave sent before the enter's answer
    // (a page opened and closed at once, on a busy server) would otherwise go first, and the enter
    // would then join a chat its page had left.
    let queue: Promise<void> = Promise.resolve();
    const inOrder =
      <A extends unknown[]>(handle: (...args: A) => Promise<void>) =>
      (...args: A): void => {
        queue = queue.then(() => handle(...args)).catch((error: unknown) => log.warn({ err: error }, 'chat enter or leave failed'));
      };

    socket.on(ChatEvent.enter, inOrder(async (request: ChatEnterRequest, ack?: unknown) => {
      const channelId = typeof request?.channel_id === 'string' ? request.channel_id : '';
      const refuse = (error: string) => answer(ChatEvent.enterComplete, ack, { channel_id: channelId, ok: false, error });
      const { userId, sessionId } = socket.data;
      if (!UUID.test(channelId)) return refuse('invalid channel');
      if (userId === null || sessionId === null) return refuse('sign in first');
      try {
        // The session is looked at again: a signed-out socket enters nothing.
        if (!(await isSessionActive(db, sessionId, userId))) {
          refuse('sign in first');
          socket.disconnect(true);
          return;
        }
        const view = await findChannelView(db, channelId, userId);
        if (!view) return refuse('channel does not exist');
        const access = await loadAccess(db, userId, view.channel.eventId);
        if (!canRead(view.channel, viewerOf(userId, view, access))) return refuse('channel does not exist');
        // Private-access channels arrive through the person's own room; entering them joins nothing,
        // so a message is never delivered twice to one socket.
        if (view.channel.access !== 'private') await socket.join(chatRoom(channelId));
        answer(ChatEvent.enterComplete, ack, { channel_id: channelId, ok: true });
      } catch (error) {
        log.warn({ err: error }, 'chat enter failed');
        refuse('failed');
      }
    }));

    socket.on(ChatEvent.leave, inOrder(async (request: ChatEnterRequest, ack?: unknown) => {
      const channelId = typeof request?.channel_id === 'string' ? request.channel_id : '';
      if (!UUID.test(channelId)) return answer(ChatEvent.leaveComplete, ack, { channel_id: channelId, ok: false, error: 'invalid channel' });
      await socket.leave(chatRoom(channelId));
      answer(ChatEvent.leaveComplete, ack, { channel_id: channelId, ok: true });
    }));
  });
}
