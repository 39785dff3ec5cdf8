// Firebase Cloud Messaging, HTTP v1: an OAuth access token from the service account (a signed
// JWT exchanged at its token_uri, RFC 7523), then one messages:send per device.
import { createPrivateKey, sign, type KeyObject } from 'node:crypto';
import type { FcmAccount } from '../../config-push.ts';
import { postBytes, type PushTransport, type SendResult } from './http.ts';

const SCOPE = 'https://www.googleapis.com/auth/firebase.messaging';
const FCM_ORIGIN = 'https://fcm.googleapis.com';

export interface NativeMessage {
  title: string;
  body: string;
  /** Flat string values (FCM's data map takes strings only). */
  data: Record<string, string>;
  ttl: number;
  /** Android notification channel priority and APNs priority: high for what someone waits for. */
  high: boolean;
}

export class FcmSender {
  private readonly key: KeyObject;
  private token: { value: string; until: number } | undefined;
  private pending: Promise<string> | undefined;

  constructor(
    private readonly account: FcmAccount,
    private readonly transport: PushTransport,
  ) {
    this.key = createPrivateKey(account.privateKey);
  }

  /** The bearer token, fetched again a minute before it runs out; concurrent callers share one fetch. */
  private async accessToken(): Promise<string> {
    if (this.token && this.token.until > Date.now()) return this.token.value;
    this.pending ??= this.fetchToken().finally(() => (this.pending = undefined));
    return this.pending;
  }

  private async fetchToken(): Promise<string> {
    const now = Math.floor(Date.now() / 1000);
    const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const input = `${encode({ alg: 'RS256', typ: 'JWT' })}.${encode({ iss: this.account.clientEmail, scope: SCOPE, aud: this.account.tokenUri, iat: now, exp: now + 3600 })}`;
    const assertion = `${input}.${sign('sha256', Buffer.from(input), this.key).toString('base64url')}`;
    const form = new URLSearchParams({ grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer', assertion }).toString();
    const answer = await postBytes(this.account.tokenUri, { 'content-type': 'application/x-www-form-urlencoded' }, Buffer.from(form), this.transport);
    if (answer.status !== 200) throw new Error(`FCM token endpoint answered ${answer.status}: ${answer.body.slice(0, 300)}`);
    const parsed = JSON.parse(answer.body) as { access_token?: unknown; expires_in?: unknown };
    if (typeof parsed.access_token !== 'string') throw new Error('FCM token endpoint gave no access_token');
    const seconds = typeof parsed.expires_in === 'number' ? parsed.expires_in : 3600;
    this.token = { value: parsed.access_token, until: Date.now() + Math.max(60, seconds - 60) * 1000 };
    return parsed.access_token;
  }

  /** The messages:send body: a notification the system shows, data the app reads when it is tapped. */
  static body(token: string, message: NativeMessage): Record<string, unknown> {
    return {
      message: {
        token,
        notification: { title: message.title, body: message.body },
        data: message.data,
        android: { priority: message.high ? 'high' : 'normal', ttl: `${message.ttl}s`, notification: { channel_id: 'lobby' } },
        apns: { headers: { 'apns-priority': message.high ? '10' : '5' }, payload: { aps: { sound: 'default' } } },
      },
    };
  }

  async send(token: string, message: NativeMessage): Promise<SendResult> {
    const bearer = await this.accessToken();
    const url = `${this.transport.fcmOrigin ?? FCM_ORIGIN}/v1/projects/${encodeURIComponent(this.account.projectId)}/messages:send`;
    const answer = await postBytes(url, { authorization: `Bearer ${bearer}`, 'content-type': 'application/json' }, Buffer.from(JSON.stringify(FcmSender.body(token, message))), this.transport);
    // A token revoked between two sends: fetch a new one next time.
    if (answer.status === 401) this.token = undefined;
    return answer;
  }
}

/** FCM says a token is gone with 404 UNREGISTERED, or 400 INVALID_ARGUMENT naming the token. */
export function fcmTokenGone(result: SendResult): boolean {
  if (result.status === 404) return true;
  return result.status === 400 && /UNREGISTERED|registration token|message\.token/i.test(result.body);
}
