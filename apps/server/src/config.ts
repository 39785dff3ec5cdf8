import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { CHAT_FLOOD_LIMIT, DEFAULT_JITSI_HOSTS, GENERAL_SLUG, LANGUAGES, UPLOAD_MAX_BYTES, ZEventSlug } from '@lobby/contract';
import { z } from 'zod';

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
  S3_ENDPOINT: ZUrl(['http:', 'https:']).optional(),
  S3_REGION: z.string().min(1).max(100).optional(),
  S3_BUCKET: z.string().min(3).max(63).optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).max(200).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).max(200).optional(),
  S3_FORCE_PATH_STYLE: ZFlag.optional(),
});

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
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
  /** WN Meet (Jitsi) hosts whose room links are accepted as lecture videos and framed by the pages. */
  jitsiHosts: string[];
  /** S3-compatible storage; undefined keeps files in DATA_DIR/files. */
  s3: S3Config | undefined;
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
  if (!e.S3_BUCKET && (e.S3_ENDPOINT || e.S3_ACCESS_KEY_ID)) throw new ConfigError(['S3_BUCKET: required when other S3_* variables are set']);
  const demo = e.LOBBY_DEMO ?? !e.DATABASE_URL;
  if (e.LOBBY_MAILBOX && (!demo || e.SMTP_URL)) {
    throw new ConfigError([`LOBBY_MAILBOX: the local mailbox exists only in demo mode without SMTP_URL (${e.SMTP_URL ? 'SMTP_URL is set' : 'LOBBY_DEMO is off'})`]);
  }
  // Embedded mode listens on loopback unless told otherwise (HOST=0.0.0.0 opens it to the network).
  const host = e.HOST ?? (e.DATABASE_URL ? '0.0.0.0' : '127.0.0.1');
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, '');
  const dataDir = resolve(e.DATA_DIR);
  mkdirSync(dataDir, { recursive: true });
  return {
    port: e.PORT,
    host,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    publicUrl,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM ?? `Lobby <no-reply@${new URL(publicUrl).hostname}>`,
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
    jitsiHosts: e.JITSI_HOSTS ?? [...DEFAULT_JITSI_HOSTS],
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
