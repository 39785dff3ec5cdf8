// Room recordings (contract.md, "Meeting recording (room video)"; issue 14, second part): the
// page editor's recordings picker lists a room's recordings; organisers remove one.
import { ErrorCode, type RoomVideo } from '@lobby/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { roomVideos } from '../src/db/schema/index.ts';
import { addMembership, authHeader, createEvent, createTicketType, createUser } from './factories.ts';
import { createTestApp, type TestApp } from './harness.ts';

let t: TestApp;
type Headers = Record<string, string>;
let eventId: number;
let otherEventId: number;
let inactiveEventId: number;
let organiser: Headers;
let otherOrganiser: Headers;
let staff: Headers;
let member: Headers;
let generalMember: Headers;
let outsider: Headers;

const db = () => t.database.db;
const url = (room: string, event = eventId) => `/api/v1/${event}/rooms/${room}/videos`;
const list = (headers: Headers | undefined, room = 'main-hall', event = eventId, query = '') => t.app.inject({ method: 'GET', url: `${url(room, event)}${query}`, ...(headers ? { headers } : {}) });
const remove = (headers: Headers, link: string, room = 'main-hall', event = eventId) => t.app.inject({ method: 'DELETE', url: url(room, event), headers, payload: { link } });
const HOUR = 60 * 60 * 1000;
const link = (name: string) => `https://meet.jit.si/recordings/${name}.mp4`;

async function person(values: { event?: number | null; organiser?: boolean; kind?: 'general' | 'standard'; isStaff?: boolean } = {}) {
  const user = await createUser(db(), values.isStaff ? { isStaff: true } : {});
  const event = values.event === undefined ? eventId : values.event;
  if (event !== null) {
    const ticket = await createTicketType(db(), event, { code: `t${user.id}`, kind: values.kind ?? 'standard' });
    await addMembership(db(), event, user.id, { ticketTypeId: ticket.id, isOrganizer: values.organiser ?? false });
  }
  return authHeader(db(), t.config.secret, user.id);
}

beforeAll(async () => {
  t = await createTestApp();
  eventId = (await createEvent(db())).id;
  otherEventId = (await createEvent(db())).id;
  inactiveEventId = (await createEvent(db(), { active: false })).id;
  organiser = await person({ organiser: true });
  otherOrganiser = await person({ event: otherEventId, organiser: true });
  staff = await person({ event: null, isStaff: true });
  member = await person();
  generalMember = await person({ kind: 'general' });
  outsider = await person({ event: otherEventId });
  const base = Date.now();
  await db()
    .insert(roomVideos)
    .values([
      { eventId, room: 'main-hall', link: link('day-1'), createdAt: new Date(base - 48 * HOUR) },
      { eventId, room: 'main-hall', link: link('day-3'), createdAt: new Date(base - 2 * HOUR) },
      { eventId, room: 'main-hall', link: link('day-2'), createdAt: new Date(base - 24 * HOUR) },
      { eventId, room: 'side-room', link: link('side') },
      { eventId: otherEventId, room: 'main-hall', link: link('other-event') },
      { eventId: inactiveEventId, room: 'main-hall', link: link('inactive') },
    ]);
});

afterAll(async () => {
  await t?.close();
});

describe('listing a room’s recordings', () => {
  it('lists them newest first, to members on any ticket, organisers and staff', async () => {
    for (const who of [member, generalMember, organiser, staff]) {
      const res = await list(who);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json<{ data: RoomVideo[] }>().data.map((video) => video.link)).toEqual([link('day-3'), link('day-2'), link('day-1')]);
    }
    const [first] = (await list(member, 'main-hall', eventId, '?broadcast=jitsi')).json<{ data: RoomVideo[] }>().data;
    // A Jitsi recording: named after its file, with no poster or duration (those come with recordings made here).
    expect(first).toEqual({ id: expect.any(Number), link: link('day-3'), name: 'day-3', preview: null, duration_seconds: null, created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) });
  });

  it("answers an empty list for a room without recordings, and never another room's or event's", async () => {
    expect((await list(member, 'no-such-room')).json()).toEqual({ data: [] });
    expect((await list(member, 'side-room')).json<{ data: RoomVideo[] }>().data.map((video) => video.link)).toEqual([link('side')]);
    expect((await list(outsider, 'main-hall', otherEventId)).json<{ data: RoomVideo[] }>().data.map((video) => video.link)).toEqual([link('other-event')]);
  });

  it('refuses outsiders (403) and guests (401); an unknown or inactive event is 404 except to its organisers', async () => {
    expect((await list(outsider)).statusCode).toBe(403);
    expect((await list(otherOrganiser)).statusCode).toBe(403);
    expect((await list(undefined)).statusCode).toBe(401);
    expect((await list(member, 'main-hall', 2_000_000)).statusCode).toBe(404);
    expect((await list(member, 'main-hall', inactiveEventId)).statusCode).toBe(404);
    expect((await list(staff, 'main-hall', inactiveEventId)).json<{ data: RoomVideo[] }>().data).toHaveLength(1);
  });

  it('refuses a bad room name or broadcast with 400', async () => {
    expect((await list(member, '..%2Fetc')).statusCode).toBe(400);
    expect((await list(member, 'main-hall', eventId, '?broadcast=youtube')).statusCode).toBe(400);
  });
});

describe('removing a recording', () => {
  it('is for the organisers: members 403, another event’s organisers 403; removed once, then 404', async () => {
    expect((await remove(member, link('day-1'))).statusCode).toBe(403);
    expect((await remove(generalMember, link('day-1'))).statusCode).toBe(403);
    expect((await remove(otherOrganiser, link('day-1'))).statusCode).toBe(403);
    const res = await remove(organiser, link('day-1'));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ data: { deleted: true } });
    const again = await remove(organiser, link('day-1'));
    expect(again.statusCode).toBe(404);
    expect(again.json().error.code).toBe(ErrorCode.roomVideoNotFound);
    expect((await list(member)).json<{ data: RoomVideo[] }>().data.map((video) => video.link)).toEqual([link('day-3'), link('day-2')]);
  });

  it("never reaches another room's or another event's recording", async () => {
    // The link exists, but in another room of the event and in the same room of another event.
    expect((await remove(organiser, link('side'))).statusCode).toBe(404);
    expect((await remove(organiser, link('other-event'))).statusCode).toBe(404);
    expect((await remove(organiser, link('other-event'), 'main-hall', otherEventId)).statusCode).toBe(403);
    expect(await db().select().from(roomVideos).where(and(eq(roomVideos.eventId, otherEventId), eq(roomVideos.link, link('other-event'))))).toHaveLength(1);
    expect((await remove(staff, link('side'), 'side-room')).statusCode).toBe(200);
  });
});
