import type { AdminHall, AdminLecture, ProgramImportReport } from '@lobby/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lectures } from '../src/db/schema/index.ts';
import { createTestApp, type TestApp } from './harness.ts';
import { programWorld, type Person, type ProgramWorld } from './program-fixtures.ts';
import { imageFile, multipartBody, pngOf } from './support/multipart.ts';

let t: TestApp;
let w: ProgramWorld;
beforeAll(async () => {
  t = await createTestApp();
  w = await programWorld(t);
});
afterAll(() => t.close());

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, who: Person, payload?: Record<string, unknown>) =>
  t.app.inject({ method, url, headers: who.headers, ...(payload ? { payload } : {}) });
const admin = (path: string, world: ProgramWorld = w) => `/api/admin/v1/events/${world.event.id}/${path}`;
const outcome = (res: { statusCode: number; json: () => { error?: { code: string } } }) => (res.statusCode >= 400 ? `${res.statusCode} ${res.json().error?.code}` : String(res.statusCode));

const lectureInput = (overrides: Record<string, unknown> = {}) => ({
  title: 'Shaders for everyone',
  hall_id: w.halls.a.id,
  starts_at: '2030-05-01T10:00:00+03:00',
  ends_at: '2030-05-01T11:00:00+03:00',
  language: 'en',
  categories: [2, 2, 9],
  speaker_member_ids: [w.people.speaker.memberId],
  video_url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
  materials: [{ title: 'Slides', url: 'https://example.org/slides.pdf' }],
  ...overrides,
});

describe('back office access', () => {
  it('is for the event\'s organisers and platform staff; another event\'s organiser is refused', async () => {
    for (const [who, status] of [['organiser', '200'], ['staff', '200'], ['plain', '403 auth.forbidden'], ['watcher', '403 auth.forbidden'], ['otherOrganiser', '403 auth.forbidden'], ['outsider', '403 auth.forbidden'], ['guest', '401 auth.unauthorized']] as const) {
      expect(outcome(await call('GET', admin('halls'), w.people[who])), who).toBe(status);
      expect(outcome(await call('GET', admin('lectures'), w.people[who])), who).toBe(status);
      expect(outcome(await call('GET', admin('program/settings'), w.people[who])), who).toBe(status);
    }
  });
});

