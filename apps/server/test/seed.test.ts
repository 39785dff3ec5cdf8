import { verify } from '@node-rs/argon2';
import { dayIn, DICTIONARY_DEFAULTS, MemberRole, normaliseVideoUrl, rankTop, VIDEO_SOURCES, VISIBILITY_TYPES, votingPhase, ZGameInput, ZYoutubeLink, type EventGroups } from '@lobby/contract';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  archiveVideos,
  calls,
  companies,
  companyUsers,
  eventCompanies,
  eventMembers,
  events,
  favorites,
  gamePollAnswers,
  gamePollQuestions,
  games,
  halls,
  juryScores,
  lectureAttendance,
  lecturePollOptions,
  lecturePolls,
  lecturePollVotes,
  lectureQuestions,
  lectureQuestionVotes,
  lectures,
  lectureSpeakers,
  media,
  newsFeeds,
  newsItems,
  programSettings,
  showcaseCategories,
  showcaseRequests,
  showcases,
  showcaseVotes,
  ticketTypes,
  users,
} from '../src/db/schema/index.ts';
import { openFileStore } from '../src/files/index.ts';
import { fileUrls } from '../src/files/urls.ts';
import { demoAccounts, seedDemo } from '../src/db/seed/demo.ts';
import { DEMO_EVENT_MEETING, DEMO_LECTURE_MEETING } from '../src/db/seed/external-meetings.ts';
import { demoEntries, demoGames, SHOWCASE_CATEGORIES } from '../src/db/seed/games-data.ts';
import { JURY_CRITERIA } from '../src/db/seed/jury.ts';
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

  it('has video calls in the demo attendee’s chat history: an answered one and a missed one, each openable', async () => {
    const login = await t.app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { email: 'attendee@lobby.demo', password: 'Attendee-2026' } });
    const headers = { authorization: `Bearer ${login.json().data.access_token}` };
    const rows = await t.database.db.select().from(calls);
    expect(rows.map((row) => row.status).sort()).toEqual(['ended', 'missed']);
    for (const row of rows) {
      const res = await t.app.inject({ method: 'GET', url: `/api/v1/calls/${row.id}`, headers });
      expect(res.statusCode, res.body).toBe(200);
      const messages = (await t.app.inject({ method: 'GET', url: `/api/v1/chat/channels/${row.channelId}/messages`, headers })).json().data as { custom_type: string | null; custom_data: { call_id?: string } }[];
      expect(messages.some((m) => m.custom_type === 'call' && m.custom_data.call_id === row.id)).toBe(true);
    }
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

