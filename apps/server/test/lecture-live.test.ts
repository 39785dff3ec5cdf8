import { LECTURE_POLL, LECTURE_QUESTION, LECTURE_QUESTION_DELETED, REALTIME_PATH, SUBSCRIBE_EVENT, type LecturePoll, type LectureQuestion, type SubscribeEventAck } from '@lobby/contract';
import { eq } from 'drizzle-orm';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { halls, lectureQuestions, lectureQuestionVotes, lectures, lectureSpeakers } from '../src/db/schema/index.ts';
import { addMembership, authHeader, createEvent, createTicketType, createUser } from './factories.ts';
import { createTestApp, type TestApp } from './harness.ts';

let t: TestApp;
let url: string;
type Viewer = 'plain' | 'watcher' | 'watcher2' | 'organiser' | 'moderator' | 'speaker' | 'otherSpeaker' | 'outsider' | 'general' | 'guest' | 'staff';
const h = {} as Record<Viewer, Record<string, string>>;
const ids = {} as Record<Viewer, number>;
let eventId: number;
let otherEventId: number;
let lectureId: number;
let secondLectureId: number;
let otherEventLectureId: number;
let watchTicketId: number;
const sockets: Socket[] = [];

async function addLecture(event: number, speakers: number[] = []): Promise<number> {
  const { db } = t.database;
  const [hall] = await db.insert(halls).values({ eventId: event, name: 'Main hall' }).returning();
  const [lecture] = await db
    .insert(lectures)
    .values({ eventId: event, hallId: hall!.id, title: 'Live talk', startsAt: new Date(Date.now() - 3600_000), endsAt: new Date(Date.now() + 3600_000) })
    .returning();
  if (speakers.length > 0) await db.insert(lectureSpeakers).values(speakers.map((userId, position) => ({ lectureId: lecture!.id, userId, position })));
  return lecture!.id;
}

beforeAll(async () => {
  // Listening on loopback so the realtime tests can connect a socket.io client.
  t = await createTestApp();
  url = await t.app.listen({ port: 0, host: '127.0.0.1' });
  const { db } = t.database;
  eventId = (await createEvent(db)).id;
  otherEventId = (await createEvent(db)).id;
  const plain = await createTicketType(db, eventId, { kind: 'standard' });
  const watch = await createTicketType(db, eventId, { kind: 'standard', features: ['watch_lecture'] });
  watchTicketId = watch.id;
  const general = await createTicketType(db, eventId, { kind: 'general', features: ['watch_lecture'] });
  const person = async (viewer: Viewer, setup: (userId: number) => Promise<unknown>, flags: { isStaff?: boolean } = {}) => {
    const user = await createUser(db, flags);
    await setup(user.id);
    ids[viewer] = user.id;
    h[viewer] = await authHeader(db, t.config.secret, user.id);
  };
  await person('plain', (id) => addMembership(db, eventId, id, { ticketTypeId: plain.id }));
  await person('watcher', (id) => addMembership(db, eventId, id, { ticketTypeId: watch.id }));
  await person('watcher2', (id) => addMembership(db, eventId, id, { ticketTypeId: watch.id }));
  await person('organiser', (id) => addMembership(db, eventId, id, { isOrganizer: true }));
  await person('moderator', (id) => addMembership(db, eventId, id, { ticketTypeId: plain.id, roleIds: [2] }));
  await person('speaker', (id) => addMembership(db, eventId, id, { ticketTypeId: plain.id, roleIds: [6] }));
  await person('otherSpeaker', (id) => addMembership(db, eventId, id, { ticketTypeId: plain.id, roleIds: [6] }));
  await person('outsider', (id) => addMembership(db, otherEventId, id, { isOrganizer: true }));
  await person('general', (id) => addMembership(db, eventId, id, { ticketTypeId: general.id }));
  await person('staff', async () => {}, { isStaff: true });
  h.guest = {};
  lectureId = await addLecture(eventId, [ids.speaker]);
  secondLectureId = await addLecture(eventId, [ids.otherSpeaker]);
  otherEventLectureId = await addLecture(otherEventId);
});
afterAll(async () => {
  for (const socket of sockets) socket.close();
  await t.close();
});

