import { CHAT_CUSTOM_TYPES, routes, type RouteDef } from '@lobby/contract';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextIp } from './auth-helpers.ts';
import { addMembership, authHeader, createEvent, createTicketType, createUser, eventInput as formInput } from './factories.ts';
import { createTestApp, type TestApp } from './harness.ts';

let t: TestApp;
let organiser: Record<string, string>;
/** Signs the fuzz in as an organiser, so authenticated routes validate their input too; its own user, since it calls logout-others. */
let fuzzerId: number;
beforeAll(async () => {
  // The chat fuzz below sends hundreds of messages from one person: the flood guard would answer them all.
  t = await createTestApp({ LOBBY_DEMO: '1', CHAT_FLOOD_LIMIT: '100000' });
  const user = await createUser(t.database.db, { isOrganizer: true, email: 'hostile-boss@example.test' });
  organiser = await authHeader(t.database.db, t.config.secret, user.id);
  fuzzerId = (await createUser(t.database.db, { isOrganizer: true, email: 'hostile-fuzzer@example.test' })).id;
});
afterAll(() => t.close());

const keysOf = (schema: RouteDef['params'] | RouteDef['query'] | RouteDef['body']): string[] =>
  schema && 'shape' in schema && schema.shape && typeof schema.shape === 'object' ? Object.keys(schema.shape) : [];

/** A JSON text `[[[...]]]` nested `depth` levels: 5,000 levels is 10 KB. */
const deepJson = (depth: number): string => '['.repeat(depth) + ']'.repeat(depth);

/** Any text, including control characters, unicode, percent signs and very long values. */
const hostile = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 300 }),
  fc.constantFrom('', '%', '%00', '%E4', '../..', "'; drop table events;--", 'null', '[]', '{}', '9'.repeat(40), '-1', 'abc', '1.5', '1e400', 'NaN'),
  // Dates outside the calendar or the window, unsafe picture addresses, inherited property names.
  fc.constantFrom('0000-01-01', '0000-01-01T00:00:00Z', '2026-02-30T00:00:00Z', '9999-12-31T23:59:59Z', '//evil.example/x.png', '/\\evil.example/x.png', '/\t/evil', '__proto__', 'constructor', 'toString'),
);
/**
 * Nesting 5,000 levels deep as a body value. As an array it would overflow fast-check's printer
 * and JSON.stringify before reaching the server, so it stands in the payload as a marker that
 * the JSON text replaces.
 */
const DEEP_MARKER = 'lobby-test-deep-marker';
const deepValue = { toJSON: () => DEEP_MARKER, [fc.toStringMethod]: () => 'deepJson(5000)' };
const bodyText = (payload: Record<string, unknown>): string => JSON.stringify(payload).replaceAll(`"${DEEP_MARKER}"`, deepJson(5000));
/** Body values: hostile text, any JSON, or nesting thousands of levels deep. */
const hostileValue = fc.oneof(hostile, fc.jsonValue(), fc.constant(deepValue));

describe('every route under hostile input', () => {
  for (const route of Object.values(routes) as RouteDef[]) {
    it(`${route.method} ${route.path} never answers 5xx and always uses the error shape`, async () => {
      const headers = route.auth ? await authHeader(t.database.db, t.config.secret, fuzzerId) : {};
      await fc.assert(
        fc.asyncProperty(
          fc.array(hostile, { minLength: 4, maxLength: 4 }),
          fc.array(hostile, { minLength: 4, maxLength: 4 }),
          fc.oneof(fc.array(hostileValue, { minLength: 6, maxLength: 6 }), fc.constant(null)),
          async (pathValues, queryValues, bodyValues) => {
          const params = keysOf(route.params);
          const path = route.path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(pathValues[params.indexOf(name)] ?? ''));
          const query = keysOf(route.query)
            .map((key, index) => `${encodeURIComponent(key)}=${encodeURIComponent(queryValues[index] ?? '')}`)
            .join('&');
          const payload = route.body && bodyValues ? Object.fromEntries(keysOf(route.body).map((key, index) => [key, bodyValues[index]])) : undefined;
          const res = await t.app.inject({
            method: route.method,
            url: query ? `${path}?${query}` : path,
            headers: payload ? { ...headers, 'content-type': 'application/json' } : headers,
            remoteAddress: nextIp(),
            ...(payload ? { payload: bodyText(payload) } : {}),
          });
          expect(res.statusCode, res.body).toBeLessThan(500);
          if (res.statusCode >= 400) expect(res.json()).toMatchObject({ error: { code: expect.any(String), message: expect.any(String) } });
          },
        ),
        { numRuns: 60 },
      );
    });
  }
});

