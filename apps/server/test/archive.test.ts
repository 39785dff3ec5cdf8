import type { ArchiveVideo, ArchiveVideoInput } from '@lobby/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { archiveConsents, events } from '../src/db/schema/index.ts';
import { addMembership, authHeader, createEvent, createTicketType, createUser } from './factories.ts';
import { createTestApp, type TestApp } from './harness.ts';
import { imageFile, multipartBody, pngOf } from './support/multipart.ts';

let t: TestApp;
type Viewer = 'plain' | 'watcher' | 'organiser' | 'outsider' | 'general' | 'guest' | 'staff' | 'otherOrganiser';
const h = {} as Record<Viewer, Record<string, string>>;
const ids = {} as Record<Viewer, number>;
let eventId: number;
let otherEventId: number;
let inactiveEventId: number;

beforeAll(async () => {
  t = await createTestApp();
  const { db } = t.database;
  eventId = (await createEvent(db)).id;
  otherEventId = (await createEvent(db)).id;
  inactiveEventId = (await createEvent(db, { active: false })).id;
  const plain = await createTicketType(db, eventId, { kind: 'standard' });
  const watch = await createTicketType(db, eventId, { kind: 'standard', features: ['watch_lecture'] });
  const general = await createTicketType(db, eventId, { kind: 'general', features: ['watch_lecture'] });
  const person = async (viewer: Viewer, setup: (userId: number) => Promise<unknown>, flags: { isStaff?: boolean } = {}) => {
    const user = await createUser(db, flags);
    await setup(user.id);
    ids[viewer] = user.id;
    h[viewer] = await authHeader(db, t.config.secret, user.id);
  };
  await person('plain', (id) => addMembership(db, eventId, id, { ticketTypeId: plain.id }));
  await person('watcher', (id) => addMembership(db, eventId, id, { ticketTypeId: watch.id }));
  await person('organiser', (id) => addMembership(db, eventId, id, { isOrganizer: true }));
  await person('outsider', (id) => addMembership(db, otherEventId, id));
  await person('general', (id) => addMembership(db, eventId, id, { ticketTypeId: general.id }));
  await person('staff', async () => {}, { isStaff: true });
  await person('otherOrganiser', (id) => addMembership(db, otherEventId, id, { isOrganizer: true }));
  h.guest = {};
});
afterAll(() => t.close());

const input = (over: Partial<ArchiveVideoInput> = {}): ArchiveVideoInput => ({
  title: 'Shaders in practice',
  description: 'From the 2030 show',
  date: '2030-05-01T10:00:00.000Z',
  video_url: 'https://youtu.be/dQw4w9WgXcQ',
  speakerIds: [],
  category: 3,
  tags: ['graphics'],
  visibility_type: 1,
  duration: 45,
  ...over,
});

const create = async (over: Partial<ArchiveVideoInput> = {}, event = eventId, headers = h.organiser) => {
  const res = await t.app.inject({ method: 'POST', url: `/api/admin/v1/events/${event}/videos`, headers, payload: input(over) });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ data: ArchiveVideo & { link: string } }>().data;
};
const get = (id: number, viewer: Viewer, event = eventId) => t.app.inject({ method: 'GET', url: `/api/v1/${event}/lectures-archive/${id}`, headers: h[viewer] });
const list = (viewer: Viewer, query = '', event = eventId) => t.app.inject({ method: 'GET', url: `/api/v1/${event}/lectures-archive${query}`, headers: h[viewer] });

