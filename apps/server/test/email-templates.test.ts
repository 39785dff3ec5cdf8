import type { EmailTemplate } from '@lobby/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outbox } from '../src/db/schema/index.ts';
import { addMembership, authHeader, createUser } from './factories.ts';
import { createTestApp, type TestApp } from './harness.ts';
import { at, meetingWorld } from './meetings-fixtures.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('e-mail templates per event', () => {
  it('lets organisers override a type in a language, preview it, and meeting mails use it', async () => {
    const { db } = t.database;
    const w = await meetingWorld(t);
    const organiser = await createUser(db);
    await addMembership(db, w.eventId, organiser.id, { isOrganizer: true });
    const headers = await authHeader(db, t.config.secret, organiser.id);
    const base = `/api/v1/events/${w.eventId}/emails`;

    const created = await t.app.inject({
      method: 'POST',
      url: base,
      headers,
      payload: { name: 'Summit request', type_id: 7, translations: { en: { subject: '{{other}} wants to meet at {{event}}', body: 'Hi {{name}},\n\n{{other}} asks for {{when}} at {{location}}.\n{{unknown}} <b>bold</b>' } } },
    });
    expect(created.statusCode, created.body).toBe(201);
    const template = created.json<{ data: EmailTemplate }>().data;
    expect(template.variables).toEqual(['name', 'other', 'event', 'when', 'location', 'reason', 'link']);
    expect((await t.app.inject({ method: 'POST', url: base, headers, payload: { name: 'Again', type_id: 7, translations: { en: { subject: 's', body: 'b' } } } })).json().error.code).toBe('email_template.type_taken');
    expect((await t.app.inject({ method: 'POST', url: base, headers, payload: { name: 'Custom one', type_id: 14, translations: { ru: { subject: 'Тема', body: 'Текст' } } } })).statusCode).toBe(201);
    expect((await t.app.inject({ method: 'POST', url: base, headers, payload: { name: 'Empty', type_id: 8, translations: {} } })).statusCode).toBe(400);

    const list = (await t.app.inject({ method: 'GET', url: `${base}?filter[type_ids]=7,14`, headers })).json();
    expect(list.data.map((item: { type_id: number }) => item.type_id)).toEqual([7, 14]);
    expect((await t.app.inject({ method: 'GET', url: `${base}?filter[query]=custom`, headers })).json().data).toHaveLength(1);
    const picker = (await t.app.inject({ method: 'GET', url: `${base}/autocomplete`, headers })).json().data;
    expect(picker.map((item: { type_id: number }) => item.type_id)).toEqual([7]);
    expect((await t.app.inject({ method: 'GET', url: `${base}/${template.id}`, headers })).json().data.translations.en.subject).toBe('{{other}} wants to meet at {{event}}');

    const preview = (await t.app.inject({ method: 'POST', url: `${base}/preview`, headers, payload: { type_id: 7, language: 'en', subject: '{{other}} at {{event}}', body: 'Hi {{name}} <script>x</script>' } })).json().data;
    expect(preview.subject).toBe('Wei Zhang at Lobby Summit');
    expect(preview.html).toContain('Hi Alex &lt;script&gt;x&lt;/script&gt;');

    // A meeting request mail now uses the event's text; a Russian reader gets the English text (no Russian one was written).
    const alice = await w.person(undefined, { user: { firstName: 'Alice', lastName: 'Adams' } });
    const bob = await w.person(undefined, { user: { firstName: 'Bob', language: 'ru', email: `bob-tpl-${Date.now()}@example.test` } });
    await t.app.inject({ method: 'POST', url: `/api/v1/${w.eventId}/meetings`, headers: alice.headers, payload: { member_id: bob.memberId, starts_at: at('09:00') } });
    const [sent] = (await db.select().from(outbox).where(and(eq(outbox.kind, 'meeting_request_sent'), eq(outbox.language, 'ru')))).filter((row) => row.toEmail.startsWith('bob-tpl-'));
    expect(sent?.subject).toMatch(/^Alice Adams wants to meet at Event \d+$/);
    expect(sent?.text).toContain('Hi Bob,');
    expect(sent?.text).toContain('{{unknown}} <b>bold</b>');
    expect(sent?.html).toContain('&lt;b&gt;bold&lt;/b&gt;');

    // Removed: the built-in mail again.
    expect((await t.app.inject({ method: 'DELETE', url: `${base}/${template.id}`, headers })).json()).toEqual({ data: { deleted: true } });
    expect((await t.app.inject({ method: 'GET', url: `${base}/${template.id}`, headers })).statusCode).toBe(404);
  });

  it("keeps other events' templates out of reach (IDOR) and refuses attendees", async () => {
    const { db } = t.database;
    const a = await meetingWorld(t);
    const b = await meetingWorld(t);
    const organiserA = await createUser(db);
    await addMembership(db, a.eventId, organiserA.id, { isOrganizer: true });
    const organiserB = await createUser(db);
    await addMembership(db, b.eventId, organiserB.id, { isOrganizer: true });
    const headersA = await authHeader(db, t.config.secret, organiserA.id);
    const headersB = await authHeader(db, t.config.secret, organiserB.id);
    const id = (await t.app.inject({ method: 'POST', url: `/api/v1/events/${a.eventId}/emails`, headers: headersA, payload: { name: 'A', type_id: 8, translations: { en: { subject: 's', body: 'b' } } } })).json().data.id as number;
    expect((await t.app.inject({ method: 'GET', url: `/api/v1/events/${b.eventId}/emails/${id}`, headers: headersB })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/v1/events/${a.eventId}/emails/${id}`, headers: headersB })).statusCode).toBe(403);
    const attendee = await a.person();
    expect((await t.app.inject({ method: 'GET', url: `/api/v1/events/${a.eventId}/emails`, headers: attendee.headers })).statusCode).toBe(403);
  });
});