describe('text the database cannot store', () => {
  it('answers 400 naming the field for a NUL character in a query or body', async () => {
    const query = await t.app.inject({ method: 'GET', url: '/api/v1/timezones?query=%00' });
    expect(query.statusCode).toBe(400);
    expect(query.json().error.details.fields[0]).toMatchObject({ field: 'query.query', key: 'invalid_characters' });
    const body = await t.app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { email: 'a@example.test', password: 'x\u0000y' } });
    expect(body.statusCode).toBe(400);
    expect(body.json().error.details.fields[0].field).toBe('body.password');
  });
});

const json = { 'content-type': 'application/json' };

describe('deeply nested input', () => {
  it('answers 400 in the error shape on a public route instead of overflowing the stack', async () => {
    for (const payload of [deepJson(5000), `{"email":${deepJson(5000)},"password":"x"}`, deepJson(400_000)]) {
      const res = await t.app.inject({ method: 'POST', url: '/api/v1/auth/login', payload, headers: json, remoteAddress: nextIp() });
      expect(res.statusCode, res.body.slice(0, 200)).toBe(400);
      expect(res.json().error).toMatchObject({ code: 'validation.failed', message: 'Invalid value for "body": Must not be nested more than 64 levels deep.' });
      expect(res.json().error.details.fields[0]).toMatchObject({ field: 'body', key: 'invalid' });
    }
  });

  it('answers 400 on an authenticated route', async () => {
    for (const [method, url] of [['POST', '/api/admin/v1/events'], ['PATCH', '/api/v1/users/me']] as const) {
      const res = await t.app.inject({ method, url, payload: `{"slug":${deepJson(5000)}}`, headers: { ...organiser, ...json } });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().error.message).toContain('nested more than 64 levels');
    }
  });

  it('lets 64 levels through to the ordinary checks and stops at 65', async () => {
    const at = (depth: number) => t.app.inject({ method: 'PATCH', url: '/api/v1/users/me', payload: `{"timezone":${deepJson(depth - 1)}}`, headers: { ...organiser, ...json } });
    const within = await at(64);
    expect(within.statusCode).toBe(400);
    expect(within.json().error.details.fields[0]).toMatchObject({ field: 'body.timezone' });
    const past = await at(65);
    expect(past.statusCode).toBe(400);
    expect(past.json().error.details.fields[0]).toMatchObject({ field: 'body' });
  });

  it('finds a NUL character in an object key', async () => {
    const res = await t.app.inject({ method: 'PATCH', url: '/api/v1/users/me', payload: { 'a\u0000b': 'x' }, headers: organiser });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details.fields[0]).toMatchObject({ field: 'body.a\u0000b', key: 'invalid_characters' });
  });
});

/** A valid event input, changed where a test says. */
const eventInput = (overrides: Record<string, unknown> = {}) => formInput({ slug: `hostile-${Math.random().toString(36).slice(2, 10)}`, name: 'Hostile input', timezone: 'Europe/Berlin', ...overrides });

