/** Socket.IO event names and payloads shared by server and web (DESIGN section 6). */
export const REALTIME_PATH = '/socket.io';

/** Client -> server: join the private channel of an event (members and organisers only). */
export const SUBSCRIBE_EVENT = 'event:subscribe';
/** Server -> client: an event's configuration changed; reload it (contract.md section 7, realtime). */
export const CONFIG_CHANGED = 'config-changed';

export interface SubscribeEventRequest {
  event_id: number;
}
export type SubscribeEventAck = { ok: true } | { ok: false; error: string };
export interface ConfigChangedPayload {
  event_id: number;
}