describe('demo games and showcase', () => {
  const seededAtOf = async () => {
    const [summit] = await t.database.db.select().from(events).where(eq(events.slug, 'lobby-summit'));
    const [settings] = await t.database.db.select().from(programSettings).where(eq(programSettings.eventId, summit?.id ?? 0));
    if (!summit || !settings) throw new Error('no summit');
    return { summit, seededAt: settings.updatedAt.getTime() };
  };
  const showcaseOf = async (summitId: number) => {
    const [showcase] = await t.database.db.select().from(showcases).where(eq(showcases.eventId, summitId));
    if (!showcase) throw new Error('no showcase');
    return showcase;
  };
  const dictionary = (name: keyof typeof DICTIONARY_DEFAULTS) => new Set(DICTIONARY_DEFAULTS[name].map((entry) => entry.value));

  it('gives dozens of games to the demo companies, every field valid as the game form would send it', async () => {
    const db = t.database.db;
    const { seededAt } = await seededAtOf();
    const rows = await db.select().from(games);
    expect(rows.length).toBeGreaterThanOrEqual(28);
    expect(new Set(rows.map((game) => game.companyId)).size).toBeGreaterThanOrEqual(20);
    const admins = await db.select().from(companyUsers);
    const [attendee] = await db.select().from(users).where(eq(users.email, 'attendee@lobby.demo'));
    // The attendee runs Nebula Games, so the profile lists games the attendee may edit.
    expect(rows.filter((game) => game.companyId === attendee?.companyId).length).toBeGreaterThanOrEqual(1);
    const today = new Date(seededAt).toISOString().slice(0, 10);
    for (const game of rows) {
      const input = {
        name: game.name,
        developer: game.developer,
        description: game.description,
        budget: game.budget,
        pitch_deck_url: game.pitchDeckUrl,
        build_url: game.buildUrl,
        video_url: game.videoUrl,
        gameplay_url: game.gameplayUrl,
        planned_date: game.plannedDate,
        development_start: game.developmentStart,
        release_date: game.releaseDate,
        platforms: game.platforms,
        genre: game.genre,
        engine: game.engine,
        monetization: game.monetization,
        stage: game.stage,
        links: game.links,
      };
      const parsed = ZGameInput.safeParse(input);
      expect(parsed.success, `${game.name}: ${parsed.error?.message}`).toBe(true);
      expect(dictionary('game.budget').has(game.budget ?? -1), game.name).toBe(true);
      expect(dictionary('game.genres').has(game.genre ?? -1), game.name).toBe(true);
      expect(dictionary('game.engines').has(game.engine ?? -1), game.name).toBe(true);
      expect(dictionary('game.monetization').has(game.monetization ?? -1), game.name).toBe(true);
      expect(dictionary('game.stages').has(game.stage ?? -1), game.name).toBe(true);
      expect(game.platforms.length, game.name).toBeGreaterThanOrEqual(1);
      expect(game.platforms.every((p) => dictionary('game.platforms').has(p)), game.name).toBe(true);
      expect(game.developmentStart !== null && game.developmentStart < today, game.name).toBe(true);
      if (game.stage === 7) expect(game.releaseDate !== null && game.releaseDate <= today && game.plannedDate === null, game.name).toBe(true);
      if (game.stage !== 6 && game.stage !== 7) expect(game.releaseDate === null && game.plannedDate !== null && game.plannedDate > today, game.name).toBe(true);
      // A company's games are created by one of its admins.
      if (game.createdBy !== null) expect(admins.some((a) => a.companyId === game.companyId && a.userId === game.createdBy && a.roles.includes('admin')), game.name).toBe(true);
    }
    const trailers = rows.filter((game) => game.videoUrl !== null);
    expect(trailers.length).toBeGreaterThan(rows.length / 2);
    for (const game of trailers) expect(ZYoutubeLink.safeParse(game.videoUrl).success, game.name).toBe(true);
    for (const name of ['game.budget', 'game.genres', 'game.stages'] as const) expect(new Set(rows.map((g) => (name === 'game.budget' ? g.budget : name === 'game.genres' ? g.genre : g.stage))).size, name).toBe(dictionary(name).size);
    // A publisher's games are made by other studios.
    const owners = new Map((await db.select({ id: companies.id, name: companies.name }).from(companies)).map((c) => [c.id, c.name]));
    expect(rows.filter((game) => game.developer !== owners.get(game.companyId)).length).toBeGreaterThanOrEqual(1);
    expect(rows.filter((game) => game.links.length > 0).length).toBeGreaterThan(rows.length / 2);
  });

  it('stores an icon and a cover for every game and screenshots for a third of them in the file store, served signed', async () => {
    const db = t.database.db;
    const rows = await db.select().from(games);
    const pictures = await db.select().from(media).where(eq(media.ownerType, 'game'));
    const store = openFileStore(t.config);
    for (const game of rows) {
      const own = pictures.filter((p) => p.ownerId === game.id);
      expect(own.filter((p) => p.category === 'icon'), game.name).toHaveLength(1);
      expect(own.filter((p) => p.category === 'cover'), game.name).toHaveLength(1);
      const shots = own.filter((p) => p.category === 'screenshot').map((p) => p.sort).sort((a, b) => a - b);
      expect(shots, game.name).toEqual(Array.from({ length: shots.length }, (_, i) => i));
    }
    const withShots = new Set(pictures.filter((p) => p.category === 'screenshot').map((p) => p.ownerId));
    expect(withShots.size).toBeGreaterThanOrEqual(Math.floor(rows.length / 3));
    for (const id of withShots) expect(pictures.filter((p) => p.ownerId === id && p.category === 'screenshot').length).toBeGreaterThanOrEqual(2);
    for (const picture of pictures) {
      expect(picture.storageKey, String(picture.id)).toBe(picture.url);
      const file = await store.open(picture.storageKey ?? '');
      expect(file, picture.url).not.toBeNull();
      const chunks: Buffer[] = [];
      for await (const chunk of file?.stream ?? []) chunks.push(chunk as Buffer);
      const data = Buffer.concat(chunks);
      expect(data.length).toBe(picture.size);
      expect(data.length).toBeLessThan(80_000);
      const magic = picture.mimeType === 'image/png' ? [0x89, 0x50, 0x4e, 0x47] : [0xff, 0xd8, 0xff];
      expect([...data.subarray(0, magic.length)], picture.url).toEqual(magic);
    }
    const cover = pictures.find((p) => p.category === 'cover');
    const served = await t.app.inject({ method: 'GET', url: fileUrls(t.config.secret).url(cover?.storageKey) ?? '' });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
  });

  it('opens the summit showcase with categories, voting open at seeding, accepted, pending and rejected entries', async () => {
    const db = t.database.db;
    const { summit, seededAt } = await seededAtOf();
    const showcase = await showcaseOf(summit.id);
    expect(showcase).toMatchObject({ minVotes: 3, topCount: 5, submissionsOpen: true });
    expect(showcase.slug).toMatch(/^indie-showcase-\d{4}$/);
    expect(votingPhase(new Date(seededAt), { voting_starts_at: showcase.votingStartsAt?.toISOString() ?? null, voting_ends_at: showcase.votingEndsAt?.toISOString() ?? null })).toBe('open');
    expect(showcase.votingStartsAt).not.toBeNull();
    expect(showcase.votingEndsAt).not.toBeNull();
    const categories = await db.select().from(showcaseCategories).where(eq(showcaseCategories.showcaseId, showcase.id));
    expect(categories.map((c) => c.name).sort()).toEqual(['Audience Award', 'Best Art', 'Best Gameplay', 'Best Pitch']);
    const requests = await db.select().from(showcaseRequests).where(eq(showcaseRequests.showcaseId, showcase.id));
    expect(requests.filter((r) => r.status === 'accepted')).toHaveLength(15);
    expect(requests.filter((r) => r.status === 'pending')).toHaveLength(3);
    const rejected = requests.filter((r) => r.status === 'rejected');
    expect(rejected).toHaveLength(1);
    expect(rejected[0]?.reason?.length).toBeGreaterThan(10);
    expect(requests.filter((r) => r.status === 'pending').every((r) => r.decidedAt === null && r.reason === null)).toBe(true);
    expect(requests.filter((r) => r.status !== 'pending').every((r) => r.decidedAt !== null && r.decidedAt.getTime() <= seededAt)).toBe(true);
    // Every entry is a game of a company at the summit, submitted by one of its admins who is a member.
    const entered = await db.select().from(games).where(inArray(games.id, requests.map((r) => r.gameId)));
    const atSummit = new Set((await db.select().from(eventCompanies).where(eq(eventCompanies.eventId, summit.id))).map((link) => link.companyId));
    const admins = await db.select().from(companyUsers);
    const members = new Set((await db.select().from(eventMembers).where(eq(eventMembers.eventId, summit.id))).map((m) => m.userId));
    for (const request of requests) {
      const game = entered.find((g) => g.id === request.gameId);
      expect(game && atSummit.has(game.companyId), String(request.id)).toBe(true);
      expect(admins.some((a) => a.companyId === game?.companyId && a.userId === request.submittedBy && a.roles.includes('admin')), game?.name).toBe(true);
      expect(members.has(request.submittedBy ?? 0), game?.name).toBe(true);
    }
  });

  it('has votes only of members whose ticket has game_poll, never for their own company’s game, one per person per category', async () => {
    const db = t.database.db;
    const { summit, seededAt } = await seededAtOf();
    const showcase = await showcaseOf(summit.id);
    const votes = await db.select().from(showcaseVotes).where(eq(showcaseVotes.showcaseId, showcase.id));
    expect(votes.length).toBeGreaterThan(300);
    expect(new Set(votes.map((v) => `${v.userId}:${v.categoryId}`)).size).toBe(votes.length);
    const categories = new Set((await db.select().from(showcaseCategories).where(eq(showcaseCategories.showcaseId, showcase.id))).map((c) => c.id));
    const requests = await db.select({ id: showcaseRequests.id, status: showcaseRequests.status, companyId: games.companyId }).from(showcaseRequests).innerJoin(games, eq(games.id, showcaseRequests.gameId)).where(eq(showcaseRequests.showcaseId, showcase.id));
    const voters = await db
      .select({ userId: eventMembers.userId, features: ticketTypes.features, companyId: users.companyId })
      .from(eventMembers)
      .innerJoin(users, eq(users.id, eventMembers.userId))
      .innerJoin(ticketTypes, eq(ticketTypes.id, eventMembers.ticketTypeId))
      .where(and(eq(eventMembers.eventId, summit.id), inArray(eventMembers.userId, [...new Set(votes.map((v) => v.userId))])));
    const voterOf = new Map(voters.map((v) => [v.userId, v]));
    const employees = await db.select().from(companyUsers).where(inArray(companyUsers.userId, [...voterOf.keys()]));
    for (const vote of votes) {
      const request = requests.find((r) => r.id === vote.requestId);
      const voter = voterOf.get(vote.userId);
      expect(request?.status, String(vote.requestId)).toBe('accepted');
      expect(categories.has(vote.categoryId)).toBe(true);
      expect(voter?.features, String(vote.userId)).toContain('game_poll');
      expect(voter?.companyId === request?.companyId || employees.some((e) => e.userId === vote.userId && e.companyId === request?.companyId), `${vote.userId} voted for their own company`).toBe(false);
      expect(vote.createdAt.getTime() >= (showcase.votingStartsAt?.getTime() ?? 0) && vote.createdAt.getTime() <= seededAt).toBe(true);
    }
    // The general pass has no game_poll: the student never voted; the attendee voted in one category.
    const [student] = await db.select().from(users).where(eq(users.email, 'student@lobby.demo'));
    const [attendee] = await db.select().from(users).where(eq(users.email, 'attendee@lobby.demo'));
    expect(votes.filter((v) => v.userId === student?.id)).toHaveLength(0);
    expect(votes.filter((v) => v.userId === attendee?.id)).toHaveLength(1);
  });

  it('makes a different top in each category, with accepted entries under min_votes left out', async () => {
    const db = t.database.db;
    const { summit } = await seededAtOf();
    const showcase = await showcaseOf(summit.id);
    const categories = await db.select().from(showcaseCategories).where(eq(showcaseCategories.showcaseId, showcase.id));
    const accepted = await db.select().from(showcaseRequests).where(and(eq(showcaseRequests.showcaseId, showcase.id), eq(showcaseRequests.status, 'accepted')));
    const votes = await db.select().from(showcaseVotes).where(eq(showcaseVotes.showcaseId, showcase.id));
    // Every accepted entry has the votes the demo data gives it (the voter pool is large enough).
    const entered = await db.select({ id: games.id, name: games.name }).from(games).where(inArray(games.id, accepted.map((r) => r.gameId)));
    for (const entry of demoEntries.filter((e) => e.status === 'accepted')) {
      const name = demoGames.find((g) => g.key === entry.game)?.name;
      const request = accepted.find((r) => r.gameId === entered.find((g) => g.name === name)?.id);
      const counts = SHOWCASE_CATEGORIES.map((categoryName) => votes.filter((v) => v.requestId === request?.id && v.categoryId === categories.find((c) => c.name === categoryName)?.id).length);
      expect(counts, entry.game).toEqual(entry.votes);
    }
    const winners = new Set<number>();
    for (const category of categories) {
      const tally = accepted.map((r) => ({ request_id: r.id, votes: votes.filter((v) => v.categoryId === category.id && v.requestId === r.id).length, submitted_at: r.createdAt.toISOString() }));
      const top = rankTop(tally, showcase.minVotes, showcase.topCount);
      expect(top, category.name).toHaveLength(showcase.topCount);
      expect(top[0]?.votes ?? 0, category.name).toBeGreaterThan(top[4]?.votes ?? 0);
      expect(tally.filter((entry) => entry.votes < showcase.minVotes).length, category.name).toBeGreaterThanOrEqual(1);
      expect(tally.filter((entry) => entry.votes >= showcase.minVotes).length, category.name).toBeGreaterThan(showcase.topCount);
      winners.add(top[0]?.request_id ?? 0);
    }
    expect(winners.size).toBeGreaterThanOrEqual(3);
  });

  it('shows the attendee the showcase with voting open, their vote, the top of each category and a game with its pictures', async () => {
    const { summit } = await seededAtOf();
    const showcase = await showcaseOf(summit.id);
    const signIn = async (email: string, password: string) => ({ authorization: `Bearer ${(await t.app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { email, password } })).json().data.access_token}` });
    const headers = await signIn('attendee@lobby.demo', 'Attendee-2026');
    const got = await t.app.inject({ method: 'GET', url: `/api/expo/${summit.id}/showcases/${showcase.slug}`, headers });
    expect(got.statusCode, got.body).toBe(200);
    expect(got.json().data).toMatchObject({ voting: 'open', can_vote: true, accepted: 15, min_votes: 3, top_count: 5 });
    expect(got.json().meta.my_votes).toHaveLength(1);
    const top = await t.app.inject({ method: 'GET', url: `/api/expo/${summit.id}/showcases/${showcase.slug}/top`, headers });
    expect(top.statusCode, top.body).toBe(200);
    const categories = top.json().data as { entries: { rank: number; votes: number; entry: { game: { cover_url: string | null } } }[] }[];
    expect(categories).toHaveLength(4);
    for (const category of categories) {
      expect(category.entries.map((e) => e.rank)).toEqual([1, 2, 3, 4, 5]);
      expect(category.entries.every((e) => e.votes >= 3 && e.entry.game.cover_url !== null)).toBe(true);
    }
    const student = await signIn('student@lobby.demo', 'Student-2026');
    const forStudent = await t.app.inject({ method: 'GET', url: `/api/expo/${summit.id}/showcases/${showcase.slug}`, headers: student });
    expect(forStudent.statusCode, forStudent.body).toBe(200);
    expect(forStudent.json().data.can_vote).toBe(false);

    const [withShots] = await t.database.db.select({ ownerId: media.ownerId }).from(media).where(and(eq(media.ownerType, 'game'), eq(media.category, 'screenshot'))).limit(1);
    const game = await t.app.inject({ method: 'GET', url: `/api/expo/games/${withShots?.ownerId}?event_id=${summit.id}`, headers });
    expect(game.statusCode, game.body).toBe(200);
    const data = game.json().data as { icon_url: string | null; cover_url: string | null; video_embed_url: string | null; screenshots: { url: string }[] };
    expect(data.icon_url).toMatch(/^\/api\/v1\/files\/demo-game-/);
    expect(data.screenshots.length).toBeGreaterThanOrEqual(2);
    const cover = await t.app.inject({ method: 'GET', url: data.cover_url ?? '' });
    expect(cover.statusCode).toBe(200);
  });

  it('has a jury round with four criteria open now, scores of jury pass holders never for their own company, and game polls with a jury-only question', async () => {
    const db = t.database.db;
    const { summit } = await seededAtOf();
    const showcase = await showcaseOf(summit.id);
    const signIn = async (email: string, password: string) => ({ authorization: `Bearer ${(await t.app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { email, password } })).json().data.access_token}` });
    const organiser = await signIn('organizer@lobby.demo', 'Organizer-2026');
    const attendee = await signIn('attendee@lobby.demo', 'Attendee-2026');
    const rounds = await t.app.inject({ method: 'GET', url: `/api/expo/${summit.id}/voting`, headers: organiser });
    expect(rounds.statusCode, rounds.body).toBe(200);
    const [round] = rounds.json().data as { phase: string; criteria: { name: string; max_score: number }[]; finalists: number; is_jury: boolean }[];
    expect(round?.phase).toBe('open');
    expect(round?.criteria.map((c) => [c.name, c.max_score])).toEqual(JURY_CRITERIA.map((name) => [name, 10]));
    expect(round?.finalists).toBeGreaterThanOrEqual(5);
    const settings = await t.app.inject({ method: 'GET', url: `/api/admin/v1/events/${summit.id}/showcases/${showcase.id}/jury`, headers: organiser });
    expect(settings.json().data.jurors).toBe(5);
    const results = await t.app.inject({ method: 'GET', url: `/api/expo/${summit.id}/voting/${showcase.slug}/results`, headers: organiser });
    expect(results.statusCode, results.body).toBe(200);
    expect(results.json().meta.jurors).toBe(5);
    expect((results.json().data as { rank: number | null }[]).filter((r) => r.rank !== null).length).toBeGreaterThanOrEqual(3);
    expect((await t.app.inject({ method: 'GET', url: `/api/expo/${summit.id}/voting/${showcase.slug}/results`, headers: attendee })).statusCode).toBe(403);
    // Every score is a jury pass holder's, within the maximum, never for their own company's game.
    const scores = await db.select().from(juryScores).where(eq(juryScores.showcaseId, showcase.id));
    const holders = await db
      .select({ userId: eventMembers.userId, features: ticketTypes.features })
      .from(eventMembers)
      .innerJoin(ticketTypes, eq(ticketTypes.id, eventMembers.ticketTypeId))
      .where(eq(eventMembers.eventId, summit.id));
    const jury = new Set(holders.filter((m) => m.features.includes('jury')).map((m) => m.userId));
    const entries = await db.select({ id: showcaseRequests.id, companyId: games.companyId }).from(showcaseRequests).innerJoin(games, eq(games.id, showcaseRequests.gameId));
    const employees = await db.select().from(companyUsers);
    expect(scores.length).toBeGreaterThan(20);
    for (const score of scores) {
      expect(jury.has(score.userId), String(score.userId)).toBe(true);
      expect(score.score >= 1 && score.score <= 10).toBe(true);
      const companyId = entries.find((e) => e.id === score.requestId)?.companyId;
      expect(employees.some((e) => e.userId === score.userId && e.companyId === companyId), `${score.userId} scored their own company's game`).toBe(false);
    }
    // Polls: questions on games of the showcase, a jury-only one hidden from the attendee and shown to the organiser.
    const questions = await db.select().from(gamePollQuestions).where(eq(gamePollQuestions.eventId, summit.id));
    expect(questions.length).toBeGreaterThanOrEqual(3);
    const juryOnly = questions.find((q) => q.juryOnly);
    expect(juryOnly).toBeDefined();
    const answers = await db.select().from(gamePollAnswers).where(inArray(gamePollAnswers.questionId, questions.map((q) => q.id)));
    expect(answers.length).toBeGreaterThan(10);
    const pollPath = `/api/expo/${summit.id}/games/${juryOnly?.gameId}/poll`;
    const forAttendee = (await t.app.inject({ method: 'GET', url: pollPath, headers: attendee })).json().data.questions as { id: number; results: unknown; answers_count: number }[];
    const forOrganiser = (await t.app.inject({ method: 'GET', url: pollPath, headers: organiser })).json().data.questions as { id: number; results: unknown }[];
    expect(forAttendee.find((q) => q.id === juryOnly?.id)).toMatchObject({ results: null });
    expect(forAttendee.find((q) => q.id === juryOnly?.id)?.answers_count).toBeGreaterThan(0);
    expect(forOrganiser.find((q) => q.id === juryOnly?.id)?.results).not.toBeNull();
  });
});

