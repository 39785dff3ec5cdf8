import type { Meeting, MeetingSlots, Notification } from '@lobby/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs, meetingHolds, outbox } from '../src/db/schema/index.ts';
import { createEvent } from './factories.ts';
import { createTestApp, type TestApp } from './harness.ts';
import { at, meetingWorld } from './meetings-fixtures.ts';
import type { Person } from './people-fixtures.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'PUT';
const call = (method: Method, url: string, who: Person | Record<string, string>, payload?: unknown) =>
  t.app.inject({ method, url, headers: 'headers' in who ? (who.headers as Record<string, string>) : who, ...(payload !== undefined ? { payload: payload as Record<string, unknown> } : {}) });
const ok = async <T>(method: Method, url: string, who: Person, payload?: unknown, status = 200): Promise<T> => {
  const res = await call(method, url, who, payload);
  expect(res.statusCode, res.body).toBe(status);
  return res.json<{ data: T }>().data;
};
const codeOf = async (method: Method, url: string, who: Person, payload?: unknown) => {
  const res = await call(method, url, who, payload);
  return `${res.statusCode} ${res.json<{ error?: { code: string } }>().error?.code ?? ''}`.trim();
};

describe('meetings: the request, the answer and their news', () => {
  it('requests, lists by view, notifies and mails the invitee, accepts and plans the reminder', async () => {
    const w = await meetingWorld(t);
    const alice = await w.person();
    const bob = await w.person(undefined, { user: { language: 'ru', timezone: 'Europe/Moscow', firstName: 'Боб' } });
    const base = `/api/v1/${w.eventId}/meetings`;

    const created = await ok<Meeting>('POST', base, alice, { member_id: bob.memberId, starts_at: at('09:30'), location_id: w.pointId, agenda: '  Publishing deal  ' }, 201);
    expect(created).toMatchObject({ status: 'invited', view: 'waiting_for_other', view_id: 2, is_invite: false, agenda: 'Publishing deal', location: { id: w.pointId, name: 'Table zone A', is_online: false }, abilities: ['reschedule', 'cancel'] });
    expect(created.invitee).toMatchObject({ member_id: bob.memberId, user_id: bob.userId, timezone: 'Europe/Moscow' });

    const bobs = (await call('GET', `${base}?filter[view]=waiting_for_me`, bob)).json<{ data: Meeting[]; meta: { counts: Record<string, number> } }>();
    expect(bobs.data.map((m) => m.id)).toEqual([created.id]);
    expect(bobs.data[0]).toMatchObject({ view: 'waiting_for_me', view_id: 1, is_invite: true, abilities: ['accept', 'decline', 'reschedule', 'cancel'] });
    expect(bobs.meta.counts).toMatchObject({ waiting_for_me: 1, waiting_for_other: 0, accepted: 0 });

    const notes = (await call('GET', `/api/v1/notifications?filter[event_id]=${w.eventId}`, bob)).json<{ data: Notification[]; meta: { unread: number } }>();
    expect(notes.meta.unread).toBe(1);
    expect(notes.data[0]).toMatchObject({ type: 'new_meeting_request', meeting_id: created.id, sender: { user_id: alice.userId }, data: { starts_at: at('09:30'), location: 'Table zone A' } });
    const [mail] = await t.database.db.select().from(outbox).where(and(eq(outbox.kind, 'meeting_request_sent'), eq(outbox.language, 'ru'))).orderBy(outbox.id);
    expect(mail?.subject).toContain('предлагает встречу');
    // 09:30 UTC is 12:30 in Moscow: the mail speaks the invitee's time.
    expect(mail?.text).toMatch(/\d\d\.\d\d\.\d{4} 12:30 \(Europe\/Moscow\)/);

    const accepted = await ok<Meeting>('POST', `${base}/${created.id}/accept`, bob);
    expect(accepted).toMatchObject({ status: 'accepted', view: 'accepted', awaiting_user_id: null, abilities: ['cancel'] });
    expect(await codeOf('POST', `${base}/${created.id}/accept`, bob)).toBe('409 meeting.status_changed');
    expect(await codeOf('POST', `${base}/${created.id}/decline`, bob, { reason: 'Too late' })).toBe('409 meeting.status_changed');
    expect(await codeOf('POST', `${base}/${created.id}/reschedule`, alice, { starts_at: at('10:00') })).toBe('409 meeting.status_changed');
    const reminders = await t.database.db.select().from(jobs).where(eq(jobs.kind, 'meeting.reminder'));
    expect(reminders.some((job) => job.payload.meetingId === created.id && job.runAt.toISOString() === new Date(Date.parse(at('09:30')) - 10 * 60_000).toISOString())).toBe(true);
    const alicesNews = (await call('GET', '/api/v1/notifications', alice)).json<{ data: Notification[] }>();
    expect(alicesNews.data[0]?.type).toBe('meeting_confirmed_v2');
    expect(await t.database.db.select().from(outbox).where(eq(outbox.kind, 'meeting_request_accepted'))).toHaveLength(1);

    expect((await ok<{ count: number }>('POST', '/api/v1/notifications/read', bob, {})).count).toBe(0);
  });

  it('declines with a reason, frees the slot and keeps the meeting from changing again', async () => {
    const w = await meetingWorld(t);
    const alice = await w.person();
    const bob = await w.person(undefined, { user: { disableEmailNotifications: true, email: `quiet-${Date.now()}@example.test` } });
    const base = `/api/v1/${w.eventId}/meetings`;
    const m = await ok<Meeting>('POST', base, alice, { member_id: bob.memberId, starts_at: at('10:00') }, 201);
    expect(m.location).toEqual({ id: 1, name: 'Online', is_online: true });
    expect(await codeOf('POST', `${base}/${m.id}/accept`, alice)).toBe('403 meeting.not_allowed');
    expect(await codeOf('POST', `${base}/${m.id}/decline`, bob, { reason: ' ' })).toBe('400 validation.failed');
    const declined = await ok<Meeting>('POST', `${base}/${m.id}/decline`, bob, { reason: 'Fully booked that morning' });
    expect(declined).toMatchObject({ status: 'rejected', view: 'declined_by_me', reason: 'Fully booked that morning', abilities: [] });
    expect((await ok<Meeting>('GET', `${base}/${m.id}`, alice)).view).toBe('declined_by_other');
    expect(await codeOf('POST', `${base}/${m.id}/accept`, bob)).toBe('409 meeting.status_changed');
    expect(await codeOf('POST', `${base}/${m.id}/cancel`, alice)).toBe('409 meeting.status_changed');
    expect(await t.database.db.select().from(meetingHolds).where(eq(meetingHolds.meetingId, m.id))).toHaveLength(0);
    // Bob turned mail notices off: the decline mail goes to Alice only, and Bob got no request mail.
    const mails = await t.database.db.select().from(outbox).where(eq(outbox.kind, 'meeting_request_sent'));
    expect(mails.filter((mail) => mail.toEmail.startsWith('quiet-'))).toHaveLength(0);
    expect(await t.database.db.select().from(outbox).where(eq(outbox.kind, 'meeting_request_rejected'))).toHaveLength(1);
    // The slot is free again for both.
    expect((await ok<Meeting>('POST', base, alice, { member_id: bob.memberId, starts_at: at('10:00') }, 201)).status).toBe('invited');
  });

  it('lets either side propose another time; the other side answers, and the slot moves', async () => {
    const w = await meetingWorld(t);
    const alice = await w.person();
    const bob = await w.person();
    const base = `/api/v1/${w.eventId}/meetings`;
    const m = await ok<Meeting>('POST', base, alice, { member_id: bob.memberId, starts_at: at('09:00') }, 201);
    const moved = await ok<Meeting>('POST', `${base}/${m.id}/reschedule`, bob, { starts_at: at('11:00'), location_id: w.pointId });
    expect(moved).toMatchObject({ status: 'invited', view: 'waiting_for_other', rescheduled: true, awaiting_user_id: alice.userId, starts_at: at('11:00'), location: { id: w.pointId } });
    expect(await codeOf('POST', `${base}/${m.id}/accept`, bob)).toBe('403 meeting.not_allowed');
    expect((await ok<Meeting>('POST', `${base}/${m.id}/accept`, alice)).status).toBe('accepted');
    const slots = await ok<MeetingSlots>('GET', `/api/v1/${w.eventId}/meetings/slots`, alice);
    expect(slots.slots.find((s) => s.starts_at === at('09:00'))?.state).toBe('free');
    expect(slots.slots.find((s) => s.starts_at === at('11:00'))).toMatchObject({ state: 'busy', meeting_id: m.id });
    expect((await call('GET', '/api/v1/notifications', alice)).json<{ data: Notification[] }>().data[0]?.type).toBe('meeting_rescheduled_v2');
    expect(await t.database.db.select().from(outbox).where(eq(outbox.kind, 'meeting_postponed'))).toHaveLength(1);
    // The invitee calling off an accepted meeting leaves it (mail type 11).
    expect((await ok<Meeting>('POST', `${base}/${m.id}/cancel`, bob, { reason: 'Flight moved' })).status).toBe('canceled');
    expect(await t.database.db.select().from(outbox).where(eq(outbox.kind, 'meeting_participant_leave'))).toHaveLength(1);
  });
});

