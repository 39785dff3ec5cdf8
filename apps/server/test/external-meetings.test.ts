// External meetings (issue 16, "WN Meet (Jitsi) and external rooms"): the organiser links a Zoom (or
// other) meeting to the event (config.zoom.url) or to one lecture (external_url); /zoom-call opens
// it. Members read the event's link from GET /{eventId}/external-meeting, never from the public event.
import type { AdminLecture, ExternalMeeting, LectureDetail, ProgramImportReport } from '@lobby/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lectures } from '../src/db/schema/index.ts';
import { eventInput } from './factories.ts';
import { createTestApp, type TestApp } from './harness.ts';
import { programWorld, type Person, type ProgramWorld } from './program-fixtures.ts';

let t: TestApp;
let w: ProgramWorld;
beforeAll(async () => {
  t = await createTestApp();
  w = await programWorld(t);
});
afterAll(() => t.close());

const ZOOM = 'https://us02web.zoom.us/j/81234567890?pwd=Abc123';
const call = (method: 'GET' | 'POST' | 'PUT', url: string, who: Person, payload?: unknown) =>
  t.app.inject({ method, url, headers: who.headers, ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });
const admin = (path: string) => `/api/admin/v1/events/${w.event.id}/${path}`;
const eventBody = (zoom: string | null) => eventInput({ slug: w.event.slug, name: w.event.name, config: { languages: ['en'], theme: { name: 'default' }, analytics: {}, wnmeet: { roomId: null }, zoom: { url: zoom } } });
const meetingOf = async (who: Person, eventId = w.event.id) => call('GET', `/api/v1/${eventId}/external-meeting`, who);
const lectureBody = (overrides: Record<string, unknown> = {}) => ({
  title: 'Office hours',
  hall_id: w.halls.a.id,
  starts_at: '2030-05-01T10:00:00Z',
  ends_at: '2030-05-01T11:00:00Z',
  language: 'en',
  ...overrides,
});

describe("the event's external meeting", () => {
  it('is set in the back office as an https address only, with a message naming the field', async () => {
    for (const bad of ['http://zoom.us/j/1', 'javascript:alert(1)', 'zoom.us/j/1']) {
      const res = await call('PUT', `/api/admin/v1/events/${w.event.id}`, w.people.organiser, eventBody(bad));
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().error.details.fields).toEqual([expect.objectContaining({ field: 'body.config.zoom.url', key: 'invalid_url', message: 'Incorrect URL.' })]);
    }
    const saved = await call('PUT', `/api/admin/v1/events/${w.event.id}`, w.people.organiser, eventBody(ZOOM));
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data.config.zoom).toEqual({ url: ZOOM });
    expect((await call('GET', `/api/admin/v1/events/${w.event.id}`, w.people.organiser)).json().data.config.zoom).toEqual({ url: ZOOM });
  });

  it('is given to members on any ticket, organisers and staff, with the host it opens on', async () => {
    for (const who of ['general', 'plain', 'watcher', 'organiser', 'staff'] as const) {
      const res = await meetingOf(w.people[who]);
      expect(res.statusCode, who).toBe(200);
      expect(res.json<{ data: ExternalMeeting }>().data).toEqual({ url: ZOOM, host: 'us02web.zoom.us' });
    }
  });

  it('is kept from outsiders (403), guests (401) and the public event', async () => {
    expect((await meetingOf(w.people.outsider)).statusCode).toBe(403);
    expect((await meetingOf(w.people.otherOrganiser)).statusCode).toBe(403);
    expect((await meetingOf(w.people.guest)).statusCode).toBe(401);
    expect((await meetingOf(w.people.plain, 999_999)).statusCode).toBe(404);
    const event = await t.app.inject({ method: 'GET', url: `/api/v1/events/${w.event.slug}` });
    expect(event.statusCode).toBe(200);
    expect(event.json().data.config).not.toHaveProperty('zoom');
    expect(event.body).not.toContain('zoom.us');
    const list = await t.app.inject({ method: 'GET', url: '/api/v1/events', headers: w.people.plain.headers });
    expect(list.body).not.toContain('zoom.us');
  });

  it('is null when the organiser clears it', async () => {
    expect((await call('PUT', `/api/admin/v1/events/${w.event.id}`, w.people.organiser, eventBody(null))).statusCode).toBe(200);
    expect((await meetingOf(w.people.plain)).json().data).toEqual({ url: null, host: null });
  });
});

