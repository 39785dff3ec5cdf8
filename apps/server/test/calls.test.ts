import { CALL_LIMITED_STARTS, CallEvent, REALTIME_PATH, type Call, type CallJoinAck, type CallSeat, type ChatMessage, type TicketFeature } from '@lobby/contract';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calls, companies, companyUsers, eventCompanies, meetings } from '../src/db/schema/index.ts';
import { addMembership, authHeader, createEvent, createTicketType, createUser } from './factories.ts';
import { createTestApp, type TestApp } from './harness.ts';

const GROUP_MAX = 3;
let t: TestApp;
let url: string;
const sockets: Socket[] = [];

beforeAll(async () => {
  t = await createTestApp({ CALL_GROUP_MAX: String(GROUP_MAX), STUN_URLS: 'stun:stun.lobby.test:3478' }, { callReconnectGraceMs: 300 });
  url = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  for (const socket of sockets) socket.close();
  await t.close();
});

interface Person {
  id: number;
  headers: Record<string, string>;
  token: string;
}

async function world() {
  const { db } = t.database;
  const event = await createEvent(db);
  const ticket = async (features: TicketFeature[]) => (await createTicketType(db, event.id, { features })).id;
  const tickets = { video: await ticket(['unlimited_video_call', 'unlimited_chats']), limited: await ticket(['limited_video_call', 'unlimited_chats']), none: await ticket(['unlimited_chats']) };
  const person = async (kind: keyof typeof tickets | 'outsider' = 'video', options: { organiser?: boolean; roleIds?: number[] } = {}): Promise<Person> => {
    const user = await createUser(db);
    if (kind !== 'outsider') await addMembership(db, event.id, user.id, { ticketTypeId: tickets[kind], isOrganizer: options.organiser, roleIds: options.roleIds });
    const headers = await authHeader(db, t.config.secret, user.id);
    return { id: user.id, headers, token: headers.authorization?.slice(7) ?? '' };
  };
  return { eventId: event.id, person };
}

const call = (method: 'GET' | 'POST', path: string, who: Person, payload?: Record<string, unknown>) =>
  t.app.inject({ method, url: path, headers: who.headers, ...(payload ? { payload } : {}) });
const ok = async <T>(method: 'GET' | 'POST', path: string, who: Person, payload?: Record<string, unknown>, status = 200): Promise<T> => {
  const res = await call(method, path, who, payload);
  expect(res.statusCode, `${method} ${path}: ${res.body}`).toBe(status);
  return res.json<{ data: T }>().data;
};
const refusal = async (method: 'GET' | 'POST', path: string, who: Person, payload?: Record<string, unknown>) => {
  const res = await call(method, path, who, payload);
  return `${res.statusCode} ${res.json<{ error?: { code: string } }>().error?.code ?? ''}`;
};

const connect = (who: Person) =>
  new Promise<Socket>((resolve, reject) => {
    const socket = io(url, { path: REALTIME_PATH, transports: ['websocket'], auth: { token: who.token }, reconnection: false });
    sockets.push(socket);
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });
const next = <T>(socket: Socket, event: string) => new Promise<T>((resolve) => socket.once(event, (payload: T) => resolve(payload)));
const enter = (socket: Socket, callId: string, token: string) => socket.timeout(3000).emitWithAck(CallEvent.join, { call_id: callId, token, state: { audio: true, video: true, screen: false } }) as Promise<CallJoinAck>;
const startDirect = (eventId: number, from: Person, to: Person) => ok<Call>('POST', `/api/v1/${eventId}/calls`, from, { kind: 'direct', user_id: to.id }, 201);
const join = (callId: string, who: Person) => ok<CallSeat>('POST', `/api/v1/calls/${callId}/join`, who);