describe('demo publishers, expo, media and deals', () => {
  const signIn = async (email: string, password: string) => ({ authorization: `Bearer ${(await t.app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { email, password } })).json().data.access_token}` });

  it('has publishers with profiles, booths by tier, media partners, a press kit with a downloadable PDF, and a deal suggestion for the demo developer', async () => {
    const [summit] = await t.database.db.select().from(events).where(eq(events.slug, 'lobby-summit'));
    const attendee = await signIn('attendee@lobby.demo', 'Attendee-2026');
    const get = async (path: string) => {
      const res = await t.app.inject({ method: 'GET', url: `/api/expo/${summit?.id}${path}`, headers: attendee });
      expect(res.statusCode, res.body).toBe(200);
      return res.json();
    };
    const publishers = (await get('/publishers?per_page=100')).data as { name: string; looking_for: unknown[]; genres: string[] }[];
    expect(publishers.length).toBeGreaterThanOrEqual(3);
    expect(publishers.map((p) => p.name)).toEqual(expect.arrayContaining(['Sunburst Publishing', 'Quasar Publishing']));
    expect(publishers.every((p) => p.looking_for.length > 0 && p.genres.length > 0)).toBe(true);
    const booths = (await get('/expo?per_page=60')).data as { sponsor_type: number | null; games: unknown[] }[];
    expect(booths.filter((b) => b.sponsor_type !== null).length).toBeGreaterThanOrEqual(10);
    expect(booths.some((b) => b.games.length > 0)).toBe(true);
    const media = (await get('/media')).data as { partners: { name: string }[]; press_kit: { kind: string; url: string }[] };
    expect(media.partners.map((p) => p.name).sort()).toEqual(['Atlas Localization', 'Echo Sound Lab', 'Neon Alley']);
    expect(media.press_kit.filter((i) => i.kind === 'link')).toHaveLength(3);
    const file = media.press_kit.find((i) => i.kind === 'file');
    const download = await t.app.inject({ method: 'GET', url: file?.url ?? '/missing', headers: attendee });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const deals = (await get('/deal-suggestions')).data as { company: { name: string } | null; game: { name: string }; slots: unknown[] }[];
    expect(deals.length).toBeGreaterThanOrEqual(1);
    expect(deals.every((d) => d.company !== null)).toBe(true);
    const told = (await t.app.inject({ method: 'GET', url: `/api/v1/notifications?filter[event_id]=${summit?.id}&per_page=100`, headers: attendee })).json().data as { type: string }[];
    expect(told.some((n) => n.type === 'deal_suggestion')).toBe(true);
  });
});

