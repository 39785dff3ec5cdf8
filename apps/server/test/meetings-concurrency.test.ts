import { MEETING_CHANGED, REALTIME_PATH, USER_NOTIFICATION, type Notification } from '@lobby/contract';
import { and, eq, sql } from 'drizzle-orm';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs, meetingHolds, meetings, meetingTables, notifications } from '../src/db/schema/index.ts';
import { claimJobs } from '../src/jobs/queue.ts';
import { JobRunner } from '../src/jobs/runner.ts';
import { meetingReminderHandler } from '../src/modules/meetings/jobs.ts';
import { MEETING_REMINDER_JOB } from '../src/modules/meetings/service.ts';
import { createTestApp, type TestApp } from './harness.ts';
import { at, meetingWorld } from './meetings-fixtures.ts';

let t: TestApp;
let url: string;
beforeAll(async () => {
  t = await createTestApp();
  url = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => t.close());

const request = (headers: Record<string, string>, eventId: number, payload: Record<string, unknown>) => t.app.inject({ method: 'POST', url: `/api/v1/${eventId}/meetings`, headers, payload });

describe('booking under contention', () => {
  it('500 requests for one slot at once: exactly one wins, the rest get 409, no overlap is stored', async () => {
    const w = await meetingWorld(t);
    const invitee = await w.person();
    const requesters = await Promise.all(Array.from({ length: 500 }, () => w.person()));
    const answers = await Promise.all(requesters.map((r) => request(r.headers, w.eventId, { member_id: invitee.memberId, starts_at: at('10:00') })));
    const statuses = answers.map((res) => res.statusCode);
    const odd = answers.find((res) => res.statusCode !== 201 && res.statusCode !== 409);
    expect(odd?.body ?? null).toBeNull();
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(499);
    expect(new Set(answers.filter((res) => res.statusCode === 409).map((res) => res.json().error.code))).toEqual(new Set(['meeting.slot_busy']));
    const live = await t.database.db.select().from(meetings).where(and(eq(meetings.eventId, w.eventId), eq(meetings.inviteeId, invitee.userId)));
    expect(live).toHaveLength(1);
    const overlaps = await t.database.db.execute(sql`select count(*)::int as n from meeting_holds a join meeting_holds b on a.user_id = b.user_id and a.id < b.id and tstzrange(a.starts_at, a.ends_at) && tstzrange(b.starts_at, b.ends_at)`);
    expect((overlaps as unknown as { rows: { n: number }[] }).rows[0]?.n).toBe(0);
    // 500 people and their requests: minutes on a loaded CI machine, never a measure of speed.
  }, 180_000);

  it('a point with two tables takes two meetings in a slot, never three', async () => {
    const w = await meetingWorld(t, { capacity: 2 });
    const pairs = await Promise.all(Array.from({ length: 12 }, async () => [await w.person(), await w.person()] as const));
    const answers = await Promise.all(pairs.map(([a, b]) => request(a.headers, w.eventId, { member_id: b.memberId, starts_at: at('11:00'), location_id: w.pointId })));
    expect(answers.map((res) => (res.statusCode === 201 ? 201 : `${res.statusCode} ${res.json().error.code}`)).filter((s) => s === 201)).toHaveLength(2);
    for (const res of answers.filter((r) => r.statusCode !== 201)) {
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json().error).toMatchObject({ code: 'meeting.location_unavailable', details: { free_location_ids: [1] } });
    }
    expect(await t.database.db.select().from(meetingTables).where(eq(meetingTables.pointId, w.pointId))).toHaveLength(2);
    // The losers kept nothing: their slots are free again.
    expect(await t.database.db.select().from(meetingHolds).where(eq(meetingHolds.eventId, w.eventId))).toHaveLength(4);
  });

  it('the database itself refuses a third table and an overlapping hold', async () => {
    const w = await meetingWorld(t, { capacity: 1 });
    const a = await w.person();
    const b = await w.person();
    const first = (await request(a.headers, w.eventId, { member_id: b.memberId, starts_at: at('09:00'), location_id: w.pointId })).json().data.id as number;
    const start = new Date(at('09:00'));
    const end = new Date(at('09:30'));
    await expect(t.database.db.insert(meetingTables).values({ meetingId: first, pointId: w.pointId, tableNo: 2, startsAt: start, endsAt: end })).rejects.toThrow();
    await expect(t.database.db.insert(meetingHolds).values({ eventId: w.eventId, userId: a.userId, startsAt: new Date(at('09:15')), endsAt: new Date(at('09:45')) })).rejects.toThrow();
  });
});