describe('visibility types as each kind of viewer', () => {
  const videos = {} as Record<1 | 2 | 3 | 4, number>;
  beforeAll(async () => {
    for (const type of [1, 2, 3, 4] as const) videos[type] = (await create({ title: `Type ${type}`, visibility_type: type })).id;
  });

  // What each viewer gets: a play state, or the status of the refusal.
  const table: [Viewer, Record<1 | 2 | 3 | 4, string | number>][] = [
    ['plain', { 1: 'play', 2: 'consent', 3: 'upgrade', 4: 'closed' }],
    ['watcher', { 1: 'play', 2: 'consent', 3: 'play', 4: 'closed' }],
    ['organiser', { 1: 'play', 2: 'consent', 3: 'play', 4: 'closed' }],
    ['staff', { 1: 'play', 2: 'consent', 3: 'play', 4: 'closed' }],
    ['outsider', { 1: 403, 2: 403, 3: 403, 4: 403 }],
    ['general', { 1: 403, 2: 403, 3: 403, 4: 403 }],
    ['guest', { 1: 401, 2: 401, 3: 401, 4: 401 }],
  ];
  it.each(table)('%s', async (viewer, expected) => {
    for (const type of [1, 2, 3, 4] as const) {
      const res = await get(videos[type], viewer);
      const want = expected[type];
      if (typeof want === 'number') {
        expect(res.statusCode, `type ${type}`).toBe(want);
        continue;
      }
      expect(res.statusCode, res.body).toBe(200);
      const video = res.json<{ data: ArchiveVideo }>().data;
      expect(video.play, `type ${type}`).toBe(want);
      expect(video.video_url).toBe(want === 'play' ? 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ' : null);
    }
  });

  it('a general ticket meets the locked program section with its reason', async () => {
    const res = await get(videos[1], 'general');
    expect(res.json()).toMatchObject({ error: { code: 'section.locked', details: { section: 'program', access: 'unavailable' } } });
  });

  it('the list carries the same play states without player addresses for what does not play', async () => {
    const res = await list('plain', '?filter[query]=Type');
    expect(res.statusCode).toBe(200);
    const byId = new Map(res.json<{ data: ArchiveVideo[] }>().data.map((v) => [v.id, v]));
    expect(byId.get(videos[1])?.play).toBe('play');
    expect(byId.get(videos[3])?.video_url).toBeNull();
    expect(byId.get(videos[4])?.video_url).toBeNull();
  });

  it('consent is asked once, remembered per person, and only for type 2', async () => {
    const agree = (id: number, viewer: Viewer) => t.app.inject({ method: 'POST', url: `/api/v1/${eventId}/lectures-archive/${id}/agree`, headers: h[viewer] });
    const first = await agree(videos[2], 'plain');
    expect(first.statusCode).toBe(200);
    expect(first.json<{ data: ArchiveVideo }>().data).toMatchObject({ play: 'play', video_url: 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ' });
    expect((await agree(videos[2], 'plain')).statusCode).toBe(200);
    expect((await get(videos[2], 'plain')).json<{ data: ArchiveVideo }>().data.play).toBe('play');
    // Remembered for this person only.
    expect((await get(videos[2], 'watcher')).json<{ data: ArchiveVideo }>().data.play).toBe('consent');
    const rows = await t.database.db.select().from(archiveConsents).where(eq(archiveConsents.videoId, videos[2]));
    expect(rows.map((r) => r.userId)).toEqual([ids.plain]);
    for (const type of [1, 3, 4] as const) expect((await agree(videos[type], 'plain')).json()).toMatchObject({ error: { code: 'archive.consent_not_needed' } });
    expect((await agree(videos[2], 'outsider')).statusCode).toBe(403);
    expect((await agree(2_000_000, 'plain')).statusCode).toBe(404);
  });

  it('type 3 follows the ticket of the event the archive is read through', async () => {
    // The watcher is a member of eventId only; read through another event (where the organiser of
    // that event manages) the same video plays for its organiser.
    const res = await get(videos[3], 'otherOrganiser', otherEventId);
    expect(res.json<{ data: ArchiveVideo }>().data.play).toBe('play');
    expect((await get(videos[3], 'outsider', otherEventId)).json<{ data: ArchiveVideo }>().data.play).toBe('upgrade');
  });
});

describe('the platform-wide list and its filters', () => {
  let speakerId: number;
  beforeAll(async () => {
    const { db } = t.database;
    const speaker = await createUser(db, { firstName: 'Ada', lastName: 'Filterova' });
    speakerId = speaker.id;
    await addMembership(db, otherEventId, speaker.id);
    await create({ title: 'Filter A rutube', video_url: 'https://rutube.ru/video/0123456789abcdef0123456789abcdef/', category: 7, tags: ['audio', 'filtertag'], date: '2029-01-01T00:00:00.000Z' }, otherEventId, h.otherOrganiser);
    await create({ title: 'Filter B drive', video_url: 'https://drive.google.com/file/d/1AbCdEfGhIjKlMnOp/view', category: 7, speakerIds: [speaker.id], date: '2029-01-01T00:00:00.000Z' }, otherEventId, h.otherOrganiser);
    await create({ title: 'Filter C gcore', video_url: 'https://player.gvideo.co/videos/abc-123', category: 8, tags: ['filtertag'], date: '2028-01-01T00:00:00.000Z' });
    await create({ title: 'Filter D jitsi', video_url: 'https://meet.jit.si/LobbyRoom42', category: 9, date: '2027-01-01T00:00:00.000Z' });
    await create({ title: 'Filter hidden event', category: 7 }, inactiveEventId, h.staff);
  });
  const titles = async (query: string, viewer: Viewer = 'plain') => {
    const res = await list(viewer, query);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ data: ArchiveVideo[] }>().data.map((v) => v.title);
  };

  it('lists videos of every active event, newest first, the id breaking ties', async () => {
    expect(await titles('?filter[query]=filter')).toEqual(['Filter B drive', 'Filter A rutube', 'Filter C gcore', 'Filter D jitsi']);
  });
  it('filters by category, tag, speaker, source, event and query', async () => {
    expect(await titles('?filter[query]=filter&filter[category]=7')).toEqual(['Filter B drive', 'Filter A rutube']);
    expect(await titles('?filter[tag]=filtertag')).toEqual(['Filter A rutube', 'Filter C gcore']);
    expect(await titles(`?filter[speaker]=${speakerId}`)).toEqual(['Filter B drive']);
    expect(await titles('?filter[source]=jitsi')).toEqual(['Filter D jitsi']);
    expect(await titles(`?filter[event]=${otherEventId}&filter[query]=filter`)).toEqual(['Filter B drive', 'Filter A rutube']);
    expect(await titles('?filter[query]=%25')).toEqual([]);
  });
  it('pages without repeating or skipping', async () => {
    const first = await titles('?filter[query]=filter&per_page=3&page=1');
    const second = await titles('?filter[query]=filter&per_page=3&page=2');
    expect([...first, ...second]).toEqual(['Filter B drive', 'Filter A rutube', 'Filter C gcore', 'Filter D jitsi']);
  });
  it('presents speakers, the event and each source as its player', async () => {
    const [drive] = (await list('plain', `?filter[speaker]=${speakerId}`)).json<{ data: ArchiveVideo[] }>().data;
    expect(drive).toMatchObject({ event: { id: otherEventId }, video_source: 'googledrive', video_url: 'https://drive.google.com/file/d/1AbCdEfGhIjKlMnOp/preview', speakerIds: [speakerId], speakers: [{ user_id: speakerId, first_name: 'Ada', last_name: 'Filterova' }] });
    const [jitsi] = (await list('plain', '?filter[source]=jitsi')).json<{ data: ArchiveVideo[] }>().data;
    expect(jitsi?.video_url).toBe('https://meet.jit.si/LobbyRoom42');
  });
  it('answers the filter values of active events only', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/v1/${eventId}/lectures-archive/filters`, headers: h.plain });
    expect(res.statusCode).toBe(200);
    const data = res.json<{ data: { categories: number[]; tags: string[]; speakers: { user_id: number }[]; events: { id: number }[]; sources: string[] } }>().data;
    expect(data.categories).toEqual(expect.arrayContaining([3, 7, 8, 9]));
    expect(data.tags).toEqual(expect.arrayContaining(['audio', 'filtertag', 'graphics']));
    expect(data.speakers.map((s) => s.user_id)).toContain(speakerId);
    expect(data.events.map((e) => e.id).sort()).toEqual([eventId, otherEventId].sort());
    expect(data.sources).toEqual(['gcore', 'googledrive', 'jitsi', 'rutube', 'youtube']);
    expect((await t.app.inject({ method: 'GET', url: `/api/v1/${eventId}/lectures-archive/filters`, headers: h.general })).statusCode).toBe(403);
  });
  it("an inactive event's video is not found through the user calls", async () => {
    const [hidden] = (await t.app.inject({ method: 'GET', url: `/api/admin/v1/events/${inactiveEventId}/videos`, headers: h.staff })).json<{ data: ArchiveVideo[] }>().data;
    expect(hidden).toBeDefined();
    expect((await get(hidden!.id, 'plain')).statusCode).toBe(404);
    expect((await list('plain', '?filter[category]=7')).json<{ data: ArchiveVideo[] }>().data.map((v) => v.title)).not.toContain('Filter hidden event');
  });
  it('unknown events are 404, bad filters 400', async () => {
    expect((await list('plain', '', 2_000_000)).statusCode).toBe(404);
    expect((await list('plain', `?filter[category]=17`)).statusCode).toBe(400);
    expect((await list('plain', `?filter[source]=vimeo`)).statusCode).toBe(400);
    expect((await list('plain', `?filter[speaker]=abc`)).statusCode).toBe(400);
    expect((await get(0, 'plain')).statusCode).toBe(400);
  });
});

describe('the back office', () => {
  it('organisers file videos under their event, keeping the pasted link, with every type playing for them', async () => {
    const video = await create({ visibility_type: 4, video_url: '  https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=10 ', tags: ['a', 'a', 'b'] });
    expect(video).toMatchObject({ link: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=10', video_source: 'youtube', video_id: 'dQw4w9WgXcQ', play: 'play', tags: ['a', 'b'], event: { id: eventId } });
    const listed = await t.app.inject({ method: 'GET', url: `/api/admin/v1/events/${eventId}/videos?filter[query]=Shaders`, headers: h.organiser });
    expect(listed.json<{ data: { id: number }[] }>().data.map((v) => v.id)).toContain(video.id);
  });

  it('refuses links of other sites with 400 video.url_unsupported, never 500', async () => {
    for (const url of ['https://vimeo.com/123', 'javascript:alert(1)', 'https://youtube.com/watch?v=short', 'ftp://youtu.be/dQw4w9WgXcQ', 'https://evil.example/meet.jit.si/room', 'https://user:pw@youtu.be/dQw4w9WgXcQ']) {
      const res = await t.app.inject({ method: 'POST', url: `/api/admin/v1/events/${eventId}/videos`, headers: h.organiser, payload: input({ video_url: url }) });
      expect(res.statusCode, url).toBe(400);
      expect(res.json()).toMatchObject({ error: { code: 'video.url_unsupported', details: { fields: [{ field: 'body.video_url' }] } } });
    }
  });

  it('speakers must be members of the video event (422 archive.invalid with the field)', async () => {
    const res = await t.app.inject({ method: 'POST', url: `/api/admin/v1/events/${eventId}/videos`, headers: h.organiser, payload: input({ speakerIds: [ids.plain, ids.outsider] }) });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ error: { code: 'archive.invalid', details: { fields: [{ field: 'body.speakerIds' }] } } });
    const ok = await create({ speakerIds: [ids.plain, ids.watcher] });
    expect(ok.speakers.map((s) => s.user_id)).toEqual([ids.plain, ids.watcher]);
  });

  it('updates only videos of its own event (another event id is 404)', async () => {
    const video = await create();
    const put = (event: number, id: number, headers = h.organiser) => t.app.inject({ method: 'PUT', url: `/api/admin/v1/events/${event}/videos/${id}`, headers, payload: input({ title: 'Renamed', visibility_type: 3 }) });
    const res = await put(eventId, video.id);
    expect(res.statusCode).toBe(200);
    expect(res.json<{ data: ArchiveVideo }>().data).toMatchObject({ title: 'Renamed', visibility_type: 3 });
    const foreign = await create({}, otherEventId, h.otherOrganiser);
    expect((await put(eventId, foreign.id)).statusCode).toBe(404);
    expect((await put(otherEventId, video.id, h.otherOrganiser)).statusCode).toBe(404);
    expect((await put(otherEventId, foreign.id)).statusCode).toBe(403);
    expect((await put(eventId, video.id, h.watcher)).statusCode).toBe(403);
  });

  it('bad input is 400', async () => {
    const post = (payload: unknown) => t.app.inject({ method: 'POST', url: `/api/admin/v1/events/${eventId}/videos`, headers: h.organiser, payload: payload as Record<string, unknown> });
    for (const bad of [{ ...input(), category: 0 }, { ...input(), visibility_type: 5 }, { ...input(), date: '2030-02-30T00:00:00Z' }, { ...input(), duration: -1 }, { ...input(), title: '   ' }, { ...input(), tags: ['x'.repeat(41)] }]) {
      expect((await post(bad)).statusCode, JSON.stringify(bad)).toBe(400);
    }
  });

  it('takes a preview picture checked by content, refuses one over 5 MB with lecture.preview_too_big', async () => {
    const video = await create();
    const upload = async (data: Buffer, type = 'image/png', id = video.id) => {
      const body = multipartBody({}, imageFile(data, 'preview.png', type));
      return t.app.inject({ method: 'POST', url: `/api/admin/v1/events/${eventId}/videos/${id}/preview`, headers: { ...h.organiser, ...body.headers }, payload: body.payload });
    };
    const ok = await upload(await pngOf(640, 360));
    expect(ok.statusCode, ok.body).toBe(200);
    const preview = ok.json<{ data: ArchiveVideo }>().data.preview;
    expect(preview).toMatch(/^\/api\/v1\/files\//);
    expect((await t.app.inject({ method: 'GET', url: preview! })).headers['content-type']).toBe('image/png');
    const big = await upload(Buffer.concat([await pngOf(10, 10), Buffer.alloc(5 * 1024 * 1024)]));
    expect(big.statusCode).toBe(413);
    expect(big.json()).toMatchObject({ error: { code: 'lecture.preview_too_big' } });
    const fake = await upload(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"></svg>'), 'image/png');
    expect(fake.statusCode).toBe(415);
    const foreign = await create({}, otherEventId, h.otherOrganiser);
    expect((await upload(await pngOf(10, 10), 'image/png', foreign.id)).statusCode).toBe(404);
    // Nothing changed after the refusals.
    expect((await get(video.id, 'organiser')).json<{ data: ArchiveVideo }>().data.preview).toBe(preview);
  });
});

describe('deletion', () => {
  it('is for platform staff only (403 lecture.delete_forbidden for organisers)', async () => {
    const video = await create();
    const del = (viewer: Viewer, id = video.id) => t.app.inject({ method: 'DELETE', url: `/api/v1/${eventId}/lectures-archive/${id}`, headers: h[viewer] });
    for (const viewer of ['organiser', 'watcher', 'plain'] as const) {
      const res = await del(viewer);
      expect(res.statusCode, viewer).toBe(403);
      expect(res.json()).toMatchObject({ error: { code: 'lecture.delete_forbidden' } });
    }
    expect((await del('outsider')).statusCode).toBe(403);
    expect((await del('guest')).statusCode).toBe(401);
    expect((await del('staff')).json()).toEqual({ data: { id: video.id, deleted: true } });
    expect((await del('staff')).statusCode).toBe(404);
    expect((await get(video.id, 'organiser')).statusCode).toBe(404);
  });
  it("an event turned inactive hides its archive's calls", async () => {
    const { db } = t.database;
    const event = await createEvent(db);
    const member = await createUser(db);
    await addMembership(db, event.id, member.id);
    await db.update(events).set({ active: false }).where(eq(events.id, event.id));
    const res = await t.app.inject({ method: 'GET', url: `/api/v1/${event.id}/lectures-archive`, headers: await authHeader(db, t.config.secret, member.id) });
    expect(res.statusCode).toBe(404);
  });
});