describe('a direct call', () => {
  it('rings the callee with a call message in their private chat; both talk; hanging up ends it for both', async () => {
    const w = await world();
    const [ann, bob, cy] = [await w.person(), await w.person(), await w.person()];
    const bobPage = await connect(bob);
    const ringing = next<{ call_id: string; kind: string; from: { id: number } }>(bobPage, CallEvent.ring);

    const started = await startDirect(w.eventId, ann, bob);
    expect(started).toMatchObject({ kind: 'direct', status: 'ringing', max_people: 2, created_by: { id: ann.id }, callee: { id: bob.id }, abilities: { join: true, answer: false, record: false } });
    expect(await ringing).toMatchObject({ call_id: started.id, kind: 'direct', from: { id: ann.id } });

    // The private chat holds the call's message.
    const channelId = started.channel_id ?? '';
    const messages = (await call('GET', `/api/v1/chat/channels/${channelId}/messages`, bob)).json<{ data: ChatMessage[] }>().data;
    expect(messages.at(-1)).toMatchObject({ custom_type: 'call', custom_data: { call_id: started.id, kind: 'direct' }, sender: { id: ann.id } });

    // Only its two people see it; the caller cannot answer it.
    expect((await ok<Call>('GET', `/api/v1/calls/${started.id}`, bob)).abilities).toEqual({ join: true, answer: true, record: false });
    expect(await refusal('GET', `/api/v1/calls/${started.id}`, cy)).toBe('404 call.not_found');
    expect(await refusal('POST', `/api/v1/calls/${started.id}/join`, cy)).toBe('404 call.not_found');
    expect(await refusal('POST', `/api/v1/calls/${started.id}/accept`, ann)).toBe('409 call.ended');

    const annSeat = await join(started.id, ann);
    expect(annSeat.token.ice_servers).toEqual([{ urls: ['stun:stun.lobby.test:3478'] }]);
    const annPage = await connect(ann);
    const annAck = await enter(annPage, started.id, annSeat.token.token);
    expect(annAck).toEqual({ ok: true, peer_id: annPage.id, peers: [] });

    const stopped = next(bobPage, CallEvent.ringStop);
    expect((await ok<Call>('POST', `/api/v1/calls/${started.id}/accept`, bob)).status).toBe('active');
    expect(await stopped).toEqual({ call_id: started.id });
    expect(await refusal('POST', `/api/v1/calls/${started.id}/accept`, bob)).toBe('409 call.ended');

    const bobSeat = await join(started.id, bob);
    const peerJoined = next<{ peer_id: string; user: { id: number } }>(annPage, CallEvent.peerJoined);
    const bobAck = await enter(bobPage, started.id, bobSeat.token.token);
    expect(bobAck.ok && bobAck.peers).toEqual([{ peer_id: annPage.id, user: expect.objectContaining({ id: ann.id }), state: { audio: true, video: true, screen: false } }]);
    expect(await peerJoined).toMatchObject({ peer_id: bobPage.id, user: { id: bob.id } });
    expect((await ok<Call>('GET', `/api/v1/calls/${started.id}`, ann)).participants.map((p) => p.id)).toEqual([ann.id, bob.id]);

    // Offers go to the one peer; states to the room.
    const offer = next<{ from: string; data: { type: string; sdp: string } }>(bobPage, CallEvent.signal);
    annPage.emit(CallEvent.signal, { call_id: started.id, to: bobPage.id, data: { type: 'offer', sdp: 'v=0 fake offer' } });
    expect(await offer).toEqual({ call_id: started.id, from: annPage.id, data: { type: 'offer', sdp: 'v=0 fake offer' } });
    const muted = next(bobPage, CallEvent.state);
    annPage.emit(CallEvent.state, { call_id: started.id, state: { audio: false, video: true, screen: false } });
    expect(await muted).toEqual({ call_id: started.id, peer_id: annPage.id, state: { audio: false, video: true, screen: false } });

    // A third seat does not exist.
    const third = await startDirect(w.eventId, ann, cy);
    expect(third.id).not.toBe(started.id);

    const ended = next(bobPage, CallEvent.ended);
    expect((await ok<Call>('POST', `/api/v1/calls/${started.id}/leave`, ann)).status).toBe('ended');
    expect(await ended).toEqual({ call_id: started.id, status: 'ended' });
    expect(await refusal('POST', `/api/v1/calls/${started.id}/join`, bob)).toBe('409 call.ended');
  });

  it('tells the caller at once when the callee declines; an unanswered call is missed', async () => {
    const w = await world();
    const [ann, bob] = [await w.person(), await w.person()];
    const annPage = await connect(ann);
    const started = await startDirect(w.eventId, ann, bob);
    // The caller waits in the call; declining gives the caller's seat back too, so the room stays shut.
    const annSeat = await join(started.id, ann);
    const told = next(annPage, CallEvent.ended);
    expect((await ok<Call>('POST', `/api/v1/calls/${started.id}/decline`, bob)).status).toBe('declined');
    expect(await told).toEqual({ call_id: started.id, status: 'declined' });
    expect(await refusal('POST', `/api/v1/calls/${started.id}/decline`, bob)).toBe('409 call.ended');
    expect((await ok<Call>('GET', `/api/v1/calls/${started.id}`, ann)).participants).toEqual([]);
    // A page that comes to the call only now learns how it ended.
    expect((await call('POST', `/api/v1/calls/${started.id}/join`, ann)).json()).toMatchObject({ error: { code: 'call.ended', details: { status: 'declined' } } });
    expect(await enter(annPage, started.id, annSeat.token.token)).toEqual({ ok: false, error: 'not_seated' });

    // The caller hangs up before an answer: missed for the callee.
    const again = await startDirect(w.eventId, ann, bob);
    const bobPage = await connect(bob);
    const stop = next(bobPage, CallEvent.ringStop);
    expect((await ok<Call>('POST', `/api/v1/calls/${again.id}/leave`, ann)).status).toBe('missed');
    expect(await stop).toEqual({ call_id: again.id });

    // Ringing past the timeout reads as missed, and the timeout's job tells both and frees the caller's seat.
    const old = await startDirect(w.eventId, ann, bob);
    await join(old.id, ann);
    await t.database.db.execute(`update calls set created_at = now() - interval '2 minutes' where id = '${old.id}'`);
    expect((await ok<Call>('GET', `/api/v1/calls/${old.id}`, bob)).status).toBe('missed');
    expect(await refusal('POST', `/api/v1/calls/${old.id}/accept`, bob)).toBe('409 call.ended');
    const missed = next(annPage, CallEvent.ended);
    await t.database.db.execute(`update jobs set run_at = now() where kind = 'calls.ring_timeout' and payload->>'callId' = '${old.id}'`);
    while ((await t.app.deps.jobs.runOnce()) > 0);
    expect(await missed).toEqual({ call_id: old.id, status: 'missed' });
    expect((await ok<Call>('GET', `/api/v1/calls/${old.id}`, ann)).participants).toEqual([]);
  });

  it('refuses calls without a ticket that calls, to oneself, to people outside the event, and past the limited ticket’s count (also when started at once)', async () => {
    const w = await world();
    const [plain, bob, limited, outsider] = [await w.person('none'), await w.person(), await w.person('limited'), await w.person('outsider')];
    expect(await refusal('POST', `/api/v1/${w.eventId}/calls`, plain, { kind: 'direct', user_id: bob.id })).toBe('403 call.not_allowed');
    expect(await refusal('POST', `/api/v1/${w.eventId}/calls`, plain, { kind: 'group' })).toBe('403 call.not_allowed');
    expect(await refusal('POST', `/api/v1/${w.eventId}/calls`, bob, { kind: 'direct', user_id: bob.id })).toBe('422 call.self');
    expect(await refusal('POST', `/api/v1/${w.eventId}/calls`, bob, { kind: 'direct', user_id: outsider.id })).toBe('404 member.not_found');
    expect(await refusal('POST', `/api/v1/${w.eventId}/calls`, outsider, { kind: 'direct', user_id: bob.id })).toBe('403 auth.forbidden');
    expect(await refusal('POST', `/api/v1/${w.eventId}/calls`, bob, { kind: 'direct', user_id: 'abc' })).toBe('400 validation.failed');
    // The person called on a plain ticket still answers.
    const toPlain = await startDirect(w.eventId, bob, plain);
    expect((await ok<Call>('POST', `/api/v1/calls/${toPlain.id}/accept`, plain)).status).toBe('active');

    // limited_video_call: CALL_LIMITED_STARTS calls; two left, eight asked at once: two pass.
    await t.database.db.insert(calls).values(Array.from({ length: CALL_LIMITED_STARTS - 2 }, () => ({ eventId: w.eventId, kind: 'group' as const, status: 'ended' as const, createdBy: limited.id, maxPeople: GROUP_MAX })));
    const answers = await Promise.all(Array.from({ length: 8 }, () => call('POST', `/api/v1/${w.eventId}/calls`, limited, { kind: 'group' })));
    const statuses = answers.map((res) => res.statusCode).sort();
    expect(statuses).toEqual([201, 201, 403, 403, 403, 403, 403, 403]);
    expect(answers.filter((res) => res.statusCode === 403).every((res) => res.json<{ error: { code: string } }>().error.code === 'call.limit_reached')).toBe(true);
  });
});

