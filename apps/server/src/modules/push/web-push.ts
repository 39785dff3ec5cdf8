// Web Push: the message encryption of RFC 8291 (aes128gcm content coding of RFC 8188) and the
// VAPID authorisation of RFC 8292, with node:crypto alone.
import { createCipheriv, createECDH, createPrivateKey, hkdfSync, randomBytes, sign, type ECDH, type KeyObject } from 'node:crypto';
import type { VapidKeys } from '../../config-push.ts';
import { postBytes, type PushTransport, type SendResult } from './http.ts';

/** One record holds the whole message: push services take 4096 bytes of body at most. */
export const RECORD_SIZE = 4096;
/** salt (16) + rs (4) + idlen (1) + keyid (65), the tag (16) and the padding delimiter (1). */
export const PAYLOAD_MAX = RECORD_SIZE - 86 - 17;

const b64 = (value: string) => Buffer.from(value, 'base64url');

export interface WebPushKeys {
  p256dh: string;
  auth: string;
}

/**
 * Encrypts a payload for one subscription (RFC 8291 section 3.4): an ephemeral ECDH key pair of
 * the server, HKDF over the shared secret and the subscription's auth secret, AES-128-GCM in one
 * record with the 0x02 delimiter. `salt` and `serverKeys` are fixed only by tests (RFC 8291's
 * example); otherwise each message gets fresh ones.
 */
export function encryptPayload(payload: Buffer, keys: WebPushKeys, fixed: { salt?: Buffer; serverKeys?: ECDH } = {}): Buffer {
  if (payload.length > PAYLOAD_MAX) throw new Error(`web push payload of ${payload.length} bytes is over ${PAYLOAD_MAX}`);
  const uaPublic = b64(keys.p256dh);
  const authSecret = b64(keys.auth);
  const server = fixed.serverKeys ?? createECDH('prime256v1');
  if (!fixed.serverKeys) server.generateKeys();
  const asPublic = server.getPublicKey();
  const shared = server.computeSecret(uaPublic);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), uaPublic, asPublic]);
  const ikm = Buffer.from(hkdfSync('sha256', shared, authSecret, keyInfo, 32));
  const salt = fixed.salt ?? randomBytes(16);
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const cipher = createCipheriv('aes-128-gcm', cek, nonce);
  const sealed = Buffer.concat([cipher.update(Buffer.concat([payload, Buffer.from([2])])), cipher.final(), cipher.getAuthTag()]);
  const header = Buffer.alloc(21);
  salt.copy(header, 0);
  header.writeUInt32BE(RECORD_SIZE, 16);
  header.writeUInt8(asPublic.length, 20);
  return Buffer.concat([header, asPublic, sealed]);
}

/** The VAPID private key as a KeyObject (a JWK built from the scalar and its public point). */
export function vapidSigningKey(keys: Pick<VapidKeys, 'publicKey' | 'privateKey'>): KeyObject {
  const point = b64(keys.publicKey);
  return createPrivateKey({
    key: { kty: 'EC', crv: 'P-256', d: keys.privateKey, x: point.subarray(1, 33).toString('base64url'), y: point.subarray(33, 65).toString('base64url') },
    format: 'jwk',
  });
}

/** A compact ES256 JWS (the raw r||s signature JOSE wants, not DER). */
export function signEs256(header: Record<string, unknown>, claims: Record<string, unknown>, key: KeyObject): string {
  const input = `${Buffer.from(JSON.stringify(header)).toString('base64url')}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}`;
  const signature = sign('sha256', Buffer.from(input), { key, dsaEncoding: 'ieee-p1363' });
  return `${input}.${signature.toString('base64url')}`;
}

/** VAPID's Authorization header (RFC 8292 section 3): a JWT for the push service's origin, 12 hours. */
export function vapidAuthorization(endpoint: string, vapid: VapidKeys, key: KeyObject, nowSeconds = Math.floor(Date.now() / 1000)): string {
  const jwt = signEs256({ typ: 'JWT', alg: 'ES256' }, { aud: new URL(endpoint).origin, exp: nowSeconds + 12 * 3600, sub: vapid.subject }, key);
  return `vapid t=${jwt}, k=${vapid.publicKey}`;
}

export interface WebPushOptions {
  /** Seconds the push service keeps the message for an offline device. */
  ttl: number;
  urgency: 'very-low' | 'low' | 'normal' | 'high';
}

/** Sends one encrypted message to a subscription's endpoint. */
export class WebPushSender {
  private readonly key: KeyObject;

  constructor(
    private readonly vapid: VapidKeys,
    private readonly transport: PushTransport,
  ) {
    this.key = vapidSigningKey(vapid);
  }

  async send(endpoint: string, keys: WebPushKeys, payload: Buffer, options: WebPushOptions): Promise<SendResult> {
    const body = encryptPayload(payload, keys);
    return postBytes(
      endpoint,
      {
        authorization: vapidAuthorization(endpoint, this.vapid, this.key),
        'content-encoding': 'aes128gcm',
        'content-type': 'application/octet-stream',
        ttl: String(options.ttl),
        urgency: options.urgency,
      },
      body,
      this.transport,
    );
  }
}
