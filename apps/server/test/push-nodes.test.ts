// "A reminder with two nodes pushes once" (issue 18): two Lobby app instances on one PostgreSQL
// database, each with its own connection pool and job runner, run the queue at the same moments;
// one meeting reminder reaches the person's device once. Runs with the suite on PostgreSQL.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PushData } from '@lobby/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { generateVapidKeys } from '../src/config-push.ts';
import { loadConfig, type Config } from '../src/config.ts';
import { openPostgres, type Database } from '../src/db/client.ts';
import { jobs, notifications } from '../src/db/schema/index.ts';
import { DISPATCH_JOB } from '../src/modules/push/kinds.ts';
import { MEETING_REMINDER_JOB } from '../src/modules/meetings/service.ts';
import type { TestApp } from './harness.ts';
import { at, meetingWorld } from './meetings-fixtures.ts';
import { createSharedDatabase, type SharedDatabase } from './support/nodes.ts';
import { PushReceiver } from './support/push-receiver.ts';
import { TEST_CERT } from './support/tls-fixture.ts';

describe.runIf(Boolean(process.env.DATABASE_URL))('push with two nodes', () => {
  let shared: SharedDatabase;
  const receiver = new PushReceiver();
  const nodes: { app: FastifyInstance; database: Database; config: Config; dataDir: string }[] = [];
  // What "set them in the environment" means for several nodes: the same secret and VAPID keys.
  const vapid = generateVapidKeys();
  const secret = randomBytes(32).toString('base64url');

  beforeAll(async () => {
    await receiver.start();
    shared = await createSharedDatabase();
    for (let i = 0; i < 2; i += 1) {
      const dataDir = mkdtempSync(join(tmpdir(), 'lobby-push-node-'));
      const config = loadConfig({ DATA_DIR: dataDir, LOBBY_DEMO: '0', LOG_LEVEL: 'silent', WEB_DIST: join(dataDir, 'no-web'), LOBBY_SECRET: secret, VAPID_PUBLIC_KEY: vapid.publicKey, VAPID_PRIVATE_KEY: vapid.privateKey, DATABASE_URL: shared.url });
      const database = openPostgres(shared.url, 4);
      const app = await buildApp(config, { logger: false, jobs: { start: false }, database, pushTransport: { ca: TEST_CERT } });
      await app.ready();
      nodes.push({ app, database, config, dataDir });
    }
  }, 120_000);

  afterAll(async () => {
    for (const node of nodes) {
      await node.app.close();
      await node.database.close();
      rmSync(node.dataDir, { recursive: true, force: true });
    }
    await shared?.destroy();
    await receiver.stop();
  });

  const turn = () => Promise.all(nodes.map((node) => node.app.deps.jobs.runOnce()));

  it('pushes a meeting reminder once while both nodes run the queue', async () => {
    const [a] = nodes;
    if (!a) throw new Error('no node');
    const t = { app: a.app, database: { ...shared.database, destroy: async () => {} }, config: a.config, close: async () => {} } as TestApp;
    const w = await meetingWorld(t);
    const alice = await w.person();
    const bob = await w.person();
    const device = receiver.subscribe();
    expect((await a.app.inject({ method: 'POST', url: '/api/push/v1/user', headers: bob.headers, payload: { platform: 'web', token: device.endpoint, keys: device.keys } })).statusCode).toBe(200);
    const id = (await a.app.inject({ method: 'POST', url: `/api/v1/${w.eventId}/meetings`, headers: alice.headers, payload: { member_id: bob.memberId, starts_at: at('09:00') } })).json().data.id as number;
    expect((await a.app.inject({ method: 'POST', url: `/api/v1/${w.eventId}/meetings/${id}/accept`, headers: bob.headers })).statusCode).toBe(200);
    // The request's push went out (by whichever node took it), once.
    for (let i = 0; i < 5; i += 1) await turn();
    const pushesOf = (type: string) => receiver.to(device).filter((push) => (push.payload as { data?: PushData } | null)?.data?.type === type);
    expect(pushesOf('new_meeting_request')).toHaveLength(1);

    // Ten minutes before the start, as far as the queue knows; both nodes claim at the same moments.
    await shared.database.db.update(jobs).set({ runAt: new Date() }).where(and(eq(jobs.kind, MEETING_REMINDER_JOB), sql`(${jobs.payload}->>'meetingId')::int = ${id}`));
    for (let i = 0; i < 5; i += 1) await turn();
    const reminders = pushesOf('meeting_reminder_v2');
    expect(reminders).toHaveLength(1);
    expect(reminders[0]?.error).toBeNull();
    expect((reminders[0]?.payload as { data: PushData }).data).toMatchObject({ meeting_id: id, event_id: w.eventId });

    // The same notification's dispatch in two jobs (a retry after a crash) that the two nodes take
    // at the same moment: the delivery row written before sending lets one of them through.
    const ids = (await shared.database.db.select({ id: notifications.id }).from(notifications).where(and(eq(notifications.meetingId, id), eq(notifications.type, 'meeting_reminder_v2')))).map((row) => row.id);
    await shared.database.db.insert(jobs).values([{ kind: DISPATCH_JOB, payload: { ids } }, { kind: DISPATCH_JOB, payload: { ids } }]);
    await Promise.all(nodes.map((node) => node.app.deps.jobs.runOnce()));
    for (let i = 0; i < 3; i += 1) await turn();
    expect(pushesOf('meeting_reminder_v2')).toHaveLength(1);
    // Both nodes sign with the shared key.
    expect(new Set(receiver.to(device).map((push) => push.vapid?.publicKey))).toEqual(new Set([vapid.publicKey]));
  }, 120_000);
});
