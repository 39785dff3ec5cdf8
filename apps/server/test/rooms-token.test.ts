// WN Meet room tokens (issue 16, "WN Meet (Jitsi) and external rooms"): POST
// /api/v1/{eventId}/rooms/{room}/token mints the Jitsi JWT of the event's room. The claims are read
// back with jose and the deployment's secret, never by matching the token's text.
import { ErrorCode, type RoomToken } from '@lobby/contract';
import { decodeProtectedHeader, jwtVerify, type JWTPayload } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMembership, authHeader, createEvent, createTicketType, createUser, defaultEventConfig } from './factories.ts';
import { createTestApp, type TestApp } from './harness.ts';

const JITSI = { JITSI_URL: 'https://meet.lobby.test', JITSI_APP_ID: 'lobby-tests', JITSI_APP_SECRET: 'a-jitsi-app-secret-of-at-least-32-characters' };
const PUBLIC_URL = 'https://lobby.example.org';
type Headers = Record<string, string>;

let t: TestApp;
let bare: TestApp;
let eventId: number;
let otherEventId: number;
let inactiveEventId: number;
const ROOM = 'Summit-Main';
const OTHER_ROOM = 'other-room';
let member: { headers: Headers; id: number; email: string };
let organiser: Headers;
let staff: Headers;
let generalMember: Headers;
let outsider: Headers;
let inactiveMember: Headers;

const db = () => t.database.db;
const ask = (app: TestApp, headers: Headers | undefined, room = ROOM, event = eventId) =>
  app.app.inject({ method: 'POST', url: `/api/v1/${event}/rooms/${room}/token`, ...(headers ? { headers } : {}) });

async function person(values: { event?: number | null; organiser?: boolean; kind?: 'general' | 'standard'; isStaff?: boolean; avatarKey?: string } = {}) {
  const user = await createUser(db(), { firstName: 'Ada', lastName: 'Lovelace', ...(values.isStaff ? { isStaff: true } : {}), ...(values.avatarKey ? { avatarKey: values.avatarKey } : {}) });
  const event = values.event === undefined ? eventId : values.event;
  if (event !== null) {
    const ticket = await createTicketType(db(), event, { kind: values.kind ?? 'standard' });
    await addMembership(db(), event, user.id, { ticketTypeId: ticket.id, isOrganizer: values.organiser ?? false });
  }
  return { headers: await authHeader(db(), t.config.secret, user.id), id: user.id, email: user.email };
}

/** The token's claims, verified with the deployment's secret: signature, algorithm, audience, issuer and times. */
async function claimsOf(token: string): Promise<JWTPayload & Record<string, unknown>> {
  const { payload } = await jwtVerify(token, new TextEncoder().encode(JITSI.JITSI_APP_SECRET), { algorithms: ['HS256'], audience: 'jitsi', issuer: JITSI.JITSI_APP_ID, subject: 'meet.lobby.test' });
  return payload;
}

beforeAll(async () => {
  t = await createTestApp({ ...JITSI, PUBLIC_URL });
  eventId = (await createEvent(db(), { config: { ...defaultEventConfig, wnmeet: { roomId: ROOM } } })).id;
  otherEventId = (await createEvent(db(), { slug: 'other-summit' })).id;
  inactiveEventId = (await createEvent(db(), { active: false })).id;
  member = await person({ avatarKey: 'u1-avatar.png' });
  organiser = (await person({ organiser: true })).headers;
  staff = (await person({ event: null, isStaff: true })).headers;
  generalMember = (await person({ kind: 'general' })).headers;
  outsider = (await person({ event: otherEventId })).headers;
  inactiveMember = (await person({ event: inactiveEventId })).headers;
});

afterAll(async () => {
  await t?.close();
  await bare?.close();
});