describe('dates outside the calendar or the window', () => {
  it('creates an event with sane dates (the base input is valid)', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/admin/v1/events', payload: eventInput(), headers: organiser });
    expect(res.statusCode, res.body).toBe(201);
  });

  it.each([
    ['0000-01-01T00:00:00Z', 'date_range'],
    ['0000-01-01T00:00:00.000+00:00', 'date_range'],
    ['1899-12-31T23:59:59Z', 'date_range'],
    ['2201-01-01T00:00:00Z', 'date_range'],
    ['2026-02-30T00:00:00Z', 'date'],
    ['0000-01-01', 'date'],
  ])('answers 400 for date_from %s (%s)', async (date, key) => {
    const res = await t.app.inject({ method: 'POST', url: '/api/admin/v1/events', payload: eventInput({ date_from: date, hub_date_from: date }), headers: organiser });
    expect(res.statusCode, res.body).toBe(400);
    const fields = res.json().error.details.fields as { field: string; key: string; message: string }[];
    expect(fields.find((item) => item.field === 'body.date_from')).toMatchObject({ key });
    expect(fields.find((item) => item.field === 'body.hub_date_from')).toMatchObject({ key });
  });

  it('reports the window in the message', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/admin/v1/events', payload: eventInput({ date_to: '0000-01-01T00:00:00Z' }), headers: organiser });
    expect(res.json().error.message).toBe('Invalid value for "body.date_to": Enter a date between the years 1900 and 2200.');
  });
});

describe('numbers given as text', () => {
  it('says a non-numeric id must be a whole number', async () => {
    for (const id of ['abc', '1.5', '1e400']) {
      const res = await t.app.inject({ method: 'GET', url: `/api/v1/${id}/members/me`, headers: organiser });
      expect(res.statusCode, id).toBe(400);
      expect(res.json().error.details.fields[0]).toMatchObject({ field: 'path.eventId', key: 'whole_number', message: 'Must be a whole number.' });
    }
    const admin = await t.app.inject({ method: 'GET', url: '/api/admin/v1/events/abc', headers: organiser });
    expect(admin.json().error.details.fields[0]).toMatchObject({ field: 'path.id', key: 'whole_number' });
  });

  it('says the same for a page number, and names numeric bounds as values', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/api/v1/1/members?page=abc', headers: organiser });
    expect(page.json().error.details.fields[0]).toMatchObject({ field: 'query.page', key: 'whole_number' });
    const zero = await t.app.inject({ method: 'GET', url: '/api/v1/0/members/me', headers: organiser });
    expect(zero.json().error.details.fields[0]).toMatchObject({ field: 'path.eventId', key: 'min_value', message: 'Must be at least 1.' });
  });

  it('says a wrong type in a JSON body is not valid rather than required', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/admin/v1/events', payload: eventInput({ latitude: 'north', is_online: 'yes' }), headers: organiser });
    const fields = res.json().error.details.fields as { field: string; key: string }[];
    expect(fields.find((item) => item.field === 'body.latitude')).toMatchObject({ key: 'number' });
    expect(fields.find((item) => item.field === 'body.is_online')).toMatchObject({ key: 'invalid' });
    const missing = await t.app.inject({ method: 'POST', url: '/api/admin/v1/events', payload: { ...eventInput(), name: undefined }, headers: organiser });
    expect((missing.json().error.details.fields as { field: string; key: string }[]).find((item) => item.field === 'body.name')).toMatchObject({ key: 'required' });
  });
});