describe('meetings: every error of contract.md section 8', () => {
  it('answers each refusal with its own code', async () => {
    const w = await meetingWorld(t);
    const alice = await w.person(['limited_meetings', 'offline'], { quota: 2 });
    const onsite = await w.person();
    const online = await w.person(['unlimited_meetings']);
    const noMeetings = await w.person(['highlight']);
    const base = `/api/v1/${w.eventId}/meetings`;
    const request = (who: Person, body: Record<string, unknown>) => codeOf('POST', base, who, body);

    expect(await request(alice, { member_id: onsite.memberId, starts_at: at('09:10') })).toBe('422 meeting.date_invalid');
    expect(await request(alice, { member_id: onsite.memberId, starts_at: new Date(Date.now() - 3600_000).toISOString() })).toBe('422 meeting.date_invalid');
    expect(await request(alice, { member_id: online.memberId, starts_at: at('09:00'), location_id: w.pointId })).toBe('422 meeting.online_only');
    expect(await request(alice, { member_id: alice.memberId, starts_at: at('09:00') })).toBe('422 meeting.self');
    expect(await request(alice, { member_id: noMeetings.memberId, starts_at: at('09:00') })).toBe('422 meeting.not_allowed');
    expect(await request(noMeetings, { member_id: alice.memberId, starts_at: at('09:00') })).toBe('403 section.locked');
    expect(await request(alice, { member_id: 999_999, starts_at: at('09:00') })).toBe('404 member.not_found');
    expect(await request(alice, { member_id: onsite.memberId, starts_at: at('09:00'), location_id: 999_999 })).toBe('422 meeting.location_unavailable');

    // A full point: the second request at the same time answers which locations are still free.
    await ok('POST', base, online, { member_id: onsite.memberId, starts_at: at('09:00') }, 201);
    const other = await w.person();
    const third = await w.person();
    await ok('POST', base, other, { member_id: third.memberId, starts_at: at('09:30'), location_id: w.pointId }, 201);
    const full = await call('POST', base, alice, { member_id: onsite.memberId, starts_at: at('09:30'), location_id: w.pointId });
    expect(full.statusCode).toBe(409);
    expect(full.json().error).toMatchObject({ code: 'meeting.location_unavailable', details: { free_location_ids: [1] } });

    // The invitee is busy at 09:00 (Online, with "online"): busy or locked slots answer slot_busy.
    expect(await request(alice, { member_id: onsite.memberId, starts_at: at('09:00') })).toBe('409 meeting.slot_busy');
    await ok('POST', `/api/v1/${w.eventId}/calendar/lock`, onsite, { starts_at: at('10:00') });
    expect(await request(alice, { member_id: onsite.memberId, starts_at: at('10:00') })).toBe('409 meeting.slot_busy');

    // The quota of limited_meetings counts open requests.
    await ok('POST', base, alice, { member_id: onsite.memberId, starts_at: at('10:30') }, 201);
    await ok('POST', base, alice, { member_id: onsite.memberId, starts_at: at('11:00') }, 201);
    expect(await request(alice, { member_id: onsite.memberId, starts_at: at('11:30') })).toBe('409 meeting.limit_reached');

    const over = await meetingWorld(t, { dateTo: new Date(Date.now() - 60_000) });
    const x = await over.person();
    const y = await over.person();
    expect(await codeOf('POST', `/api/v1/${over.eventId}/meetings`, x, { member_id: y.memberId, starts_at: at('09:00') })).toBe('422 meeting.event_over');

    const noSchedule = await meetingWorld(t, { schedule: false });
    const p = await noSchedule.person();
    const q = await noSchedule.person();
    expect(await codeOf('POST', `/api/v1/${noSchedule.eventId}/meetings`, p, { member_id: q.memberId, starts_at: at('09:00') })).toBe('409 meeting.no_free_slots');
  });

  it('locks and unlocks slots; a busy slot cannot be locked, an unlocked one cannot be unlocked', async () => {
    const w = await meetingWorld(t);
    const alice = await w.person();
    const bob = await w.person();
    const lock = (who: Person, time: string) => call('POST', `/api/v1/${w.eventId}/calendar/lock`, who, { starts_at: at(time) });
    expect((await ok<{ state: string }>('POST', `/api/v1/${w.eventId}/calendar/lock`, alice, { starts_at: at('09:00') })).state).toBe('locked');
    expect((await lock(alice, '09:00')).statusCode).toBe(200);
    const pair = await ok<MeetingSlots>('GET', `/api/v1/${w.eventId}/meetings/slots?member_id=${alice.memberId}`, bob);
    expect(pair.slots.find((s) => s.starts_at === at('09:00'))?.state).toBe('busy');
    expect(pair.can_meet_offline).toBe(true);
    await ok('POST', `/api/v1/${w.eventId}/meetings`, bob, { member_id: alice.memberId, starts_at: at('09:30') }, 201);
    expect(await codeOf('POST', `/api/v1/${w.eventId}/calendar/lock`, alice, { starts_at: at('09:30') })).toBe('409 calendar.lock_failed');
    expect(await codeOf('POST', `/api/v1/${w.eventId}/calendar/unlock`, alice, { starts_at: at('10:00') })).toBe('409 calendar.unlock_failed');
    expect((await ok<{ state: string }>('POST', `/api/v1/${w.eventId}/calendar/unlock`, alice, { starts_at: at('09:00') })).state).toBe('free');
    expect(await codeOf('POST', `/api/v1/${w.eventId}/calendar/lock`, alice, { starts_at: at('09:05') })).toBe('422 meeting.date_invalid');
  });

  it('finds the first slots free for both', async () => {
    const w = await meetingWorld(t);
    const alice = await w.person();
    const bob = await w.person();
    await ok('POST', `/api/v1/${w.eventId}/calendar/lock`, bob, { starts_at: at('09:00') });
    const found = await ok<{ starts_at: string; location_id: number }[]>('GET', `/api/v1/${w.eventId}/meetings/find-time?member_id=${bob.memberId}&limit=2`, alice);
    expect(found.map((slot) => slot.starts_at)).toEqual([at('09:30'), at('10:00')]);
    expect(found[0]?.location_id).toBe(w.pointId);
  });
});

