import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { generateVapidKeys, parseDsn, vapidPublicOf } from './config-push.ts';
import { ConfigError, loadConfig } from './config.ts';

const dirs: string[] = [];
const dataDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'lobby-push-config-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const problemsOf = (env: Record<string, string>): string[] => {
  try {
    loadConfig({ DATA_DIR: dataDir(), ...env });
    return [];
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
};

describe('VAPID keys', () => {
  it('are generated once into DATA_DIR (0600) and read back on the next start', () => {
    const dir = dataDir();
    const first = loadConfig({ DATA_DIR: dir }).push.vapid;
    expect(vapidPublicOf(first.privateKey)).toBe(first.publicKey);
    expect(Buffer.from(first.privateKey, 'base64url')).toHaveLength(32);
    expect(statSync(join(dir, 'vapid.json')).mode & 0o777).toBe(0o600);
    expect(loadConfig({ DATA_DIR: dir }).push.vapid).toEqual(first);
    expect(JSON.parse(readFileSync(join(dir, 'vapid.json'), 'utf8'))).toEqual({ publicKey: first.publicKey, privateKey: first.privateKey });
  });

  it('come from the environment, with the subject from PUBLIC_URL or MAIL_FROM', () => {
    const keys = generateVapidKeys();
    expect(loadConfig({ DATA_DIR: dataDir(), VAPID_PUBLIC_KEY: keys.publicKey, VAPID_PRIVATE_KEY: keys.privateKey, PUBLIC_URL: 'https://lobby.example.org' }).push.vapid).toEqual({ ...keys, subject: 'https://lobby.example.org' });
    expect(loadConfig({ DATA_DIR: dataDir(), MAIL_FROM: 'Lobby <ops@example.org>' }).push.vapid.subject).toBe('mailto:ops@example.org');
  });

  it.each([
    ['one of the pair', { VAPID_PUBLIC_KEY: generateVapidKeys().publicKey }, /set both/],
    ['a pair that does not match', { VAPID_PUBLIC_KEY: generateVapidKeys().publicKey, VAPID_PRIVATE_KEY: generateVapidKeys().privateKey }, /is not the public key/],
    ['a subject that is no address', { VAPID_SUBJECT: 'ops' }, /mailto: or https:/],
  ])('refuse %s', (_name, env, message) => expect(problemsOf(env).join('\n')).toMatch(message));
});

describe('FCM, APNs and Sentry settings', () => {
  it.each([
    ['FCM JSON that is not a service account', { FCM_SERVICE_ACCOUNT: '{"project_id":"x"}' }, /FCM_SERVICE_ACCOUNT/],
    ['a missing FCM file', { FCM_SERVICE_ACCOUNT: '/nonexistent/account.json' }, /FCM_SERVICE_ACCOUNT/],
    ['APNs half set', { APNS_KEY_ID: 'ABCDEFGHIJ', APNS_TOPIC: 'org.lobby.app' }, /all four/],
    ['an APNs key that is no key', { APNS_KEY_ID: 'ABCDEFGHIJ', APNS_TEAM_ID: 'TEAM123456', APNS_KEY: '-----BEGIN PRIVATE KEY-----\nabc\n-----END PRIVATE KEY-----', APNS_TOPIC: 'org.lobby.app' }, /APNS_KEY/],
    ['a DSN without a project', { SENTRY_DSN: 'https://key@sentry.example.org/' }, /SENTRY_DSN/],
  ])('refuse %s', (_name, env, message) => expect(problemsOf(env).join('\n')).toMatch(message));

  it('parse a DSN into the envelope address of its project, path prefix kept', () => {
    expect(parseDsn('https://abc@sentry.example.org/errors/42', 'production')).toEqual({
      dsn: 'https://abc@sentry.example.org/errors/42',
      publicKey: 'abc',
      projectId: '42',
      origin: 'https://sentry.example.org',
      envelopeUrl: 'https://sentry.example.org/errors/api/42/envelope/',
      environment: 'production',
    });
    expect(loadConfig({ DATA_DIR: dataDir() }).sentry).toBeUndefined();
  });
});