const base = (lecture = lectureId, event = eventId) => `/api/v1/${event}/lectures/${lecture}`;
const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, viewer: Viewer, payload?: Record<string, unknown>) =>
  t.app.inject({ method, url: path, headers: h[viewer], ...(payload ? { payload } : {}) });
const ask = async (viewer: Viewer, text: string, lecture = lectureId) => {
  const res = await call('POST', `${base(lecture)}/questions`, viewer, { text });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ data: LectureQuestion }>().data;
};
const createPoll = async (options = ['Yes', 'No'], lecture = lectureId, viewer: Viewer = 'organiser') => {
  const res = await call('POST', `${base(lecture)}/polls`, viewer, { question: 'Ship it?', options });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ data: LecturePoll }>().data;
};
const freshWatcher = async () => {
  const { db } = t.database;
  const user = await createUser(db);
  await addMembership(db, eventId, user.id, { ticketTypeId: watchTicketId });
  return authHeader(db, t.config.secret, user.id);
};

describe('who takes part', () => {
  const table: [Viewer, number, string?][] = [
    ['watcher', 200],
    ['organiser', 200],
    ['staff', 200],
    ['moderator', 200],
    ['speaker', 200],
    ['plain', 403, 'lecture.watch_required'],
    ['otherSpeaker', 403, 'lecture.watch_required'],
    ['general', 403, 'lecture.watch_required'],
    ['outsider', 403, 'section.locked'],
    ['guest', 401],
  ];
  it.each(table)('%s reading questions and polls: %s', async (viewer, status, code) => {
    for (const path of ['questions', 'polls']) {
      const res = await call('GET', `${base()}/${path}`, viewer);
      expect(res.statusCode, `${path}: ${res.body}`).toBe(status);
      if (code) expect(res.json()).toMatchObject({ error: { code } });
    }
    const asked = await call('POST', `${base()}/questions`, viewer, { text: `From ${viewer}` });
    expect(asked.statusCode).toBe(status === 200 ? 201 : status);
  });

  it('another event, another event lecture and unknown lectures are not found', async () => {
    expect((await call('GET', `${base(otherEventLectureId)}/questions`, 'watcher')).json()).toMatchObject({ error: { code: 'lecture.not_found' } });
    expect((await call('GET', `${base(2_000_000)}/polls`, 'organiser')).statusCode).toBe(404);
    expect((await call('GET', `${base(lectureId, 2_000_000)}/questions`, 'staff')).statusCode).toBe(404);
    // The other event's organiser cannot reach this event's lecture through their own event either.
    expect((await call('GET', `${base(lectureId, otherEventId)}/questions`, 'outsider')).statusCode).toBe(404);
  });
});

