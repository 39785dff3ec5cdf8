// A local HTTPS server standing in for a web push service (RFC 8030): it takes what the server
// sends to a subscription's endpoint, checks the VAPID JWT (RFC 8292) against the key in the
// Authorization header, and decrypts the payload with the subscription's own private key and auth
// secret (RFC 8291 over RFC 8188 aes128gcm), written here apart from the server's code.
import { createDecipheriv, createECDH, createPublicKey, hkdfSync, randomBytes, randomUUID, verify, type ECDH } from 'node:crypto';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { TEST_CERT, TEST_KEY } from './tls-fixture.ts';

export interface BrowserSubscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
  /** The browser's side: its private key and auth secret. */
  ecdh: ECDH;
  auth: Buffer;
}

export interface VapidClaims {
  aud: string;
  exp: number;
  sub: string;
}

export interface ReceivedPush {
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
  /** The decrypted JSON, or the reason it could not be read. */
  payload: unknown;
  error: string | null;
  vapid: { claims: VapidClaims; publicKey: string } | null;
}

/** RFC 8291 section 3.4 and RFC 8188 section 2, read from the receiving side. */
export function decryptPush(body: Buffer, ecdh: ECDH, auth: Buffer): Buffer {
  const salt = body.subarray(0, 16);
  const rs = body.readUInt32BE(16);
  const idlen = body.readUInt8(20);
  const keyId = body.subarray(21, 21 + idlen);
  const uaPublic = ecdh.getPublicKey();
  const secret = ecdh.computeSecret(keyId);
  const prkKey = hkdfSync('sha256', secret, auth, Buffer.concat([Buffer.from('WebPush: info', 'latin1'), Buffer.from([0]), uaPublic, keyId]), 32);
  const cek = Buffer.from(hkdfSync('sha256', Buffer.from(prkKey), salt, Buffer.from('Content-Encoding: aes128gcm\x00', 'latin1'), 16));
  const baseNonce = Buffer.from(hkdfSync('sha256', Buffer.from(prkKey), salt, Buffer.from('Content-Encoding: nonce\x00', 'latin1'), 12));
  const records = body.subarray(21 + idlen);
  const plain: Buffer[] = [];
  for (let offset = 0, seq = 0; offset < records.length; offset += rs, seq += 1) {
    const record = records.subarray(offset, Math.min(offset + rs, records.length));
    const nonce = Buffer.from(baseNonce);
    // The record's sequence number XORed into the end of the nonce (RFC 8188 section 2.3); a
    // message has far fewer than 2^32 records, so the last four bytes take it.
    nonce.writeUInt32BE((nonce.readUInt32BE(8) ^ seq) >>> 0, 8);
    const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
    decipher.setAuthTag(record.subarray(record.length - 16));
    const padded = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
    let end = padded.length - 1;
    while (end >= 0 && padded[end] === 0) end -= 1;
    const delimiter = padded[end];
    const last = offset + rs >= records.length;
    if (delimiter !== (last ? 2 : 1)) throw new Error(`record ${seq}: padding delimiter ${delimiter}`);
    plain.push(padded.subarray(0, end));
  }
  return Buffer.concat(plain);
}

/** Checks `vapid t=<jwt>, k=<key>`: an ES256 JWT signed by the key given beside it. */
export function checkVapid(header: string | undefined): { claims: VapidClaims; publicKey: string } {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(header ?? '');
  if (!match) throw new Error(`no VAPID authorization: ${header}`);
  const [, jwt = '', key = ''] = match;
  const [head = '', claims = '', signature = ''] = jwt.split('.');
  const point = Buffer.from(key, 'base64url');
  const publicKey = createPublicKey({ key: { kty: 'EC', crv: 'P-256', x: point.subarray(1, 33).toString('base64url'), y: point.subarray(33).toString('base64url') }, format: 'jwk' });
  if (!verify('sha256', Buffer.from(`${head}.${claims}`), { key: publicKey, dsaEncoding: 'ieee-p1363' }, Buffer.from(signature, 'base64url'))) throw new Error('VAPID signature does not verify');
  const parsedHead = JSON.parse(Buffer.from(head, 'base64url').toString()) as { alg?: string };
  if (parsedHead.alg !== 'ES256') throw new Error(`VAPID alg ${parsedHead.alg}`);
  return { claims: JSON.parse(Buffer.from(claims, 'base64url').toString()) as VapidClaims, publicKey: key };
}

export class PushReceiver {
  readonly received: ReceivedPush[] = [];
  private readonly subscriptions = new Map<string, BrowserSubscription>();
  /** Status answered per endpoint path (default 201, as push services answer). */
  readonly statusFor = new Map<string, number>();
  private server: Server | undefined;
  origin = '';

  async start(): Promise<this> {
    const server = createServer({ cert: TEST_CERT, key: TEST_KEY }, (req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        const body = Buffer.concat(chunks);
        const path = req.url ?? '';
        const subscription = this.subscriptions.get(path);
        const entry: ReceivedPush = { path, headers: req.headers, body, payload: null, error: null, vapid: null };
        try {
          entry.vapid = checkVapid(req.headers.authorization);
          if (!subscription) throw new Error(`unknown endpoint ${path}`);
          if (req.headers['content-encoding'] !== 'aes128gcm') throw new Error(`content-encoding ${req.headers['content-encoding']}`);
          entry.payload = JSON.parse(decryptPush(body, subscription.ecdh, subscription.auth).toString('utf8'));
        } catch (error) {
          entry.error = error instanceof Error ? error.message : String(error);
        }
        this.received.push(entry);
        res.writeHead(entry.error ? 400 : (this.statusFor.get(path) ?? 201), { location: `${this.origin}/message/${randomUUID()}` }).end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    this.server = server;
    this.origin = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
    return this;
  }

  /** What a browser's PushManager.subscribe would give: an endpoint here and fresh keys. */
  subscribe(): BrowserSubscription {
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    const auth = randomBytes(16);
    const path = `/push/${randomUUID()}`;
    const subscription = { endpoint: `${this.origin}${path}`, keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') }, ecdh, auth };
    this.subscriptions.set(path, subscription);
    return subscription;
  }

  to(subscription: BrowserSubscription): ReceivedPush[] {
    const path = new URL(subscription.endpoint).pathname;
    return this.received.filter((entry) => entry.path === path);
  }

  async stop(): Promise<void> {
    const server = this.server;
    if (!server) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}
