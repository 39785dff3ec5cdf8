import type { MeetingSettings, MeetingSlots } from '@lobby/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { meetingPoints } from '../src/db/schema/index.ts';
import { addMembership, authHeader, createUser } from './factories.ts';
import { createTestApp, type TestApp } from './harness.ts';
import { meetingWorld, tomorrow } from './meetings-fixtures.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('meeting settings in the back office', () => {
  it('sets days, hours, slot length and tables; slots follow; bad input is a 400; another event\'s point is untouched', async () => {
    const { db } = t.database;
    const w = await meetingWorld(t);
    const other = await meetingWorld(t);
    const organiser = await createUser(db);
    await addMembership(db, w.eventId, organiser.id, { isOrganizer: true });
    const headers = await authHeader(db, t.config.secret, organiser.id);
    const url = `/api/admin/v1/events/${w.eventId}/meetings/settings`;

    const before = (await t.app.inject({ method: 'GET', url, headers })).json<{ data: MeetingSettings }>().data;
    expect(before).toMatchObject({ slot_minutes: 30, days: [{ date: tomorrow(), start: '09:00', end: '12:00' }], points: [{ id: w.pointId, capacity: 1 }] });

    const put = (body: unknown) => t.app.inject({ method: 'PUT', url, headers, payload: body as Record<string, unknown> });
    const saved = await put({ slot_minutes: 45, days: [{ date: tomorrow(), start: '10:00', end: '13:00' }], points: [{ id: w.pointId, capacity: 6 }, { id: other.pointId, capacity: 9 }] });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<{ data: MeetingSettings }>().data).toMatchObject({ slot_minutes: 45, points: [{ id: w.pointId, capacity: 6 }] });
    const [untouched] = await db.select().from(meetingPoints).where(eq(meetingPoints.id, other.pointId));
    expect(untouched?.capacity).toBe(1);

    const attendee = await w.person();
    const slots = (await t.app.inject({ method: 'GET', url: `/api/v1/${w.eventId}/meetings/slots`, headers: attendee.headers })).json<{ data: MeetingSlots }>().data;
    expect(slots.slot_minutes).toBe(45);
    expect(slots.slots.map((s) => s.starts_at.slice(11, 16))).toEqual(['10:00', '10:45', '11:30', '12:15']);

    for (const bad of [
      { slot_minutes: 2, days: [], points: [] },
      { slot_minutes: 30, days: [{ date: tomorrow(), start: '12:00', end: '11:00' }], points: [] },
      { slot_minutes: 30, days: [{ date: '2026-02-30', start: '10:00', end: '11:00' }], points: [] },
      { slot_minutes: 30, days: [{ date: tomorrow(), start: '25:00', end: '26:00' }], points: [] },
      { slot_minutes: 30, days: [], points: [{ id: w.pointId, capacity: 0 }] },
    ]) {
      const res = await put(bad);
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      expect(res.json().error.code).toBe('validation.failed');
    }
    expect((await t.app.inject({ method: 'GET', url, headers: attendee.headers })).statusCode).toBe(403);
  });
});

describe('meeting quota of a ticket type', () => {
  it('is set in the back office and limits open requests', async () => {
    const { db } = t.database;
    const w = await meetingWorld(t);
    const organiser = await createUser(db);
    await addMembership(db, w.eventId, organiser.id, { isOrganizer: true });
    const headers = await authHeader(db, t.config.secret, organiser.id);
    const created = await t.app.inject({ method: 'POST', url: `/api/admin/v1/events/${w.eventId}/ticket-types`, headers, payload: { code: 'quota-one', name: 'One meeting', kind: 'standard', features: ['limited_meetings'], self_service: false, meeting_quota: 1 } });
    expect(created.statusCode, created.body).toBe(201);
    const ticket = created.json().data;
    expect(ticket.meeting_quota).toBe(1);
    const limited = await w.person(undefined, { ticketTypeId: ticket.id });
    const a = await w.person();
    const b = await w.person();
    const { at } = await import('./meetings-fixtures.ts');
    const request = (to: number, time: string) => t.app.inject({ method: 'POST', url: `/api/v1/${w.eventId}/meetings`, headers: limited.headers, payload: { member_id: to, starts_at: at(time) } });
    expect((await request(a.memberId, '09:00')).statusCode).toBe(201);
    expect((await request(b.memberId, '09:30')).json().error.code).toBe('meeting.limit_reached');
  });
});
