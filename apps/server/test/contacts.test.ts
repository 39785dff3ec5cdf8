import type { Contact } from '@lobby/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeader, createEvent, createUser } from './factories.ts';
import { createTestApp, type TestApp } from './harness.ts';
import { addEventCompany, person, type Person } from './people-fixtures.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const star = (eventId: number, from: Person, to: Person) => t.app.inject({ method: 'PUT', url: `/api/v1/${eventId}/favorites/users/${to.memberId}`, headers: from.headers });
const get = (url: string, headers: Record<string, string>) => t.app.inject({ method: 'GET', url, headers });

/** Unfolds RFC 6350 lines and splits the cards. */
const parseVcards = (text: string) =>
  text
    .replace(/\r\n /g, '')
    .split('END:VCARD\r\n')
    .filter(Boolean)
    .map((card) => card.split('\r\n').filter(Boolean));

/** A CSV reader for quoted cells with "" escapes (what the export writes). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  const endCell = () => {
    row.push(cell);
    cell = '';
  };
  for (let i = 0; i < text.length; i += 1) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') endCell();
    else if (c === '\r' && text[i + 1] === '\n') {
      endCell();
      rows.push(row);
      row = [];
      i += 1;
    } else cell += c;
  }
  return rows;
}

describe('contacts', () => {
  async function world() {
    const { db } = t.database;
    const tag = Math.random().toString(36).slice(2, 8);
    const event = await createEvent(db, { slug: `expo-${tag}` });
    const company = await addEventCompany(db, event.id, { name: 'Pixel; Forge, Ltd' });
    const me = await person(t, event.id);
    const mutual = await person(t, event.id, { firstName: 'Zoë', lastName: '=cmd|calc', job: 'Lead, Design; Art\nDirector', email: `zoe-${tag}@example.test`, phone: '+1 555 0100', showEmail: true, showPhone: true, companyId: company.id });
    const hidden = await person(t, event.id, { firstName: 'Hidden', lastName: 'Person', email: `hidden-${tag}@example.test`, phone: '+1 555 0199' });
    const oneWay = await person(t, event.id, { firstName: 'One', lastName: 'Way' });
    for (const [from, to] of [[me, mutual], [mutual, me], [me, hidden], [hidden, me], [me, oneWay]] as const) expect((await star(event.id, from, to)).statusCode).toBe(200);
    return { event, me, mutual, hidden, oneWay };
  }

  it('lists people who starred each other, with e-mail and phone only where allowed', async () => {
    const { event, me, mutual, hidden } = await world();
    const res = await get(`/api/v1/${event.id}/contacts`, me.headers);
    expect(res.statusCode).toBe(200);
    const page = res.json<{ data: Contact[]; meta: { total: number } }>();
    expect(page.meta.total).toBe(2);
    const byId = new Map(page.data.map((c) => [c.id, c]));
    expect(byId.get(mutual.memberId)).toMatchObject({ connected_via: ['favorite'], email: expect.stringMatching(/^zoe-\w+@example\.test$/), phone: '+1 555 0100' });
    expect(byId.get(hidden.memberId)).toMatchObject({ email: null, phone: null });
    // The one-way star is not a contact, for either side.
    expect((await get(`/api/v1/${event.id}/contacts`, mutual.headers)).json().meta.total).toBe(1);
  });

  it('exports a vCard 4.0 file with CRLF lines and escaped values', async () => {
    const { event, me } = await world();
    const res = await get(`/api/v1/${event.id}/contacts/export?format=vcf`, me.headers);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/vcard');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="contacts-${event.slug}.vcf"`);
    expect(res.body.replace(/\r\n/g, '')).not.toMatch(/\n/);
    const cards = parseVcards(res.body);
    expect(cards).toHaveLength(2);
    const zoe = cards.find((lines) => lines.some((l) => l.startsWith('FN:Zoë')));
    expect(zoe).toBeDefined();
    expect(zoe?.slice(0, 2)).toEqual(['BEGIN:VCARD', 'VERSION:4.0']);
    expect(zoe).toEqual(expect.arrayContaining(['N:=cmd|calc;Zoë;;;', 'ORG:Pixel\\; Forge\\, Ltd', 'TITLE:Lead\\, Design\\; Art\\nDirector', 'TEL:+1 555 0100']));
    expect(zoe?.find((l) => l.startsWith('EMAIL:'))).toMatch(/^EMAIL:zoe-\w+@example\.test$/);
    expect(zoe?.find((l) => l.startsWith('URL:'))).toMatch(new RegExp(`^URL:https?://.+/events/${event.slug}/members/\\d+$`));
    const hidden = cards.find((lines) => lines.includes('FN:Hidden Person'));
    expect(hidden?.some((l) => l.startsWith('EMAIL') || l.startsWith('TEL'))).toBe(false);
  });

  it('exports CSV with a header row, quoted cells and formula-looking cells neutralised', async () => {
    const { event, me } = await world();
    const res = await get(`/api/v1/${event.id}/contacts/export?format=csv`, me.headers);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="contacts-${event.slug}.csv"`);
    const rows = parseCsv(res.body);
    expect(rows[0]).toEqual(['first_name', 'last_name', 'company', 'job', 'email', 'phone', 'url']);
    expect(rows).toHaveLength(3);
    const zoe = rows.find((r) => r[0] === 'Zoë');
    expect(zoe?.slice(1, 4)).toEqual(["'=cmd|calc", 'Pixel; Forge, Ltd', 'Lead, Design; Art\nDirector']);
    expect(zoe?.[4]).toMatch(/^zoe-\w+@example\.test$/);
    expect(zoe?.[5]).toBe("'+1 555 0100");
    const hidden = rows.find((r) => r[0] === 'Hidden');
    expect(hidden?.slice(4, 6)).toEqual(['', '']);
  });

  it('answers 400 for a bad format, 401 for guests, 404 for outsiders, and an empty list for staff', async () => {
    const { db } = t.database;
    const { event, me } = await world();
    expect((await get(`/api/v1/${event.id}/contacts/export?format=pdf`, me.headers)).statusCode).toBe(400);
    expect((await get(`/api/v1/${event.id}/contacts/export`, me.headers)).statusCode).toBe(400);
    expect((await get(`/api/v1/${event.id}/contacts?page=-1`, me.headers)).statusCode).toBe(400);
    expect((await get(`/api/v1/${event.id}/contacts`, {})).statusCode).toBe(401);
    const outsider = await createUser(db);
    expect((await get(`/api/v1/${event.id}/contacts/export?format=csv`, await authHeader(db, t.config.secret, outsider.id))).statusCode).toBe(404);
    const staff = await createUser(db, { isStaff: true });
    expect((await get(`/api/v1/${event.id}/contacts`, await authHeader(db, t.config.secret, staff.id))).json().meta.total).toBe(0);
  });
});

describe('contacts through meetings', () => {
  it('adds people with an accepted meeting, not those with a pending or declined one', async () => {
    const { meetingWorld, at } = await import('./meetings-fixtures.ts');
    const w = await meetingWorld(t);
    const me = await w.person();
    const met = await w.person();
    const pending = await w.person();
    const both = await w.person();
    const request = async (to: Person, time: string) => (await t.app.inject({ method: 'POST', url: `/api/v1/${w.eventId}/meetings`, headers: me.headers, payload: { member_id: to.memberId, starts_at: at(time) } })).json().data.id as number;
    await t.app.inject({ method: 'POST', url: `/api/v1/${w.eventId}/meetings/${await request(met, '09:00')}/accept`, headers: met.headers });
    await request(pending, '09:30');
    await t.app.inject({ method: 'POST', url: `/api/v1/${w.eventId}/meetings/${await request(both, '10:00')}/accept`, headers: both.headers });
    await star(w.eventId, me, both);
    await star(w.eventId, both, me);
    const contacts = (await get(`/api/v1/${w.eventId}/contacts`, me.headers)).json<{ data: Contact[]; meta: { total: number } }>();
    expect(contacts.meta.total).toBe(2);
    const via = new Map(contacts.data.map((c) => [c.id, c.connected_via]));
    expect(via.get(met.memberId)).toEqual(['meeting']);
    expect(via.get(both.memberId)).toEqual(['favorite', 'meeting']);
    expect(via.has(pending.memberId)).toBe(false);
    // The other side sees the meeting too.
    expect((await get(`/api/v1/${w.eventId}/contacts`, met.headers)).json<{ data: Contact[] }>().data.map((c) => c.id)).toEqual([me.memberId]);
  });
});

describe('contacts through chats', () => {
  it('adds people both sides wrote to in a private chat, not someone who only received a message', async () => {
    const { addMembership, createTicketType } = await import('./factories.ts');
    const { db } = t.database;
    const event = await createEvent(db);
    const ticket = await createTicketType(db, event.id, { features: ['unlimited_chats'] });
    const chatter = async () => {
      const user = await createUser(db);
      const member = await addMembership(db, event.id, user.id, { ticketTypeId: ticket.id });
      return { userId: user.id, memberId: member.id, headers: await authHeader(db, t.config.secret, user.id) };
    };
    const [me, talked, silent] = [await chatter(), await chatter(), await chatter()];
    const say = async (from: Person, to: Person) => {
      const channel = (await get(`/api/v1/chat/channels/user/${to.userId}?filter[related_id]=${event.id}`, from.headers)).json().data.uuid as string;
      const sent = await t.app.inject({ method: 'POST', url: `/api/v1/chat/channels/${channel}/messages`, headers: from.headers, payload: { text: 'hello' } });
      expect(sent.statusCode, sent.body).toBe(201);
    };
    await say(me, talked);
    await say(talked, me);
    await say(me, silent);
    const contacts = (await get(`/api/v1/${event.id}/contacts`, me.headers)).json<{ data: Contact[] }>();
    expect(contacts.data.map((c) => [c.id, c.connected_via])).toEqual([[talked.memberId, ['chat']]]);
  });
});
