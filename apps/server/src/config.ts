import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { CALL_GROUP_MAX_DEFAULT, CHAT_FLOOD_LIMIT, DEFAULT_JITSI_HOSTS, GENERAL_SLUG, LANGUAGES, UPLOAD_MAX_BYTES, ZEventSlug } from '@lobby/contract';
import { z } from 'zod';
import { pushConfigOf, ZPushEnv, type PushConfig, type SentryConfig } from './config-push.ts';

/** A recording's size at most unless RECORDING_MAX_MB says otherwise (2 GB: hours of 720p). */
const RECORDING_MAX_MB_DEFAULT = 2048;

const ZFlag = z
  .enum(['1', '0', 'true', 'false', 'yes', 'no', 'on', 'off'])
  .transform((value) => ['1', 'true', 'yes', 'on'].includes(value));

const protocolOf = (value: string): string | undefined => {
  try {
    return new URL(value).protocol;
  } catch {
    return undefined;
  }
};

/** https://host[/path] and nothing more: the CSP allows a Jitsi host by its name (port 443), and a room's address is appended. */
function isPlainHttpsAddress(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' && !url.port && !url.username && !url.password && !url.search && !url.hash && !/[?#]/.test(value) && url.hostname.includes('.');
  } catch {
    return false;
  }
}

const ZUrl = (protocols: readonly string[]) =>
  z.url().refine((value) => protocols.includes(protocolOf(value) ?? ''), {
    message: `must start with ${protocols.map((p) => `${p}//`).join(' or ')}`,
  });

