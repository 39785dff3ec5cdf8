import { IMPORT_MAX_ROWS, type ImportJob } from '@lobby/contract';
import { and, count, eq, isNull, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventMembers, jobs, outbox } from '../src/db/schema/index.ts';
import { JobRunner } from '../src/jobs/runner.ts';
import { IMPORT_BATCH_ROWS, IMPORT_BATCHES_PER_TURN, INVITE_MAIL_JOB, INVITE_MAIL_RATE, registerImportJobs } from '../src/modules/admin/import-job.ts';
import { addMembership, authHeader, createEvent, createTicketType, createUser } from './factories.ts';
import { createTestApp, type TestApp } from './harness.ts';

let t: TestApp;
let organiser: Record<string, string>;
let organiserId: number;
beforeAll(async () => {
  // Mail turns without a pause between them, so each runOnce() is one turn of the mail rate.
  t = await createTestApp({}, { jobs: { start: false, rateIntervalMs: 0 } });
  const user = await createUser(t.database.db, { isOrganizer: true });
  organiserId = user.id;
  organiser = await authHeader(t.database.db, t.config.secret, user.id);
});
afterAll(() => t.close());

async function newEvent() {
  const event = await createEvent(t.database.db);
  await addMembership(t.database.db, event.id, organiserId, { isOrganizer: true });
  await createTicketType(t.database.db, event.id, { code: 'visitor', name: 'Visitor' });
  return event;
}

const startImport = async (eventId: number, csv: string) => {
  const res = await t.app.inject({ method: 'POST', url: `/api/admin/v1/events/${eventId}/members/import`, headers: organiser, payload: { csv } });
  expect(res.statusCode, res.body).toBe(202);
  return res.json<{ data: ImportJob }>().data;
};

const readImport = async (eventId: number, id: number) => {
  const res = await t.app.inject({ method: 'GET', url: `/api/admin/v1/events/${eventId}/members/import/${id}`, headers: organiser });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: ImportJob }>().data;
};

const pendingInvites = async (eventId: number) => {
  const rows = await t.database.db
    .select({ payload: jobs.payload })
    .from(jobs)
    .where(and(eq(jobs.kind, INVITE_MAIL_JOB), isNull(jobs.doneAt)));
  return rows.filter((row) => row.payload.eventId === eventId).length;
};

const mailsTo = async (prefix: string) => {
  const [row] = await t.database.db.select({ n: count() }).from(outbox).where(like(outbox.toEmail, `${prefix}%`));
  return row?.n ?? 0;
};