describe('live news and the reminder', () => {
  it('delivers a request to the invitee over the private user channel without a reload', async () => {
    const w = await meetingWorld(t);
    const alice = await w.person();
    const bob = await w.person();
    const socket: Socket = io(url, { path: REALTIME_PATH, transports: ['websocket'], auth: { token: bob.headers.authorization?.slice(7) }, reconnection: false });
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
    try {
      const arrived = new Promise<Notification>((resolve) => socket.once(USER_NOTIFICATION, (payload: Notification) => resolve(payload)));
      const changed = new Promise<unknown>((resolve) => socket.once(MEETING_CHANGED, resolve));
      const res = await request(alice.headers, w.eventId, { member_id: bob.memberId, starts_at: at('09:00') });
      expect(await arrived).toMatchObject({ type: 'new_meeting_request', meeting_id: res.json().data.id, sender: { user_id: alice.userId } });
      expect(await changed).toEqual({ event_id: w.eventId, meeting_id: res.json().data.id });
    } finally {
      socket.close();
    }
  });

  it('sends the reminder once with two nodes running the queue, and after a restart', async () => {
    const w = await meetingWorld(t);
    const alice = await w.person();
    const bob = await w.person();
    const id = (await request(alice.headers, w.eventId, { member_id: bob.memberId, starts_at: at('09:00') })).json().data.id as number;
    expect((await t.app.inject({ method: 'POST', url: `/api/v1/${w.eventId}/meetings/${id}/accept`, headers: bob.headers })).statusCode).toBe(200);
    const reminders = () => t.database.db.select().from(notifications).where(and(eq(notifications.meetingId, id), eq(notifications.type, 'meeting_reminder_v2')));
    // Due now, as if ten minutes before the start had come.
    await t.database.db.update(jobs).set({ runAt: new Date() }).where(and(eq(jobs.kind, MEETING_REMINDER_JOB), sql`(${jobs.payload}->>'meetingId')::int = ${id}`));

    // A node that claimed the job and died before finishing it: nothing was sent, and once its
    // claim runs out (lock time passed) another node takes the job.
    const claimed = await claimJobs(t.database.db, 'node-that-died', 10, 60, { only: MEETING_REMINDER_JOB });
    expect(claimed.map((job) => job.payload.meetingId)).toContain(id);
    expect(await reminders()).toHaveLength(0);
    const stillLocked = new JobRunner(t.database.db, t.app.log);
    stillLocked.register(MEETING_REMINDER_JOB, meetingReminderHandler(t.app.deps));
    await stillLocked.runOnce();
    expect(await reminders()).toHaveLength(0);
    await t.database.db.update(jobs).set({ lockedUntil: new Date(Date.now() - 1000) }).where(and(eq(jobs.kind, MEETING_REMINDER_JOB), sql`(${jobs.payload}->>'meetingId')::int = ${id}`));

    // Two nodes after the restart, claiming at the same moment.
    const nodes = [0, 1].map(() => {
      const runner = new JobRunner(t.database.db, t.app.log);
      runner.register(MEETING_REMINDER_JOB, meetingReminderHandler(t.app.deps));
      return runner;
    });
    await Promise.all(nodes.map((node) => node.runOnce()));
    await Promise.all(nodes.map((node) => node.runOnce()));
    const sent = await reminders();
    expect(sent.map((n) => n.userId).sort()).toEqual([alice.userId, bob.userId].sort());
    // Running the job again (a retry after a crash between the insert and the completion) adds nothing.
    await meetingReminderHandler(t.app.deps)({ id: 0, kind: MEETING_REMINDER_JOB, payload: { meetingId: id, startsAt: at('09:00') } } as never);
    expect(await reminders()).toHaveLength(2);
  });
});