describe('demo organiser pages', () => {
  it("opens the summit's about page with several block types, and its evening page; the general pass is refused", async () => {
    const [summit] = await t.database.db.select().from(events).where(eq(events.slug, 'lobby-summit'));
    const signIn = async (email: string, password: string) => ({ authorization: `Bearer ${(await t.app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { email, password } })).json().data.access_token}` });
    const attendee = await signIn('attendee@lobby.demo', 'Attendee-2026');
    const about = await t.app.inject({ method: 'GET', url: `/api/v1/${summit?.id}/pages/about`, headers: attendee });
    expect(about.statusCode, about.body).toBe(200);
    const types = new Set((about.json().data.content.blocks as { id: number }[]).map((b) => b.id));
    expect(types.size).toBeGreaterThanOrEqual(5);
    expect((await t.app.inject({ method: 'GET', url: `/api/v1/${summit?.id}/pages/partyspace`, headers: attendee })).json().data.kind).toBe('partyspace');
    const student = await signIn('student@lobby.demo', 'Student-2026');
    expect((await t.app.inject({ method: 'GET', url: `/api/v1/${summit?.id}/pages/about`, headers: student })).statusCode).toBe(403);
  });
});

describe('demo external meetings', () => {
  it("gives the summit an external meeting and one talk its own, which the attendee opens; the public event does not show it", async () => {
    const [summit] = await t.database.db.select().from(events).where(eq(events.slug, 'lobby-summit'));
    const login = await t.app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { email: 'attendee@lobby.demo', password: 'Attendee-2026' } });
    const headers = { authorization: `Bearer ${login.json().data.access_token}` };
    const meeting = await t.app.inject({ method: 'GET', url: `/api/v1/${summit?.id}/external-meeting`, headers });
    expect(meeting.json().data).toEqual({ url: DEMO_EVENT_MEETING, host: 'zoom.us' });
    const [talk] = await t.database.db.select().from(lectures).where(eq(lectures.externalUrl, DEMO_LECTURE_MEETING.url));
    const detail = await t.app.inject({ method: 'GET', url: `/api/v1/${summit?.id}/lectures/${talk?.id}`, headers });
    expect(detail.json().data).toMatchObject({ title: DEMO_LECTURE_MEETING.title, can_watch: true, external_url: DEMO_LECTURE_MEETING.url });
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/events/lobby-summit' })).json().data.config.zoom).toBeUndefined();
  });
});