/** Every variable Lobby reads; README.md lists them. Defaults are the embedded mode. */
const ZEnv = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: ZUrl(['postgres:', 'postgresql:']).optional(),
  DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(200).optional(),
  REDIS_URL: ZUrl(['redis:', 'rediss:']).optional(),
  PUBLIC_URL: ZUrl(['http:', 'https:']).optional(),
  SMTP_URL: ZUrl(['smtp:', 'smtps:']).optional(),
  LOBBY_DEMO: ZFlag.optional(),
  LOBBY_EVENT: z.union([z.literal(GENERAL_SLUG), ZEventSlug]).default(GENERAL_SLUG),
  LOBBY_LANGUAGES: z
    .string()
    .default('en,ru,zh')
    .transform((value) => value.split(',').map((item) => item.trim()))
    .pipe(z.array(z.enum(LANGUAGES)).min(1)),
  LOBBY_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  MAIL_FROM: z.string().min(3).max(200).optional(),
  LOBBY_MAILBOX: ZFlag.optional(),
  GOOGLE_CLIENT_ID: z.string().min(1).max(300).optional(),
  GOOGLE_CLIENT_SECRET: z.string().min(1).max(300).optional(),
  GOOGLE_ISSUER: ZUrl(['https:', 'http:']).default('https://accounts.google.com'),
  TRUST_PROXY: z
    .string()
    .regex(/^(true|false|[0-9a-fA-F.:/, ]+)$/, 'must be true, false or a comma-separated list of proxy addresses')
    .optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: z.string().optional(),
  UPLOAD_MAX_BYTES: z.coerce.number().int().min(1024).max(1024 * 1024 * 1024).optional(),
  CHAT_FLOOD_LIMIT: z.coerce.number().int().min(1).max(100_000).optional(),
  JITSI_HOSTS: z
    .string()
    .transform((value) => value.split(',').map((item) => item.trim().toLowerCase()).filter(Boolean))
    .pipe(z.array(z.string().regex(/^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)+$/, 'must be host names separated by commas, e.g. meet.jit.si,meet.example.org')).min(1).max(10))
    .optional(),
  JITSI_URL: ZUrl(['https:'])
    .refine(isPlainHttpsAddress, { message: 'must be the address of the Jitsi deployment on the standard port, e.g. https://meet.example.org (no port, query, fragment or user name)' })
    .optional(),
  JITSI_APP_ID: z.string().regex(/^[A-Za-z0-9._-]{1,100}$/, 'must be the app_id of the Jitsi deployment (letters, digits, . _ -)').optional(),
  JITSI_APP_SECRET: z.string().min(32, 'must be at least 32 characters (the app_secret of the Jitsi deployment)').max(500).optional(),
  CALL_GROUP_MAX: z.coerce.number().int().min(2).max(50).optional(),
  STUN_URLS: z
    .string()
    .transform((value) => value.split(',').map((item) => item.trim()).filter(Boolean))
    .pipe(z.array(z.string().regex(/^stuns?:[^\s,]+$/, 'must be stun: or stuns: addresses separated by commas, e.g. stun:stun.example.org:3478')).max(10))
    .optional(),
  TURN_URLS: z
    .string()
    .transform((value) => value.split(',').map((item) => item.trim()).filter(Boolean))
    .pipe(z.array(z.string().regex(/^turns?:[^\s,]+$/, 'must be turn: or turns: addresses separated by commas, e.g. turn:turn.example.org:3478?transport=udp')).max(10))
    .optional(),
  TURN_SECRET: z.string().min(16, 'must be at least 16 characters (coturn static-auth-secret)').max(200).optional(),
  RECORDING_MAX_MB: z.coerce.number().int().min(1).max(1024 * 1024).optional(),
  JITSI_HOOK_SECRET: z.string().min(32, 'must be at least 32 characters').max(200).optional(),
  S3_ENDPOINT: ZUrl(['http:', 'https:']).optional(),
  S3_REGION: z.string().min(1).max(100).optional(),
  S3_BUCKET: z.string().min(3).max(63).optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).max(200).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).max(200).optional(),
  S3_FORCE_PATH_STYLE: ZFlag.optional(),
  ...ZPushEnv,
});

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** Connections to PostgreSQL; unset = defaultPoolMax() (twice the cores, 4 to 10). */
  databasePoolMax: number | undefined;
  redisUrl: string | undefined;
  publicUrl: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  /**
   * The local mailbox page. `off`: mail goes out by SMTP or this is no demo. `open`: demo mode on a
   * server that listens on loopback alone, so only this machine can reach it. `staff`: demo mode
   * reachable from the network, readable by platform staff only.
   */
  mailbox: MailboxMode;
  google: { clientId: string; clientSecret: string; issuer: string } | undefined;
  demo: boolean;
  eventSlug: string;
  languages: (typeof LANGUAGES)[number][];
  secret: string;
  /** Fastify's trustProxy: false by default, so X-Forwarded-For cannot fake a client address. */
  trustProxy: boolean | string[];
  logLevel: z.infer<typeof ZEnv>['LOG_LEVEL'];
  webDist: string;
  version: string;
  /** Largest accepted upload (event media have their own, smaller limit). */
  uploadMaxBytes: number;
  /** Chat messages one person may send per 10 seconds before 'user temporarily blocked for suspicious activity'. */
  chatFloodLimit: number;
  /** WN Meet (Jitsi) hosts whose room links are accepted as lecture videos and framed by the pages (JITSI_URL's host among them). */
  jitsiHosts: string[];
  /** The Jitsi deployment with token auth that hosts WN Meet rooms; undefined when none is configured. */
  jitsi: JitsiConfig | undefined;
  /** S3-compatible storage; undefined keeps files in DATA_DIR/files. */
  s3: S3Config | undefined;
  /** Video calls: seats of a group call, and the STUN/TURN servers browsers use (TURN with coturn's time-limited credentials). */
  calls: CallsConfig;
  /** Stream recordings: the largest recording, and the secret of Jitsi's recording hook (unset: no hook). */
  recordings: { maxBytes: number; hookSecret: string | undefined };
  /** Web push (VAPID), FCM and APNs. */
  push: PushConfig;
  /** Error reporting to a Sentry-compatible service; undefined: errors go to the log. */
  sentry: SentryConfig | undefined;
}