describe('CSV import as a job', () => {
  it('imports 2,000 rows in batches with the right report, and the server answers health checks meanwhile', async () => {
    const event = await newEvent();
    const lines = ['email,first_name,last_name,ticket'];
    for (let row = 0; row < 2000; row += 1) lines.push(`big-${row}@example.test,Ann,Lee,${row % 100 === 99 ? 'platinum' : 'visitor'}`);
    const job = await startImport(event.id, lines.join('\n'));
    expect(job).toMatchObject({ status: 'queued', total: 2000, processed: 0 });

    // A real socket: a request is only answered when the import hands the event loop back.
    const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    let finished = false;
    const runner = (async () => {
      for (let turn = 0; turn < 100 && (await readImport(event.id, job.id)).status !== 'done'; turn += 1) await t.app.deps.jobs.runOnce();
      finished = true;
    })();
    let healthDuringImport = 0;
    const progressSeen = new Set<number>();
    while (!finished) {
      const health = await fetch(`${base}/api/health`);
      expect(health.status).toBe(200);
      if (finished) break;
      healthDuringImport += 1;
      progressSeen.add((await readImport(event.id, job.id)).processed);
      // A pause between checks (not a measurement), so polling does not crowd out the import.
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    await runner;

    // Health answers interleaved with the import, and the progress moved while they did. Progress
    // seen between the turns of the runner could come from its pauses alone; progress seen inside
    // a turn shows the import itself hands the event loop back after each batch.
    expect(healthDuringImport).toBeGreaterThanOrEqual(2);
    const turnRows = IMPORT_BATCH_ROWS * IMPORT_BATCHES_PER_TURN;
    expect([...progressSeen].filter((processed) => processed > 0 && processed < 2000 && processed % turnRows !== 0)).not.toEqual([]);

    const done = await readImport(event.id, job.id);
    expect(done).toMatchObject({ status: 'done', total: 2000, processed: 2000 });
    expect(done.report).toMatchObject({ rows: 2000, added: 1980, updated: 0, created_users: 1980 });
    expect(done.report.failed).toHaveLength(20);
    expect(done.report.failed[0]).toMatchObject({ row: 101, email: 'big-99@example.test', code: 'unknown_ticket' });
    expect(done.report.failed.at(-1)).toMatchObject({ row: 2001, code: 'unknown_ticket' });
    const [members] = await t.database.db.select({ n: count() }).from(eventMembers).where(eq(eventMembers.eventId, event.id));
    expect(members?.n).toBe(1981);
    // The rows (names and addresses) do not stay in the job table once the import is done.
    const [stored] = await t.database.db.select({ payload: jobs.payload }).from(jobs).where(eq(jobs.id, job.id));
    expect(stored?.payload).not.toHaveProperty('rows');
    // The other tests count mails from a clean queue; these 2,000 invitations are not their concern.
    await t.database.db.delete(jobs).where(and(eq(jobs.kind, INVITE_MAIL_JOB), sql`(${jobs.payload}->>'eventId')::int = ${event.id}`));
  }, 180_000);

  it('hands the event loop back after every row, not only after every batch', async () => {
    const event = await newEvent();
    const rows = IMPORT_BATCH_ROWS * 2;
    const lines = ['email,ticket'];
    for (let row = 0; row < rows; row += 1) lines.push(`turns-${row}@example.test,visitor`);
    const job = await startImport(event.id, lines.join('\n'));
    // Count the turns of the event loop (macrotasks) while one runner turn imports the rows: a
    // socket can only be read in such a turn, and PGlite's answers alone never gave one (its
    // statements now take turns, db/turns.ts).
    let loopTurns = 0;
    let counting = true;
    const tick = () => {
      loopTurns += 1;
      if (counting) setImmediate(tick);
    };
    setImmediate(tick);
    await t.app.deps.jobs.runOnce();
    counting = false;
    expect((await readImport(event.id, job.id)).status).toBe('done');
    expect(loopTurns).toBeGreaterThanOrEqual(rows);
    await t.database.db.delete(jobs).where(and(eq(jobs.kind, INVITE_MAIL_JOB), sql`(${jobs.payload}->>'eventId')::int = ${event.id}`));
  });

  it(`refuses more than ${IMPORT_MAX_ROWS} rows in one request, naming the cap, and queues nothing`, async () => {
    const event = await newEvent();
    const lines = ['email,ticket'];
    for (let row = 0; row <= IMPORT_MAX_ROWS; row += 1) lines.push(`cap-${row}@example.test,visitor`);
    const [before] = await t.database.db.select({ n: count() }).from(jobs);
    const res = await t.app.inject({ method: 'POST', url: `/api/admin/v1/events/${event.id}/members/import`, headers: organiser, payload: { csv: lines.join('\n') } });
    expect(res.statusCode).toBe(413);
    const { error } = res.json();
    expect(error.code).toBe('import.too_many_rows');
    expect(error.message).toContain(String(IMPORT_MAX_ROWS));
    expect(error.details).toEqual({ max_rows: IMPORT_MAX_ROWS, rows: IMPORT_MAX_ROWS + 1 });
    const [after] = await t.database.db.select({ n: count() }).from(jobs);
    expect(after?.n).toBe(before?.n);
  });

  it('sends invitation mails at a bounded rate: a turn hands at most its share to the mailer', async () => {
    const event = await newEvent();
    const people = 25;
    const lines = ['email,ticket'];
    for (let row = 0; row < people; row += 1) lines.push(`rate-${row}@example.test,visitor`);
    const job = await startImport(event.id, lines.join('\n'));
    // The first turn issues the tickets; the mails wait in the queue.
    await t.app.deps.jobs.runOnce();
    expect((await readImport(event.id, job.id)).status).toBe('done');
    expect([await pendingInvites(event.id), await mailsTo('rate-')]).toEqual([people, 0]);
    const share = INVITE_MAIL_RATE.perTurn;
    await t.app.deps.jobs.runOnce();
    expect([await pendingInvites(event.id), await mailsTo('rate-')]).toEqual([people - share, share]);
    await t.app.deps.jobs.runOnce();
    expect([await pendingInvites(event.id), await mailsTo('rate-')]).toEqual([people - 2 * share, 2 * share]);
    await t.app.deps.jobs.runOnce();
    expect([await pendingInvites(event.id), await mailsTo('rate-')]).toEqual([0, people]);
    const kinds = await t.database.db.selectDistinct({ kind: outbox.kind }).from(outbox).where(like(outbox.toEmail, 'rate-%'));
    expect(kinds).toEqual([{ kind: 'event_registration_new_user' }]);
  });

  it('gives the mail kind one turn per interval, however often the runner ticks', async () => {
    const event = await newEvent();
    const lines = ['email,ticket'];
    for (let row = 0; row < 15; row += 1) lines.push(`slow-${row}@example.test,visitor`);
    await startImport(event.id, lines.join('\n'));
    await t.app.deps.jobs.runOnce();
    // A runner as production has it, with an interval far longer than this test.
    const runner = new JobRunner(t.database.db, t.app.log, { rateIntervalMs: 3_600_000 });
    registerImportJobs({ db: t.database.db, mailer: t.app.deps.mailer, publicUrl: t.config.publicUrl, jobs: runner });
    expect(await runner.runOnce()).toBe(INVITE_MAIL_RATE.perTurn);
    expect(await runner.runOnce()).toBe(0);
    expect(await runner.runOnce()).toBe(0);
    expect(await mailsTo('slow-')).toBe(INVITE_MAIL_RATE.perTurn);
    expect(await pendingInvites(event.id)).toBe(15 - INVITE_MAIL_RATE.perTurn);
  });
});
