import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';
import { defaultPoolMax } from './db/pool-size.ts';

const dirs: string[] = [];
const freshDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'lobby-config-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('loadConfig', () => {
  it('defaults to the embedded mode with the demo on', () => {
    const dir = freshDir();
    const config = loadConfig({ DATA_DIR: dir });
    expect(config).toMatchObject({ port: 3000, host: '127.0.0.1', mailbox: 'open', dataDir: dir, databaseUrl: undefined, redisUrl: undefined, smtpUrl: undefined, demo: true, eventSlug: 'general', languages: ['en', 'ru', 'zh'], publicUrl: 'http://localhost:3000' });
  });

  it('listens on the network by default only with DATABASE_URL', () => {
    const dir = freshDir();
    expect(loadConfig({ DATA_DIR: dir, DATABASE_URL: 'postgres://u@h/db' }).host).toBe('0.0.0.0');
    expect(loadConfig({ DATA_DIR: dir, HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
  });

  it('offers the local mailbox only in demo mode without SMTP, to guests only on loopback', () => {
    const dir = freshDir();
    const mode = (env: Record<string, string>) => loadConfig({ DATA_DIR: dir, ...env }).mailbox;
    expect(mode({})).toBe('open');
    expect(mode({ HOST: '::1' })).toBe('open');
    expect(mode({ HOST: '0.0.0.0' })).toBe('staff');
    expect(mode({ HOST: '192.168.1.10', PUBLIC_URL: 'https://lobby.example.org' })).toBe('staff');
    expect(mode({ LOBBY_DEMO: '0' })).toBe('off');
    expect(mode({ SMTP_URL: 'smtp://mail.example.org:587' })).toBe('off');
    expect(mode({ LOBBY_MAILBOX: 'off' })).toBe('off');
    expect(mode({ DATABASE_URL: 'postgres://u@h/db' })).toBe('off');
    expect(mode({ DATABASE_URL: 'postgres://u@h/db', LOBBY_DEMO: '1', HOST: '127.0.0.1' })).toBe('open');
    expect(() => mode({ LOBBY_MAILBOX: '1', SMTP_URL: 'smtp://mail.example.org:587' })).toThrow(ConfigError);
    expect(() => mode({ LOBBY_MAILBOX: '1', LOBBY_DEMO: '0' })).toThrow(ConfigError);
  });

  it('turns the demo off when DATABASE_URL is set, unless asked for', () => {
    const dir = freshDir();
    expect(loadConfig({ DATA_DIR: dir, DATABASE_URL: 'postgres://u@h/db' }).demo).toBe(false);
    expect(loadConfig({ DATA_DIR: dir, DATABASE_URL: 'postgres://u@h/db', LOBBY_DEMO: 'true' }).demo).toBe(true);
    expect(loadConfig({ DATA_DIR: dir, LOBBY_DEMO: 'off' }).demo).toBe(false);
  });

  it('reads the PostgreSQL pool size, leaving the default to the cores when unset', () => {
    const dir = freshDir();
    expect(loadConfig({ DATA_DIR: dir, DATABASE_URL: 'postgres://u@h/db' }).databasePoolMax).toBeUndefined();
    expect(loadConfig({ DATA_DIR: dir, DATABASE_URL: 'postgres://u@h/db', DATABASE_POOL_MAX: '24' }).databasePoolMax).toBe(24);
    expect([1, 2, 3, 4, 5, 8, 64].map((cores) => defaultPoolMax(cores))).toEqual([4, 4, 6, 8, 10, 10, 10]);
  });

  it('generates a secret once and keeps it in DATA_DIR', () => {
    const dir = freshDir();
    const first = loadConfig({ DATA_DIR: dir }).secret;
    expect(first.length).toBeGreaterThanOrEqual(48);
    expect(readFileSync(join(dir, 'secret.key'), 'utf8').trim()).toBe(first);
    expect(loadConfig({ DATA_DIR: dir }).secret).toBe(first);
    expect(loadConfig({ DATA_DIR: dir, LOBBY_SECRET: 'x'.repeat(40) }).secret).toBe('x'.repeat(40));
  });

  it.each([
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['DATABASE_URL', 'mysql://root@localhost/db'],
    ['DATABASE_POOL_MAX', '0'],
    ['DATABASE_POOL_MAX', 'many'],
    ['REDIS_URL', 'localhost:6379'],
    ['PUBLIC_URL', 'ftp://example.org'],
    ['SMTP_URL', 'not a url'],
    ['LOBBY_DEMO', 'maybe'],
    ['LOBBY_EVENT', 'Bad Slug'],
    ['LOBBY_LANGUAGES', 'en,fr'],
    ['LOBBY_SECRET', 'short'],
    ['LOG_LEVEL', 'loud'],
  ])('stops with a message naming %s=%s', (name, value) => {
    const dir = freshDir();
    let error: unknown;
    try {
      loadConfig({ DATA_DIR: dir, [name]: value });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as Error).message).toContain(name);
  });

  it('configures a Jitsi deployment for WN Meet rooms, whose host the pages may frame', () => {
    const dir = freshDir();
    const secret = 's'.repeat(32);
    expect(loadConfig({ DATA_DIR: dir }).jitsi).toBeUndefined();
    const config = loadConfig({ DATA_DIR: dir, JITSI_URL: 'https://Meet.Example.org/', JITSI_APP_ID: 'lobby', JITSI_APP_SECRET: secret });
    expect(config.jitsi).toEqual({ url: 'https://meet.example.org', domain: 'meet.example.org', appId: 'lobby', appSecret: secret });
    expect(config.jitsiHosts).toEqual(['meet.jit.si', 'meet.example.org']);
    expect(loadConfig({ DATA_DIR: dir, JITSI_URL: 'https://video.example.org/meet/', JITSI_APP_ID: 'lobby', JITSI_APP_SECRET: secret, JITSI_HOSTS: 'video.example.org' })).toMatchObject({
      jitsi: { url: 'https://video.example.org/meet', domain: 'video.example.org' },
      jitsiHosts: ['video.example.org'],
    });
  });

  it.each([
    [{ JITSI_URL: 'https://meet.example.org' }, 'JITSI_APP_ID and JITSI_APP_SECRET'],
    [{ JITSI_URL: 'https://meet.example.org', JITSI_APP_ID: 'lobby' }, 'JITSI_APP_SECRET'],
    [{ JITSI_URL: 'https://meet.example.org', JITSI_APP_SECRET: 's'.repeat(32) }, 'JITSI_APP_ID'],
    [{ JITSI_APP_ID: 'lobby', JITSI_APP_SECRET: 's'.repeat(32) }, 'JITSI_URL'],
    [{ JITSI_URL: 'http://meet.example.org', JITSI_APP_ID: 'lobby', JITSI_APP_SECRET: 's'.repeat(32) }, 'JITSI_URL'],
    [{ JITSI_URL: 'https://meet.example.org:8443', JITSI_APP_ID: 'lobby', JITSI_APP_SECRET: 's'.repeat(32) }, 'JITSI_URL'],
    [{ JITSI_URL: 'https://meet.example.org/?room=x', JITSI_APP_ID: 'lobby', JITSI_APP_SECRET: 's'.repeat(32) }, 'JITSI_URL'],
    [{ JITSI_URL: 'not a url', JITSI_APP_ID: 'lobby', JITSI_APP_SECRET: 's'.repeat(32) }, 'JITSI_URL'],
    [{ JITSI_URL: 'https://meet.example.org', JITSI_APP_ID: 'lobby', JITSI_APP_SECRET: 'too-short' }, 'JITSI_APP_SECRET'],
    [{ JITSI_URL: 'https://meet.example.org', JITSI_APP_ID: 'has space', JITSI_APP_SECRET: 's'.repeat(32) }, 'JITSI_APP_ID'],
  ])('stops on a bad Jitsi setting %o, naming %s', (env, name) => {
    expect(() => loadConfig({ DATA_DIR: freshDir(), ...env })).toThrow(ConfigError);
    expect(() => loadConfig({ DATA_DIR: freshDir(), ...env })).toThrow(name);
  });

  it('sizes stream recordings (2048 MB unless RECORDING_MAX_MB) and takes the Jitsi hook secret', () => {
    const dir = freshDir();
    expect(loadConfig({ DATA_DIR: dir }).recordings).toEqual({ maxBytes: 2048 * 1024 * 1024, hookSecret: undefined });
    expect(loadConfig({ DATA_DIR: dir, RECORDING_MAX_MB: '500', JITSI_HOOK_SECRET: 'h'.repeat(32) }).recordings).toEqual({ maxBytes: 500 * 1024 * 1024, hookSecret: 'h'.repeat(32) });
  });

  it.each([
    [{ RECORDING_MAX_MB: '0' }, 'RECORDING_MAX_MB'],
    [{ RECORDING_MAX_MB: 'lots' }, 'RECORDING_MAX_MB'],
    [{ RECORDING_MAX_MB: '1.5' }, 'RECORDING_MAX_MB'],
    [{ JITSI_HOOK_SECRET: 'short' }, 'JITSI_HOOK_SECRET'],
  ])('stops on a bad recording setting %o, naming %s', (env, name) => {
    expect(() => loadConfig({ DATA_DIR: freshDir(), ...env })).toThrow(name);
  });

  it('treats empty variables as unset', () => {
    const dir = freshDir();
    expect(loadConfig({ DATA_DIR: dir, DATABASE_URL: '', PORT: '' }).port).toBe(3000);
  });
});
