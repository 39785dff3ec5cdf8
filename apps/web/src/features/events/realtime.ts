import { CONFIG_CHANGED, REALTIME_PATH, SUBSCRIBE_EVENT, type ConfigChangedPayload } from '@lobby/contract';
import { readToken } from '../../api/session.ts';

/**
 * Joins the event's private channel and calls `onChange` on config-changed. The socket library
 * loads only here, so pages without an event never download it. Re-joins after a reconnect.
 */
export function subscribeToEvent(eventId: number, onChange: () => void): () => void {
  let closed = false;
  let close = () => {};
  void import('socket.io-client')
    .then(({ io }) => {
      if (closed) return;
      const socket = io({ path: REALTIME_PATH, transports: ['websocket', 'polling'], auth: (cb) => cb({ token: readToken()?.access_token }) });
      socket.on('connect', () => socket.emit(SUBSCRIBE_EVENT, { event_id: eventId }, () => {}));
      socket.on(CONFIG_CHANGED, (payload: ConfigChangedPayload) => {
        if (payload.event_id === eventId) onChange();
      });
      close = () => socket.close();
    })
    .catch((error: unknown) => console.warn('Lobby: live updates are unavailable', error));
  return () => {
    closed = true;
    close();
  };
}