describe('meetings: nobody reads or changes a meeting they are not in', () => {
  it('answers 404 to a third person, another event and a guest 401', async () => {
    const w = await meetingWorld(t);
    const alice = await w.person();
    const bob = await w.person();
    const eve = await w.person();
    const m = await ok<Meeting>('POST', `/api/v1/${w.eventId}/meetings`, alice, { member_id: bob.memberId, starts_at: at('09:00') }, 201);
    for (const [method, path, body] of [
      ['GET', '', undefined],
      ['POST', '/accept', undefined],
      ['POST', '/decline', { reason: 'no' }],
      ['POST', '/cancel', {}],
      ['POST', '/reschedule', { starts_at: at('10:00') }],
    ] as const) {
      expect(await codeOf(method, `/api/v1/${w.eventId}/meetings/${m.id}${path}`, eve, body)).toBe('404 meeting.not_found');
    }
    const elsewhere = await createEvent(t.database.db);
    expect((await call('GET', `/api/v1/${elsewhere.id}/meetings/${m.id}`, alice)).statusCode).toBe(404);
    expect((await call('GET', `/api/v1/${w.eventId}/meetings/${m.id}`, {})).statusCode).toBe(401);
    expect((await call('GET', `/api/v1/${w.eventId}/meetings`, eve)).json().meta.total).toBe(0);
    // Eve cannot mark Bob's notifications read.
    const bobsNote = (await call('GET', '/api/v1/notifications', bob)).json<{ data: Notification[] }>().data[0];
    await ok('POST', '/api/v1/notifications/read', eve, { ids: [bobsNote?.id] });
    expect((await ok<{ count: number }>('GET', '/api/v1/notifications/unread', bob)).count).toBe(1);
  });
});
