// Custom pushes (issue 18): an organiser's message to a segment of the event's people lands in
// their notifications, goes to their devices and by mail to those who take mail.
import { pushRoute, type PushData } from '@lobby/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkIns, jobs, notifications, outbox } from '../src/db/schema/index.ts';
import { CUSTOM_PUSH_JOB } from '../src/modules/push/kinds.ts';
import { addMembership, authHeader, createEvent, createTicketType, createUser } from './factories.ts';
import { createTestApp, type TestApp } from './harness.ts';
import { PushReceiver } from './support/push-receiver.ts';
import { TEST_CERT } from './support/tls-fixture.ts';

let t: TestApp;
const receiver = new PushReceiver();

beforeAll(async () => {
  await receiver.start();
  t = await createTestApp({ PUBLIC_URL: 'https://lobby.example.org' }, { pushTransport: { ca: TEST_CERT } });
});
afterAll(async () => {
  await t.close();
  await receiver.stop();
});

async function drain(): Promise<void> {
  for (let turn = 0; turn < 50; turn += 1) if ((await t.app.deps.jobs.runOnce()) === 0) return;
}

/** An event with an organiser, two ticket types and people on them: some checked in, one a speaker, one without mail. */
async function world() {
  const { db } = t.database;
  const event = await createEvent(db);
  const business = await createTicketType(db, event.id, { name: 'Business' });
  const general = await createTicketType(db, event.id, { name: 'General' });
  const organiser = await createUser(db);
  await addMembership(db, event.id, organiser.id, { isOrganizer: true, ticketTypeId: business.id });
  const make = async (ticketTypeId: number, options: { roleIds?: number[]; checkedIn?: boolean; noMail?: boolean } = {}) => {
    const user = await createUser(db, { disableEmailNotifications: options.noMail ?? false, language: 'ru' });
    await addMembership(db, event.id, user.id, { ticketTypeId, roleIds: options.roleIds ?? [1] });
    if (options.checkedIn) await db.insert(checkIns).values({ eventId: event.id, userId: user.id });
    return user;
  };
  const people = {
    businessIn: await make(business.id, { checkedIn: true }),
    businessOut: await make(business.id),
    speakerIn: await make(general.id, { roleIds: [1, 3], checkedIn: true, noMail: true }),
    generalOut: await make(general.id),
  };
  const headers = { ...(await authHeader(db, t.config.secret, organiser.id)), 'content-type': 'application/json' };
  return { event, business, general, organiser, people, headers };
}

const send = (eventId: number, headers: Record<string, string>, payload: Record<string, unknown>) => t.app.inject({ method: 'POST', url: `/api/admin/v1/events/${eventId}/pushes`, headers, payload });
const preview = (eventId: number, headers: Record<string, string>, segment: Record<string, unknown>) => t.app.inject({ method: 'POST', url: `/api/admin/v1/events/${eventId}/pushes/preview`, headers, payload: { segment } });

