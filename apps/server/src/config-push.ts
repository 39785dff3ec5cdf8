// Push and error reporting settings (README's configuration table): the VAPID keys of web push
// (from the environment, or generated once into DATA_DIR like the secret), FCM's service account
// and APNs' token key for the native shell, and the Sentry DSN.
import { createECDH, createPrivateKey } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';

const base64url = /^[A-Za-z0-9_-]+$/;

/** The variables of this file, spread into config.ts's schema. */
export const ZPushEnv = {
  VAPID_PUBLIC_KEY: z.string().regex(base64url, 'must be base64url (the uncompressed P-256 public key, 65 bytes)').optional(),
  VAPID_PRIVATE_KEY: z.string().regex(base64url, 'must be base64url (the P-256 private key, 32 bytes)').optional(),
  VAPID_SUBJECT: z.string().regex(/^(mailto:[^\s@]+@[^\s@]+|https:\/\/\S+)$/, 'must be a mailto: or https: address where push services can reach the operator').optional(),
  FCM_SERVICE_ACCOUNT: z.string().min(2).optional(),
  APNS_KEY_ID: z.string().regex(/^[A-Z0-9]{10}$/, 'must be the 10-character key id of the APNs auth key').optional(),
  APNS_TEAM_ID: z.string().regex(/^[A-Z0-9]{10}$/, 'must be the 10-character Apple team id').optional(),
  APNS_KEY: z.string().min(2).optional(),
  APNS_TOPIC: z.string().regex(/^[A-Za-z0-9.-]{1,200}$/, "must be the app's bundle id, e.g. org.example.lobby").optional(),
  APNS_SANDBOX: z.enum(['1', '0', 'true', 'false', 'yes', 'no', 'on', 'off']).optional(),
  SENTRY_DSN: z.url().optional(),
  SENTRY_ENVIRONMENT: z.string().regex(/^[A-Za-z0-9._-]{1,64}$/, 'must be a short name such as production or staging').optional(),
};

type PushEnv = { [K in keyof typeof ZPushEnv]?: z.output<(typeof ZPushEnv)[K]> };

export interface VapidKeys {
  /** The uncompressed P-256 point, base64url: the browser's applicationServerKey. */
  publicKey: string;
  /** The private scalar, base64url. */
  privateKey: string;
  /** mailto: or https: address of the operator, the JWT's sub. */
  subject: string;
}

/** A Google service account (the JSON file of Firebase's console). */
export interface FcmAccount {
  projectId: string;
  clientEmail: string;
  privateKey: string;
  tokenUri: string;
}

/** APNs token authentication (a .p8 key of the Apple developer account). */
export interface ApnsConfig {
  keyId: string;
  teamId: string;
  key: string;
  topic: string;
  origin: string;
}

export interface PushConfig {
  vapid: VapidKeys;
  fcm: FcmAccount | undefined;
  apns: ApnsConfig | undefined;
}

/** A Sentry-compatible DSN, parsed: where envelopes go and the key they carry. */
export interface SentryConfig {
  dsn: string;
  publicKey: string;
  projectId: string;
  /** protocol://host[:port] of the DSN: the only address the browser's tunnel forwards to. */
  origin: string;
  envelopeUrl: string;
  environment: string;
}

const b64 = (value: string) => Buffer.from(value, 'base64url');

/** The public key of a VAPID private key, base64url; throws for a key that is not a P-256 scalar. */
export function vapidPublicOf(privateKey: string): string {
  const ecdh = createECDH('prime256v1');
  ecdh.setPrivateKey(b64(privateKey));
  return ecdh.getPublicKey().toString('base64url');
}

export function generateVapidKeys(): { publicKey: string; privateKey: string } {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  // The scalar without its leading zero bytes, when it has some: JWK and push libraries want all 32.
  const scalar = ecdh.getPrivateKey();
  const privateKey = Buffer.concat([Buffer.alloc(32 - scalar.length), scalar]);
  return { publicKey: ecdh.getPublicKey().toString('base64url'), privateKey: privateKey.toString('base64url') };
}

/** Keys from the environment, else from DATA_DIR/vapid.json, else generated into it (0600). */
function loadVapid(dataDir: string, e: PushEnv, problems: string[]): { publicKey: string; privateKey: string } {
  if (e.VAPID_PUBLIC_KEY || e.VAPID_PRIVATE_KEY) {
    if (!e.VAPID_PUBLIC_KEY || !e.VAPID_PRIVATE_KEY) {
      problems.push('VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY: set both (every node the same pair), or neither to have them generated into DATA_DIR');
      return generateVapidKeys();
    }
    try {
      if (b64(e.VAPID_PRIVATE_KEY).length !== 32 || vapidPublicOf(e.VAPID_PRIVATE_KEY) !== e.VAPID_PUBLIC_KEY) problems.push('VAPID_PUBLIC_KEY: is not the public key of VAPID_PRIVATE_KEY');
    } catch {
      problems.push('VAPID_PRIVATE_KEY: is not a P-256 private key');
    }
    return { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY };
  }
  const file = join(dataDir, 'vapid.json');
  if (existsSync(file)) {
    const stored = JSON.parse(readFileSync(file, 'utf8')) as { publicKey: string; privateKey: string };
    return { publicKey: stored.publicKey, privateKey: stored.privateKey };
  }
  const keys = generateVapidKeys();
  writeFileSync(file, `${JSON.stringify(keys)}\n`, { mode: 0o600 });
  return keys;
}