describe('a group call', () => {
  it(`seats at most ${GROUP_MAX} people when ${GROUP_MAX * 3} join at once; a seat given back is free again`, async () => {
    const w = await world();
    const host = await w.person();
    const group = await ok<Call>('POST', `/api/v1/${w.eventId}/calls`, host, { kind: 'group' }, 201);
    expect(group).toMatchObject({ kind: 'group', status: 'active', max_people: GROUP_MAX, channel_id: null });
    const people = await Promise.all(Array.from({ length: GROUP_MAX * 3 }, () => w.person('none')));
    const answers = await Promise.all(people.map((who) => call('POST', `/api/v1/calls/${group.id}/join`, who)));
    const seated = answers.filter((res) => res.statusCode === 200);
    const full = answers.filter((res) => res.statusCode === 409);
    expect(seated).toHaveLength(GROUP_MAX);
    expect(full).toHaveLength(GROUP_MAX * 2);
    expect(full[0]?.json()).toMatchObject({ error: { code: 'call.room_full', details: { max_people: GROUP_MAX } } });
    expect((await ok<Call>('GET', `/api/v1/calls/${group.id}`, host)).participants).toHaveLength(GROUP_MAX);

    // Joining again keeps one's own seat; the host is turned away until someone leaves.
    const firstIndex = answers.findIndex((res) => res.statusCode === 200);
    const first = people[firstIndex];
    if (!first) throw new Error('nobody seated');
    await join(group.id, first);
    expect(await refusal('POST', `/api/v1/calls/${group.id}/join`, host)).toBe('409 call.room_full');
    await ok<Call>('POST', `/api/v1/calls/${group.id}/leave`, first);
    await join(group.id, host);
    // A seat silent for longer than its time is free too.
    await t.database.db.execute(`update call_seats set seen_at = now() - interval '5 minutes' where call_id = '${group.id}' and user_id = ${host.id}`);
    const late = people.find((_, index) => answers[index]?.statusCode === 409);
    if (!late) throw new Error('nobody turned away');
    await join(group.id, late);
  });

  it("of a company's chat: its people are told in the chat and may join; other members may not; a private chat is refused", async () => {
    const w = await world();
    const { db } = t.database;
    const [visitor, staffer, stranger] = [await w.person(), await w.person(), await w.person()];
    const [company] = await db.insert(companies).values({ name: 'Call company', hasChat: true }).returning();
    if (!company) throw new Error('no company');
    await db.insert(eventCompanies).values({ eventId: w.eventId, companyId: company.id });
    await db.insert(companyUsers).values({ companyId: company.id, userId: staffer.id, roles: ['chat'] });
    const chatId = (await ok<{ chat_id: string }>('POST', `/api/v1/${w.eventId}/chat/company/${company.id}`, visitor)).chat_id;

    const group = await ok<Call>('POST', `/api/v1/${w.eventId}/calls`, visitor, { kind: 'group', channel_id: chatId }, 201);
    const messages = (await call('GET', `/api/v1/chat/channels/${chatId}/messages`, staffer)).json<{ data: ChatMessage[] }>().data;
    expect(messages.at(-1)).toMatchObject({ custom_type: 'call', custom_data: { call_id: group.id, kind: 'group' } });
    await join(group.id, staffer);
    expect(await refusal('GET', `/api/v1/calls/${group.id}`, stranger)).toBe('404 call.not_found');
    expect(await refusal('POST', `/api/v1/calls/${group.id}/join`, stranger)).toBe('404 call.not_found');

    const privateId = (await ok<{ uuid: string }>('GET', `/api/v1/chat/channels/user/${staffer.id}?filter[related_id]=${w.eventId}`, visitor)).uuid;
    expect(await refusal('POST', `/api/v1/${w.eventId}/calls`, visitor, { kind: 'group', channel_id: privateId })).toBe('422 call.channel_kind');
    expect(await refusal('POST', `/api/v1/${w.eventId}/calls`, stranger, { kind: 'group', channel_id: chatId })).toBe('404 chat.channel_not_found');
    // Another event's id with this chat: not a chat of that event.
    const other = await world();
    const otherPerson = await other.person();
    expect(await refusal('POST', `/api/v1/${other.eventId}/calls`, otherPerson, { kind: 'group', channel_id: chatId })).toBe('404 chat.channel_not_found');
  });
});