describe('questions', () => {
  it('asks, upvotes once per person, takes the vote back, orders by votes with answered last', async () => {
    const first = await ask('watcher', '  What about shaders?  ');
    expect(first).toMatchObject({ text: 'What about shaders?', votes: 0, voted: false, answered: false, author: { user_id: ids.watcher } });
    const second = await ask('watcher2', 'And audio?');
    const vote = (viewer: Viewer, id: number, on = true) => call(on ? 'PUT' : 'DELETE', `${base()}/questions/${id}/vote`, viewer);
    expect((await vote('watcher', second.id)).json<{ data: LectureQuestion }>().data).toMatchObject({ votes: 1, voted: true });
    expect((await vote('watcher', second.id)).json<{ data: LectureQuestion }>().data).toMatchObject({ votes: 1, voted: true });
    expect((await vote('organiser', second.id)).json<{ data: LectureQuestion }>().data.votes).toBe(2);
    expect((await vote('organiser', second.id, false)).json<{ data: LectureQuestion }>().data).toMatchObject({ votes: 1, voted: false });
    expect((await vote('organiser', second.id, false)).json<{ data: LectureQuestion }>().data.votes).toBe(1);
    const listed = (await call('GET', `${base()}/questions`, 'watcher')).json<{ data: LectureQuestion[] }>().data.filter((q) => [first.id, second.id].includes(q.id));
    expect(listed.map((q) => [q.id, q.voted])).toEqual([
      [second.id, true],
      [first.id, false],
    ]);
    // The speaker of the lecture marks the top one answered: it goes last.
    const answered = await call('POST', `${base()}/questions/${second.id}/answer`, 'speaker', { answered: true });
    expect(answered.json<{ data: LectureQuestion }>().data.answered).toBe(true);
    const after = (await call('GET', `${base()}/questions`, 'watcher')).json<{ data: LectureQuestion[] }>().data.filter((q) => [first.id, second.id].includes(q.id));
    expect(after.map((q) => q.id)).toEqual([first.id, second.id]);
  });

  it('only moderators answer; authors and moderators delete', async () => {
    const q = await ask('watcher', 'Delete me?');
    for (const viewer of ['watcher', 'watcher2', 'otherSpeaker'] as const) expect((await call('POST', `${base()}/questions/${q.id}/answer`, viewer, { answered: true })).statusCode, viewer).toBe(403);
    for (const viewer of ['moderator', 'organiser', 'speaker'] as const) expect((await call('POST', `${base()}/questions/${q.id}/answer`, viewer, { answered: false })).statusCode, viewer).toBe(200);
    expect((await call('DELETE', `${base()}/questions/${q.id}`, 'watcher2')).statusCode).toBe(403);
    expect((await call('DELETE', `${base()}/questions/${q.id}`, 'watcher')).json()).toEqual({ data: { id: q.id, deleted: true } });
    expect((await call('DELETE', `${base()}/questions/${q.id}`, 'watcher')).statusCode).toBe(404);
    const other = await ask('watcher2', 'Moderated away');
    expect((await call('DELETE', `${base()}/questions/${other.id}`, 'moderator')).statusCode).toBe(200);
  });

  it("a question of another lecture is not found through this one (IDOR)", async () => {
    const foreign = await ask('watcher', 'Second lecture', secondLectureId);
    expect((await call('PUT', `${base()}/questions/${foreign.id}/vote`, 'watcher2')).json()).toMatchObject({ error: { code: 'question.not_found' } });
    expect((await call('POST', `${base()}/questions/${foreign.id}/answer`, 'speaker', { answered: true })).statusCode).toBe(404);
    expect((await call('DELETE', `${base()}/questions/${foreign.id}`, 'organiser')).statusCode).toBe(404);
    // The speaker of this lecture moderates only this lecture.
    expect((await call('POST', `${base(secondLectureId)}/questions/${foreign.id}/answer`, 'speaker', { answered: true })).statusCode).toBe(403);
  });

  it('many people upvoting the same question at once leave an exact count', async () => {
    const q = await ask('watcher', 'Popular?');
    const people = await Promise.all(Array.from({ length: 12 }, () => freshWatcher()));
    // Each votes twice at once: the second vote of a person is no change.
    const answers = await Promise.all(people.flatMap((headers) => [0, 1].map(() => t.app.inject({ method: 'PUT', url: `${base()}/questions/${q.id}/vote`, headers }))));
    expect(answers.map((r) => r.statusCode)).toEqual(answers.map(() => 200));
    const [row] = await t.database.db.select().from(lectureQuestions).where(eq(lectureQuestions.id, q.id));
    const votes = await t.database.db.select().from(lectureQuestionVotes).where(eq(lectureQuestionVotes.questionId, q.id));
    expect(row?.votes).toBe(12);
    expect(votes).toHaveLength(12);
  });

  it('a flood of questions is refused with 429 question.flood and Retry-After', async () => {
    const headers = await freshWatcher();
    const statuses: number[] = [];
    let last;
    for (let i = 0; i < 6; i++) {
      last = await t.app.inject({ method: 'POST', url: `${base()}/questions`, headers, payload: { text: `Flood ${i}` } });
      statuses.push(last.statusCode);
    }
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429]);
    expect(last?.json()).toMatchObject({ error: { code: 'question.flood' } });
    expect(Number(last?.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('bad input is 400', async () => {
    for (const text of ['', '   ', 'x'.repeat(501)]) expect((await call('POST', `${base()}/questions`, 'watcher', { text })).statusCode).toBe(400);
    expect((await call('POST', `${base()}/questions`, 'watcher', { text: 5 } as never)).statusCode).toBe(400);
    expect((await call('PUT', `${base()}/questions/abc/vote`, 'watcher')).statusCode).toBe(400);
    expect((await call('POST', `${base()}/questions/1/answer`, 'organiser', { answered: 'yes' })).statusCode).toBe(400);
    expect((await call('GET', `/api/v1/${eventId}/lectures/0/questions`, 'watcher')).statusCode).toBe(400);
  });
});

describe('polls', () => {
  it('moderators start and close polls; members vote once, never in a closed poll or for another poll option', async () => {
    expect((await call('POST', `${base()}/polls`, 'watcher', { question: 'Mine?', options: ['a', 'b'] })).statusCode).toBe(403);
    expect((await call('POST', `${base()}/polls`, 'otherSpeaker', { question: 'Mine?', options: ['a', 'b'] })).statusCode).toBe(403);
    const poll = await createPoll(['Yes', 'No', 'Maybe'], lectureId, 'speaker');
    expect(poll).toMatchObject({ question: 'Ship it?', is_open: true, total: 0, my_option_id: null });
    const [yes, no] = poll.options;
    const other = await createPoll(['A', 'B']);
    const vote = (viewer: Viewer, optionId: number, pollId = poll.id) => call('POST', `${base()}/polls/${pollId}/vote`, viewer, { option_id: optionId });
    const voted = await vote('watcher', yes!.id);
    expect(voted.json<{ data: LecturePoll }>().data).toMatchObject({ total: 1, my_option_id: yes!.id });
    expect((await vote('watcher', no!.id)).json()).toMatchObject({ error: { code: 'poll.already_voted' } });
    expect((await vote('watcher2', other.options[0]!.id)).json()).toMatchObject({ error: { code: 'poll.option_invalid' } });
    expect((await vote('watcher2', other.options[0]!.id)).statusCode).toBe(422);
    expect((await vote('watcher2', no!.id)).json<{ data: LecturePoll }>().data.options.map((o) => o.votes)).toEqual([1, 1, 0]);
    expect((await call('POST', `${base()}/polls/${poll.id}/close`, 'watcher')).statusCode).toBe(403);
    const closed = await call('POST', `${base()}/polls/${poll.id}/close`, 'moderator');
    expect(closed.json<{ data: LecturePoll }>().data).toMatchObject({ is_open: false, total: 2 });
    expect((await vote('organiser', yes!.id)).json()).toMatchObject({ error: { code: 'poll.closed' } });
    const listed = (await call('GET', `${base()}/polls`, 'watcher')).json<{ data: LecturePoll[] }>().data;
    expect(listed.map((p) => p.id)).toEqual([other.id, poll.id]);
    expect(listed[1]).toMatchObject({ my_option_id: yes!.id, is_open: false, total: 2 });
  });

  it('a poll of another lecture is not found through this one (IDOR)', async () => {
    const foreign = await createPoll(['a', 'b'], secondLectureId);
    expect((await call('POST', `${base()}/polls/${foreign.id}/vote`, 'watcher', { option_id: foreign.options[0]!.id })).json()).toMatchObject({ error: { code: 'poll.not_found' } });
    expect((await call('POST', `${base()}/polls/${foreign.id}/close`, 'organiser')).statusCode).toBe(404);
  });

  it('one person voting twice at once counts exactly once', async () => {
    const poll = await createPoll(['One', 'Two']);
    const headers = await freshWatcher();
    const answers = await Promise.all(
      [0, 1, 0, 1].map((i) => t.app.inject({ method: 'POST', url: `${base()}/polls/${poll.id}/vote`, headers, payload: { option_id: poll.options[i]!.id } })),
    );
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409, 409, 409]);
    const [after] = (await call('GET', `${base()}/polls`, 'organiser')).json<{ data: LecturePoll[] }>().data.filter((p) => p.id === poll.id);
    expect(after?.total).toBe(1);
  });

  it('bad input is 400', async () => {
    for (const body of [{ question: 'q', options: ['one'] }, { question: 'q', options: Array.from({ length: 9 }, (_, i) => `o${i}`) }, { question: '', options: ['a', 'b'] }, { question: 'q', options: ['a', ' '] }]) {
      expect((await call('POST', `${base()}/polls`, 'organiser', body)).statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await call('POST', `${base()}/polls/1/vote`, 'watcher', { option_id: 'x' })).statusCode).toBe(400);
  });
});