describe('halls', () => {
  it('adds, renames and removes a hall; a stream link of another source is 400; a hall with lectures stays (409)', async () => {
    const created = await call('POST', admin('halls'), w.people.organiser, { name: 'Workshop room', sort: 5, stream_url: 'https://meet.jit.si/LobbyWorkshop' });
    expect(created.statusCode, created.body).toBe(201);
    const hall = created.json<{ data: AdminHall }>().data;
    expect(hall).toMatchObject({ name: 'Workshop room', sort: 5, lectures: 0, stream_url: 'https://meet.jit.si/LobbyWorkshop', stream: { source: 'jitsi', video_id: 'LobbyWorkshop', url: 'https://meet.jit.si/LobbyWorkshop' } });
    const bad = await call('PUT', admin(`halls/${hall.id}`), w.people.organiser, { name: 'Workshop room', stream_url: 'https://vimeo.com/1' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toMatchObject({ code: 'video.url_unsupported', details: { fields: [{ field: 'body.stream_url' }] } });
    const renamed = await call('PUT', admin(`halls/${hall.id}`), w.people.organiser, { name: 'Room 2', stream_url: null });
    expect(renamed.json().data).toMatchObject({ name: 'Room 2', sort: 5, stream: null, stream_url: null });
    expect(outcome(await call('DELETE', admin(`halls/${w.halls.a.id}`), w.people.organiser))).toBe('409 hall.not_empty');
    expect(outcome(await call('DELETE', admin(`halls/${hall.id}`), w.people.organiser))).toBe('200');
    expect(outcome(await call('DELETE', admin(`halls/${hall.id}`), w.people.organiser))).toBe('404 hall.not_found');
  });

  it('treats another event\'s hall as not found (IDOR)', async () => {
    expect(outcome(await call('PUT', admin(`halls/${w.halls.other.id}`), w.people.organiser, { name: 'Mine now' }))).toBe('404 hall.not_found');
    expect(outcome(await call('DELETE', admin(`halls/${w.halls.other.id}`), w.people.staff))).toBe('404 hall.not_found');
  });
});

describe('lectures', () => {
  it('adds a lecture stored in UTC with its speakers, video and materials, and changes it (SEQUENCE goes up)', async () => {
    const res = await call('POST', admin('lectures'), w.people.organiser, lectureInput());
    expect(res.statusCode, res.body).toBe(201);
    const lecture = res.json<{ data: AdminLecture }>().data;
    expect(lecture).toMatchObject({
      starts_at: '2030-05-01T07:00:00.000Z',
      ends_at: '2030-05-01T08:00:00.000Z',
      categories: [2, 9],
      source: 'youtube',
      video: { source: 'youtube', video_id: 'dQw4w9WgXcQ', url: 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ' },
      speakers: [{ member_id: w.people.speaker.memberId, first_name: 'Ada' }],
      materials: [{ title: 'Slides', url: 'https://example.org/slides.pdf' }],
    });
    const [row] = await t.database.db.select().from(lectures).where(eq(lectures.id, lecture.id));
    expect(row?.startsAt.toISOString()).toBe('2030-05-01T07:00:00.000Z');
    const changed = await call('PUT', admin(`lectures/${lecture.id}`), w.people.organiser, lectureInput({ title: 'Shaders, again', speaker_member_ids: [], video_url: null, hall_id: w.halls.b.id }));
    expect(changed.json().data).toMatchObject({ title: 'Shaders, again', speakers: [], video: null, source: null, hall_id: w.halls.b.id });
    const [after] = await t.database.db.select().from(lectures).where(eq(lectures.id, lecture.id));
    expect(after?.sequence).toBe((row?.sequence ?? 0) + 1);
    const list = (await call('GET', admin('lectures'), w.people.organiser)).json<{ data: AdminLecture[] }>().data;
    expect(list.map((l) => l.id)).toContain(lecture.id);
  });

  it('refuses a lecture that ends before it starts, in another event\'s hall, with a speaker of another event or an unsafe material (422 lecture.invalid)', async () => {
    const res = await call(
      'POST',
      admin('lectures'),
      w.people.organiser,
      lectureInput({ ends_at: '2030-05-01T09:00:00+03:00', hall_id: w.halls.other.id, speaker_member_ids: [w.people.otherOrganiser.memberId], materials: [{ title: 'x', url: 'javascript:alert(1)' }] }),
    );
    expect(res.statusCode).toBe(422);
    expect(res.json().error.code).toBe('lecture.invalid');
    expect(res.json().error.details.fields.map((f: { field: string }) => f.field)).toEqual(['body.ends_at', 'body.hall_id', 'body.speaker_member_ids', 'body.materials.0.url']);
    const same = await call('POST', admin('lectures'), w.people.organiser, lectureInput({ ends_at: '2030-05-01T10:00:00+03:00' }));
    expect(same.json().error.details.fields).toEqual([expect.objectContaining({ field: 'body.ends_at' })]);
    const video = await call('POST', admin('lectures'), w.people.organiser, lectureInput({ video_url: 'https://evil.example/video' }));
    expect(outcome(video)).toBe('400 video.url_unsupported');
    expect(video.json().error.details.fields[0].field).toBe('body.video_url');
  });

  it('treats another event\'s lecture as not found, and lets only platform staff delete (403 lecture.delete_forbidden)', async () => {
    expect(outcome(await call('PUT', admin(`lectures/${w.lectures.elsewhere.id}`), w.people.organiser, lectureInput()))).toBe('404 lecture.not_found');
    expect(outcome(await call('DELETE', admin(`lectures/${w.lectures.elsewhere.id}`), w.people.staff))).toBe('404 lecture.not_found');
    expect(outcome(await call('DELETE', admin(`lectures/${w.lectures.over.id}`), w.people.organiser))).toBe('403 lecture.delete_forbidden');
    expect(outcome(await call('DELETE', admin(`lectures/${w.lectures.over.id}`), w.people.staff))).toBe('200');
    expect(outcome(await call('GET', `/api/v1/${w.event.id}/lectures/${w.lectures.over.id}`, w.people.staff))).toBe('404 lecture.not_found');
  });
});

describe('lecture previews', () => {
  const upload = (world: ProgramWorld, lectureId: number, who: Person, file?: ReturnType<typeof imageFile>) => {
    const body = multipartBody({}, file);
    return t.app.inject({ method: 'POST', url: admin(`lectures/${lectureId}/preview`, world), headers: { ...who.headers, ...body.headers }, payload: body.payload });
  };

  it('stores a picture checked by its content, and answers 413 lecture.preview_too_big past 5 MB', async () => {
    const ok = await upload(w, w.lectures.live.id, w.people.organiser, imageFile(await pngOf(320, 180), 'cover.png'));
    expect(ok.statusCode, ok.body).toBe(200);
    const url = ok.json<{ data: AdminLecture }>().data.preview_url;
    expect(url).toMatch(/^\/api\/v1\/files\/l\d+-[A-Za-z0-9_-]+\.png\?expires=\d+&sig=/);
    expect((await t.app.inject({ method: 'GET', url: url ?? '' })).headers['content-type']).toBe('image/png');
    const big = Buffer.concat([await pngOf(16, 16), Buffer.alloc(5 * 1024 * 1024 + 10)]);
    const tooBig = await upload(w, w.lectures.live.id, w.people.organiser, imageFile(big, 'huge.png'));
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json().error.code).toBe('lecture.preview_too_big');
    const text = await upload(w, w.lectures.live.id, w.people.organiser, imageFile(Buffer.from('<html>not a picture</html>'), 'fake.png'));
    expect(outcome(text)).toBe('415 payload.unsupported_type');
    expect(outcome(await upload(w, w.lectures.elsewhere.id, w.people.organiser, imageFile(await pngOf(8, 8))))).toBe('404 lecture.not_found');
    expect(outcome(await upload(w, w.lectures.live.id, w.people.watcher, imageFile(await pngOf(8, 8))))).toBe('403 auth.forbidden');
  });
});

describe('program upload (CSV)', () => {
  it('checks the header and the row cap before writing anything', async () => {
    const header = await call('POST', admin('program/import'), w.people.organiser, { csv: 'title,starts_at\nA,2030-05-01T10:00:00Z' });
    expect(outcome(header)).toBe('400 program.import_header');
    const rows = Array.from({ length: 501 }, (_, i) => `Talk ${i},2030-05-01T10:00:00Z,2030-05-01T11:00:00Z,Main hall`).join('\n');
    const tooMany = await call('POST', admin('program/import'), w.people.organiser, { csv: `title,starts_at,ends_at,hall\n${rows}` });
    expect(outcome(tooMany)).toBe('413 program.too_many_rows');
  });

  it('keeps good rows, reports bad ones, adds halls by name, finds speakers by e-mail and updates a row with the same title and start', async () => {
    const world = await programWorld(t);
    const [speaker] = await t.database.db.query.users.findMany({ where: (u, { eq: is }) => is(u.id, world.people.speaker.userId) });
    const [stranger] = await t.database.db.query.users.findMany({ where: (u, { eq: is }) => is(u.id, world.people.otherOrganiser.userId) });
    const csv = [
      'Title;Starts_at;Ends_at;Hall;Categories;Language;Speakers;Description;Video_url',
      `Opening;2030-05-01 10:00;2030-05-01 10:30;Main hall;1 2;en;${speaker?.email.toUpperCase()};Welcome;`,
      'Keynote;2030-05-01T11:00:00Z;2030-05-01T12:00:00Z;Big stage;;ru;;;https://youtu.be/dQw4w9WgXcQ',
      'Backwards;2030-05-01T12:00:00Z;2030-05-01T11:00:00Z;Big stage;;en;;;',
      `Stranger;2030-05-01T12:00:00Z;2030-05-01T13:00:00Z;Nowhere hall;;en;${stranger?.email};;`,
      'Bad video;2030-05-01T12:00:00Z;2030-05-01T13:00:00Z;Main hall;;en;;;https://vimeo.com/1',
      'Bad time;2030-02-30 10:00;2030-05-01T13:00:00Z;Main hall;;en;;;',
      ';2030-05-01T12:00:00Z;2030-05-01T13:00:00Z;Main hall;;en;;;',
      '',
    ].join('\n');
    const res = await call('POST', admin('program/import', world), world.people.organiser, { csv });
    expect(res.statusCode, res.body).toBe(200);
    const report = res.json<{ data: ProgramImportReport }>().data;
    expect(report).toMatchObject({ rows: 7, added: 2, updated: 0, halls_added: 1 });
    expect(report.failed.map((f) => [f.row, f.title, f.code])).toEqual([
      [4, 'Backwards', 'invalid_time'],
      [5, 'Stranger', 'unknown_speaker'],
      [6, 'Bad video', 'video_url_unsupported'],
      [7, 'Bad time', 'invalid_time'],
      [8, '', 'invalid_title'],
    ]);
    const list = (await call('GET', admin('lectures', world), world.people.organiser)).json<{ data: AdminLecture[] }>().data;
    const opening = list.find((l) => l.title === 'Opening');
    // 10:00 in Berlin (summer time) is 08:00 UTC.
    expect(opening).toMatchObject({ starts_at: '2030-05-01T08:00:00.000Z', hall_id: world.halls.a.id, categories: [1, 2], description: 'Welcome', speakers: [{ user_id: world.people.speaker.userId }] });
    expect(list.find((l) => l.title === 'Keynote')).toMatchObject({ language: 'ru', video: { source: 'youtube' } });
    const halls = (await call('GET', admin('halls', world), world.people.organiser)).json<{ data: AdminHall[] }>().data;
    expect(halls.map((h) => h.name)).toEqual(['Main hall', 'Side hall', 'Big stage']);

    const again = await call('POST', admin('program/import', world), world.people.organiser, { csv: 'title,starts_at,ends_at,hall,description\nOpening,2030-05-01T08:00:00Z,2030-05-01T09:00:00Z,main HALL,Longer welcome' });
    expect(again.json().data).toMatchObject({ rows: 1, added: 0, updated: 1, halls_added: 0, failed: [] });
    const updated = (await call('GET', admin('lectures', world), world.people.organiser)).json<{ data: AdminLecture[] }>().data.filter((l) => l.title === 'Opening');
    expect(updated).toEqual([expect.objectContaining({ ends_at: '2030-05-01T09:00:00.000Z', description: 'Longer welcome', speakers: [] })]);
  });
});