describe("an online meeting's call", () => {
  async function meeting(eventId: number, organizerId: number, inviteeId: number, values: Partial<typeof meetings.$inferInsert> = {}) {
    const startsAt = new Date(Date.now() + 5 * 60_000);
    const [row] = await t.database.db
      .insert(meetings)
      .values({ eventId, organizerId, inviteeId, status: 'accepted', startsAt, endsAt: new Date(startsAt.getTime() + 30 * 60_000), isOnline: true, ...values })
      .returning();
    if (!row) throw new Error('no meeting');
    return row.id;
  }

  it('is one call for its two people while it is open, and nobody else’s', async () => {
    const w = await world();
    const [ann, bob, cy] = [await w.person('none'), await w.person('none'), await w.person()];
    const id = await meeting(w.eventId, ann.id, bob.id);
    const [a, b] = await Promise.all([ok<Call>('POST', `/api/v1/${w.eventId}/meetings/${id}/call`, ann), ok<Call>('POST', `/api/v1/${w.eventId}/meetings/${id}/call`, bob)]);
    expect(a.id).toBe(b.id);
    expect(a).toMatchObject({ kind: 'meeting', meeting_id: id, max_people: 2 });
    expect(await refusal('POST', `/api/v1/${w.eventId}/meetings/${id}/call`, cy)).toBe('404 meeting.not_found');
    expect(await refusal('GET', `/api/v1/calls/${a.id}`, cy)).toBe('404 call.not_found');

    // The first to come rings the other.
    const bobPage = await connect(bob);
    const ring = next<{ kind: string; from: { id: number } }>(bobPage, CallEvent.ring);
    await join(a.id, ann);
    expect(await ring).toMatchObject({ call_id: a.id, kind: 'meeting', from: { id: ann.id } });
    await join(a.id, bob);
    expect(await refusal('POST', `/api/v1/calls/${a.id}/join`, cy)).toBe('404 call.not_found');

    // Another event's id with this meeting: not found (IDOR).
    const other = await world();
    expect(await refusal('POST', `/api/v1/${other.eventId}/meetings/${id}/call`, ann)).toBe('403 auth.forbidden');
  });

  it('is refused for meetings not accepted, at a meeting point, or not open yet', async () => {
    const w = await world();
    const [ann, bob] = [await w.person(), await w.person()];
    const pending = await meeting(w.eventId, ann.id, bob.id, { status: 'invited' });
    const onsite = await meeting(w.eventId, ann.id, bob.id, { isOnline: false });
    const later = await meeting(w.eventId, ann.id, bob.id, { startsAt: new Date(Date.now() + 3 * 3600_000), endsAt: new Date(Date.now() + 3.5 * 3600_000) });
    expect(await refusal('POST', `/api/v1/${w.eventId}/meetings/${pending}/call`, ann)).toBe('409 call.meeting_not_accepted');
    expect(await refusal('POST', `/api/v1/${w.eventId}/meetings/${onsite}/call`, ann)).toBe('409 call.meeting_not_online');
    const early = await call('POST', `/api/v1/${w.eventId}/meetings/${later}/call`, ann);
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({ error: { code: 'call.meeting_closed', details: { opens_at: expect.any(String) } } });
  });
});