describe('a WN Meet room token', () => {
  it("admits a member to the event's room with their name, avatar and e-mail, not as a moderator", async () => {
    const res = await ask(t, member.headers);
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json<{ data: RoomToken }>().data;
    expect(answer).toMatchObject({ domain: 'meet.lobby.test', room: 'summit-main', expires_in: 2 * 60 * 60, moderator: false });
    expect(answer.url).toBe(`https://meet.lobby.test/summit-main?jwt=${answer.token}`);
    expect(decodeProtectedHeader(answer.token)).toEqual({ alg: 'HS256', typ: 'JWT' });
    const claims = await claimsOf(answer.token);
    expect(claims.room).toBe('summit-main');
    expect(claims.moderator).toBe(false);
    expect(claims.context).toEqual({ user: { id: String(member.id), name: 'Ada Lovelace', avatar: expect.stringMatching(/^https:\/\/lobby\.example\.org\/api\/v1\/files\/u1-avatar\.png\?expires=\d+&sig=/), email: member.email, moderator: false } });
    expect(claims.exp! - claims.iat!).toBe(2 * 60 * 60);
    expect(claims.nbf).toBe(claims.iat);
  });

  it('makes the people who run the event moderators, in context.user and at the top level', async () => {
    for (const who of [organiser, staff]) {
      const res = await ask(t, who);
      expect(res.statusCode, res.body).toBe(200);
      const answer = res.json<{ data: RoomToken }>().data;
      expect(answer.moderator).toBe(true);
      const claims = await claimsOf(answer.token);
      expect(claims.moderator).toBe(true);
      expect((claims.context as { user: { moderator: boolean; avatar?: string } }).user).toMatchObject({ moderator: true });
      expect((claims.context as { user: { avatar?: string } }).user.avatar).toBeUndefined();
    }
  });

  it("lets the pages frame the deployment's rooms (CSP frame-src and media-src)", async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toMatch(/frame-src [^;]*https:\/\/meet\.lobby\.test/);
    expect(csp).toMatch(/media-src [^;]*https:\/\/meet\.lobby\.test/);
  });

  it('admits members on a general ticket too', async () => {
    const res = await ask(t, generalMember);
    expect(res.statusCode, res.body).toBe(200);
    expect((await claimsOf(res.json<{ data: RoomToken }>().data.token)).moderator).toBe(false);
  });

  it('cannot be forged or read with another secret', async () => {
    const { token } = (await ask(t, member.headers)).json<{ data: RoomToken }>().data;
    await expect(jwtVerify(token, new TextEncoder().encode('another-secret-of-at-least-32-characters!!'))).rejects.toThrow();
  });

  it("names the event's slug as its room when the organiser set none", async () => {
    const event = await createEvent(db(), { slug: 'roomless-summit' });
    const user = await createUser(db());
    await addMembership(db(), event.id, user.id);
    const headers = await authHeader(db(), t.config.secret, user.id);
    const res = await ask(t, headers, 'roomless-summit', event.id);
    expect(res.statusCode, res.body).toBe(200);
    expect((await claimsOf(res.json<{ data: RoomToken }>().data.token)).room).toBe('roomless-summit');
    expect((await ask(t, headers, ROOM, event.id)).statusCode).toBe(404);
  });

  it("refuses another event's room, a made-up room and a room name that is not one", async () => {
    const other = await ask(t, member.headers, 'other-summit');
    expect(other.statusCode).toBe(404);
    expect(other.json().error.code).toBe(ErrorCode.roomNotFound);
    const madeUp = await ask(t, member.headers, OTHER_ROOM);
    expect(madeUp.statusCode).toBe(404);
    expect(madeUp.json().error.code).toBe(ErrorCode.roomNotFound);
    expect((await ask(t, member.headers, 'bad%20room')).statusCode).toBe(400);
  });

  it('refuses outsiders (403), guests (401), and answers 404 for an unknown or inactive event', async () => {
    const res = await ask(t, outsider);
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe(ErrorCode.forbidden);
    expect((await ask(t, outsider, 'other-summit', otherEventId)).statusCode).toBe(200);
    expect((await ask(t, undefined)).statusCode).toBe(401);
    expect((await ask(t, member.headers, ROOM, 999_999)).statusCode).toBe(404);
    const inactive = await ask(t, inactiveMember, 'x', inactiveEventId);
    expect(inactive.statusCode).toBe(404);
    expect(inactive.json().error.code).toBe(ErrorCode.eventNotFound);
  });

  it('answers 503 rooms.jitsi_not_configured on a server without Jitsi, after the same checks', async () => {
    bare = await createTestApp();
    const bareDb = bare.database.db;
    const event = await createEvent(bareDb, { config: { ...defaultEventConfig, wnmeet: { roomId: ROOM } } });
    const user = await createUser(bareDb);
    await addMembership(bareDb, event.id, user.id);
    const stranger = await createUser(bareDb);
    const res = await ask(bare, await authHeader(bareDb, bare.config.secret, user.id), ROOM, event.id);
    expect(res.statusCode).toBe(503);
    expect(res.json().error).toMatchObject({ code: ErrorCode.jitsiNotConfigured, message: expect.stringContaining('not set up') });
    expect((await ask(bare, await authHeader(bareDb, bare.config.secret, stranger.id), ROOM, event.id)).statusCode).toBe(403);
    expect((await ask(bare, await authHeader(bareDb, bare.config.secret, user.id), OTHER_ROOM, event.id)).statusCode).toBe(404);
  });
});
