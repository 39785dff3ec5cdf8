// Apple Push Notification service over HTTP/2 with token authentication: an ES256 provider token
// (kid = key id, iss = team id) reused for 50 minutes (Apple refuses ones older than an hour),
// one POST /3/device/{token} per device on a shared session.
import { createPrivateKey, type KeyObject } from 'node:crypto';
import { connect, constants, type ClientHttp2Session } from 'node:http2';
import type { ApnsConfig } from '../../config-push.ts';
import { trustedCa, type PushTransport, type SendResult } from './http.ts';
import type { NativeMessage } from './fcm.ts';
import { signEs256 } from './web-push.ts';

const TOKEN_REUSE_MS = 50 * 60_000;

export class ApnsSender {
  private readonly key: KeyObject;
  private token: { value: string; at: number } | undefined;
  private session: ClientHttp2Session | undefined;

  constructor(
    private readonly config: ApnsConfig,
    private readonly transport: PushTransport,
  ) {
    this.key = createPrivateKey(config.key);
  }

  providerToken(now = Date.now()): string {
    if (this.token && now - this.token.at < TOKEN_REUSE_MS) return this.token.value;
    const value = signEs256({ alg: 'ES256', kid: this.config.keyId }, { iss: this.config.teamId, iat: Math.floor(now / 1000) }, this.key);
    this.token = { value, at: now };
    return value;
  }

  private connection(): ClientHttp2Session {
    if (this.session && !this.session.closed && !this.session.destroyed) return this.session;
    const ca = trustedCa(this.transport);
    const session = connect(this.transport.apnsOrigin ?? this.config.origin, ca ? { ca } : {});
    session.on('error', () => session.destroy());
    // Idle sessions close on their own; the next send opens another.
    session.setTimeout(5 * 60_000, () => session.close());
    session.unref();
    this.session = session;
    return session;
  }

  static payload(message: NativeMessage): Record<string, unknown> {
    return { aps: { alert: { title: message.title, body: message.body }, sound: 'default' }, ...message.data };
  }

  send(deviceToken: string, message: NativeMessage): Promise<SendResult> {
    const body = Buffer.from(JSON.stringify(ApnsSender.payload(message)));
    const session = this.connection();
    return new Promise((resolve, reject) => {
      const stream = session.request({
        [constants.HTTP2_HEADER_METHOD]: 'POST',
        [constants.HTTP2_HEADER_PATH]: `/3/device/${encodeURIComponent(deviceToken)}`,
        authorization: `bearer ${this.providerToken()}`,
        'apns-topic': this.config.topic,
        'apns-push-type': 'alert',
        'apns-priority': message.high ? '10' : '5',
        'apns-expiration': String(Math.floor(Date.now() / 1000) + message.ttl),
        'content-type': 'application/json',
        'content-length': String(body.length),
      });
      let status = 0;
      let text = '';
      stream.setTimeout(this.transport.timeoutMs ?? 10_000, () => stream.close(constants.NGHTTP2_CANCEL));
      stream.on('response', (headers) => (status = Number(headers[constants.HTTP2_HEADER_STATUS] ?? 0)));
      stream.setEncoding('utf8');
      stream.on('data', (chunk: string) => (text += chunk));
      // 'close' comes last in every case (an answer, a reset, the timeout): the first settle wins.
      stream.on('end', () => status !== 0 && resolve({ status, body: text.slice(0, 4096) }));
      stream.on('error', reject);
      stream.on('close', () => reject(new Error('APNs closed the stream without an answer')));
      stream.end(body);
    });
  }

  close(): void {
    this.session?.close();
  }
}

/** APNs says a token is gone with 410 Unregistered, or 400 BadDeviceToken / DeviceTokenNotForTopic. */
export function apnsTokenGone(result: SendResult): boolean {
  if (result.status === 410) return true;
  return result.status === 400 && /BadDeviceToken|DeviceTokenNotForTopic/.test(result.body);
}