describe('realtime', () => {
  const connect = (token?: string) =>
    new Promise<Socket>((resolve, reject) => {
      const socket = io(url, { path: REALTIME_PATH, transports: ['websocket'], auth: token ? { token } : {}, reconnection: false });
      sockets.push(socket);
      socket.once('connect', () => resolve(socket));
      socket.once('connect_error', reject);
    });
  const subscribed = async (viewer: Viewer, event = eventId) => {
    const socket = await connect(h[viewer].authorization?.slice(7));
    expect((await socket.timeout(2000).emitWithAck(SUBSCRIBE_EVENT, { event_id: event })) as SubscribeEventAck).toEqual({ ok: true });
    return socket;
  };
  const next = <T>(socket: Socket, name: string, match: (payload: T) => boolean) =>
    new Promise<T>((resolve) => {
      const on = (payload: T) => {
        if (!match(payload)) return;
        socket.off(name, on);
        resolve(payload);
      };
      socket.on(name, on);
    });

  it("questions, votes, deletions and polls reach the event's room live, alike for every viewer", async () => {
    const other = await subscribed('watcher2');
    const stranger = await subscribed('outsider', otherEventId);
    const strayed: unknown[] = [];
    for (const name of [LECTURE_QUESTION, LECTURE_QUESTION_DELETED, LECTURE_POLL]) stranger.on(name, (payload: unknown) => strayed.push(payload));

    const askedLive = next<LectureQuestion & { event_id: number }>(other, LECTURE_QUESTION, (q) => q.text === 'Live question');
    const question = await ask('organiser', 'Live question');
    expect(await askedLive).toMatchObject({ id: question.id, lecture_id: lectureId, event_id: eventId, votes: 0, voted: false });

    const votedLive = next<LectureQuestion>(other, LECTURE_QUESTION, (q) => q.id === question.id && q.votes === 1);
    expect((await call('PUT', `${base()}/questions/${question.id}/vote`, 'watcher')).statusCode).toBe(200);
    expect(await votedLive).toMatchObject({ votes: 1, voted: false });

    const pollLive = next<LecturePoll & { event_id: number }>(other, LECTURE_POLL, (p) => p.question === 'Ship it?');
    const poll = await createPoll();
    expect(await pollLive).toMatchObject({ id: poll.id, event_id: eventId, my_option_id: null, total: 0 });
    const pollVoteLive = next<LecturePoll>(other, LECTURE_POLL, (p) => p.id === poll.id && p.total === 1);
    await call('POST', `${base()}/polls/${poll.id}/vote`, 'watcher', { option_id: poll.options[0]!.id });
    expect(await pollVoteLive).toMatchObject({ my_option_id: null });

    const deletedLive = next<{ id: number }>(other, LECTURE_QUESTION_DELETED, (p) => p.id === question.id);
    await call('DELETE', `${base()}/questions/${question.id}`, 'organiser');
    expect(await deletedLive).toEqual({ event_id: eventId, lecture_id: lectureId, id: question.id });
    // A socket of another event heard nothing of this one.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(strayed).toEqual([]);
  });
});
