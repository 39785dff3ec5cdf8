import { eq } from 'drizzle-orm';
import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { jobs, outbox } from '../src/db/schema/index.ts';
import { claimJobs } from '../src/jobs/queue.ts';
import { linkIn, post, userWithPassword } from './auth-helpers.ts';
import { createTestApp, type TestApp } from './harness.ts';
import { startSmtp } from './support/smtp.ts';

/** A port nothing listens on: SMTP "down". */
const closedPort = () =>
  new Promise<number>((resolve) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 1));
    });
  });

describe('mail through SMTP', () => {
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let t: TestApp;
  beforeAll(async () => {
    smtp = await startSmtp();
    t = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, PUBLIC_URL: 'https://lobby.example.org', MAIL_FROM: 'Lobby <hello@lobby.example.org>' });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it('queues the mail with a job and delivers it to a real SMTP server', async () => {
    const user = await userWithPassword(t.database.db, 'x'.repeat(10), { language: 'ru', firstName: 'Иван' });
    await post(t.app, '/api/v1/auth/magic-link', { email: user.email });
    const [queued] = await t.database.db.select().from(outbox).where(eq(outbox.toEmail, user.email));
    expect(queued?.status).toBe('queued');
    expect(await t.app.deps.jobs.runOnce()).toBe(1);
    const mail = smtp.received.find((m) => m.to.includes(user.email));
    expect(mail?.subject).toBe('Ссылка для входа в Lobby');
    expect(mail?.text).toContain('Здравствуйте, Иван!');
    expect(linkIn(mail?.text ?? '')).toMatch(/^https:\/\/lobby\.example\.org\/auth\/magic\/[\w-]+$/);
    expect(mail?.html).toContain('<a href="https://lobby.example.org/auth/magic/');
    const [sent] = await t.database.db.select().from(outbox).where(eq(outbox.id, queued?.id ?? 0));
    expect(sent?.status).toBe('sent');
    expect(sent?.sentAt).not.toBeNull();
  });

  it('picks up a job whose worker crashed mid-way, once its claim expires', async () => {
    const user = await userWithPassword(t.database.db);
    await post(t.app, '/api/v1/auth/recovery', { email: user.email });
    const claimed = await claimJobs(t.database.db, 'crashed-worker', 10, 1);
    expect(claimed).toHaveLength(1);
    // The crashed worker never finishes; nobody else may take the job while the claim holds.
    expect(await t.app.deps.jobs.runOnce()).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect(await t.app.deps.jobs.runOnce()).toBe(1);
    expect(smtp.received.some((m) => m.to.includes(user.email) && m.subject === 'Reset your Lobby password')).toBe(true);
  });
});

describe('mail when SMTP is down', () => {
  it('keeps the mail queued and schedules a retry with back-off', async () => {
    const port = await closedPort();
    const t = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${port}` });
    try {
      const user = await userWithPassword(t.database.db);
      await post(t.app, '/api/v1/auth/magic-code', { email: user.email });
      expect(await t.app.deps.jobs.runOnce()).toBe(1);
      const [job] = await t.database.db.select().from(jobs);
      expect(job).toMatchObject({ attempts: 1, doneAt: null, failedAt: null });
      expect(job?.lastError).toBeTruthy();
      expect((job?.runAt.getTime() ?? 0) - Date.now()).toBeGreaterThan(2000);
      const [mail] = await t.database.db.select().from(outbox);
      expect(mail).toMatchObject({ status: 'queued', attempts: 1 });
      // Nothing is due yet: the back-off holds.
      expect(await t.app.deps.jobs.runOnce()).toBe(0);
    } finally {
      await t.close();
    }
  });

  it('delivers a queued mail after a restart, through the same outbox row', async () => {
    const smtp = await startSmtp();
    const port = await closedPort();
    const first = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${port}` });
    try {
      const user = await userWithPassword(first.database.db);
      await post(first.app, '/api/v1/auth/magic-link', { email: user.email });
      await first.app.deps.jobs.runOnce();
      await first.database.db.update(jobs).set({ runAt: new Date(Date.now() - 1000) });
      // "Restart" with SMTP back: a new app on the same database.
      await first.app.close();
      const config = loadConfig({ DATA_DIR: first.config.dataDir, LOBBY_DEMO: '0', LOG_LEVEL: 'silent', WEB_DIST: first.config.webDist, SMTP_URL: `smtp://127.0.0.1:${smtp.port}` });
      const second = await buildApp(config, {
        database: first.database,
        logger: false,
        jobs: { start: false },
      });
      expect(await second.deps.jobs.runOnce()).toBe(1);
      expect(smtp.received.map((m) => m.to[0])).toEqual([user.email]);
      const [mail] = await first.database.db.select().from(outbox);
      expect(mail).toMatchObject({ status: 'sent', attempts: 2 });
      await second.close();
    } finally {
      await first.database.destroy();
      await smtp.close();
    }
  });
});

describe('mail without SMTP', () => {
  it('stores the mail for the local mailbox and queues no job', async () => {
    const t = await createTestApp({ LOBBY_DEMO: '1', HOST: '127.0.0.1' }, { seed: false });
    try {
      const user = await userWithPassword(t.database.db);
      await post(t.app, '/api/v1/auth/magic-link', { email: user.email });
      expect(await t.database.db.select().from(jobs)).toEqual([]);
      const list = await t.app.inject({ method: 'GET', url: `/api/v1/mailbox?filter%5Bto%5D=${encodeURIComponent(user.email)}` });
      expect(list.json().data).toEqual([expect.objectContaining({ to: user.email, kind: 'magic_link', status: 'stored' })]);
      const one = await t.app.inject({ method: 'GET', url: `/api/v1/mailbox/${list.json().data[0].id}` });
      expect(one.json().data.text).toContain('/auth/magic/');
      expect((await t.app.inject({ method: 'GET', url: '/api/v1/mailbox/999999' })).statusCode).toBe(404);
    } finally {
      await t.close();
    }
  });

  it('has no mailbox with DATABASE_URL unless asked for', async () => {
    const t = await createTestApp({ DATABASE_URL: 'postgres://x@127.0.0.1:1/none' });
    try {
      expect(t.config.mailbox).toBe('off');
      expect((await t.app.inject({ method: 'GET', url: '/api/v1/mailbox' })).statusCode).toBe(404);
    } finally {
      await t.close();
    }
  });
});
