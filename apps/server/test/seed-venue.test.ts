// The demo's venue (issue 17): the volunteer (Helper role) works the summit's badge desk, a few
// people have badges and some are checked in, the demo attendee's company has booth leads, and the
// attendee exchanged badges with one person and was scanned at another company's booth.
import type { CapturedBy, CheckInStats, Contact, Lead, MyBadge, VolunteerAttendee } from '@lobby/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { events } from '../src/db/schema/index.ts';
import { bearer, signInWithPassword } from './auth-helpers.ts';
import { createTestApp, type TestApp } from './harness.ts';

let t: TestApp;
let eventId: number;
beforeAll(async () => {
  t = await createTestApp({ LOBBY_DEMO: '1' });
  const [summit] = await t.database.db.select({ id: events.id }).from(events).where(eq(events.slug, 'lobby-summit'));
  eventId = summit?.id ?? 0;
});
afterAll(() => t.close());

const headersOf = async (email: string, password: string) => bearer(await signInWithPassword(t.app, email, password));
const get = async <T>(url: string, headers: Record<string, string>) => {
  const res = await t.app.inject({ method: 'GET', url, headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<T>();
};

describe('demo venue', () => {
  it('the volunteer works the badge desk: badges printed, some people checked in', async () => {
    const volunteer = await headersOf('volunteer@lobby.demo', 'Volunteer-2026');
    const me = await get<{ data: { sections: Record<string, string>; abilities: string[] } }>(`/api/v1/${eventId}/members/me`, volunteer);
    expect(me.data.sections.volunteer).toBe('ok');
    expect(me.data.abilities).toContain('volunteer.badges');
    const checked = await get<{ data: VolunteerAttendee[]; meta: { total: number } }>(`/api/v1/${eventId}/volunteer/attendees?filter%5Bchecked_in%5D=1`, volunteer);
    expect(checked.meta.total).toBeGreaterThanOrEqual(10);
    const badged = await get<{ meta: { total: number } }>(`/api/v1/${eventId}/volunteer/attendees?filter%5Bbadge%5D=1`, volunteer);
    expect(badged.meta.total).toBeGreaterThan(checked.meta.total);
    const organiser = await headersOf('organizer@lobby.demo', 'Organizer-2026');
    const stats = await get<{ data: CheckInStats }>(`/api/admin/v1/events/${eventId}/check-ins`, organiser);
    expect(stats.data.checked_in).toBe(checked.meta.total);
    expect(stats.data.members).toBeGreaterThan(stats.data.checked_in);
  });

  it("the attendee's company has leads, an exchanged contact and a company that scanned them", async () => {
    const attendee = await headersOf('attendee@lobby.demo', 'Attendee-2026');
    const badge = await get<{ data: MyBadge }>(`/api/v1/${eventId}/badge/me`, attendee);
    const [nebula] = badge.data.lead_companies;
    expect(nebula).toMatchObject({ name: 'Nebula Games', role: 'admin' });
    const leads = await get<{ data: Lead[]; role: string }>(`/api/v1/${eventId}/companies/${nebula?.id}/leads`, attendee);
    expect(leads.data.length).toBeGreaterThanOrEqual(3);
    expect(leads.data.some((lead) => lead.rating !== null && lead.note !== '')).toBe(true);
    const contacts = await get<{ data: Contact[] }>(`/api/v1/${eventId}/contacts?per_page=100`, attendee);
    expect(contacts.data.some((contact) => contact.connected_via.includes('badge'))).toBe(true);
    const scanned = await get<{ data: CapturedBy[] }>(`/api/v1/${eventId}/leads/mine`, attendee);
    expect(scanned.data).toHaveLength(1);
  });
});
