import type { Lecture, LectureDetail, Notification, Program } from '@lobby/contract';
import { and, eq } from 'drizzle-orm';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs, lectures, lectureSpeakers, outbox, users } from '../src/db/schema/index.ts';
import { createTestApp, type TestApp } from './harness.ts';
import { programWorld, type Person, type ProgramWorld } from './program-fixtures.ts';

let t: TestApp;
let w: ProgramWorld;
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: 'https://lobby.example.org' });
  w = await programWorld(t);
});
afterAll(() => t.close());

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, who: Person, payload?: Record<string, unknown>) =>
  t.app.inject({ method, url, headers: who.headers, ...(payload ? { payload } : {}) });
const statusCode = async (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, who: Person) => {
  const res = await call(method, url, who);
  return res.statusCode >= 400 ? `${res.statusCode} ${res.json().error.code}` : String(res.statusCode);
};

describe('who sees the program, a lecture, its video and "join"', () => {
  const kinds = ['guest', 'outsider', 'general', 'plain', 'watcher', 'organiser', 'staff', 'otherOrganiser'] as const;
  const expected: Record<(typeof kinds)[number], { program: string; lecture: string; gate?: string; join: string }> = {
    guest: { program: '401 auth.unauthorized', lecture: '401 auth.unauthorized', join: '401 auth.unauthorized' },
    outsider: { program: '403 section.locked', lecture: '403 section.locked', join: '403 section.locked' },
    general: { program: '403 section.locked', lecture: '403 section.locked', join: '403 section.locked' },
    plain: { program: '200', lecture: '200', gate: 'unavailable', join: '403 lecture.watch_required' },
    watcher: { program: '200', lecture: '200', gate: 'ok', join: '200' },
    organiser: { program: '200', lecture: '200', gate: 'ok', join: '200' },
    staff: { program: '200', lecture: '200', gate: 'ok', join: '200' },
    otherOrganiser: { program: '403 section.locked', lecture: '403 section.locked', join: '403 section.locked' },
  };
  for (const kind of kinds) {
    it(kind, async () => {
      const who = w.people[kind];
      const base = `/api/v1/${w.event.id}`;
      const want = expected[kind];
      expect(await statusCode('GET', `${base}/program`, who)).toBe(want.program);
      expect(await statusCode('GET', `${base}/lectures/${w.lectures.live.id}`, who)).toBe(want.lecture);
      expect(await statusCode('POST', `${base}/lectures/${w.lectures.live.id}/join`, who)).toBe(want.join);
      if (want.gate) {
        const detail = (await call('GET', `${base}/lectures/${w.lectures.live.id}`, who)).json<{ data: LectureDetail }>().data;
        expect(detail.gate).toBe(want.gate);
        expect(detail.can_watch).toBe(want.gate === 'ok');
        // The lecture's own video (RuTube) when watching; nothing otherwise.
        expect(detail.video).toEqual(want.gate === 'ok' ? { source: 'rutube', video_id: '0123456789abcdef0123456789abcdef', url: 'https://rutube.ru/play/embed/0123456789abcdef0123456789abcdef' } : null);
        const program = (await call('GET', `${base}/program`, who)).json<{ data: Program }>().data;
        expect(program.halls[0]?.stream).toEqual(want.gate === 'ok' ? { source: 'youtube', video_id: 'dQw4w9WgXcQ', url: 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ' } : null);
      }
    });
  }

  it('says "upgrade" when a business pass with watch_lecture is on offer, and names the program gate of a general ticket', async () => {
    const business = await programWorld(t, { business: true });
    const base = `/api/v1/${business.event.id}`;
    const detail = (await call('GET', `${base}/lectures/${business.lectures.live.id}`, business.people.plain)).json<{ data: LectureDetail }>().data;
    expect(detail).toMatchObject({ gate: 'upgrade', can_watch: false, video: null });
    const join = await call('POST', `${base}/lectures/${business.lectures.live.id}/join`, business.people.plain);
    expect(join.json().error).toMatchObject({ code: 'lecture.watch_required', details: { gate: 'upgrade' } });
    expect((await call('GET', `${base}/program`, business.people.general)).json().error.details).toEqual({ section: 'program', access: 'upgrade' });
    expect((await call('GET', `/api/v1/${w.event.id}/program`, w.people.general)).json().error.details).toEqual({ section: 'program', access: 'unavailable' });
  });

  it('treats another event\'s lecture as not found (IDOR), and an unknown event as 404', async () => {
    const base = `/api/v1/${w.event.id}`;
    for (const path of [`lectures/${w.lectures.elsewhere.id}`, `lectures/${w.lectures.elsewhere.id}/join`]) {
      const method = path.endsWith('join') ? 'POST' : 'GET';
      expect(await statusCode(method, `${base}/${path}`, w.people.organiser)).toBe('404 lecture.not_found');
      expect(await statusCode(method, `${base}/${path}`, w.people.staff)).toBe('404 lecture.not_found');
    }
    expect(await statusCode('GET', `/api/v1/${w.other.id}/lectures/${w.lectures.live.id}`, w.people.otherOrganiser)).toBe('404 lecture.not_found');
    expect(await statusCode('GET', '/api/v1/2000000000/program', w.people.staff)).toBe('404 event.not_found');
  });
});

describe('the program', () => {
  it('lists halls and lectures by start with speakers, state, attendance and filters', async () => {
    const base = `/api/v1/${w.event.id}/program`;
    const program = (await call('GET', base, w.people.watcher)).json<{ data: Program }>().data;
    expect(program.timezone).toBe('Europe/Berlin');
    expect(program.halls.map((hall) => hall.name)).toEqual(['Main hall', 'Side hall']);
    expect(program.lectures.map((l) => l.title)).toEqual(['Yesterday talk', 'Live talk', 'Tomorrow talk']);
    expect(program.lectures.map((l) => l.state)).toEqual(['ended', 'live', 'upcoming']);
    expect(program.languages).toEqual(['en', 'ru']);
    const live = program.lectures[1];
    expect(live?.speakers).toEqual([expect.objectContaining({ member_id: w.people.speaker.memberId, first_name: 'Ada', last_name: 'Speaker', job: 'Designer' })]);
    expect(live?.source).toBe('rutube');
    const titles = async (query: string) => (await call('GET', `${base}?${query}`, w.people.watcher)).json<{ data: Program }>().data.lectures.map((l) => l.title);
    expect(await titles('filter[category]=7,9')).toEqual(['Tomorrow talk']);
    expect(await titles('filter[language]=ru')).toEqual(['Live talk']);
    expect(await titles('filter[section]=2')).toEqual(['Tomorrow talk']);
    expect(await titles(`filter[hall]=${w.halls.b.id}`)).toEqual(['Tomorrow talk']);
    expect(await titles(`filter[from]=${encodeURIComponent(w.lectures.live.startsAt.toISOString())}&filter[to]=${encodeURIComponent(w.lectures.upcoming.startsAt.toISOString())}`)).toEqual(['Live talk']);
    expect(await titles('filter[favorites]=1')).toEqual([]);
  });

  it('keeps starred lectures: the star, the favourites filter and /favorites/lectures', async () => {
    const who = w.people.plain;
    expect((await call('PUT', `/api/v1/${w.event.id}/favorites/lectures/${w.lectures.upcoming.id}`, who)).statusCode).toBe(200);
    expect((await call('PUT', `/api/v1/${w.event.id}/favorites/lectures/${w.lectures.elsewhere.id}`, who)).statusCode).toBe(404);
    const program = (await call('GET', `/api/v1/${w.event.id}/program?filter[favorites]=1`, who)).json<{ data: Program }>().data;
    expect(program.lectures.map((l) => [l.title, l.is_favorite])).toEqual([['Tomorrow talk', true]]);
    const list = (await call('GET', `/api/v1/${w.event.id}/favorites/lectures`, who)).json<{ data: Lecture[]; meta: { total: number } }>();
    expect(list.data.map((l) => l.id)).toEqual([w.lectures.upcoming.id]);
    expect(list.meta.total).toBe(1);
    // Another person's stars are theirs.
    expect((await call('GET', `/api/v1/${w.event.id}/favorites/lectures`, w.people.watcher)).json().data).toEqual([]);
    expect(await statusCode('GET', `/api/v1/${w.event.id}/favorites/lectures`, w.people.general)).toBe('403 section.locked');
  });

  it('shows a lecture page: description, hall, chat path, moderation for its speaker, the hall stream when it has no video', async () => {
    const base = `/api/v1/${w.event.id}/lectures`;
    const mine = (await call('GET', `${base}/${w.lectures.live.id}`, w.people.speaker)).json<{ data: LectureDetail }>().data;
    expect(mine).toMatchObject({ can_moderate: true, hall: { id: w.halls.a.id, name: 'Main hall' }, chat_path: `/lectures/${w.halls.a.id}/${w.lectures.live.id}` });
    expect((await call('GET', `${base}/${w.lectures.live.id}`, w.people.plain)).json().data.can_moderate).toBe(false);
    const over = (await call('GET', `${base}/${w.lectures.over.id}`, w.people.watcher)).json<{ data: LectureDetail }>().data;
    expect(over.video).toEqual({ source: 'youtube', video_id: 'dQw4w9WgXcQ', url: 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ' });
    const side = (await call('GET', `${base}/${w.lectures.upcoming.id}`, w.people.watcher)).json<{ data: LectureDetail }>().data;
    expect(side.video).toBeNull();
  });
});

describe('join', () => {
  it('counts a person once, also when their joins arrive at the same time', async () => {
    const fresh = await programWorld(t);
    const url = `/api/v1/${fresh.event.id}/lectures/${fresh.lectures.live.id}/join`;
    const answers = await Promise.all(Array.from({ length: 8 }, () => call('POST', url, fresh.people.watcher)));
    expect(answers.map((res) => res.statusCode)).toEqual(Array(8).fill(200));
    expect(answers.map((res) => res.json().data.attendees)).toContain(1);
    expect(Math.max(...answers.map((res) => res.json().data.attendees as number))).toBe(1);
    const second = await call('POST', url, fresh.people.organiser);
    expect(second.json().data).toEqual({ joined: true, attendees: 2 });
    const detail = (await call('GET', `/api/v1/${fresh.event.id}/lectures/${fresh.lectures.live.id}`, fresh.people.watcher)).json<{ data: LectureDetail }>().data;
    expect(detail).toMatchObject({ joined: true, attendees: 2 });
  });

  it('is closed before the window opens and after the end (409 lecture.join_closed)', async () => {
    const early = await call('POST', `/api/v1/${w.event.id}/lectures/${w.lectures.upcoming.id}/join`, w.people.watcher);
    expect(early.statusCode).toBe(409);
    expect(early.json().error).toMatchObject({ code: 'lecture.join_closed', details: { state: 'early', opens_at: new Date(w.lectures.upcoming.startsAt.getTime() - 15 * 60_000).toISOString() } });
    const late = await call('POST', `/api/v1/${w.event.id}/lectures/${w.lectures.over.id}/join`, w.people.watcher);
    expect(late.json().error).toMatchObject({ code: 'lecture.join_closed', details: { state: 'over' } });
  });
});

describe('GET /{eventId}/video-url', () => {
  const good: [string, string, string][] = [
    ['https://www.youtube.com/watch?v=dQw4w9WgXcQ', 'youtube', 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ'],
    ['youtu.be/dQw4w9WgXcQ', 'youtube', 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ'],
    ['https://rutube.ru/video/0123456789abcdef0123456789abcdef/', 'rutube', 'https://rutube.ru/play/embed/0123456789abcdef0123456789abcdef'],
    ['https://drive.google.com/file/d/1AbCdEfGhIjKlMnOp/view?usp=sharing', 'googledrive', 'https://drive.google.com/file/d/1AbCdEfGhIjKlMnOp/preview'],
    ['https://player.gvideo.co/videos/2675_abc', 'gcore', 'https://player.gvideo.co/videos/2675_abc'],
    ['https://meet.jit.si/LobbyMainHall', 'jitsi', 'https://meet.jit.si/LobbyMainHall'],
  ];
  it.each(good)('normalises %s', async (link, source, url) => {
    const res = await call('GET', `/api/v1/${w.event.id}/video-url?url=${encodeURIComponent(link)}`, w.people.plain);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ source, url });
  });

  const bad = [
    'https://vimeo.com/123456',
    'https://www.youtube.com/watch?v=short',
    'https://www.youtube.com/channel/UC123',
    'javascript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'https://evil.example/?u=https://youtu.be/dQw4w9WgXcQ',
    'https://youtu.be.evil.example/dQw4w9WgXcQ',
    'https://user:pass@www.youtube.com/watch?v=dQw4w9WgXcQ',
    'https://www.youtube.com:8443/watch?v=dQw4w9WgXcQ',
    'ftp://rutube.ru/video/0123456789abcdef0123456789abcdef/',
    'https://rutube.ru/video/not-hex/',
    'https://drive.google.com/drive/folders/1AbCdEfGhIjKlMnOp',
    'https://player.gvideo.co/other/1',
    'https://meet.example.org/SomeRoom',
    'https://meet.jit.si/a/b',
    'http://[::1',
    '%',
    ' ',
    'x'.repeat(2000),
    '\u202ehttps://youtu.be/dQw4w9WgXcQ',
  ];
  it.each(bad)('refuses %j with 400 video.url_unsupported, never 500', async (link) => {
    const res = await call('GET', `/api/v1/${w.event.id}/video-url?url=${encodeURIComponent(link)}`, w.people.plain);
    expect(res.statusCode, res.body).toBe(400);
    expect(['video.url_unsupported', 'validation.failed']).toContain(res.json().error.code);
    if (res.json().error.code === 'video.url_unsupported') expect(res.json().error.details.fields[0]).toMatchObject({ field: 'query.url' });
  });

  it('accepts the deployment\'s own WN Meet host (JITSI_HOSTS) and frames its players', async () => {
    const own = await createTestApp({ JITSI_HOSTS: 'meet.example.org, meet.jit.si' });
    try {
      const world = await programWorld(own);
      const res = await own.app.inject({ method: 'GET', url: `/api/v1/${world.event.id}/video-url?url=${encodeURIComponent('https://meet.example.org/LobbyRoom')}`, headers: world.people.plain.headers });
      expect(res.json().data).toEqual({ source: 'jitsi', video_id: 'LobbyRoom', url: 'https://meet.example.org/LobbyRoom' });
      const csp = String(res.headers['content-security-policy']);
      const frameSrc = csp.split(';').map((part) => part.trim()).find((part) => part.startsWith('frame-src'))?.split(/\s+/).slice(1);
      expect(frameSrc).toEqual(["'self'", 'https://www.youtube-nocookie.com', 'https://rutube.ru', 'https://drive.google.com', 'https://player.gvideo.co', 'https://meet.example.org', 'https://meet.jit.si']);
    } finally {
      await own.close();
    }
    const page = await t.app.inject({ method: 'GET', url: '/api/v1/health' });
    expect(String(page.headers['content-security-policy'])).toContain("frame-src 'self' https://www.youtube-nocookie.com https://rutube.ru https://drive.google.com https://player.gvideo.co https://meet.jit.si");
  });
});

describe('speakers', () => {
  it('lists members with the Speaker role or speaking in a lecture, with their lectures', async () => {
    const fresh = await programWorld(t);
    // The organiser speaks in tomorrow's talk without the role.
    await t.database.db.insert(lectureSpeakers).values({ lectureId: fresh.lectures.upcoming.id, userId: fresh.people.organiser.userId });
    const res = await call('GET', `/api/v1/${fresh.event.id}/speakers`, fresh.people.plain);
    expect(res.statusCode).toBe(200);
    const data = res.json().data as { user_id: number; bio: string | null; lectures: { id: number }[] }[];
    expect(data.map((s) => s.user_id).sort()).toEqual([fresh.people.speaker.userId, fresh.people.organiser.userId].sort());
    expect(data.find((s) => s.user_id === fresh.people.speaker.userId)).toMatchObject({ bio: 'Makes games', lectures: [{ id: fresh.lectures.live.id }] });
    expect(data.find((s) => s.user_id === fresh.people.organiser.userId)?.lectures.map((l) => l.id)).toEqual([fresh.lectures.upcoming.id]);
    const found = (await call('GET', `/api/v1/${fresh.event.id}/speakers?filter[query]=ada`, fresh.people.plain)).json().data as { user_id: number }[];
    expect(found.map((s) => s.user_id)).toEqual([fresh.people.speaker.userId]);
    expect(await statusCode('GET', `/api/v1/${fresh.event.id}/speakers`, fresh.people.outsider)).toBe('403 section.locked');
  });
});

describe('the shared program and its ICS file', () => {
  it('is 404 until the organisers share it, then open to guests without videos or stars', async () => {
    const fresh = await programWorld(t);
    const shared = `/api/v1/${fresh.event.id}/program/shared`;
    const ics = `/api/v1/${fresh.event.id}/program.ics`;
    expect((await t.app.inject({ method: 'GET', url: shared })).json().error.code).toBe('program.not_shared');
    expect((await t.app.inject({ method: 'GET', url: ics })).statusCode).toBe(404);
    const settings = await call('PUT', `/api/admin/v1/events/${fresh.event.id}/program/settings`, fresh.people.organiser, { shared: true });
    expect(settings.json().data).toEqual({ shared: true, share_path: `/events/${fresh.event.slug}/program-shared`, ics_url: `https://lobby.example.org/api/v1/${fresh.event.id}/program.ics` });
    const res = await t.app.inject({ method: 'GET', url: shared });
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data.event).toEqual({ id: fresh.event.id, name: fresh.event.name, slug: fresh.event.slug });
    expect(data.lectures).toHaveLength(3);
    expect(data.halls.every((hall: { stream: unknown }) => hall.stream === null)).toBe(true);
    expect(data.lectures.every((l: Lecture) => !l.is_favorite)).toBe(true);

    const file = await t.app.inject({ method: 'GET', url: ics });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toContain('text/calendar');
    const calendar = new ICAL.Component(ICAL.parse(file.body));
    const events = calendar.getAllSubcomponents('vevent').map((v) => new ICAL.Event(v));
    expect(events.map((e) => e.uid)).toEqual([fresh.lectures.over.id, fresh.lectures.live.id, fresh.lectures.upcoming.id].map((id) => `lecture-${id}@lobby.example.org`));
    expect(events[1]?.summary).toBe(`${fresh.event.name}: Live talk`);
    expect(events[1]?.location).toBe('Main hall');
    expect(events[1]?.startDate.toJSDate().toISOString()).toBe(fresh.lectures.live.startsAt.toISOString().replace(/\.\d{3}Z$/, '.000Z'));

    await call('PUT', `/api/admin/v1/events/${fresh.event.id}/program/settings`, fresh.people.organiser, { shared: false });
    expect((await t.app.inject({ method: 'GET', url: shared })).statusCode).toBe(404);
  });
});

describe('favourite lectures in the calendar feed, and their reminders', () => {
  it('puts a starred lecture in the person\'s feed with its UID and SEQUENCE', async () => {
    const fresh = await programWorld(t);
    const who = fresh.people.watcher;
    await call('PUT', `/api/v1/${fresh.event.id}/favorites/lectures/${fresh.lectures.upcoming.id}`, who);
    await t.database.db.update(lectures).set({ sequence: 3 }).where(eq(lectures.id, fresh.lectures.upcoming.id));
    const url = (await call('GET', '/api/v1/calendar/feed', who)).json().data.url as string;
    const res = await t.app.inject({ method: 'GET', url: new URL(url).pathname });
    const calendar = new ICAL.Component(ICAL.parse(res.body));
    const [event] = calendar.getAllSubcomponents('vevent');
    expect(event?.getFirstPropertyValue('uid')).toBe(`lecture-${fresh.lectures.upcoming.id}@lobby.example.org`);
    expect(event?.getFirstPropertyValue('sequence')).toBe(3);
    expect(calendar.getAllSubcomponents('vevent')).toHaveLength(1);
  });

  it('reminds once (notification and mail), skips an unstarred or moved lecture', async () => {
    const fresh = await programWorld(t);
    const { db } = t.database;
    const soon = await fresh.lecture({ title: 'Soon talk', startsAt: new Date(Date.now() + 5 * 60_000), endsAt: new Date(Date.now() + 65 * 60_000) });
    const star = (who: Person, on = true) => call(on ? 'PUT' : 'DELETE', `/api/v1/${fresh.event.id}/favorites/lectures/${soon.id}`, who);
    const reminders = () => db.select().from(jobs).where(eq(jobs.kind, 'lecture.reminder'));
    const run = async () => {
      while ((await t.app.deps.jobs.runOnce()) > 0);
    };
    const notices = async (who: Person) => (await call('GET', `/api/v1/notifications?filter[event_id]=${fresh.event.id}`, who)).json<{ data: Notification[] }>().data.filter((n) => n.type === 'lecture_reminder');

    // Starred twice (on, off, on): one reminder, one mail.
    await star(fresh.people.watcher);
    await star(fresh.people.watcher, false);
    await star(fresh.people.watcher);
    expect((await reminders()).filter((job) => job.payload.lectureId === soon.id && job.payload.userId === fresh.people.watcher.userId)).toHaveLength(2);
    // Starred, then unstarred: nothing.
    await star(fresh.people.plain);
    await star(fresh.people.plain, false);
    await run();
    const got = await notices(fresh.people.watcher);
    expect(got).toHaveLength(1);
    expect(got[0]?.data).toMatchObject({ title: 'Soon talk', lecture_id: soon.id, hall_id: fresh.halls.a.id, location: 'Main hall', starts_at: soon.startsAt.toISOString(), event_slug: fresh.event.slug });
    expect(await notices(fresh.people.plain)).toEqual([]);
    const mails = async (to: number) => {
      const [person] = await db.select().from(users).where(eq(users.id, to));
      return db.select().from(outbox).where(and(eq(outbox.kind, 'lecture_reminder'), eq(outbox.toEmail, person?.email ?? '')));
    };
    const sent = await mails(fresh.people.watcher.userId);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.text).toContain('Soon talk');
    expect(sent[0]?.text).toContain(`/lectures/${fresh.halls.a.id}/${soon.id}`);

    // The same reminder planned again (two nodes, a retry) writes nothing more.
    await db.insert(jobs).values({ kind: 'lecture.reminder', payload: { lectureId: soon.id, userId: fresh.people.watcher.userId, startsAt: soon.startsAt.toISOString() }, runAt: new Date() });
    await run();
    expect(await notices(fresh.people.watcher)).toHaveLength(1);
    expect(await mails(fresh.people.watcher.userId)).toHaveLength(1);

    // Moved: the old job does nothing, the new start gets its own reminder.
    await star(fresh.people.organiser);
    const moved = new Date(soon.startsAt.getTime() + 2 * 60_000);
    const update = await call('PUT', `/api/admin/v1/events/${fresh.event.id}/lectures/${soon.id}`, fresh.people.organiser, {
      title: 'Soon talk',
      hall_id: fresh.halls.a.id,
      starts_at: moved.toISOString(),
      ends_at: soon.endsAt.toISOString(),
      language: 'en',
    });
    expect(update.statusCode, update.body).toBe(200);
    expect(update.json().data).toMatchObject({ starts_at: moved.toISOString() });
    await run();
    const organiserNotices = await notices(fresh.people.organiser);
    expect(organiserNotices.map((n) => n.data.starts_at)).toEqual([moved.toISOString()]);
    // The watcher's star counts for the new time too: a second reminder, for the new start.
    expect((await notices(fresh.people.watcher)).map((n) => n.data.starts_at).sort()).toEqual([soon.startsAt.toISOString(), moved.toISOString()].sort());
  });
});