describe('signalling', () => {
  it('admits a socket with a token for this call only, sends signals within the call only, and lets one page per person in', async () => {
    const w = await world();
    const [ann, bob, cy] = [await w.person(), await w.person(), await w.person()];
    const first = await startDirect(w.eventId, ann, bob);
    const second = await startDirect(w.eventId, ann, cy);
    const firstSeat = await join(first.id, ann);
    const secondSeat = await join(second.id, ann);
    const annPage = await connect(ann);
    // The token of one call does not open another, and another person's token does not open mine.
    expect(await enter(annPage, second.id, firstSeat.token.token)).toEqual({ ok: false, error: 'token_invalid' });
    expect(await enter(await connect(cy), second.id, secondSeat.token.token)).toEqual({ ok: false, error: 'token_invalid' });
    expect(await enter(annPage, first.id, 'forged')).toEqual({ ok: false, error: 'token_invalid' });
    expect((await enter(annPage, first.id, firstSeat.token.token)).ok).toBe(true);

    // Bob has no seat yet: his token is refused, and so is a fresh one.
    expect(await refusal('GET', `/api/v1/video/token/${first.id}`, bob)).toBe('409 call.not_seated');
    const fresh = await ok<{ token: string }>('GET', `/api/v1/video/token/${first.id}`, ann);
    expect(fresh.token).toEqual(expect.any(String));

    // Cy, in another call, cannot reach Ann's page with a signal.
    const cySeat = await join(second.id, cy);
    const cyPage = await connect(cy);
    expect((await enter(cyPage, second.id, cySeat.token.token)).ok).toBe(true);
    let leaked = false;
    annPage.on(CallEvent.signal, (payload: { call_id: string }) => {
      if (payload.call_id === first.id) leaked = true;
    });
    cyPage.emit(CallEvent.signal, { call_id: first.id, to: annPage.id, data: { type: 'offer', sdp: 'x' } });
    cyPage.emit(CallEvent.signal, { call_id: second.id, to: annPage.id, data: { type: 'offer', sdp: 'x' } });
    // Malformed signals are dropped without a word.
    cyPage.emit(CallEvent.signal, { call_id: second.id, to: annPage.id, data: { type: 'offer', sdp: 'x'.repeat(70_000) } });
    cyPage.emit(CallEvent.signal, null);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(leaked).toBe(false);

    // Ann opens the call on a second page: the first page is told it left.
    const annSecond = await connect(ann);
    const replaced = next<{ peer_id: string }>(annPage, CallEvent.peerLeft);
    expect((await enter(annSecond, first.id, (await ok<{ token: string }>('GET', `/api/v1/video/token/${first.id}`, ann)).token)).ok).toBe(true);
    expect((await replaced).peer_id).toBe(annPage.id);
  });

  it('gives the seat back when the page does not come back after a disconnect, which ends a direct call', async () => {
    const w = await world();
    const [ann, bob] = [await w.person(), await w.person()];
    const started = await startDirect(w.eventId, ann, bob);
    await ok<Call>('POST', `/api/v1/calls/${started.id}/accept`, bob);
    const annSeat = await join(started.id, ann);
    const bobSeat = await join(started.id, bob);
    const annPage = await connect(ann);
    const bobPage = await connect(bob);
    expect((await enter(annPage, started.id, annSeat.token.token)).ok).toBe(true);
    expect((await enter(bobPage, started.id, bobSeat.token.token)).ok).toBe(true);
    const left = next<{ peer_id: string }>(bobPage, CallEvent.peerLeft);
    const ended = next(bobPage, CallEvent.ended);
    annPage.disconnect();
    expect((await left).peer_id).toEqual(expect.any(String));
    expect(await ended).toEqual({ call_id: started.id, status: 'ended' });
    expect((await ok<Call>('GET', `/api/v1/calls/${started.id}`, bob)).status).toBe('ended');
  });
});
