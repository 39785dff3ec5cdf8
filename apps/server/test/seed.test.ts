import { verify } from '@node-rs/argon2';
import { dayIn, MemberRole, normaliseVideoUrl, VIDEO_SOURCES, VISIBILITY_TYPES, type EventGroups } from '@lobby/contract';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  archiveVideos,
  companies,
  eventCompanies,
  eventMembers,
  events,
  favorites,
  halls,
  lectureAttendance,
  lecturePollOptions,
  lecturePolls,
  lecturePollVotes,
  lectureQuestions,
  lectureQuestionVotes,
  lectures,
  lectureSpeakers,
  newsFeeds,
  newsItems,
  programSettings,
  users,
} from '../src/db/schema/index.ts';
import { demoAccounts, seedDemo } from '../src/db/seed/demo.ts';
import { programGrid } from '../src/db/seed/program.ts';
import { createTestApp, type TestApp } from './harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ LOBBY_DEMO: '1' });
});
afterAll(() => t.close());

describe('demo seed', () => {
  it('has a hub and a past, a current hybrid and an upcoming event', async () => {
    const groups = (await t.app.inject({ method: 'GET', url: '/api/v1/events' })).json<{ data: EventGroups }>().data;
    expect(groups.past.length).toBeGreaterThanOrEqual(1);
    expect(groups.upcoming.length).toBeGreaterThanOrEqual(1);
    const summit = groups.current.find((event) => event.slug === 'lobby-summit');
    expect(summit).toMatchObject({ is_online: true, is_onsite: true });
    expect(Object.keys(summit?.points ?? {}).length).toBeGreaterThanOrEqual(2);
    expect(groups.current.find((event) => event.slug === 'hub')?.is_all_users).toBe(true);
  });

  it('stores the demo accounts with argon2 hashes of the printed passwords', async () => {
    for (const account of demoAccounts) {
      const [row] = await t.database.db.select().from(users).where(eq(users.email, account.email));
      expect(row?.passwordHash).toMatch(/^\$argon2id\$/);
      expect(await verify(row?.passwordHash ?? '', account.password)).toBe(true);
    }
  });

  it('makes accounts members of their events with a ticket', async () => {
    const [summit] = await t.database.db.select().from(events).where(eq(events.slug, 'lobby-summit'));
    const members = await t.database.db.select().from(eventMembers).where(eq(eventMembers.eventId, summit?.id ?? 0));
    expect(members.length).toBeGreaterThanOrEqual(3);
    expect(members.every((member) => member.ticketTypeId !== null)).toBe(true);
  });

  it('fills the summit with a few hundred people and dozens of companies with logos and sponsor tiers', async () => {
    const [summit] = await t.database.db.select().from(events).where(eq(events.slug, 'lobby-summit'));
    const members = await t.database.db.select().from(eventMembers).where(eq(eventMembers.eventId, summit?.id ?? 0));
    expect(members.length).toBeGreaterThanOrEqual(250);
    const linked = await t.database.db.select({ tier: eventCompanies.sponsorType, logo: companies.logoKey }).from(eventCompanies).innerJoin(companies, eq(companies.id, eventCompanies.companyId)).where(eq(eventCompanies.eventId, summit?.id ?? 0));
    expect(linked.length).toBeGreaterThanOrEqual(30);
    expect(linked.every((row) => row.logo?.startsWith('/demo/logos/'))).toBe(true);
    expect(linked.filter((row) => row.tier !== null).length).toBeGreaterThanOrEqual(8);
  });

  it('gives the demo accounts complete profiles, so their events open without the fill-profile step', async () => {
    const [summit] = await t.database.db.select().from(events).where(eq(events.slug, 'lobby-summit'));
    for (const account of demoAccounts.filter((a) => a.roles['lobby-summit'])) {
      const login = await t.app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { email: account.email, password: account.password } });
      const token = login.json<{ data: { access_token: string } }>().data.access_token;
      const me = await t.app.inject({ method: 'GET', url: `/api/v1/${summit?.id}/members/me`, headers: { authorization: `Bearer ${token}` } });
      expect(me.json<{ data: { profile_missing: string[] } }>().data.profile_missing, account.email).toEqual([]);
    }
  });

  it('leaves a database that already has events alone', async () => {
    const before = await t.database.db.select().from(events);
    expect(await seedDemo(t.database.db)).toBe(false);
    expect(await t.database.db.select().from(events)).toHaveLength(before.length);
  });
});