/** A value that is the content itself, or the path of a file holding it. */
function contentOrFile(value: string, looksLikeContent: (text: string) => boolean): string {
  if (looksLikeContent(value)) return value;
  return readFileSync(value, 'utf8');
}

function loadFcm(raw: string | undefined, problems: string[]): FcmAccount | undefined {
  if (!raw) return undefined;
  try {
    const json = JSON.parse(contentOrFile(raw.trim(), (text) => text.startsWith('{'))) as Record<string, unknown>;
    const account = { projectId: json.project_id, clientEmail: json.client_email, privateKey: json.private_key, tokenUri: json.token_uri ?? 'https://oauth2.googleapis.com/token' };
    if (typeof account.projectId !== 'string' || typeof account.clientEmail !== 'string' || typeof account.privateKey !== 'string' || typeof account.tokenUri !== 'string' || !account.tokenUri.startsWith('https://')) {
      problems.push('FCM_SERVICE_ACCOUNT: needs project_id, client_email, private_key (and an https token_uri): the service account JSON of the Firebase project');
      return undefined;
    }
    createPrivateKey(account.privateKey);
    return account as FcmAccount;
  } catch {
    problems.push('FCM_SERVICE_ACCOUNT: must be the service account JSON of the Firebase project, or the path of its file');
    return undefined;
  }
}

function loadApns(e: PushEnv, problems: string[]): ApnsConfig | undefined {
  const given = [e.APNS_KEY_ID, e.APNS_TEAM_ID, e.APNS_KEY, e.APNS_TOPIC].filter(Boolean).length;
  if (given === 0) return undefined;
  if (given < 4 || !e.APNS_KEY_ID || !e.APNS_TEAM_ID || !e.APNS_KEY || !e.APNS_TOPIC) {
    problems.push('APNS_KEY_ID, APNS_TEAM_ID, APNS_KEY and APNS_TOPIC: set all four to push to iOS, or none');
    return undefined;
  }
  try {
    const key = contentOrFile(e.APNS_KEY.replace(/\\n/g, '\n'), (text) => text.includes('-----BEGIN'));
    if (createPrivateKey(key).asymmetricKeyType !== 'ec') throw new Error('not EC');
    const sandbox = ['1', 'true', 'yes', 'on'].includes(e.APNS_SANDBOX ?? '');
    return { keyId: e.APNS_KEY_ID, teamId: e.APNS_TEAM_ID, key, topic: e.APNS_TOPIC, origin: sandbox ? 'https://api.sandbox.push.apple.com' : 'https://api.push.apple.com' };
  } catch {
    problems.push('APNS_KEY: must be the .p8 auth key (PEM text, or the path of the file)');
    return undefined;
  }
}

/** Parses a DSN of the form protocol://public_key@host[:port][/path]/project_id. */
export function parseDsn(dsn: string, environment: string): SentryConfig | undefined {
  try {
    const url = new URL(dsn);
    const parts = url.pathname.split('/').filter(Boolean);
    const projectId = parts.pop();
    if ((url.protocol !== 'https:' && url.protocol !== 'http:') || !url.username || !projectId || !/^\d+$/.test(projectId)) return undefined;
    const prefix = parts.length > 0 ? `/${parts.join('/')}` : '';
    return { dsn, publicKey: decodeURIComponent(url.username), projectId, origin: url.origin, envelopeUrl: `${url.origin}${prefix}/api/${projectId}/envelope/`, environment };
  } catch {
    return undefined;
  }
}

export function pushConfigOf(e: PushEnv, dataDir: string, publicUrl: string, mailFrom: string, demo: boolean): { push: PushConfig; sentry: SentryConfig | undefined; problems: string[] } {
  const problems: string[] = [];
  const keys = loadVapid(dataDir, e, problems);
  const address = /<([^>]+)>/.exec(mailFrom)?.[1] ?? mailFrom;
  const subject = e.VAPID_SUBJECT ?? (publicUrl.startsWith('https:') ? publicUrl : `mailto:${address}`);
  const sentry = e.SENTRY_DSN ? parseDsn(e.SENTRY_DSN, e.SENTRY_ENVIRONMENT ?? (demo ? 'development' : 'production')) : undefined;
  if (e.SENTRY_DSN && !sentry) problems.push('SENTRY_DSN: must be a DSN such as https://public_key@sentry.example.org/42');
  return { push: { vapid: { ...keys, subject }, fcm: loadFcm(e.FCM_SERVICE_ACCOUNT, problems), apns: loadApns(e, problems) }, sentry, problems };
}