describe("a lecture's external meeting", () => {
  it('is saved from the back office as an https address, kept when left out and cleared with null', async () => {
    const bad = await call('POST', admin('lectures'), w.people.organiser, lectureBody({ external_url: 'http://zoom.us/j/1' }));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.details.fields).toEqual([expect.objectContaining({ field: 'body.external_url' })]);
    const created = await call('POST', admin('lectures'), w.people.organiser, lectureBody({ external_url: ' https://meet.example.org/office-hours ' }));
    expect(created.statusCode, created.body).toBe(201);
    const lecture = created.json<{ data: AdminLecture }>().data;
    expect(lecture.external_url).toBe('https://meet.example.org/office-hours');
    const kept = await call('PUT', admin(`lectures/${lecture.id}`), w.people.organiser, lectureBody({ title: 'Office hours, longer' }));
    expect(kept.json<{ data: AdminLecture }>().data).toMatchObject({ title: 'Office hours, longer', external_url: 'https://meet.example.org/office-hours' });
    const cleared = await call('PUT', admin(`lectures/${lecture.id}`), w.people.organiser, lectureBody({ external_url: null }));
    expect(cleared.json<{ data: AdminLecture }>().data.external_url).toBeNull();
  });

  it('is in the lecture page for those who may watch, and null for the others', async () => {
    await t.database.db.update(lectures).set({ externalUrl: ZOOM }).where(eq(lectures.id, w.lectures.upcoming.id));
    const detail = (who: Person) => call('GET', `/api/v1/${w.event.id}/lectures/${w.lectures.upcoming.id}`, who);
    for (const who of ['watcher', 'organiser', 'staff'] as const) expect((await detail(w.people[who])).json<{ data: LectureDetail }>().data.external_url, who).toBe(ZOOM);
    const plain = (await detail(w.people.plain)).json<{ data: LectureDetail }>().data;
    expect(plain).toMatchObject({ can_watch: false, external_url: null });
    expect((await detail(w.people.general)).statusCode).toBe(403);
    expect((await call('GET', `/api/v1/${w.event.id}/lectures/${w.lectures.elsewhere.id}`, w.people.watcher)).statusCode).toBe(404);
  });

  it('comes with the CSV upload: an external_url column sets or clears it, a bad link fails its row, no column keeps it', async () => {
    const upload = async (csv: string) => {
      const res = await call('POST', admin('program/import'), w.people.organiser, { csv });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<{ data: ProgramImportReport }>().data;
    };
    const stored = async () => (await t.database.db.select({ url: lectures.externalUrl }).from(lectures).where(eq(lectures.title, 'CSV meetup')))[0]?.url;
    const row = 'CSV meetup,2030-06-01T10:00:00Z,2030-06-01T11:00:00Z,Main hall';
    expect(await upload(`title,starts_at,ends_at,hall,external_url\n${row},${ZOOM}`)).toMatchObject({ added: 1, failed: [] });
    expect(await stored()).toBe(ZOOM);
    expect(await upload(`title,starts_at,ends_at,hall\n${row}`)).toMatchObject({ updated: 1, failed: [] });
    expect(await stored()).toBe(ZOOM);
    const failed = await upload(`title,starts_at,ends_at,hall,zoom\n${row},http://zoom.us/j/1`);
    expect(failed.failed).toEqual([expect.objectContaining({ row: 2, code: 'invalid_external_url' })]);
    expect(await stored()).toBe(ZOOM);
    expect(await upload(`title,starts_at,ends_at,hall,external_url\n${row},`)).toMatchObject({ updated: 1, failed: [] });
    expect(await stored()).toBeNull();
  });
});
