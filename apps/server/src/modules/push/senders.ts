// One message to one device, whichever service carries it: web push, FCM or APNs.
import type { PushData } from '@lobby/contract';
import type { PushConfig } from '../../config-push.ts';
import { ApnsSender, apnsTokenGone } from './apns.ts';
import { FcmSender, fcmTokenGone, type NativeMessage } from './fcm.ts';
import type { PushTransport } from './http.ts';
import { deliveryOutcome, serviceOf, type DeliveryOutcome } from './policy.ts';
import type { SubscriptionRow } from './repo.ts';
import { PAYLOAD_MAX, WebPushSender } from './web-push.ts';

/** What every device gets: the text the system shows and the data pushRoute reads on a tap. */
export interface PushMessage {
  title: string;
  body: string;
  data: PushData & { notification_id: number };
  ttl: number;
  high: boolean;
}

export interface Delivery {
  outcome: DeliveryOutcome;
  status: number;
  detail: string;
}

const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

/** The web payload: JSON that fits one record whatever the text (the body is shortened first). */
export function webPayload(message: PushMessage): Buffer {
  let body = message.body;
  for (;;) {
    const bytes = Buffer.from(JSON.stringify({ title: clip(message.title, 200), body, data: message.data, tag: `n${message.data.notification_id}` }));
    if (bytes.length <= PAYLOAD_MAX || body.length === 0) return bytes;
    body = clip(body, Math.floor(body.length * 0.7));
  }
}

/** FCM's and APNs' data: flat strings, no empty values. */
export function nativeData(data: PushMessage['data']): Record<string, string> {
  const flat: Record<string, string> = {};
  for (const [key, value] of Object.entries(data)) if (value !== null && value !== undefined && value !== '') flat[key] = String(value);
  return flat;
}

export class PushSenders {
  readonly web: WebPushSender;
  readonly fcm: FcmSender | undefined;
  readonly apns: ApnsSender | undefined;

  constructor(config: PushConfig, transport: PushTransport = {}) {
    this.web = new WebPushSender(config.vapid, transport);
    this.fcm = config.fcm ? new FcmSender(config.fcm, transport) : undefined;
    this.apns = config.apns ? new ApnsSender(config.apns, transport) : undefined;
  }

  /** Whether this server can reach the device at all (a native token needs FCM or APNs configured). */
  canReach(subscription: Pick<SubscriptionRow, 'platform' | 'keys'>): boolean {
    const service = serviceOf(subscription.platform, { fcm: Boolean(this.fcm), apns: Boolean(this.apns) });
    return service !== null && (service !== 'web' || subscription.keys !== null);
  }

  /** Sends and says what the answer means; a network failure is a retry. */
  async send(subscription: SubscriptionRow, message: PushMessage): Promise<Delivery> {
    const service = serviceOf(subscription.platform, { fcm: Boolean(this.fcm), apns: Boolean(this.apns) });
    const native: NativeMessage = { title: clip(message.title, 200), body: clip(message.body, 1000), data: nativeData(message.data), ttl: message.ttl, high: message.high };
    try {
      if (service === 'web' && subscription.keys) {
        const result = await this.web.send(subscription.token, subscription.keys, webPayload(message), { ttl: message.ttl, urgency: message.high ? 'high' : 'normal' });
        return { outcome: deliveryOutcome(result.status), status: result.status, detail: result.body };
      }
      if (service === 'apns' && this.apns) {
        const result = await this.apns.send(subscription.token, native);
        return { outcome: deliveryOutcome(result.status, apnsTokenGone(result)), status: result.status, detail: result.body };
      }
      if (service === 'fcm' && this.fcm) {
        const result = await this.fcm.send(subscription.token, native);
        return { outcome: deliveryOutcome(result.status, fcmTokenGone(result)), status: result.status, detail: result.body };
      }
      return { outcome: 'refused', status: 0, detail: 'no service configured for this platform' };
    } catch (error) {
      return { outcome: 'retry', status: 0, detail: error instanceof Error ? error.message : String(error) };
    }
  }

  close(): void {
    this.apns?.close();
  }
}