describe('custom pushes', () => {
  it('counts a segment before sending: ticket types, roles and check-in narrow it, empty is everybody', async () => {
    const w = await world();
    const count = async (segment: Record<string, unknown>) => {
      const res = await preview(w.event.id, w.headers, segment);
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data.recipients as number;
    };
    expect(await count({})).toBe(5);
    expect(await count({ ticket_type_ids: [w.business.id] })).toBe(3);
    expect(await count({ ticket_type_ids: [w.business.id], checked_in: true })).toBe(1);
    expect(await count({ checked_in: false })).toBe(3);
    expect(await count({ role_ids: [3] })).toBe(1);
    expect(await count({ role_ids: [3], checked_in: false })).toBe(0);
    expect(await count({ ticket_type_ids: [w.business.id, w.general.id], checked_in: true })).toBe(2);
  });

  it('sends to the segment: a custom_push notification, a push that opens its link, a mail for those who take mail', async () => {
    const w = await world();
    const devices = { businessIn: receiver.subscribe(), speakerIn: receiver.subscribe(), generalOut: receiver.subscribe() };
    for (const [who, device] of Object.entries(devices)) {
      const headers = await authHeader(t.database.db, t.config.secret, w.people[who as keyof typeof devices].id);
      expect((await t.app.inject({ method: 'POST', url: '/api/push/v1/user', headers, payload: { platform: 'web', token: device.endpoint, keys: device.keys } })).statusCode).toBe(200);
    }
    const res = await send(w.event.id, w.headers, { title: 'Keynote moved', text: 'The keynote starts in hall B.', url: '/events/summit/lectures/1/2', segment: { checked_in: true } });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({ title: 'Keynote moved', text: 'The keynote starts in hall B.', url: '/events/summit/lectures/1/2', segment: { checked_in: true }, recipients: 2 });
    await drain();

    const written = await t.database.db.select().from(notifications).where(and(eq(notifications.eventId, w.event.id), eq(notifications.type, 'custom_push')));
    expect(written.map((n) => n.userId).sort()).toEqual([w.people.businessIn.id, w.people.speakerIn.id].sort());
    expect(written[0]?.data).toMatchObject({ title: 'Keynote moved', text: 'The keynote starts in hall B.', url: '/events/summit/lectures/1/2', event_slug: w.event.slug });

    expect(receiver.to(devices.generalOut)).toHaveLength(0);
    for (const device of [devices.businessIn, devices.speakerIn]) {
      const [push, ...more] = receiver.to(device);
      expect(more).toHaveLength(0);
      expect(push?.error).toBeNull();
      const payload = push?.payload as { title: string; body: string; data: PushData };
      expect(payload).toMatchObject({ title: 'Keynote moved', body: 'The keynote starts in hall B.' });
      expect(payload.data).toMatchObject({ type: 'custom_push', url: '/events/summit/lectures/1/2' });
      expect(pushRoute(payload.data, { productHosts: ['lobby.example.org'], singleEvent: false })).toEqual({ kind: 'app', path: '/events/summit/lectures/1/2?chat=open' });
    }

    const mails = await t.database.db.select().from(outbox).where(eq(outbox.kind, 'custom_push'));
    const mine = mails.filter((mail) => [w.people.businessIn.email, w.people.speakerIn.email].includes(mail.toEmail));
    // The speaker turned mail off; the other reads Russian.
    expect(mine.map((mail) => mail.toEmail)).toEqual([w.people.businessIn.email]);
    expect(mine[0]?.subject).toContain('Keynote moved');
    expect(mine[0]?.text).toContain('The keynote starts in hall B.');
    expect(mine[0]?.text).toContain('https://lobby.example.org/events/summit/lectures/1/2');
    expect(mine[0]?.text).toContain('Здравствуйте');

    // Sent once: running the job again (a second node, a retry) writes, pushes and mails nothing more.
    await t.database.db.insert(jobs).values({ kind: CUSTOM_PUSH_JOB, payload: { customPushId: res.json().data.id, after: 0 } });
    await drain();
    expect(await t.database.db.select().from(notifications).where(and(eq(notifications.eventId, w.event.id), eq(notifications.type, 'custom_push')))).toHaveLength(2);
    expect(receiver.to(devices.businessIn)).toHaveLength(1);
    expect((await t.database.db.select().from(outbox).where(eq(outbox.kind, 'custom_push'))).filter((mail) => mail.toEmail === w.people.businessIn.email)).toHaveLength(1);

    const list = await t.app.inject({ method: 'GET', url: `/api/admin/v1/events/${w.event.id}/pushes`, headers: w.headers });
    expect(list.json().data).toMatchObject([{ id: res.json().data.id, recipients: 2 }]);
  });

  it('reaches a large segment in pages', async () => {
    const w = await world();
    const { db } = t.database;
    const many = await Promise.all(Array.from({ length: 230 }, () => createUser(db)));
    for (const user of many) await addMembership(db, w.event.id, user.id, { ticketTypeId: w.general.id });
    const res = await send(w.event.id, w.headers, { title: 'Lunch', text: 'Lunch is served.', segment: { ticket_type_ids: [w.general.id] } });
    expect(res.json().data.recipients).toBe(232);
    await drain();
    const [row] = await db.execute(`select count(*)::int as n from notifications where event_id = ${w.event.id} and type = 'custom_push'`).then((r) => (r as unknown as { rows: { n: number }[] }).rows);
    expect(row?.n).toBe(232);
  });

  it.each([
    ['an http link', { url: 'http://example.org/' }, 422, 'push.url_invalid'],
    ['a javascript: link', { url: 'javascript:alert(1)' }, 422, 'push.url_invalid'],
    ['a protocol-relative link', { url: '//evil.example/' }, 422, 'push.url_invalid'],
    ['an empty title', { title: '  ' }, 400, 'validation.failed'],
    ['a text past 1000 characters', { text: 'x'.repeat(1001) }, 400, 'validation.failed'],
    ['an unknown role', { segment: { role_ids: [99] } }, 400, 'validation.failed'],
  ] as const)('refuses %s', async (_name, change, status, code) => {
    const w = await world();
    const res = await send(w.event.id, w.headers, { title: 'Hello', text: 'World', ...change });
    expect(res.statusCode, res.body).toBe(status);
    expect(res.json().error.code).toBe(code);
  });

  it("refuses another event's ticket type, and people who do not run the event", async () => {
    const w = await world();
    const other = await world();
    const res = await send(w.event.id, w.headers, { title: 'Hi', text: 'There', segment: { ticket_type_ids: [other.business.id] } });
    expect(res.statusCode).toBe(422);
    expect(res.json().error.code).toBe('push.segment_invalid');
    const attendee = await authHeader(t.database.db, t.config.secret, w.people.businessIn.id);
    expect((await send(w.event.id, attendee, { title: 'Hi', text: 'There' })).statusCode).toBe(403);
    expect((await send(other.event.id, w.headers, { title: 'Hi', text: 'There' })).statusCode).toBe(403);
  });

  it('answers 429 past the hourly number of messages of one event', async () => {
    const w = await world();
    const answers = [];
    for (let i = 0; i < 21; i += 1) answers.push((await send(w.event.id, w.headers, { title: `N${i}`, text: 'Again' })).statusCode);
    expect(answers.slice(0, 20).every((status) => status === 201)).toBe(true);
    expect(answers[20]).toBe(429);
  });
});