describe('demo meetings', () => {
  it("gives the demo attendee meetings in every view, a schedule, and unread notifications", async () => {
    const login = await t.app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { email: 'attendee@lobby.demo', password: 'Attendee-2026' } });
    const headers = { authorization: `Bearer ${login.json().data.access_token}` };
    const [summit] = await t.database.db.select().from(events).where(eq(events.slug, 'lobby-summit'));
    const list = await t.app.inject({ method: 'GET', url: `/api/v1/${summit?.id}/meetings`, headers });
    expect(list.statusCode).toBe(200);
    const counts = list.json().meta.counts as Record<string, number>;
    for (const view of ['waiting_for_me', 'waiting_for_other', 'accepted', 'declined_by_me', 'declined_by_other', 'canceled']) expect(counts[view], view).toBeGreaterThanOrEqual(1);
    const slots = (await t.app.inject({ method: 'GET', url: `/api/v1/${summit?.id}/meetings/slots`, headers })).json().data;
    expect(slots.slots.length).toBeGreaterThan(16);
    expect(slots.slots.some((slot: { state: string }) => slot.state === 'locked')).toBe(true);
    expect(slots.locations.length).toBe(5);
    const unread = (await t.app.inject({ method: 'GET', url: `/api/v1/notifications/unread?filter[event_id]=${summit?.id}`, headers })).json().data.count;
    expect(unread).toBeGreaterThanOrEqual(3);
  });
});

describe('demo chats', () => {
  it('gives the demo attendee chats of every kind with history, unread messages, and the organiser reports and a ban to moderate', async () => {
    const signIn = async (email: string, password: string) => ({ authorization: `Bearer ${(await t.app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { email, password } })).json().data.access_token}` });
    const headers = await signIn('attendee@lobby.demo', 'Attendee-2026');
    const [summit] = await t.database.db.select().from(events).where(eq(events.slug, 'lobby-summit'));
    const list = await t.app.inject({ method: 'GET', url: `/api/v1/chat/channels?filter[related_type]=event&filter[related_id]=${summit?.id}`, headers });
    expect(list.statusCode, list.body).toBe(200);
    const channels = list.json().data as { access: string; entity_type: string | null; last_seq: number; unread_messages: number; last_message: unknown }[];
    expect(channels.filter((c) => c.access === 'private' && c.entity_type === null).length).toBeGreaterThanOrEqual(4);
    for (const kind of ['company', 'promo_company']) expect(channels.some((c) => c.entity_type === kind), kind).toBe(true);
    expect(channels.some((c) => c.access === 'notifications')).toBe(true);
    expect(channels.every((c) => c.last_seq >= 1 && c.last_message !== null)).toBe(true);
    const unread = (await t.app.inject({ method: 'GET', url: `/api/v1/chat/channels/unreadmessages?filter[related_type]=event&filter[related_id]=${summit?.id}`, headers })).json().data;
    expect(unread.unread_messages).toBeGreaterThanOrEqual(3);
    const expo = (await t.app.inject({ method: 'GET', url: `/api/v1/${summit?.id}/chat/common?path=/expo`, headers })).json().data;
    expect(expo?.last_seq).toBeGreaterThanOrEqual(3);

    const organiser = await signIn('organizer@lobby.demo', 'Organizer-2026');
    const reports = await t.app.inject({ method: 'GET', url: `/api/v1/${summit?.id}/chat/reports`, headers: organiser });
    expect(reports.json().data.length, reports.body).toBeGreaterThanOrEqual(1);
    const bans = await t.app.inject({ method: 'GET', url: `/api/v1/${summit?.id}/chat/bans`, headers: organiser });
    expect(bans.json().data.length, bans.body).toBeGreaterThanOrEqual(1);
  });
});