/** A Jitsi deployment with JWT auth (prosody authentication = "token"): Lobby mints its room tokens. */
export interface JitsiConfig {
  /** https://meet.example.org, or with a path prefix, without a trailing slash. */
  url: string;
  /** Its host: the JWT's sub, and one of jitsiHosts. */
  domain: string;
  appId: string;
  appSecret: string;
}

export interface CallsConfig {
  groupMax: number;
  stunUrls: string[];
  turn: { urls: string[]; secret: string } | undefined;
}

export interface S3Config {
  endpoint: string | undefined;
  region: string;
  bucket: string;
  accessKeyId: string | undefined;
  secretAccessKey: string | undefined;
  forcePathStyle: boolean;
}

export type MailboxMode = 'off' | 'open' | 'staff';

/** Loopback-only listening addresses: nobody but this machine can connect. */
export const isLoopbackHost = (host: string): boolean => host === 'localhost' || host === '::1' || /^127(\.\d{1,3}){3}$/.test(host);

/**
 * Decided by the listening address, never by a request's source address: a reverse proxy on the
 * same host makes every request look local.
 */
export function mailboxMode(input: { demo: boolean; smtp: boolean; host: string; asked: boolean | undefined }): MailboxMode {
  if (!input.demo || input.smtp || input.asked === false) return 'off';
  return isLoopbackHost(input.host) ? 'open' : 'staff';
}