describe('picture addresses', () => {
  it.each(['//evil.example/x.png', '/\\evil.example/x.png', '/a\u0001.png', 'https://cdn.example.org\\x.png'])('rejects %j for a logo, a localised picture and a banner', async (url) => {
    const logo = await t.app.inject({ method: 'POST', url: '/api/admin/v1/events', payload: eventInput({ logo_url: url }), headers: organiser });
    expect(logo.statusCode).toBe(400);
    expect(logo.json().error.details.fields[0]).toMatchObject({ field: 'body.logo_url' });
    const localized = await t.app.inject({ method: 'POST', url: '/api/admin/v1/events', payload: eventInput({ localized_media: [{ category: 'logo', locale: 'ru', url }] }), headers: organiser });
    expect(localized.json().error.details.fields[0]).toMatchObject({ field: 'body.localized_media.0.url' });
    const banner = await t.app.inject({ method: 'PUT', url: '/api/admin/v1/events/1/brandings', payload: { items: [{ place: 'home_top', image_url: url }] }, headers: organiser });
    expect(banner.statusCode).toBe(400);
    expect(banner.json().error.details.fields[0]).toMatchObject({ field: 'body.items.0.image_url' });
  });
});

describe('chat messages from a member of the channel', () => {
  it('never answers 5xx, whatever a sender puts in a message, and stores only what it answered 201 for', async () => {
    const { db } = t.database;
    const event = await createEvent(db);
    const ticket = await createTicketType(db, event.id, { features: ['unlimited_chats'] });
    const [sender, other, third] = [await createUser(db), await createUser(db), await createUser(db)];
    for (const user of [sender, other, third]) await addMembership(db, event.id, user.id, { ticketTypeId: ticket.id });
    const headers = await authHeader(db, t.config.secret, sender.id);
    const open = async (to: number) => (await t.app.inject({ method: 'GET', url: `/api/v1/chat/channels/user/${to}?filter[related_id]=${event.id}`, headers })).json<{ data: { uuid: string } }>().data.uuid;
    const channel = await open(other.id);
    const elsewhere = await open(third.id);
    const send = (id: string, payload: Record<string, unknown>) => t.app.inject({ method: 'POST', url: `/api/v1/chat/channels/${id}/messages`, headers, payload });
    const own = (await send(channel, { text: 'first' })).json<{ data: { id: number; uuid: string } }>().data;
    const foreign = (await send(elsewhere, { text: 'elsewhere' })).json<{ data: { id: number; uuid: string } }>().data;
    const field = <T>(valid: fc.Arbitrary<T>) => fc.oneof(valid, hostileValue, fc.constant(undefined));
    const created: number[] = [];
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          uuid: field(fc.oneof(fc.uuid(), fc.constantFrom(own.uuid, foreign.uuid))),
          text: field(fc.string({ unit: 'grapheme', maxLength: 50 })),
          custom_type: field(fc.constantFrom(...CHAT_CUSTOM_TYPES, null)),
          reply_message_id: field(fc.constantFrom(own.id, foreign.id, Number.MAX_SAFE_INTEGER, 0, -1, null)),
          custom_data: field(fc.record({ event_id: fc.integer(), title: fc.string({ maxLength: 20 }), homework_id: fc.integer(), text: fc.string({ maxLength: 2000, unit: 'binary' }) }, { requiredKeys: [] })),
          files: field(fc.array(fc.constantFrom('chat-none.png', '..', 'a'.repeat(200)), { maxLength: 3 })),
        }),
        async (body) => {
          const res = await t.app.inject({ method: 'POST', url: `/api/v1/chat/channels/${channel}/messages`, headers: { ...headers, 'content-type': 'application/json' }, payload: bodyText(body) });
          expect(res.statusCode, res.body).toBeLessThan(500);
          if (res.statusCode >= 400) expect(res.json()).toMatchObject({ error: { code: expect.any(String), message: expect.any(String) } });
          if (res.statusCode === 201) created.push(res.json<{ data: { seq: number } }>().data.seq);
        },
      ),
      { numRuns: 150 },
    );
    // The channel's numbering stayed whole: the messages stored are 1 (the first) and one per 201.
    const messages = await t.app.inject({ method: 'GET', url: `/api/v1/chat/channels/${channel}/messages?after=0&per_page=100`, headers });
    expect(messages.json<{ data: { seq: number }[] }>().data.map((m) => m.seq)).toEqual([1, ...created].sort((a, b) => a - b).slice(0, 100));
  });
});