describe('demo program, archive and news', () => {
  const HOUR = 3_600_000;
  const summitOf = async () => {
    const [summit] = await t.database.db.select().from(events).where(eq(events.slug, 'lobby-summit'));
    if (!summit) throw new Error('no summit');
    // The moment the seed ran: it stamps the program settings with it.
    const [settings] = await t.database.db.select().from(programSettings).where(eq(programSettings.eventId, summit.id));
    if (!settings) throw new Error('no program settings');
    return { summit, settings, seededAt: settings.updatedAt.getTime() };
  };

  it('places the live slot inside the day grid at every hour of the day', () => {
    const zone = 'Asia/Nicosia';
    const midnight = new Date('2026-03-10T22:00:00Z').getTime(); // 00:00 in Nicosia (UTC+2)
    for (let minutes = 0; minutes < 24 * 60; minutes += 20) {
      const now = midnight + minutes * 60_000;
      const { dayOne, dayTwo, liveSlot } = programGrid(now, zone);
      expect(liveSlot, String(minutes)).toBeGreaterThanOrEqual(1);
      expect(liveSlot, String(minutes)).toBeLessThanOrEqual(dayOne.length - 2);
      const live = dayOne[liveSlot] ?? 0;
      expect(live <= now && now < live + HOUR, String(minutes)).toBe(true);
      expect(dayTwo[0]).toBeGreaterThanOrEqual((dayOne.at(-1) ?? 0) + HOUR);
      expect(dayIn(new Date(dayTwo[0] ?? 0), zone)).toBe('2026-03-12');
      expect(new Date(dayTwo[0] ?? 0).toISOString()).toBe('2026-03-12T08:00:00.000Z');
    }
    // In the daytime the first day keeps its 10:00 start.
    const noon = programGrid(midnight + 13.5 * HOUR, zone);
    expect(new Date(noon.dayOne[0] ?? 0).toISOString()).toBe('2026-03-11T08:00:00.000Z');
    expect(noon.liveSlot).toBe(3);
  });

  it('gives the summit a shared two-day program of streamed halls, talks with speakers, categories and languages', async () => {
    const db = t.database.db;
    const { summit, settings } = await summitOf();
    expect(settings.shared).toBe(true);
    const hallRows = await db.select().from(halls).where(eq(halls.eventId, summit.id));
    expect(hallRows.length).toBeGreaterThanOrEqual(3);
    for (const hall of hallRows) {
      const normalised = normaliseVideoUrl(hall.streamUrl ?? '');
      expect(normalised, hall.name).not.toBeNull();
      expect([hall.streamSource, hall.streamVideoId]).toEqual([normalised?.source, normalised?.video_id]);
    }
    expect(new Set(hallRows.map((hall) => hall.streamSource)).size).toBe(hallRows.length);

    const rows = await db.select().from(lectures).where(eq(lectures.eventId, summit.id));
    expect(rows.length).toBeGreaterThanOrEqual(28);
    expect(rows.every((row) => hallRows.some((hall) => hall.id === row.hallId))).toBe(true);
    expect(new Set(rows.map((row) => dayIn(row.startsAt, summit.timezone))).size).toBeGreaterThanOrEqual(2);
    expect([...new Set(rows.map((row) => row.sectionId))].sort()).toEqual([1, 2, 3, 4, 5]);
    expect([...new Set(rows.flatMap((row) => row.categories))].sort((a, b) => a - b)).toEqual(Array.from({ length: 16 }, (_, i) => i + 1));
    expect(new Set(rows.map((row) => row.language))).toEqual(new Set(['en', 'ru', 'zh']));
    expect(rows.filter((row) => row.language === 'en').length).toBeGreaterThan(rows.length / 2);
    const withVideo = rows.filter((row) => row.videoUrl !== null);
    expect(withVideo.length).toBeGreaterThanOrEqual(2);
    for (const row of withVideo) expect(normaliseVideoUrl(row.videoUrl ?? '')?.video_id).toBe(row.videoId);
    expect(rows.filter((row) => row.materials.length > 0 && row.materials.every((m) => m.url.startsWith('https://'))).length).toBeGreaterThanOrEqual(2);

    const speakerRows = await db.select().from(lectureSpeakers).where(inArray(lectureSpeakers.lectureId, rows.map((row) => row.id)));
    for (const row of rows) expect(speakerRows.filter((s) => s.lectureId === row.id).length, row.title).toBeGreaterThanOrEqual(1);
    const speakerIds = [...new Set(speakerRows.map((s) => s.userId))];
    const members = await db.select().from(eventMembers).where(and(eq(eventMembers.eventId, summit.id), inArray(eventMembers.userId, speakerIds)));
    expect(members).toHaveLength(speakerIds.length);
    expect(members.every((m) => m.roleIds.includes(MemberRole.Speaker))).toBe(true);
    const [wei] = await db.select().from(users).where(eq(users.email, 'speaker@lobby.demo'));
    expect(speakerRows.some((s) => s.userId === wei?.id)).toBe(true);
  });

  it('has talks that ended, one live when the seed ran with questions and an open poll, most upcoming, stars and attendance', async () => {
    const db = t.database.db;
    const { summit, seededAt } = await summitOf();
    const rows = await db.select().from(lectures).where(eq(lectures.eventId, summit.id));
    const ended = rows.filter((row) => row.endsAt.getTime() <= seededAt);
    const live = rows.filter((row) => row.startsAt.getTime() <= seededAt && seededAt < row.endsAt.getTime());
    const upcoming = rows.filter((row) => row.startsAt.getTime() > seededAt);
    expect(ended.length).toBeGreaterThanOrEqual(1);
    expect(live.length).toBeGreaterThanOrEqual(1);
    expect(upcoming.length).toBeGreaterThan(rows.length / 2);

    const attendance = await db.select().from(lectureAttendance).where(inArray(lectureAttendance.lectureId, rows.map((row) => row.id)));
    for (const row of [...ended, ...live]) expect(attendance.filter((a) => a.lectureId === row.id).length, row.title).toBeGreaterThan(0);
    expect(attendance.every((a) => !upcoming.some((row) => row.id === a.lectureId))).toBe(true);

    const [attendee] = await db.select().from(users).where(eq(users.email, 'attendee@lobby.demo'));
    const stars = await db.select().from(favorites).where(and(eq(favorites.eventId, summit.id), eq(favorites.entityType, 'lecture')));
    expect(stars.filter((s) => s.userId === attendee?.id).length).toBeGreaterThanOrEqual(3);
    expect(stars.every((s) => rows.some((row) => row.id === s.entityId))).toBe(true);

    const questions = await db.select().from(lectureQuestions).where(inArray(lectureQuestions.lectureId, live.map((row) => row.id)));
    expect(questions.length).toBeGreaterThanOrEqual(3);
    const votes = await db.select().from(lectureQuestionVotes).where(inArray(lectureQuestionVotes.questionId, questions.map((q) => q.id)));
    for (const question of questions) expect(votes.filter((v) => v.questionId === question.id)).toHaveLength(question.votes);
    expect(votes.length).toBeGreaterThan(0);
    const polls = await db.select().from(lecturePolls).where(inArray(lecturePolls.lectureId, live.map((row) => row.id)));
    const open = polls.filter((poll) => poll.isOpen);
    expect(open).toHaveLength(1);
    const options = await db.select().from(lecturePollOptions).where(eq(lecturePollOptions.pollId, open[0]?.id ?? 0));
    expect(options.length).toBeGreaterThanOrEqual(2);
    const ballots = await db.select().from(lecturePollVotes).where(eq(lecturePollVotes.pollId, open[0]?.id ?? 0));
    expect(ballots.length).toBeGreaterThanOrEqual(5);
    expect(ballots.every((b) => options.some((o) => o.id === b.optionId))).toBe(true);
  });

  it('fills the archive with dozens of videos over every source, category and visibility type, by speakers of their events', async () => {
    const db = t.database.db;
    const { seededAt } = await summitOf();
    const videos = await db.select().from(archiveVideos);
    expect(videos.length).toBeGreaterThanOrEqual(36);
    expect(new Set(videos.map((v) => v.videoSource))).toEqual(new Set(VIDEO_SOURCES));
    expect([...new Set(videos.map((v) => v.category))].sort((a, b) => a - b)).toEqual(Array.from({ length: 16 }, (_, i) => i + 1));
    expect(new Set(videos.map((v) => v.visibilityType))).toEqual(new Set(VISIBILITY_TYPES));
    expect(new Set(videos.map((v) => v.eventId)).size).toBeGreaterThanOrEqual(2);
    for (const video of videos) {
      const normalised = normaliseVideoUrl(video.link);
      expect([normalised?.source, normalised?.video_id], video.title).toEqual([video.videoSource, video.videoId]);
      expect(video.tags.length, video.title).toBeGreaterThan(0);
      expect(video.duration).toBeGreaterThan(0);
      expect(video.date.getTime()).toBeLessThan(seededAt);
      expect(video.date.getTime()).toBeGreaterThan(seededAt - 2 * 366 * 24 * HOUR);
      expect(video.speakerIds.length, video.title).toBeGreaterThanOrEqual(1);
      const members = await db.select({ userId: eventMembers.userId }).from(eventMembers).where(and(eq(eventMembers.eventId, video.eventId), inArray(eventMembers.userId, video.speakerIds)));
      expect(members, video.title).toHaveLength(video.speakerIds.length);
    }
  });

  it('publishes organiser news with a pinned item and a scheduled one, and no feeds', async () => {
    const db = t.database.db;
    const { summit, seededAt } = await summitOf();
    const items = await db.select().from(newsItems).where(eq(newsItems.eventId, summit.id));
    expect(items.length).toBeGreaterThanOrEqual(6);
    expect(items.every((item) => item.source === 'organiser' && item.body.length > 0 && !item.hidden)).toBe(true);
    expect(items.filter((item) => item.pinned)).toHaveLength(1);
    expect(items.filter((item) => item.publishedAt.getTime() > seededAt)).toHaveLength(1);
    expect(await db.select().from(newsFeeds)).toHaveLength(0);
  });
});