export class ConfigError extends Error {
  constructor(public readonly problems: string[]) {
    super(`Lobby cannot start, the configuration is invalid:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Reads the secret from the environment, or from DATA_DIR (generated on first start). */
function loadSecret(dataDir: string, given: string | undefined): string {
  if (given) return given;
  const file = join(dataDir, 'secret.key');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}

const packageVersion = (): string => {
  const file = new URL('../package.json', import.meta.url);
  return (JSON.parse(readFileSync(file, 'utf8')) as { version: string }).version;
};

const defaultWebDist = (): string => resolve(new URL('../../web/dist', import.meta.url).pathname);

function parseTrustProxy(value: string | undefined): boolean | string[] {
  if (!value || value === 'false') return false;
  if (value === 'true') return true;
  return value.split(',').map((item) => item.trim()).filter(Boolean);
}

function jitsiOf(url: string | undefined, appId: string | undefined, appSecret: string | undefined): JitsiConfig | undefined {
  if (!url || !appId || !appSecret) return undefined;
  const parsed = new URL(url);
  return { url: `${parsed.origin}${parsed.pathname.replace(/\/+$/, '')}`, domain: parsed.hostname.toLowerCase(), appId, appSecret };
}

/** Parses the environment; a bad value throws a ConfigError naming the variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const blankless = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const parsed = ZEnv.safeParse(blankless);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message} (got ${JSON.stringify(blankless[String(issue.path[0])])})`),
    );
  }
  const e = parsed.data;
  if (Boolean(e.GOOGLE_CLIENT_ID) !== Boolean(e.GOOGLE_CLIENT_SECRET)) {
    throw new ConfigError(['GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET: set both to enable Google sign-in, or neither']);
  }
  if (Boolean(e.S3_ACCESS_KEY_ID) !== Boolean(e.S3_SECRET_ACCESS_KEY)) {
    throw new ConfigError(['S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY: set both, or neither (the SDK then reads its own environment)']);
  }
  if (Boolean(e.TURN_URLS?.length) !== Boolean(e.TURN_SECRET)) throw new ConfigError(['TURN_URLS and TURN_SECRET: set both to offer a TURN server, or neither']);
  if (e.JITSI_URL && (!e.JITSI_APP_ID || !e.JITSI_APP_SECRET)) throw new ConfigError(['JITSI_APP_ID and JITSI_APP_SECRET: both are required when JITSI_URL is set (the app_id and app_secret of its token authentication)']);
  if (!e.JITSI_URL && (e.JITSI_APP_ID || e.JITSI_APP_SECRET)) throw new ConfigError(['JITSI_URL: required when JITSI_APP_ID or JITSI_APP_SECRET is set (the https address of the Jitsi deployment)']);
  if (!e.S3_BUCKET && (e.S3_ENDPOINT || e.S3_ACCESS_KEY_ID)) throw new ConfigError(['S3_BUCKET: required when other S3_* variables are set']);
  const demo = e.LOBBY_DEMO ?? !e.DATABASE_URL;
  if (e.LOBBY_MAILBOX && (!demo || e.SMTP_URL)) {
    throw new ConfigError([`LOBBY_MAILBOX: the local mailbox exists only in demo mode without SMTP_URL (${e.SMTP_URL ? 'SMTP_URL is set' : 'LOBBY_DEMO is off'})`]);
  }
  // Embedded mode listens on loopback unless told otherwise (HOST=0.0.0.0 opens it to the network).
  const host = e.HOST ?? (e.DATABASE_URL ? '0.0.0.0' : '127.0.0.1');
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, '');
  const jitsi = jitsiOf(e.JITSI_URL, e.JITSI_APP_ID, e.JITSI_APP_SECRET);
  const dataDir = resolve(e.DATA_DIR);
  mkdirSync(dataDir, { recursive: true });
  const mailFrom = e.MAIL_FROM ?? `Lobby <no-reply@${new URL(publicUrl).hostname}>`;
  const pushed = pushConfigOf(e, dataDir, publicUrl, mailFrom, demo);
  if (pushed.problems.length > 0) throw new ConfigError(pushed.problems);
  return {
    port: e.PORT,
    host,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    databasePoolMax: e.DATABASE_POOL_MAX,
    redisUrl: e.REDIS_URL,
    publicUrl,
    smtpUrl: e.SMTP_URL,
    mailFrom,
    mailbox: mailboxMode({ demo, smtp: Boolean(e.SMTP_URL), host, asked: e.LOBBY_MAILBOX }),
    google: e.GOOGLE_CLIENT_ID && e.GOOGLE_CLIENT_SECRET ? { clientId: e.GOOGLE_CLIENT_ID, clientSecret: e.GOOGLE_CLIENT_SECRET, issuer: e.GOOGLE_ISSUER } : undefined,
    demo,
    eventSlug: e.LOBBY_EVENT,
    languages: e.LOBBY_LANGUAGES,
    secret: loadSecret(dataDir, e.LOBBY_SECRET),
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    logLevel: e.LOG_LEVEL,
    webDist: e.WEB_DIST ? resolve(e.WEB_DIST) : defaultWebDist(),
    version: packageVersion(),
    uploadMaxBytes: e.UPLOAD_MAX_BYTES ?? UPLOAD_MAX_BYTES,
    chatFloodLimit: e.CHAT_FLOOD_LIMIT ?? CHAT_FLOOD_LIMIT,
    jitsiHosts: [...new Set([...(e.JITSI_HOSTS ?? DEFAULT_JITSI_HOSTS), ...(jitsi ? [jitsi.domain] : [])])],
    jitsi,
    calls: {
      groupMax: e.CALL_GROUP_MAX ?? CALL_GROUP_MAX_DEFAULT,
      stunUrls: e.STUN_URLS ?? [],
      turn: e.TURN_URLS?.length && e.TURN_SECRET ? { urls: e.TURN_URLS, secret: e.TURN_SECRET } : undefined,
    },
    recordings: { maxBytes: (e.RECORDING_MAX_MB ?? RECORDING_MAX_MB_DEFAULT) * 1024 * 1024, hookSecret: e.JITSI_HOOK_SECRET },
    push: pushed.push,
    sentry: pushed.sentry,
    s3: e.S3_BUCKET
      ? {
          endpoint: e.S3_ENDPOINT,
          region: e.S3_REGION ?? 'us-east-1',
          bucket: e.S3_BUCKET,
          accessKeyId: e.S3_ACCESS_KEY_ID,
          secretAccessKey: e.S3_SECRET_ACCESS_KEY,
          forcePathStyle: e.S3_FORCE_PATH_STYLE ?? Boolean(e.S3_ENDPOINT),
        }
      : undefined,
  };
}
