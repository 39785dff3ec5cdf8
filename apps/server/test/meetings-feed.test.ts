import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './harness.ts';
import { at, meetingWorld } from './meetings-fixtures.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: 'https://lobby.example.org' });
});
afterAll(() => t.close());

const feedPath = (url: string) => new URL(url).pathname;

describe('calendar feed (ICS)', () => {
  it('holds each accepted meeting once with a stable UID, and a reset address revokes the old one', async () => {
    const w = await meetingWorld(t);
    const alice = await w.person();
    const bob = await w.person(undefined, { user: { firstName: 'Bob', lastName: 'Ng' } });
    const base = `/api/v1/${w.eventId}/meetings`;
    const accepted = (await t.app.inject({ method: 'POST', url: base, headers: alice.headers, payload: { member_id: bob.memberId, starts_at: at('09:00'), location_id: w.pointId, agenda: 'Pitch, budget; next steps' } })).json().data.id as number;
    await t.app.inject({ method: 'POST', url: `${base}/${accepted}/accept`, headers: bob.headers });
    // A pending request and a declined one are not in the feed.
    await t.app.inject({ method: 'POST', url: base, headers: alice.headers, payload: { member_id: bob.memberId, starts_at: at('10:00') } });

    const url = (await t.app.inject({ method: 'GET', url: '/api/v1/calendar/feed', headers: alice.headers })).json().data.url as string;
    expect(url).toMatch(/^https:\/\/lobby\.example\.org\/api\/v1\/calendar\/feed\/[A-Za-z0-9_-]{32}\.ics$/);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/calendar/feed', headers: alice.headers })).json().data.url).toBe(url);

    const res = await t.app.inject({ method: 'GET', url: feedPath(url) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/calendar');
    const calendar = new ICAL.Component(ICAL.parse(res.body));
    const events = calendar.getAllSubcomponents('vevent').map((v) => new ICAL.Event(v));
    expect(events).toHaveLength(1);
    const [event] = events;
    expect(event?.uid).toBe(`meeting-${accepted}@lobby.example.org`);
    expect(event?.summary).toContain('Bob Ng');
    expect(event?.location).toBe('Table zone A');
    expect(event?.description).toBe('Pitch, budget; next steps');
    expect(event?.startDate.toJSDate().toISOString()).toBe(at('09:00'));
    expect(event?.endDate.toJSDate().toISOString()).toBe(at('09:30'));
    const sequence = event?.sequence ?? -1;
    expect(sequence).toBeGreaterThanOrEqual(1);

    // Fetched again: the same event, the same UID, not a second copy.
    const again = new ICAL.Component(ICAL.parse((await t.app.inject({ method: 'GET', url: feedPath(url) })).body));
    expect(again.getAllSubcomponents('vevent').map((v) => new ICAL.Event(v).uid)).toEqual([`meeting-${accepted}@lobby.example.org`]);

    const fresh = (await t.app.inject({ method: 'POST', url: '/api/v1/calendar/feed/reset', headers: alice.headers })).json().data.url as string;
    expect(fresh).not.toBe(url);
    expect((await t.app.inject({ method: 'GET', url: feedPath(url) })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: feedPath(fresh) })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/calendar/feed/short' })).statusCode).toBe(400);

    // Called off: gone from the feed.
    await t.app.inject({ method: 'POST', url: `${base}/${accepted}/cancel`, headers: bob.headers, payload: {} });
    const after = new ICAL.Component(ICAL.parse((await t.app.inject({ method: 'GET', url: feedPath(fresh) })).body));
    expect(after.getAllSubcomponents('vevent')).toHaveLength(0);
  });
});
