import { buildPath, routes } from '@lobby/contract';
import { eq } from 'drizzle-orm';
import { beforeAll, afterAll, describe, expect, it } from 'vitest';
import { companies, companyUsers, emailTemplates, eventCompanies, media, meetingSchedules } from '../src/db/schema/index.ts';
import { academyMatrix } from './academy-matrix-fixtures.ts';
import { callsMatrix } from './calls-matrix-fixtures.ts';
import { chatMatrix } from './chat-matrix-fixtures.ts';
import { vacanciesMatrix } from './vacancies-matrix-fixtures.ts';
import { insertRecording, slugOf } from './recordings-fixtures.ts';
import { pngOf } from './support/multipart.ts';
import { recordingBytes } from './support/webm.ts';
import { addCompanyRole, addMembership, ALL_FEATURES, authHeader, createEvent, createTicketType, createUser, eventInput } from './factories.ts';
import { createTestApp, type TestApp } from './harness.ts';
import { venueMatrix } from './venue-matrix-fixtures.ts';

/**
 * Who gets what on every protected route. Later areas add their routes to `cases`; each actor's
 * expected status is written out, so a change of rule shows up here.
 */
const ACTORS = ['guest', 'attendee', 'attendeeAllFeatures', 'companyAdmin', 'moderator', 'courseStudent', 'courseTeacher', 'courseAdmin', 'organiser', 'otherEventStaff', 'platformStaff'] as const;
type Actor = (typeof ACTORS)[number];

interface World {
  eventId: number;
  eventSlug: string;
  memberId: number;
  ticketTypeId: number;
  /** An event none of the actors belongs to, and a member and ticket type of it (IDOR attempts). */
  otherEventId: number;
  otherMemberId: number;
  otherTicketTypeId: number;
  /** A CSV import of the event, and one of the other event (IDOR attempts). */
  importId: number;
  otherImportId: number;
  unique: () => string;
  /** A fresh ticket type of the event, for calls that delete one. */
  newTicketType: () => Promise<number>;
  /** A fresh member of the event, for calls that remove one. */
  newMember: () => Promise<number>;
  /** The company the companyAdmin actor administers (taking part in the event), and one of other events only. */
  companyId: number;
  otherCompanyId: number;
  /** A fresh person of companyId, for calls that remove one. */
  newCompanyPerson: () => Promise<number>;
  emails: {
    /** A fresh Custom template of the event. */
    template: () => Promise<number>;
  };
  /** The academy: a course of the event and another event's module, lesson and homework (academy-matrix-fixtures.ts). */
  academy: Awaited<ReturnType<typeof academyMatrix>>;
  meetings: {
    days: { date: string; start: string; end: string }[];
    /** A member with every feature whom the actors invite. */
    inviteeMemberId: number;
    /** A slot no row has used yet. */
    nextSlot: () => string;
    /** A fresh request of attendeeAllFeatures to the organiser, waiting for the organiser. */
    pending: () => Promise<number>;
  };
}

type RouteName = keyof typeof routes;

interface Case {
  /** The contract route this row checks: method and path come from it. */
  route: RouteName;
  /** Several rows may check one route; the label tells them apart. */
  label?: string;
  params?: (w: World) => Record<string, string | number> | Promise<Record<string, string | number>>;
  query?: string | ((w: World) => string);
  body?: (w: World) => unknown;
  /** The call ends the session it is made with: each actor makes it with a session of its own. */
  freshSession?: boolean;
  /** Headers besides the actor's (a raw upload's content type). */
  headers?: Record<string, string>;
  expect: Record<Actor, number>;
}

const everyone = (status: number, overrides: Partial<Record<Actor, number>> = {}): Record<Actor, number> => ({ ...Object.fromEntries(ACTORS.map((a) => [a, status])), guest: 401, ...overrides }) as Record<Actor, number>;
const managers = (success: number) => everyone(403, { organiser: success, platformStaff: success });
/** The event's members may call it; people outside the event (and platform staff, who are not members) get 404. */
const members = (success: number, overrides: Partial<Record<Actor, number>> = {}) => everyone(success, { companyAdmin: 404, otherEventStaff: 404, platformStaff: 404, ...overrides });

const eventBody = (w: World) => eventInput({ slug: `m-${w.unique()}`, name: 'Matrix event', date_from: '2031-01-01T09:00:00.000Z', date_to: '2031-01-02T18:00:00.000Z' });
const ticketBody = (w: World) => ({ code: `c-${w.unique()}`, name: 'Matrix ticket', kind: 'standard', features: [], self_service: false });
const event = (w: World) => ({ id: w.eventId });

/** Favorites, contacts and notes: a company in the event and one elsewhere, and a note of the attendee's. */
let peopleFixtures: Promise<{ companyId: number; otherCompanyId: number }> | undefined;
const peopleWorld = () =>
  (peopleFixtures ??= (async () => {
    const { addEventCompany } = await import('./people-fixtures.ts');
    return { companyId: (await addEventCompany(t.database.db, world.eventId)).id, otherCompanyId: (await addEventCompany(t.database.db, world.otherEventId)).id };
  })());
const attendeeNote = async (w: World) => {
  const res = await t.app.inject({ method: 'POST', url: `/api/v1/${w.eventId}/notes`, headers: headers.attendee, payload: { subject_type: 'member', subject_id: w.memberId, text: 'matrix' } });
  return { eventId: w.eventId, id: res.json<{ data: { id: number } }>().data.id };
};
/** The chat's channels and messages (chat-matrix-fixtures.ts), made when the first chat row runs. */
let chatFixtures: ReturnType<typeof chatMatrix> | undefined;
const chat = () =>
  (chatFixtures ??= chatMatrix(t, {
    eventId: world.eventId,
    otherEventId: world.otherEventId,
    companyId: world.companyId,
    allFeaturesId: userIds.attendeeAllFeatures ?? 0,
    organiserId: userIds.organiser ?? 0,
    headers: { attendeeAllFeatures: headers.attendeeAllFeatures, organiser: headers.organiser },
  }));
/** Video calls (calls-matrix-fixtures.ts): the attendee with every feature calls the organiser. */
let callsFixtures: ReturnType<typeof callsMatrix> | undefined;
const callsFx = () =>
  (callsFixtures ??= callsMatrix(t, () => ({ eventId: world.eventId, otherEventId: world.otherEventId, callerId: userIds.attendeeAllFeatures ?? 0, calleeId: userIds.organiser ?? 0 })));
/** A call is its two people's: everybody else is told there is no such call. */
const callPair = (caller: number, callee: number) => everyone(404, { attendeeAllFeatures: caller, organiser: callee });
/** Badges and leads (venue-matrix-fixtures.ts): fresh members with live badges, leads of the companyAdmin's company. */
let venueFixtures: ReturnType<typeof venueMatrix> | undefined;
const venueFx = () => (venueFixtures ??= venueMatrix(t, () => ({ eventId: world.eventId, otherEventId: world.otherEventId, companyId: world.companyId })));
/** Badge ids the printable-badges row asks for (any ids: the answer leaves out unknown ones). */
const matrixBadgeIds = [1, 2, 3];
/** A company's booth: its people with a role (the companyAdmin actor) and platform staff. */
const venueEvent = (w: World) => ({ eventId: w.eventId });
const boothPeople = (success: number) => everyone(403, { companyAdmin: success, platformStaff: success });
/** Members take part; so do platform staff (no ticket needed); people outside the event get 404. */
const participants = (success: number) => members(success, { platformStaff: success });
/** Meetings need the ticket's meeting feature (or a role or management that grants it); outsiders get 404. */
const meetingUsers = (success: number, overrides: Partial<Record<Actor, number>> = {}) =>
  everyone(403, { attendeeAllFeatures: success, organiser: success, platformStaff: success, companyAdmin: 404, otherEventStaff: 404, ...overrides });
/** Chat: the two people of the private chat (the attendee with every feature and the organiser); 404 for the rest. */
const chatPair = (success: number) => everyone(404, { attendeeAllFeatures: success, organiser: success });
/** Chat: people who may start chats in the event; members without a chatting ticket or role get 403, people outside the event 403. */
const chatStarters = (success: number) => everyone(403, { attendeeAllFeatures: success, moderator: success, organiser: success, platformStaff: success });
/** Chat: calls that only check the event: its members (and platform staff) get `status`, people outside it 403. */
const chatInEvent = (status: number) => everyone(status, { companyAdmin: 403, otherEventStaff: 403 });
const chatModerators = (success: number) => everyone(403, { moderator: success, organiser: success, platformStaff: success });
const dictionaryItems = () => ({ items: [{ value: 1, labels: { en: 'Matrix', ru: 'Матрица', zh: '矩阵' } }] });
/** The program: a hall and a live lecture of the event, and of the other event (IDOR), made when the first program row runs. */
let programFixtures: Promise<{ hallId: number; liveId: number; otherHallId: number; otherLectureId: number }> | undefined;
const program = () =>
  (programFixtures ??= (async () => {
    const { halls, lectures } = await import('../src/db/schema/index.ts');
    const { db } = t.database;
    const hall = async (eventId: number) => (await db.insert(halls).values({ eventId, name: 'Matrix hall' }).returning())[0]?.id ?? 0;
    const live = async (eventId: number, hallId: number) =>
      (await db.insert(lectures).values({ eventId, hallId, title: 'Matrix talk', startsAt: new Date(Date.now() - 600_000), endsAt: new Date(Date.now() + 7_200_000) }).returning())[0]?.id ?? 0;
    const [hallId, otherHallId] = [await hall(world.eventId), await hall(world.otherEventId)];
    return { hallId, otherHallId, liveId: await live(world.eventId, hallId), otherLectureId: await live(world.otherEventId, otherHallId) };
  })());
const freshHall = async () => {
  const { halls } = await import('../src/db/schema/index.ts');
  const [row] = await t.database.db.insert(halls).values({ eventId: world.eventId, name: 'Matrix spare' }).returning();
  return row?.id ?? 0;
};
const freshLecture = async () => {
  const { lectures } = await import('../src/db/schema/index.ts');
  const [row] = await t.database.db.insert(lectures).values({ eventId: world.eventId, hallId: (await program()).hallId, title: 'Matrix spare', startsAt: new Date('2031-01-01T10:00:00Z'), endsAt: new Date('2031-01-01T11:00:00Z') }).returning();
  return row?.id ?? 0;
};
const lectureBody = async () => ({ title: 'Matrix talk', hall_id: (await program()).hallId, starts_at: '2031-01-01T10:00:00Z', ends_at: '2031-01-01T11:00:00Z', language: 'en' });
/** Organiser pages: a published page and a draft of the event, and a page of the other event (IDOR), made when the first page row runs. */
const pageBody = (slug: string) => ({ slug, kind: 'stub', title: 'Matrix page', published: true, content: { version: 1, blocks: [{ id: 3, uuid: '6f1c7a3e-8b2d-4c9a-9e1f-2a3b4c5d6e7f', blockId: 'intro', hidden: false, editorData: { text: 'Hello' } }] } });
const freshPage = async (eventId: number) => {
  const { eventPages } = await import('../src/db/schema/index.ts');
  const [row] = await t.database.db.insert(eventPages).values({ eventId, slug: `spare-${world.unique()}`, kind: 'stub', title: 'Matrix spare', published: false, content: { version: 1, blocks: [] } }).returning();
  return row?.id ?? 0;
};
let pageFixtures: Promise<{ id: number; slug: string; draftSlug: string; otherId: number }> | undefined;
const pages = () =>
  (pageFixtures ??= (async () => {
    const { eventPages } = await import('../src/db/schema/index.ts');
    const { db } = t.database;
    const page = async (eventId: number, slug: string, published: boolean) =>
      (await db.insert(eventPages).values({ eventId, slug, kind: 'stub', title: 'Matrix page', published, content: pageBody(slug).content }).returning())[0]?.id ?? 0;
    const id = await page(world.eventId, 'matrix', true);
    await page(world.eventId, 'matrix-draft', false);
    return { id, slug: 'matrix', draftSlug: 'matrix-draft', otherId: await page(world.otherEventId, 'matrix', true) };
  })());
/** Form submissions: a published page of the event with a visible and a hidden form, made when the first form row runs. */
let formFixtures: Promise<{ slug: string; id: number }> | undefined;
const formPage = () =>
  (formFixtures ??= (async () => {
    const { eventPages } = await import('../src/db/schema/index.ts');
    const form = (blockId: string, hidden: boolean) => ({ id: 8, uuid: '6f1c7a3e-8b2d-4c9a-9e1f-2a3b4c5d6e80', blockId, hidden, editorData: { fields: [{ id: 'comment', label: 'Comment', kind: 'text', required: true }], submitText: 'Send' } });
    const content = { version: 1, blocks: [form('ask', false), { ...form('later', true), uuid: '6f1c7a3e-8b2d-4c9a-9e1f-2a3b4c5d6e81' }] };
    const [row] = await t.database.db.insert(eventPages).values({ eventId: world.eventId, slug: 'matrix-form', kind: 'stub', title: 'Matrix form', published: true, content }).returning();
    return { slug: 'matrix-form', id: row?.id ?? 0 };
  })());
/** Stream recordings: calls.record holders (course teachers and admins by role, organisers, platform staff). */
const recorders = (success: number) => everyone(403, { courseTeacher: success, courseAdmin: success, organiser: success, platformStaff: success });
const recordingRoom = (w: World) => ({ eventId: w.eventId, room: w.eventSlug });
/** A fresh running recording by the organiser or the teacher, in the event's room or in the other event's (IDOR), reached through the event's path. */
const freshRecordingOf = (author: 'organiser' | 'courseTeacher', otherEvent = false) => async (w: World) => {
  const eventId = otherEvent ? w.otherEventId : w.eventId;
  const { id } = await insertRecording(t, { eventId, room: otherEvent ? await slugOf(t, eventId) : w.eventSlug, createdBy: userIds[author] ?? 0 });
  return { ...recordingRoom(w), id };
};
const matrixWebm = recordingBytes(1);
let matrixPng: Promise<Buffer> | undefined;
const matrixPoster = () => (matrixPng ??= pngOf(320, 180));
/** Room recordings: a fresh recording of the event's room per call. */
const freshRecording = async () => {
  const { roomVideos } = await import('../src/db/schema/index.ts');
  const link = `https://meet.jit.si/recordings/matrix-${world.unique()}.mp4`;
  await t.database.db.insert(roomVideos).values({ eventId: world.eventId, room: 'matrix-room', link });
  return { link };
};
/** The program: the event's members (not on a general ticket), organisers and staff; people outside it get the locked section. */
const programReaders = (success: number) => everyone(success, { companyAdmin: 403, otherEventStaff: 403 });
/** Video and join: watch_lecture (the attendee with every feature), organisers and staff. */
const lectureWatchers = (success: number) => everyone(403, { attendeeAllFeatures: success, organiser: success, platformStaff: success });
/** Live Q&A and polls: whoever may watch (every feature), event moderators, organisers and staff; the rest of the event 403. */
const liveUsers = (success: number) => everyone(403, { attendeeAllFeatures: success, moderator: success, organiser: success, platformStaff: success });
/** Answering, deleting and polls: the lecture's moderators (the event's moderator role, organisers, staff). */
const liveModerators = (success: number) => everyone(403, { moderator: success, organiser: success, platformStaff: success });
/** The archive: a consent-gated video of the event and a video of the other event (IDOR). */
let archiveFixtures: Promise<{ consentId: number; otherVideoId: number }> | undefined;
const videoValues = (eventId: number, visibilityType = 2) => ({ eventId, title: 'Matrix video', date: new Date('2030-01-01T00:00:00Z'), link: 'https://youtu.be/dQw4w9WgXcQ', videoSource: 'youtube' as const, videoId: 'dQw4w9WgXcQ', category: 1, visibilityType });
const freshVideo = async (eventId: number) => {
  const { archiveVideos } = await import('../src/db/schema/index.ts');
  return (await t.database.db.insert(archiveVideos).values(videoValues(eventId, 1)).returning())[0]?.id ?? 0;
};
const archive = () =>
  (archiveFixtures ??= (async () => {
    const { archiveVideos } = await import('../src/db/schema/index.ts');
    const [mine] = await t.database.db.insert(archiveVideos).values(videoValues(world.eventId)).returning();
    return { consentId: mine?.id ?? 0, otherVideoId: await freshVideo(world.otherEventId) };
  })());
const videoBody = () => ({ title: 'Matrix video', date: '2030-01-01T00:00:00.000Z', video_url: 'https://youtu.be/dQw4w9WgXcQ', category: 1, visibility_type: 2, duration: 10 });
/** Live Q&A: a question and a poll of the live lecture, and of another lecture of the event (IDOR). */
let liveFixtures: Promise<{ questionId: number; otherQuestionId: number; pollId: number; optionId: number; otherPollId: number }> | undefined;
const insertQuestion = async (lectureId: number) => {
  const { lectureQuestions } = await import('../src/db/schema/index.ts');
  return (await t.database.db.insert(lectureQuestions).values({ lectureId, userId: userIds.organiser ?? 0, text: 'Matrix?' }).returning())[0]?.id ?? 0;
};
const insertPoll = async (lectureId: number) => {
  const { lecturePolls, lecturePollOptions } = await import('../src/db/schema/index.ts');
  const [poll] = await t.database.db.insert(lecturePolls).values({ lectureId, question: 'Matrix?' }).returning();
  const [option] = await t.database.db.insert(lecturePollOptions).values([{ pollId: poll?.id ?? 0, position: 0, text: 'Yes' }, { pollId: poll?.id ?? 0, position: 1, text: 'No' }]).returning();
  return { pollId: poll?.id ?? 0, optionId: option?.id ?? 0 };
};
const live = () =>
  (liveFixtures ??= (async () => {
    const other = await freshLecture();
    const poll = await insertPoll((await program()).liveId);
    return { questionId: await insertQuestion((await program()).liveId), otherQuestionId: await insertQuestion(other), ...poll, otherPollId: (await insertPoll(other)).pollId };
  })());
const freshQuestion = async () => insertQuestion((await program()).liveId);
const freshPoll = async () => (await insertPoll((await program()).liveId)).pollId;
/** News: a fresh organiser's item of an event. */
const freshNews = async (eventId: number) => {
  const { newsItems } = await import('../src/db/schema/index.ts');
  return (await t.database.db.insert(newsItems).values({ eventId, title: 'Matrix news', publishedAt: new Date('2020-01-01T00:00:00Z') }).returning())[0]?.id ?? 0;
};
const newsBody = () => ({ title: 'Matrix news', body: 'Hello', published_at: '2020-01-01T00:00:00.000Z' });
/** Games: a game of the companyAdmin actor's company and one of another company; fresh ones for rows that delete. */
const freshGame = async (companyId: number) => {
  const { games } = await import('../src/db/schema/index.ts');
  return (await t.database.db.insert(games).values({ companyId, name: 'Matrix game', developer: 'Matrix' }).returning())[0]?.id ?? 0;
};
const freshGamePicture = async (gameId: number) => {
  const [row] = await t.database.db.insert(media).values({ ownerType: 'game', ownerId: gameId, category: 'screenshot', url: 'matrix.png', mimeType: 'image/png' }).returning();
  return row?.id ?? 0;
};
const gameBody = () => ({ name: 'Matrix game', developer: 'Matrix', pitch_deck_url: 'matrix.example.com' });
/**
 * The showcase: an open one of the event with an accepted entry of the companyAdmin's game, a spare
 * one for the update rows, and an accepted entry of another event's showcase (IDOR).
 */
let showcaseFixtures: Promise<{ gameId: number; otherGameId: number; slug: string; showcaseId: number; spareId: number; categoryId: number; requestId: number; otherShowcaseId: number; otherRequestId: number }> | undefined;
const showcase = () =>
  (showcaseFixtures ??= (async () => {
    const { showcases, showcaseCategories, showcaseRequests } = await import('../src/db/schema/index.ts');
    const { db } = t.database;
    const open = async (eventId: number, slug: string) => {
      const [row] = await db.insert(showcases).values({ eventId, slug, title: 'Matrix showcase' }).returning();
      const [category] = await db.insert(showcaseCategories).values({ showcaseId: row?.id ?? 0, name: 'Best' }).returning();
      return { id: row?.id ?? 0, categoryId: category?.id ?? 0 };
    };
    const accepted = async (showcaseId: number, gameId: number) => (await db.insert(showcaseRequests).values({ showcaseId, gameId, status: 'accepted', decidedAt: new Date() }).returning())[0]?.id ?? 0;
    const [gameId, otherGameId] = [await freshGame(world.companyId), await freshGame(world.otherCompanyId)];
    const mine = await open(world.eventId, 'matrix');
    const spare = await open(world.eventId, 'matrix-spare');
    const other = await open(world.otherEventId, 'matrix-other');
    return { gameId, otherGameId, slug: 'matrix', showcaseId: mine.id, spareId: spare.id, categoryId: mine.categoryId, requestId: await accepted(mine.id, gameId), otherShowcaseId: other.id, otherRequestId: await accepted(other.id, otherGameId) };
  })());
const showcaseBody = (w: World) => ({ slug: `m-${w.unique()}`, title: 'Matrix showcase', categories: [{ name: 'Best' }], submissions_open: true, voting_starts_at: null, voting_ends_at: null, min_votes: 1, top_count: 3 });
/** The showcase: the event's members (any ticket), organisers and staff; people outside the event 403. */
const showcaseReaders = (success: number) => everyone(success, { companyAdmin: 403, otherEventStaff: 403 });
/** Votes: voting.vote (the game_poll feature; organisers and staff); the rest of the event 403 vote.not_counted. */
const showcaseVoters = (success: number) => everyone(403, { attendeeAllFeatures: success, organiser: success, platformStaff: success });
/**
 * Jury voting: a round of the event (a criterion, no window, the top open to entries without votes)
 * with an accepted entry of the companyAdmin's game, a published round, a spare showcase for the
 * update rows, and another event's round with its entry (IDOR).
 */
let juryFixtures: Promise<{ slug: string; publishedSlug: string; requestId: number; criterionId: number; spareId: number; otherShowcaseId: number; otherSlug: string; otherRequestId: number }> | undefined;
const jury = () =>
  (juryFixtures ??= (async () => {
    const { showcases, showcaseCategories, showcaseRequests, juryCriteria } = await import('../src/db/schema/index.ts');
    const { db } = t.database;
    const round = async (eventId: number, slug: string, gameId: number, published = false) => {
      const [row] = await db.insert(showcases).values({ eventId, slug, title: 'Matrix jury', minVotes: 0, juryResultsPublished: published }).returning();
      const showcaseId = row?.id ?? 0;
      await db.insert(showcaseCategories).values({ showcaseId, name: 'Best' });
      const [criterion] = await db.insert(juryCriteria).values({ showcaseId, name: 'Gameplay', maxScore: 10 }).returning();
      const [request] = await db.insert(showcaseRequests).values({ showcaseId, gameId, status: 'accepted', decidedAt: new Date() }).returning();
      return { showcaseId, criterionId: criterion?.id ?? 0, requestId: request?.id ?? 0 };
    };
    const { gameId, otherGameId } = await showcase();
    const mine = await round(world.eventId, 'matrix-jury', gameId);
    await round(world.eventId, 'matrix-jury-published', gameId, true);
    const spare = await round(world.eventId, 'matrix-jury-spare', gameId);
    const other = await round(world.otherEventId, 'matrix-jury-other', otherGameId);
    return { slug: 'matrix-jury', publishedSlug: 'matrix-jury-published', requestId: mine.requestId, criterionId: mine.criterionId, spareId: spare.showcaseId, otherShowcaseId: other.showcaseId, otherSlug: 'matrix-jury-other', otherRequestId: other.requestId };
  })());
const juryBody = () => ({ criteria: [{ name: 'Gameplay', max_score: 10 }], jury_starts_at: null, jury_ends_at: null, results_published: false });
/** Scoring: voting.jury (the jury feature; organisers and staff); the rest of the event 403 jury.score_refused. */
const jurors = (success: number) => everyone(403, { attendeeAllFeatures: success, organiser: success, platformStaff: success });
/** Game polls: a question of the companyAdmin's game (its company takes part in the event), and one of another event's game (IDOR). */
const insertPollQuestion = async (eventId: number, gameId: number) => {
  const { gamePollQuestions } = await import('../src/db/schema/index.ts');
  return (await t.database.db.insert(gamePollQuestions).values({ eventId, gameId, text: 'Matrix?', kind: 'choice', options: ['Yes', 'No'] }).returning())[0]?.id ?? 0;
};
let pollFixtures: Promise<{ gameId: number; questionId: number; otherQuestionId: number }> | undefined;
const gamePoll = () =>
  (pollFixtures ??= (async () => {
    const { gameId, otherGameId } = await showcase();
    return { gameId, questionId: await insertPollQuestion(world.eventId, gameId), otherQuestionId: await insertPollQuestion(world.otherEventId, otherGameId) };
  })());
/** The press kit: a stored file of the event and one of another event (IDOR); fresh links for rows that delete. */
let pressKitFixtures: Promise<{ fileId: number; otherFileId: number }> | undefined;
const pressKit = () =>
  (pressKitFixtures ??= (async () => {
    const { pressKitItems } = await import('../src/db/schema/index.ts');
    const { openFileStore } = await import('../src/files/index.ts');
    const store = openFileStore(t.config);
    const file = async (eventId: number) => {
      const key = `pkmatrix${eventId}.pdf`;
      await store.put(key, Buffer.from('%PDF-1.4\n%%EOF\n'), 'application/pdf');
      const [row] = await t.database.db.insert(pressKitItems).values({ eventId, kind: 'file', title: 'Matrix kit', fileKey: key, fileName: 'kit.pdf', fileSize: 15, contentType: 'application/pdf' }).returning();
      return row?.id ?? 0;
    };
    return { fileId: await file(world.eventId), otherFileId: await file(world.otherEventId) };
  })());
const freshKitLink = async (eventId: number) => {
  const { pressKitItems } = await import('../src/db/schema/index.ts');
  return (await t.database.db.insert(pressKitItems).values({ eventId, kind: 'link', title: 'Matrix link', url: 'https://example.com/x' }).returning())[0]?.id ?? 0;
};
/** A fresh company, in the event when eventId is given (with one of its people a member there when withMember), for calls that add or remove one. */
const freshCompany = async (eventId: number | null, withMember = false) => {
  const { db } = t.database;
  const [row] = await db.insert(companies).values({ name: 'Matrix exhibitor' }).returning();
  if (!row) throw new Error('no company');
  if (eventId !== null) await db.insert(eventCompanies).values({ eventId, companyId: row.id });
  if (eventId !== null && withMember) {
    const person = await createUser(db);
    await addMembership(db, eventId, person.id);
    await db.insert(companyUsers).values({ companyId: row.id, userId: person.id, roles: ['chat'] });
  }
  return row.id;
};
const kitIds = async (eventId: number) => {
  const { pressKitItems } = await import('../src/db/schema/index.ts');
  return (await t.database.db.select({ id: pressKitItems.id }).from(pressKitItems).where(eq(pressKitItems.eventId, eventId))).map((row) => row.id);
};

/** The academy (issue 15): students, teachers, course admins, organisers and staff read it; the rest of the event gets the locked section, people outside it 403. */
const academyReaders = (success: number) => everyone(403, { courseStudent: success, courseTeacher: success, courseAdmin: success, organiser: success, platformStaff: success });
/** Calls that name a lesson alone: whoever may not read the lesson's academy is told it does not exist. */
const academyLessonReaders = (success: number) => everyone(404, { courseStudent: success, courseTeacher: success, courseAdmin: success, organiser: success, platformStaff: success });
/** Students' own calls (homework, ratings): the people who run the course get 403 too. */
const academyStudents = (success: number) => everyone(403, { courseStudent: success });
/** The academy admin's pages and the review of homework: teachers, course admins, organisers and staff. */
const academyStaff = (success: number) => everyone(403, { courseTeacher: success, courseAdmin: success, organiser: success, platformStaff: success });
/** Changing the course: course admins, organisers and staff. */
const courseEditors = (success: number) => everyone(403, { courseAdmin: success, organiser: success, platformStaff: success });
const academyPath = (w: World) => ({ eventId: w.eventId });
const academyLesson = (w: World) => ({ eventId: w.eventId, id: w.academy.lessonId });
const moduleBody = () => ({ short_description: 'Matrix module', is_open: true });
const lessonBody = (w: World) => ({ module_id: w.academy.moduleId, short_description: 'Matrix lesson', is_open: true, has_homework: true });

/** Vacancies (vacancies-matrix-fixtures.ts): the companyAdmin's company's vacancies and responses, another event's company's, made when the first vacancy row runs. */
let vacancyFixtures: ReturnType<typeof vacanciesMatrix> | undefined;
const vacancyFx = () => (vacancyFixtures ??= vacanciesMatrix(t, { eventId: world.eventId, companyId: world.companyId, otherCompanyId: world.otherCompanyId }));
const vacancyBody = () => ({ title: 'Matrix vacancy', seniority: 'junior', skills: [1] });
/** A company's vacancies and responses: its admins and platform staff; everyone else 403. */
const vacancyAdmins = (success: number) => everyone(403, { companyAdmin: success, platformStaff: success });

const cases: Case[] = [
  { route: 'getMe', expect: everyone(200) },
  { route: 'updateMe', body: () => ({ language: 'en' }), expect: everyone(200) },
  { route: 'changePassword', body: () => ({ current_password: '', password: 'matrix password 1', password_confirmation: 'matrix password 1' }), expect: everyone(200) },
  { route: 'logoutOthers', expect: everyone(200) },
  { route: 'logout', freshSession: true, expect: everyone(200) },
  { route: 'getMyMembership', params: (w) => ({ eventId: w.eventId }), expect: members(200) },
  { route: 'getMyMembership', label: 'another event', params: (w) => ({ eventId: w.otherEventId }), expect: everyone(404, { otherEventStaff: 200 }) },
  // The people directory is gated by the ticket: a plain ticket, course staff without a ticket and
  // people outside the event get the locked section (403); platform staff see every directory.
  { route: 'listMembers', params: (w) => ({ eventId: w.eventId }), expect: everyone(403, { attendeeAllFeatures: 200, moderator: 200, organiser: 200, platformStaff: 200 }) },
  { route: 'listMembers', label: 'another event', params: (w) => ({ eventId: w.otherEventId }), expect: everyone(403, { otherEventStaff: 200, platformStaff: 200 }) },
  // A member's page and the pickers sit behind the same gate; another event's membership id is a 404 (IDOR).
  { route: 'getMember', params: (w) => ({ eventId: w.eventId, id: w.memberId }), expect: everyone(403, { attendeeAllFeatures: 200, moderator: 200, organiser: 200, platformStaff: 200 }) },
  { route: 'getMember', label: 'member of another event', params: (w) => ({ eventId: w.eventId, id: w.otherMemberId }), expect: everyone(403, { attendeeAllFeatures: 404, moderator: 404, organiser: 404, platformStaff: 404 }) },
  { route: 'autocompleteMembers', params: (w) => ({ eventId: w.eventId }), expect: everyone(403, { attendeeAllFeatures: 200, moderator: 200, organiser: 200, platformStaff: 200 }) },
  { route: 'autocompleteMemberUsers', params: (w) => ({ eventId: w.eventId }), expect: everyone(403, { attendeeAllFeatures: 200, moderator: 200, organiser: 200, platformStaff: 200 }) },
  { route: 'registerForEvent', label: 'by invitation', params: (w) => ({ slug: w.eventSlug }), expect: everyone(201, { companyAdmin: 403, otherEventStaff: 403, platformStaff: 403 }) },
  { route: 'adminListEvents', expect: everyone(200) },
  { route: 'adminCreateEvent', body: eventBody, expect: everyone(403, { organiser: 201, otherEventStaff: 201, platformStaff: 201 }) },
  { route: 'adminGetEvent', params: event, expect: managers(200) },
  { route: 'adminUpdateEvent', params: event, body: (w) => ({ ...eventBody(w), slug: w.eventSlug }), expect: managers(200) },
  { route: 'adminCreateTicketType', params: event, body: ticketBody, expect: managers(201) },
  { route: 'adminUpdateTicketType', params: (w) => ({ id: w.eventId, ticketTypeId: w.ticketTypeId }), body: (w) => ({ ...ticketBody(w), code: 'matrix' }), expect: managers(200) },
  { route: 'adminUpdateTicketType', label: 'ticket type of another event', params: (w) => ({ id: w.eventId, ticketTypeId: w.otherTicketTypeId }), body: (w) => ticketBody(w), expect: managers(404) },
  { route: 'adminDeleteTicketType', params: async (w) => ({ id: w.eventId, ticketTypeId: await w.newTicketType() }), expect: managers(200) },
  { route: 'adminDeleteTicketType', label: 'ticket type of another event', params: (w) => ({ id: w.eventId, ticketTypeId: w.otherTicketTypeId }), expect: managers(404) },
  { route: 'adminListMembers', params: event, expect: managers(200) },
  { route: 'adminInviteMember', params: event, body: (w) => ({ email: `invitee-${w.unique()}@example.test`, ticket_type_id: w.ticketTypeId }), expect: managers(201) },
  { route: 'adminImportMembers', params: event, body: (w) => ({ csv: `email,ticket\nimported-${w.unique()}@example.test,matrix` }), expect: managers(202) },
  { route: 'adminGetImport', params: (w) => ({ id: w.eventId, importId: w.importId }), expect: managers(200) },
  { route: 'adminGetImport', label: "another event's import under this event", params: (w) => ({ id: w.eventId, importId: w.otherImportId }), expect: everyone(403, { organiser: 404, platformStaff: 404 }) },
  { route: 'adminGetImport', label: "this event's import under an event one runs", params: (w) => ({ id: w.otherEventId, importId: w.importId }), expect: everyone(403, { otherEventStaff: 404, platformStaff: 404 }) },
  { route: 'adminUpdateMember', params: (w) => ({ id: w.eventId, memberId: w.memberId }), body: () => ({ role_ids: [1] }), expect: managers(200) },
  { route: 'adminUpdateMember', label: 'member of another event', params: (w) => ({ id: w.eventId, memberId: w.otherMemberId }), body: () => ({ role_ids: [1] }), expect: managers(404) },
  { route: 'adminRemoveMember', params: async (w) => ({ id: w.eventId, memberId: await w.newMember() }), expect: managers(200) },
  { route: 'adminRemoveMember', label: 'member of another event', params: (w) => ({ id: w.eventId, memberId: w.otherMemberId }), expect: managers(404) },
  { route: 'adminSetBrandings', params: event, body: () => ({ items: [] }), expect: managers(200) },
  { route: 'addFavorite', params: (w) => ({ eventId: w.eventId, type: 'users', id: w.memberId }), expect: participants(200) },
  { route: 'addFavorite', label: 'company', params: async (w) => ({ eventId: w.eventId, type: 'companies', id: (await peopleWorld()).companyId }), expect: participants(200) },
  { route: 'addFavorite', label: 'member of another event', params: (w) => ({ eventId: w.eventId, type: 'users', id: w.otherMemberId }), expect: participants(404) },
  { route: 'addFavorite', label: 'company of another event', params: async (w) => ({ eventId: w.eventId, type: 'companies', id: (await peopleWorld()).otherCompanyId }), expect: participants(404) },
  { route: 'removeFavorite', params: (w) => ({ eventId: w.eventId, type: 'users', id: w.memberId }), expect: participants(200) },
  { route: 'removeFavorite', label: 'member of another event', params: (w) => ({ eventId: w.eventId, type: 'users', id: w.otherMemberId }), expect: participants(404) },
  { route: 'listFavoriteMembers', params: (w) => ({ eventId: w.eventId }), expect: participants(200) },
  { route: 'listFavoriteMembers', label: 'another event', params: (w) => ({ eventId: w.otherEventId }), expect: everyone(404, { otherEventStaff: 200, platformStaff: 200 }) },
  { route: 'listFavoriteCompanies', params: (w) => ({ eventId: w.eventId }), expect: participants(200) },
  { route: 'listContacts', params: (w) => ({ eventId: w.eventId }), expect: participants(200) },
  { route: 'exportContacts', params: (w) => ({ eventId: w.eventId }), query: '?format=csv', expect: participants(200) },
  { route: 'listNotes', params: (w) => ({ eventId: w.eventId }), expect: participants(200) },
  { route: 'createNote', params: (w) => ({ eventId: w.eventId }), body: (w) => ({ subject_type: 'member', subject_id: w.memberId, text: 'matrix' }), expect: participants(201) },
  { route: 'createNote', label: 'member of another event', params: (w) => ({ eventId: w.eventId }), body: (w) => ({ subject_type: 'member', subject_id: w.otherMemberId, text: 'matrix' }), expect: participants(404) },
  // A note is its author's alone: everybody else is told it does not exist.
  { route: 'updateNote', label: "the attendee's note", params: attendeeNote, body: () => ({ text: 'edited' }), expect: members(404, { attendee: 200 }) },
  { route: 'deleteNote', label: "the attendee's note", params: attendeeNote, expect: members(404, { attendee: 200 }) },
  { route: 'adminListDictionaries', params: event, expect: managers(200) },
  { route: 'adminSetDictionary', params: (w) => ({ id: w.eventId, name: 'company.tag' }), body: dictionaryItems, expect: managers(200) },
  { route: 'adminSetDictionary', label: 'fixed dictionary', params: (w) => ({ id: w.eventId, name: 'regions' }), body: dictionaryItems, expect: managers(422) },
  { route: 'adminResetDictionary', params: (w) => ({ id: w.eventId, name: 'company.tag' }), expect: managers(200) },

  // Companies: the event's people, its managers and platform staff read them; a company's own admins (and staff) change it.
  { route: 'listCompanies', params: (w) => ({ eventId: w.eventId }), expect: members(200, { platformStaff: 200 }) },
  { route: 'listCompanies', label: 'another event', params: (w) => ({ eventId: w.otherEventId }), expect: everyone(404, { otherEventStaff: 200, platformStaff: 200 }) },
  { route: 'getCompany', params: (w) => ({ eventId: w.eventId, id: w.companyId }), expect: members(200, { platformStaff: 200 }) },
  { route: 'getCompany', label: "another event's company", params: (w) => ({ eventId: w.eventId, id: w.otherCompanyId }), expect: everyone(404) },
  { route: 'getOwnCompany', params: (w) => ({ id: w.companyId }), expect: everyone(404, { companyAdmin: 200, platformStaff: 200 }) },
  { route: 'createCompany', body: () => ({ name: 'Matrix company', business: [1] }), expect: everyone(201) },
  { route: 'updateCompany', params: (w) => ({ id: w.companyId }), body: () => ({ name: 'Matrix company', business: [1] }), expect: everyone(403, { companyAdmin: 200, platformStaff: 200 }) },
  { route: 'autocompleteCompanies', query: '?query=matrix', expect: everyone(200) },
  { route: 'setCompanyRole', params: (w) => ({ id: w.companyId }), body: () => ({ user_id: userIds.companyAdmin, roles: ['chat', 'admin'] }), expect: everyone(403, { companyAdmin: 200, platformStaff: 200 }) },
  { route: 'removeCompanyUser', params: async (w) => ({ id: w.companyId, userId: await w.newCompanyPerson() }), expect: everyone(403, { companyAdmin: 200, platformStaff: 200 }) },
  { route: 'listCompanyUsers', params: (w) => ({ id: w.companyId }), expect: everyone(404, { companyAdmin: 200, platformStaff: 200 }) },

  // Uploads: the matrix sends no multipart body, so 415 ("send multipart/form-data") means the
  // actor got past authorisation; files.test.ts covers the uploads themselves.
  { route: 'uploadMyMedia', expect: everyone(415) },
  { route: 'uploadEventMedia', params: (w) => ({ eventId: w.eventId }), expect: everyone(403, { courseAdmin: 415, organiser: 415, platformStaff: 415 }) },
  { route: 'uploadEventMedia', label: 'another event', params: (w) => ({ eventId: w.otherEventId }), expect: everyone(403, { otherEventStaff: 415, platformStaff: 415 }) },
  { route: 'updateMyMembership', params: (w) => ({ eventId: w.eventId }), body: () => ({ job: 'Matrix' }), expect: members(200) },
  { route: 'updateMyMembership', label: 'another event', params: (w) => ({ eventId: w.otherEventId }), body: () => ({ job: 'Matrix' }), expect: everyone(404, { otherEventStaff: 200 }) },
  { route: 'uploadCompanyMedia', params: async () => ({ id: await adminCompanyId() }), expect: everyone(403, { companyAdmin: 415, platformStaff: 415 }) },
  { route: 'deleteCompanyMedia', params: async () => ({ id: await adminCompanyId(), mediaId: await companyMediaId(await adminCompanyId()) }), expect: everyone(403, { companyAdmin: 200, platformStaff: 200 }) },
  {
    route: 'deleteCompanyMedia',
    label: "another company's picture",
    params: async () => ({ id: await adminCompanyId(), mediaId: await companyMediaId((await addCompanyRole(t.database.db, userIds.attendee ?? 0, ['admin'])).id) }),
    expect: everyone(403, { companyAdmin: 404, platformStaff: 404 }),
  },

  // Meetings: members whose ticket (or role) includes meetings, organisers and platform staff use
  // them; a meeting is its two participants' alone (everybody else: 404).
  { route: 'listMeetings', params: (w) => ({ eventId: w.eventId }), expect: meetingUsers(200) },
  { route: 'listMeetings', label: 'another event', params: (w) => ({ eventId: w.otherEventId }), expect: everyone(404, { otherEventStaff: 200, platformStaff: 200 }) },
  { route: 'listMeetingSlots', params: (w) => ({ eventId: w.eventId }), expect: meetingUsers(200) },
  { route: 'findMeetingTime', params: (w) => ({ eventId: w.eventId }), query: '', expect: everyone(400) },
  { route: 'createMeeting', params: (w) => ({ eventId: w.eventId }), body: (w) => ({ member_id: w.meetings.inviteeMemberId, starts_at: w.meetings.nextSlot() }), expect: meetingUsers(201) },
  { route: 'createMeeting', label: 'member of another event', params: (w) => ({ eventId: w.eventId }), body: (w) => ({ member_id: w.otherMemberId, starts_at: w.meetings.nextSlot() }), expect: meetingUsers(404) },
  { route: 'getMeeting', params: async (w) => ({ eventId: w.eventId, id: await w.meetings.pending() }), expect: meetingUsers(404, { attendeeAllFeatures: 200, organiser: 200 }) },
  { route: 'getMeeting', label: 'through another event', params: async (w) => ({ eventId: w.otherEventId, id: await w.meetings.pending() }), expect: everyone(404) },
  // The requester (attendeeAllFeatures) cannot answer their own request; the invitee (organiser) can.
  { route: 'acceptMeeting', params: async (w) => ({ eventId: w.eventId, id: await w.meetings.pending() }), expect: meetingUsers(404, { attendeeAllFeatures: 403, organiser: 200 }) },
  { route: 'declineMeeting', params: async (w) => ({ eventId: w.eventId, id: await w.meetings.pending() }), body: () => ({ reason: 'matrix' }), expect: meetingUsers(404, { attendeeAllFeatures: 403, organiser: 200 }) },
  { route: 'rescheduleMeeting', params: async (w) => ({ eventId: w.eventId, id: await w.meetings.pending() }), body: (w) => ({ starts_at: w.meetings.nextSlot() }), expect: meetingUsers(404, { attendeeAllFeatures: 200, organiser: 200 }) },
  // Either participant may call a request off (each actor gets a fresh one).
  { route: 'cancelMeeting', params: async (w) => ({ eventId: w.eventId, id: await w.meetings.pending() }), expect: meetingUsers(404, { attendeeAllFeatures: 200, organiser: 200 }) },
  { route: 'lockSlot', params: (w) => ({ eventId: w.eventId }), body: (w) => ({ starts_at: w.meetings.nextSlot() }), expect: meetingUsers(200) },
  { route: 'unlockSlot', label: 'a slot nobody locked', params: (w) => ({ eventId: w.eventId }), body: (w) => ({ starts_at: w.meetings.nextSlot() }), expect: meetingUsers(409) },
  { route: 'getCalendarFeed', expect: everyone(200) },
  { route: 'resetCalendarFeed', expect: everyone(200) },
  { route: 'adminGetMeetingSettings', params: (w) => ({ eventId: w.eventId }), expect: managers(200) },
  { route: 'adminGetMeetingSettings', label: 'another event', params: (w) => ({ eventId: w.otherEventId }), expect: everyone(403, { otherEventStaff: 200, platformStaff: 200 }) },
  { route: 'adminUpdateMeetingSettings', params: (w) => ({ eventId: w.eventId }), body: (w) => ({ slot_minutes: 30, days: w.meetings.days, points: [] }), expect: managers(200) },
  // E-mail templates are the back office's: organisers and platform staff only.
  { route: 'listEmailTemplates', params: (w) => ({ eventId: w.eventId }), expect: managers(200) },
  { route: 'listEmailTemplates', label: 'another event', params: (w) => ({ eventId: w.otherEventId }), expect: everyone(403, { otherEventStaff: 200, platformStaff: 200 }) },
  { route: 'autocompleteEmailTemplates', params: (w) => ({ eventId: w.eventId }), expect: managers(200) },
  { route: 'createEmailTemplate', params: (w) => ({ eventId: w.eventId }), body: () => ({ name: 'Matrix', type_id: 14, translations: { en: { subject: 'Matrix', body: 'Matrix' } } }), expect: managers(201) },
  { route: 'getEmailTemplate', params: async (w) => ({ eventId: w.eventId, emailId: await w.emails.template() }), expect: managers(200) },
  { route: 'getEmailTemplate', label: "another event's template", params: async (w) => ({ eventId: w.otherEventId, emailId: await w.emails.template() }), expect: everyone(403, { otherEventStaff: 404, platformStaff: 404 }) },
  { route: 'updateEmailTemplate', params: async (w) => ({ eventId: w.eventId, emailId: await w.emails.template() }), body: () => ({ name: 'Matrix', translations: { en: { subject: 'Matrix', body: 'Matrix' } } }), expect: managers(200) },
  { route: 'deleteEmailTemplate', params: async (w) => ({ eventId: w.eventId, emailId: await w.emails.template() }), expect: managers(200) },
  { route: 'previewEmailTemplate', params: (w) => ({ eventId: w.eventId }), body: () => ({ type_id: 7, language: 'en', subject: '{{other}}', body: '{{name}}' }), expect: managers(200) },
  { route: 'listNotifications', expect: everyone(200) },
  { route: 'countUnreadNotifications', expect: everyone(200) },
  { route: 'markNotificationsRead', body: () => ({}), expect: everyone(200) },

  // Chat: a channel is its people's alone (everybody else: 404); starting chats needs a ticket or
  // role that chats (403); moderation is the event's moderators', organisers' and platform staff's.
  { route: 'listChatChannels', expect: everyone(200) },
  { route: 'listChatChannels', label: 'one event', query: (w) => `?filter[related_type]=event&filter[related_id]=${w.eventId}`, expect: everyone(200) },
  { route: 'countChatUnread', expect: everyone(200) },
  { route: 'privateChatChannel', params: async () => ({ userId: (await chat()).targetId }), query: '', expect: everyone(400) },
  { route: 'privateChatChannel', label: 'in the event', params: async () => ({ userId: (await chat()).targetId }), query: (w) => `?filter[related_id]=${w.eventId}`, expect: chatStarters(200) },
  { route: 'privateChatChannel', label: 'member of another event', params: async () => ({ userId: (await chat()).otherEventUserId }), query: (w) => `?filter[related_id]=${w.eventId}`, expect: chatInEvent(404) },
  { route: 'companyChatChannel', params: (w) => ({ eventId: w.eventId, id: w.companyId }), expect: chatStarters(200) },
  { route: 'companyChatChannel', label: 'company of another event', params: (w) => ({ eventId: w.eventId, id: w.otherCompanyId }), expect: chatInEvent(404) },
  { route: 'lessonChatChannel', params: academyLesson, expect: everyone(403, { courseStudent: 200, courseTeacher: 200, courseAdmin: 200, organiser: 200, platformStaff: 200 }) },
  { route: 'lessonChatChannel', label: "another event's lesson through this event", params: (w) => ({ eventId: w.eventId, id: w.academy.otherLessonId }), expect: everyone(403, { courseStudent: 404, courseTeacher: 404, courseAdmin: 404, organiser: 404, platformStaff: 404 }) },
  { route: 'lessonStudentChatChannel', params: async (w) => ({ ...academyLesson(w), other: (await chat()).studentId }), expect: everyone(403, { courseTeacher: 200, courseAdmin: 200, organiser: 200, platformStaff: 200 }) },
  { route: 'lessonStudentChatChannel', label: "another event's lesson through this event", params: async (w) => ({ eventId: w.eventId, id: w.academy.otherLessonId, other: (await chat()).studentId }), expect: academyStaff(404) },
  { route: 'getChatChannel', label: 'a private chat', params: async () => ({ id: (await chat()).privateId }), expect: chatPair(200) },
  { route: 'getChatChannel', label: 'a company chat', params: async () => ({ id: (await chat()).companyChatId }), expect: everyone(404, { attendeeAllFeatures: 200, companyAdmin: 200 }) },
  { route: 'getChatChannel', label: 'a page chat', params: async () => ({ id: (await chat()).pageId }), expect: members(200, { platformStaff: 200 }) },
  { route: 'commonChatChannel', params: (w) => ({ eventId: w.eventId }), query: '?path=/expo', expect: chatInEvent(200) },
  { route: 'listChatMessages', params: async () => ({ id: (await chat()).privateId }), expect: chatPair(200) },
  { route: 'listChatMessages', label: 'a page chat', params: async () => ({ id: (await chat()).pageId }), query: '?after=0', expect: members(200, { platformStaff: 200 }) },
  { route: 'sendChatMessage', params: async () => ({ id: (await chat()).privateId }), body: () => ({ text: 'matrix' }), expect: chatPair(201) },
  { route: 'sendChatMessage', label: 'a page chat', params: async () => ({ id: (await chat()).pageId }), body: () => ({ text: 'matrix' }), expect: { ...chatStarters(201), companyAdmin: 404, otherEventStaff: 404 } },
  { route: 'sendCommonChatMessage', params: (w) => ({ eventId: w.eventId }), body: () => ({ path: '/expo', message: 'matrix' }), expect: chatStarters(201) },
  { route: 'markChatRead', params: async () => ({ id: (await chat()).privateId }), expect: chatPair(200) },
  // Only the author deletes their own message; the other person of the chat may not (403).
  { route: 'deleteOwnChatMessage', params: async () => ({ id: await (await chat()).privateMessage() }), expect: everyone(404, { attendeeAllFeatures: 200, organiser: 403 }) },
  { route: 'moderateChatMessage', params: async (w) => ({ eventId: w.eventId, id: await (await chat()).pageMessage() }), expect: chatModerators(200) },
  { route: 'moderateChatMessage', label: "another event's message", params: async (w) => ({ eventId: w.eventId, id: await (await chat()).otherEventMessage() }), expect: chatModerators(404) },
  { route: 'moderateChatMessage', label: 'through another event', params: async (w) => ({ eventId: w.otherEventId, id: await (await chat()).pageMessage() }), expect: everyone(403, { otherEventStaff: 404, platformStaff: 404 }) },
  // The organiser wrote the message (422: not one's own); people outside the event cannot see it (404).
  { route: 'reportChatMessage', params: async () => ({ id: await (await chat()).pageMessage() }), body: () => ({ reason: 'matrix' }), expect: members(201, { organiser: 422, platformStaff: 201 }) },
  { route: 'reportChatMessage', label: 'a private chat of others', params: async () => ({ id: await (await chat()).privateMessage() }), body: () => ({}), expect: everyone(404, { attendeeAllFeatures: 422, organiser: 201 }) },
  // No multipart body: 415 means the actor got past authorisation (chat-files.test.ts covers uploads).
  { route: 'uploadChatFile', expect: everyone(415) },
  { route: 'chatFileSignedUrl', params: async () => ({ key: (await chat()).fileKey }), expect: chatPair(200) },
  { route: 'listChatReports', params: (w) => ({ eventId: w.eventId }), expect: chatModerators(200) },
  { route: 'listChatReports', label: 'another event', params: (w) => ({ eventId: w.otherEventId }), expect: everyone(403, { otherEventStaff: 200, platformStaff: 200 }) },
  { route: 'dismissChatReports', params: async (w) => ({ eventId: w.eventId, id: await (await chat()).pageMessage() }), expect: chatModerators(200) },
  { route: 'listChatBans', params: (w) => ({ eventId: w.eventId }), expect: chatModerators(200) },
  { route: 'listChatBans', label: 'another event', params: (w) => ({ eventId: w.otherEventId }), expect: everyone(403, { otherEventStaff: 200, platformStaff: 200 }) },
  { route: 'banChatUser', params: (w) => ({ eventId: w.eventId }), body: async () => ({ user_id: (await chat()).banTargetId, until: new Date(Date.now() + 3600_000).toISOString(), reason: 'matrix' }), expect: chatModerators(201) },
  { route: 'banChatUser', label: 'member of another event', params: (w) => ({ eventId: w.eventId }), body: async () => ({ user_id: (await chat()).otherEventUserId, until: new Date(Date.now() + 3600_000).toISOString(), reason: 'matrix' }), expect: chatModerators(404) },
  { route: 'unbanChatUser', params: async (w) => ({ eventId: w.eventId, userId: (await chat()).banTargetId }), expect: chatModerators(200) },

  // Program (issue 12): the program section's gate, then lectures.watch for join; the back office is the managers'.
  { route: 'getProgram', params: (w) => ({ eventId: w.eventId }), expect: programReaders(200) },
  { route: 'getProgram', label: 'another event', params: (w) => ({ eventId: w.otherEventId }), expect: everyone(403, { otherEventStaff: 200, platformStaff: 200 }) },
  { route: 'getLecture', params: async (w) => ({ eventId: w.eventId, id: (await program()).liveId }), expect: programReaders(200) },
  { route: 'getLecture', label: 'lecture of another event', params: async (w) => ({ eventId: w.eventId, id: (await program()).otherLectureId }), expect: programReaders(404) },
  { route: 'joinLecture', params: async (w) => ({ eventId: w.eventId, id: (await program()).liveId }), expect: lectureWatchers(200) },
  { route: 'joinLecture', label: 'lecture of another event', params: async (w) => ({ eventId: w.eventId, id: (await program()).otherLectureId }), expect: programReaders(404) },
  { route: 'listFavoriteLectures', params: (w) => ({ eventId: w.eventId }), expect: programReaders(200) },
  { route: 'videoUrl', params: (w) => ({ eventId: w.eventId }), query: '?url=https%3A%2F%2Fyoutu.be%2FdQw4w9WgXcQ', expect: programReaders(200) },
  { route: 'listSpeakers', params: (w) => ({ eventId: w.eventId }), expect: programReaders(200) },
  { route: 'adminListHalls', params: (w) => ({ eventId: w.eventId }), expect: managers(200) },
  { route: 'adminListHalls', label: 'another event', params: (w) => ({ eventId: w.otherEventId }), expect: everyone(403, { otherEventStaff: 200, platformStaff: 200 }) },
  { route: 'adminCreateHall', params: (w) => ({ eventId: w.eventId }), body: () => ({ name: 'Matrix hall' }), expect: managers(201) },
  { route: 'adminUpdateHall', params: async (w) => ({ eventId: w.eventId, hallId: (await program()).hallId }), body: () => ({ name: 'Matrix hall' }), expect: managers(200) },
  { route: 'adminUpdateHall', label: 'hall of another event', params: async (w) => ({ eventId: w.eventId, hallId: (await program()).otherHallId }), body: () => ({ name: 'Mine' }), expect: managers(404) },
  { route: 'adminDeleteHall', params: async (w) => ({ eventId: w.eventId, hallId: await freshHall() }), expect: managers(200) },
  { route: 'adminDeleteHall', label: 'hall of another event', params: async (w) => ({ eventId: w.eventId, hallId: (await program()).otherHallId }), expect: managers(404) },
  { route: 'adminListLectures', params: (w) => ({ eventId: w.eventId }), expect: managers(200) },
  { route: 'adminCreateLecture', params: (w) => ({ eventId: w.eventId }), body: lectureBody, expect: managers(201) },
  { route: 'adminUpdateLecture', params: async (w) => ({ eventId: w.eventId, lectureId: await freshLecture() }), body: lectureBody, expect: managers(200) },
  { route: 'adminUpdateLecture', label: 'lecture of another event', params: async (w) => ({ eventId: w.eventId, lectureId: (await program()).otherLectureId }), body: lectureBody, expect: managers(404) },
  // Deletion is platform staff's alone (organisers: 403 lecture.delete_forbidden).
  { route: 'adminDeleteLecture', params: async (w) => ({ eventId: w.eventId, lectureId: await freshLecture() }), expect: everyone(403, { platformStaff: 200 }) },
  { route: 'adminDeleteLecture', label: 'lecture of another event', params: async (w) => ({ eventId: w.eventId, lectureId: (await program()).otherLectureId }), expect: managers(404) },
  // No multipart body: 415 means the actor got past authorisation (program-admin.test.ts covers uploads).
  { route: 'adminUploadLecturePreview', params: async (w) => ({ eventId: w.eventId, lectureId: (await program()).liveId }), expect: managers(415) },
  { route: 'adminImportProgram', params: (w) => ({ eventId: w.eventId }), body: () => ({ csv: 'title,starts_at,ends_at,hall\nMatrix import,2031-01-01T12:00:00Z,2031-01-01T13:00:00Z,Matrix hall' }), expect: managers(200) },
  { route: 'adminGetProgramSettings', params: (w) => ({ eventId: w.eventId }), expect: managers(200) },
  { route: 'adminUpdateProgramSettings', params: (w) => ({ eventId: w.eventId }), body: () => ({ shared: false }), expect: managers(200) },

  // Lecture archive (issue 12): the program section's gate; deletion is platform staff's; the back office the managers'.
  { route: 'listArchive', params: (w) => ({ eventId: w.eventId }), expect: programReaders(200) },
  { route: 'archiveFilters', params: (w) => ({ eventId: w.eventId }), expect: programReaders(200) },
  { route: 'getArchiveVideo', params: async (w) => ({ eventId: w.eventId, id: (await archive()).consentId }), expect: programReaders(200) },
  { route: 'agreeArchiveVideo', params: async (w) => ({ eventId: w.eventId, id: (await archive()).consentId }), expect: programReaders(200) },
  { route: 'deleteArchiveVideo', params: async (w) => ({ eventId: w.eventId, id: await freshVideo(w.eventId) }), expect: everyone(403, { platformStaff: 200 }) },
  { route: 'adminListArchive', params: (w) => ({ eventId: w.eventId }), expect: managers(200) },
  { route: 'adminCreateArchiveVideo', params: (w) => ({ eventId: w.eventId }), body: videoBody, expect: managers(201) },
  { route: 'adminUpdateArchiveVideo', params: async (w) => ({ eventId: w.eventId, videoId: (await archive()).consentId }), body: videoBody, expect: managers(200) },
  { route: 'adminUpdateArchiveVideo', label: 'video of another event', params: async (w) => ({ eventId: w.eventId, videoId: (await archive()).otherVideoId }), body: videoBody, expect: managers(404) },
  // No multipart body: 415 means the actor got past authorisation (archive.test.ts covers uploads).
  { route: 'adminUploadArchivePreview', params: async (w) => ({ eventId: w.eventId, videoId: (await archive()).consentId }), expect: managers(415) },
  { route: 'adminUploadArchivePreview', label: 'video of another event', params: async (w) => ({ eventId: w.eventId, videoId: (await archive()).otherVideoId }), expect: managers(404) },

  // Live Q&A and polls: whoever may watch, and the lecture's moderators (event moderators, organisers, its speakers).
  { route: 'listLectureQuestions', params: async (w) => ({ eventId: w.eventId, id: (await program()).liveId }), expect: liveUsers(200) },
  { route: 'listLectureQuestions', label: 'lecture of another event', params: async (w) => ({ eventId: w.eventId, id: (await program()).otherLectureId }), expect: everyone(404, { companyAdmin: 403, otherEventStaff: 403 }) },
  { route: 'askLectureQuestion', params: async (w) => ({ eventId: w.eventId, id: (await program()).liveId }), body: () => ({ text: 'Matrix?' }), expect: liveUsers(201) },
  { route: 'voteLectureQuestion', params: async (w) => ({ eventId: w.eventId, id: (await program()).liveId, questionId: (await live()).questionId }), expect: liveUsers(200) },
  { route: 'voteLectureQuestion', label: 'question of another lecture', params: async (w) => ({ eventId: w.eventId, id: (await program()).liveId, questionId: (await live()).otherQuestionId }), expect: liveUsers(404) },
  { route: 'unvoteLectureQuestion', params: async (w) => ({ eventId: w.eventId, id: (await program()).liveId, questionId: (await live()).questionId }), expect: liveUsers(200) },
  { route: 'answerLectureQuestion', params: async (w) => ({ eventId: w.eventId, id: (await program()).liveId, questionId: (await live()).questionId }), body: () => ({ answered: true }), expect: liveModerators(200) },
  { route: 'deleteLectureQuestion', params: async (w) => ({ eventId: w.eventId, id: (await program()).liveId, questionId: await freshQuestion() }), expect: liveModerators(200) },
  { route: 'listLecturePolls', params: async (w) => ({ eventId: w.eventId, id: (await program()).liveId }), expect: liveUsers(200) },
  { route: 'createLecturePoll', params: async (w) => ({ eventId: w.eventId, id: (await program()).liveId }), body: () => ({ question: 'Matrix?', options: ['Yes', 'No'] }), expect: liveModerators(201) },
  { route: 'voteLecturePoll', params: async (w) => ({ eventId: w.eventId, id: (await program()).liveId, pollId: (await live()).pollId }), body: async () => ({ option_id: (await live()).optionId }), expect: liveUsers(200) },
  { route: 'voteLecturePoll', label: 'poll of another lecture', params: async (w) => ({ eventId: w.eventId, id: (await program()).liveId, pollId: (await live()).otherPollId }), body: async () => ({ option_id: (await live()).optionId }), expect: liveUsers(404) },
  { route: 'closeLecturePoll', params: async (w) => ({ eventId: w.eventId, id: (await program()).liveId, pollId: await freshPoll() }), expect: liveModerators(200) },

  // News (issue 12): reading is public (listed below); the back office is the managers'.
  { route: 'adminListNews', params: (w) => ({ eventId: w.eventId }), expect: managers(200) },
  { route: 'adminCreateNews', params: (w) => ({ eventId: w.eventId }), body: newsBody, expect: managers(201) },
  { route: 'adminUpdateNews', params: async (w) => ({ eventId: w.eventId, newsId: await freshNews(w.eventId) }), body: newsBody, expect: managers(200) },
  { route: 'adminUpdateNews', label: 'news of another event', params: async (w) => ({ eventId: w.eventId, newsId: await freshNews(w.otherEventId) }), body: newsBody, expect: managers(404) },
  { route: 'adminSetNewsHidden', params: async (w) => ({ eventId: w.eventId, newsId: await freshNews(w.eventId) }), body: () => ({ hidden: true }), expect: managers(200) },
  { route: 'adminDeleteNews', params: async (w) => ({ eventId: w.eventId, newsId: await freshNews(w.eventId) }), expect: managers(200) },
  { route: 'adminDeleteNews', label: 'news of another event', params: async (w) => ({ eventId: w.eventId, newsId: await freshNews(w.otherEventId) }), expect: managers(404) },
  // No multipart body: 415 means the actor got past authorisation (news.test.ts covers covers).
  { route: 'adminUploadNewsCover', params: async (w) => ({ eventId: w.eventId, newsId: await freshNews(w.eventId) }), expect: managers(415) },
  { route: 'adminListNewsFeeds', params: (w) => ({ eventId: w.eventId }), expect: managers(200) },
  // Games (issue 13): any signed-in person reads them; the game's company admins and staff change
  // them; a person without a company creates none (422); deletion is staff's alone.
  { route: 'listGames', query: '?filter[mine]=1', expect: everyone(200) },
  { route: 'getGame', params: async () => ({ id: (await showcase()).gameId }), expect: everyone(200) },
  // Naming the companyAdmin's company: the same answer whether or not an actor has a company of their own (games.test.ts covers 422 game.no_company).
  { route: 'createGame', body: (w) => ({ ...gameBody(), company_id: w.companyId }), expect: everyone(403, { companyAdmin: 201, platformStaff: 201 }) },
  { route: 'updateGame', params: async () => ({ id: (await showcase()).gameId }), body: gameBody, expect: everyone(403, { companyAdmin: 200, platformStaff: 200 }) },
  { route: 'updateGame', label: "another company's game", params: async () => ({ id: (await showcase()).otherGameId }), body: gameBody, expect: everyone(403, { platformStaff: 200 }) },
  { route: 'deleteGame', params: async (w) => ({ id: await freshGame(w.companyId) }), expect: everyone(403, { platformStaff: 200 }) },
  // No multipart body: 415 means the actor got past authorisation (games.test.ts covers uploads).
  { route: 'uploadGameMedia', params: async () => ({ id: (await showcase()).gameId }), expect: everyone(403, { companyAdmin: 415, platformStaff: 415 }) },
  { route: 'uploadGameMedia', label: "another company's game", params: async () => ({ id: (await showcase()).otherGameId }), expect: everyone(403, { platformStaff: 415 }) },
  { route: 'deleteGameMedia', params: async () => ({ id: (await showcase()).gameId, mediaId: await freshGamePicture((await showcase()).gameId) }), expect: everyone(403, { companyAdmin: 200, platformStaff: 200 }) },
  { route: 'deleteGameMedia', label: 'picture of another game', params: async () => ({ id: (await showcase()).gameId, mediaId: await freshGamePicture((await showcase()).otherGameId) }), expect: everyone(403, { companyAdmin: 404, platformStaff: 404 }) },
  { route: 'sortGameScreenshots', params: async (w) => ({ id: await freshGame(w.companyId) }), body: () => ({ ids: [] }), expect: everyone(403, { companyAdmin: 200, platformStaff: 200 }) },
  // The showcase: the event's members (any ticket), organisers and staff; another event's ids are 404.
  { route: 'listShowcases', params: (w) => ({ eventId: w.eventId }), expect: showcaseReaders(200) },
  { route: 'getShowcase', params: async (w) => ({ eventId: w.eventId, slug: (await showcase()).slug }), expect: showcaseReaders(200) },
  { route: 'getShowcase', label: "another event's showcase", params: (w) => ({ eventId: w.eventId, slug: 'matrix-other' }), expect: showcaseReaders(404) },
  { route: 'listShowcaseEntries', params: async (w) => ({ eventId: w.eventId, slug: (await showcase()).slug }), expect: showcaseReaders(200) },
  { route: 'getShowcaseEntry', params: async (w) => ({ eventId: w.eventId, requestId: (await showcase()).requestId }), expect: showcaseReaders(200) },
  { route: 'getShowcaseEntry', label: "another event's entry", params: async (w) => ({ eventId: w.eventId, requestId: (await showcase()).otherRequestId }), expect: showcaseReaders(404) },
  // The companyAdmin is not a member of the event (403); staff submit any company's game; members who do not admin the game's company 403 game.forbidden.
  { route: 'submitShowcaseEntry', params: async (w) => ({ eventId: w.eventId, slug: (await showcase()).slug }), body: async () => ({ game_id: await freshGame(world.companyId) }), expect: everyone(403, { platformStaff: 201 }) },
  { route: 'voteShowcaseEntry', params: async (w) => ({ eventId: w.eventId, requestId: (await showcase()).requestId, categoryId: (await showcase()).categoryId }), expect: showcaseVoters(200) },
  { route: 'voteShowcaseEntry', label: "another event's entry", params: async (w) => ({ eventId: w.eventId, requestId: (await showcase()).otherRequestId, categoryId: (await showcase()).categoryId }), expect: showcaseReaders(404) },
  { route: 'unvoteShowcaseEntry', params: async (w) => ({ eventId: w.eventId, requestId: (await showcase()).requestId, categoryId: (await showcase()).categoryId }), expect: showcaseVoters(200) },
  { route: 'getShowcaseTop', params: async (w) => ({ eventId: w.eventId, slug: (await showcase()).slug }), expect: showcaseReaders(200) },
  { route: 'gameShowcaseTarget', params: async (w) => ({ eventId: w.eventId, id: (await showcase()).gameId }), expect: showcaseReaders(200) },
  { route: 'adminListShowcases', params: (w) => ({ eventId: w.eventId }), expect: managers(200) },
  { route: 'adminCreateShowcase', params: (w) => ({ eventId: w.eventId }), body: showcaseBody, expect: managers(201) },
  { route: 'adminUpdateShowcase', params: async (w) => ({ eventId: w.eventId, showcaseId: (await showcase()).spareId }), body: (w) => ({ ...showcaseBody(w), slug: 'matrix-spare' }), expect: managers(200) },
  { route: 'adminUpdateShowcase', label: "another event's showcase", params: async (w) => ({ eventId: w.eventId, showcaseId: (await showcase()).otherShowcaseId }), body: showcaseBody, expect: managers(404) },
  { route: 'adminListShowcaseEntries', params: async (w) => ({ eventId: w.eventId, showcaseId: (await showcase()).showcaseId }), expect: managers(200) },
  { route: 'adminDecideShowcaseEntry', params: async (w) => ({ eventId: w.eventId, requestId: (await showcase()).requestId }), body: () => ({ status: 'accepted' }), expect: managers(200) },
  { route: 'adminDecideShowcaseEntry', label: "another event's entry", params: async (w) => ({ eventId: w.eventId, requestId: (await showcase()).otherRequestId }), body: () => ({ status: 'rejected' }), expect: managers(404) },

  // Jury voting and game polls (issue 13).
  // The voting section's reads: the event's members (any ticket), organisers and staff; scores: the jury; results: organisers until published.
  { route: 'listJuryRounds', params: (w) => ({ eventId: w.eventId }), expect: showcaseReaders(200) },
  { route: 'getJuryRound', params: async (w) => ({ eventId: w.eventId, slug: (await jury()).slug }), expect: showcaseReaders(200) },
  { route: 'getJuryRound', label: "another event's round", params: async (w) => ({ eventId: w.eventId, slug: (await jury()).otherSlug }), expect: showcaseReaders(404) },
  { route: 'getJuryFinalist', params: async (w) => ({ eventId: w.eventId, slug: (await jury()).slug, requestId: (await jury()).requestId }), expect: showcaseReaders(200) },
  { route: 'getJuryFinalist', label: "another event's entry", params: async (w) => ({ eventId: w.eventId, slug: (await jury()).slug, requestId: (await jury()).otherRequestId }), expect: showcaseReaders(404) },
  { route: 'scoreJuryFinalist', params: async (w) => ({ eventId: w.eventId, slug: (await jury()).slug, requestId: (await jury()).requestId }), body: async () => ({ scores: [{ criterion_id: (await jury()).criterionId, score: 5 }] }), expect: jurors(200) },
  { route: 'scoreJuryFinalist', label: "another event's entry", params: async (w) => ({ eventId: w.eventId, slug: (await jury()).slug, requestId: (await jury()).otherRequestId }), body: async () => ({ scores: [{ criterion_id: (await jury()).criterionId, score: 5 }] }), expect: showcaseReaders(404) },
  { route: 'getJuryResults', params: async (w) => ({ eventId: w.eventId, slug: (await jury()).slug }), expect: managers(200) },
  { route: 'getJuryResults', label: 'published', params: async (w) => ({ eventId: w.eventId, slug: (await jury()).publishedSlug }), expect: showcaseReaders(200) },
  { route: 'adminGetJury', params: async (w) => ({ eventId: w.eventId, showcaseId: (await jury()).spareId }), expect: managers(200) },
  { route: 'adminGetJury', label: "another event's showcase", params: async (w) => ({ eventId: w.eventId, showcaseId: (await jury()).otherShowcaseId }), expect: managers(404) },
  { route: 'adminUpdateJury', params: async (w) => ({ eventId: w.eventId, showcaseId: (await jury()).spareId }), body: juryBody, expect: managers(200) },
  { route: 'adminUpdateJury', label: "another event's showcase", params: async (w) => ({ eventId: w.eventId, showcaseId: (await jury()).otherShowcaseId }), body: juryBody, expect: managers(404) },
  // Game polls: read by the event; questions by the game's company admins (the companyAdmin actor is not in the event: 403) and organisers; answers need game_poll.
  { route: 'getGamePoll', params: async (w) => ({ eventId: w.eventId, id: (await gamePoll()).gameId }), expect: showcaseReaders(200) },
  { route: 'getGamePoll', label: 'a game not in the event', params: async (w) => ({ eventId: w.eventId, id: (await showcase()).otherGameId }), expect: showcaseReaders(404) },
  { route: 'addGamePollQuestion', params: async (w) => ({ eventId: w.eventId, id: await freshGame(w.companyId) }), body: () => ({ text: 'Matrix?', kind: 'text' }), expect: managers(201) },
  { route: 'deleteGamePollQuestion', params: async (w) => ({ eventId: w.eventId, id: (await gamePoll()).gameId, questionId: await insertPollQuestion(w.eventId, (await gamePoll()).gameId) }), expect: managers(200) },
  { route: 'deleteGamePollQuestion', label: "another event's question", params: async (w) => ({ eventId: w.eventId, id: (await gamePoll()).gameId, questionId: (await gamePoll()).otherQuestionId }), expect: showcaseReaders(404) },
  { route: 'answerGamePoll', params: async (w) => ({ eventId: w.eventId, id: (await gamePoll()).gameId, questionId: (await gamePoll()).questionId }), body: () => ({ choice: 1 }), expect: showcaseVoters(200) },
  { route: 'answerGamePoll', label: "another event's question", params: async (w) => ({ eventId: w.eventId, id: (await gamePoll()).gameId, questionId: (await gamePoll()).otherQuestionId }), body: () => ({ choice: 1 }), expect: showcaseReaders(404) },
  { route: 'unanswerGamePoll', params: async (w) => ({ eventId: w.eventId, id: (await gamePoll()).gameId, questionId: (await gamePoll()).questionId }), expect: showcaseReaders(200) },

  // Publishers, the expo hall, media and the press kit, starred games, deal suggestions (issue 13).
  { route: 'listPublishers', params: (w) => ({ eventId: w.eventId }), query: '?filter[genres]=casual&filter[looking_for]=1', expect: showcaseReaders(200) },
  { route: 'listBooths', params: (w) => ({ eventId: w.eventId }), query: '?filter[tier]=1', expect: showcaseReaders(200) },
  { route: 'getMediaPage', params: (w) => ({ eventId: w.eventId }), expect: showcaseReaders(200) },
  { route: 'downloadPressKitFile', params: async (w) => ({ eventId: w.eventId, itemId: (await pressKit()).fileId }), expect: showcaseReaders(200) },
  { route: 'downloadPressKitFile', label: "another event's file", params: async (w) => ({ eventId: w.eventId, itemId: (await pressKit()).otherFileId }), expect: showcaseReaders(404) },
  { route: 'listFavoriteGames', params: (w) => ({ eventId: w.eventId }), expect: showcaseReaders(200) },
  { route: 'favoriteGame', params: async (w) => ({ eventId: w.eventId, id: (await showcase()).gameId }), expect: showcaseReaders(200) },
  { route: 'favoriteGame', label: 'a game that does not exist', params: (w) => ({ eventId: w.eventId, id: 2_000_000_000 }), expect: showcaseReaders(404) },
  { route: 'unfavoriteGame', params: async (w) => ({ eventId: w.eventId, id: (await showcase()).gameId }), expect: showcaseReaders(200) },
  { route: 'listDealSuggestions', params: (w) => ({ eventId: w.eventId }), expect: showcaseReaders(200) },
  { route: 'adminListPressKit', params: (w) => ({ eventId: w.eventId }), expect: managers(200) },
  { route: 'adminAddPressKitLink', params: (w) => ({ eventId: w.eventId }), body: () => ({ title: 'Matrix link', url: 'https://example.com/kit' }), expect: managers(201) },
  { route: 'adminUploadPressKitFile', params: (w) => ({ eventId: w.eventId }), expect: managers(415) },
  { route: 'adminDeletePressKitItem', params: async (w) => ({ eventId: w.eventId, itemId: await freshKitLink(w.eventId) }), expect: managers(200) },
  { route: 'adminDeletePressKitItem', label: "another event's item", params: async (w) => ({ eventId: w.eventId, itemId: (await pressKit()).otherFileId }), expect: managers(404) },
  { route: 'adminSortPressKit', params: (w) => ({ eventId: w.eventId }), body: async (w) => ({ ids: await kitIds(w.eventId) }), expect: managers(200) },
  { route: 'adminSetMediaPartners', params: (w) => ({ eventId: w.eventId }), body: (w) => ({ company_ids: [w.companyId] }), expect: managers(200) },
  { route: 'adminSetMediaPartners', label: 'a company of another event', params: (w) => ({ eventId: w.eventId }), body: (w) => ({ company_ids: [w.otherCompanyId] }), expect: managers(422) },
  // Exhibitors (issue 13).
  { route: 'adminListExhibitors', params: (w) => ({ eventId: w.eventId }), query: '?filter[tier]=1&filter[query]=a', expect: managers(200) },
  { route: 'adminAddExhibitor', params: (w) => ({ eventId: w.eventId }), body: async () => ({ company_id: await freshCompany(null), sponsor_type: 3 }), expect: managers(201) },
  { route: 'adminAddExhibitor', label: 'a company already in the event', params: (w) => ({ eventId: w.eventId }), body: (w) => ({ company_id: w.companyId }), expect: managers(409) },
  { route: 'adminUpdateExhibitor', params: (w) => ({ eventId: w.eventId, companyId: w.companyId }), body: () => ({ sponsor_type: 0, location: 'Matrix stand' }), expect: managers(200) },
  { route: 'adminUpdateExhibitor', label: 'a company of another event', params: (w) => ({ eventId: w.eventId, companyId: w.otherCompanyId }), body: () => ({ sponsor_type: 1, location: null }), expect: managers(404) },
  { route: 'adminRemoveExhibitor', params: async (w) => ({ eventId: w.eventId, companyId: await freshCompany(w.eventId) }), expect: managers(200) },
  { route: 'adminRemoveExhibitor', label: 'a company whose people are members', params: async (w) => ({ eventId: w.eventId, companyId: await freshCompany(w.eventId, true) }), expect: managers(409) },
  { route: 'adminRemoveExhibitor', label: 'a company of another event', params: (w) => ({ eventId: w.eventId, companyId: w.otherCompanyId }), expect: managers(404) },
  // Organiser pages (issue 14).
  { route: 'getPage', params: async (w) => ({ eventId: w.eventId, slug: (await pages()).slug }), expect: programReaders(200) },
  { route: 'getPage', label: 'a draft', params: async (w) => ({ eventId: w.eventId, slug: (await pages()).draftSlug }), expect: programReaders(404) },
  { route: 'adminListPages', params: (w) => ({ eventId: w.eventId }), expect: managers(200) },
  { route: 'adminCreatePage', params: (w) => ({ eventId: w.eventId }), body: (w) => pageBody(`p-${w.unique()}`), expect: managers(201) },
  { route: 'adminCreatePage', label: 'a slug the event has', params: (w) => ({ eventId: w.eventId }), body: async () => pageBody((await pages()).slug), expect: managers(409) },
  { route: 'adminUpdatePage', params: async (w) => ({ eventId: w.eventId, pageId: (await pages()).id }), body: async () => pageBody((await pages()).slug), expect: managers(200) },
  { route: 'adminUpdatePage', label: "another event's page", params: async (w) => ({ eventId: w.eventId, pageId: (await pages()).otherId }), body: () => pageBody('elsewhere'), expect: managers(404) },
  { route: 'adminDeletePage', params: async (w) => ({ eventId: w.eventId, pageId: await freshPage(w.eventId) }), expect: managers(200) },
  { route: 'adminDeletePage', label: "another event's page", params: async (w) => ({ eventId: w.eventId, pageId: (await pages()).otherId }), expect: managers(404) },
  { route: 'listPages', params: (w) => ({ eventId: w.eventId }), expect: programReaders(200) },
  { route: 'submitPageForm', params: async (w) => ({ eventId: w.eventId, slug: (await formPage()).slug, blockId: 'ask' }), body: () => ({ values: { comment: 'Matrix answer' } }), expect: programReaders(201) },
  { route: 'submitPageForm', label: 'a hidden form', params: async (w) => ({ eventId: w.eventId, slug: (await formPage()).slug, blockId: 'later' }), body: () => ({ values: { comment: 'Matrix answer' } }), expect: programReaders(404) },
  { route: 'submitPageForm', label: 'a draft', params: async (w) => ({ eventId: w.eventId, slug: (await pages()).draftSlug, blockId: 'intro' }), body: () => ({ values: {} }), expect: programReaders(404) },
  { route: 'adminListFormSubmissions', params: async (w) => ({ eventId: w.eventId, pageId: (await formPage()).id }), expect: managers(200) },
  { route: 'adminListFormSubmissions', label: "another event's page", params: async (w) => ({ eventId: w.eventId, pageId: (await pages()).otherId }), expect: managers(404) },
  { route: 'adminExportFormSubmissions', params: async (w) => ({ eventId: w.eventId, pageId: (await formPage()).id }), expect: managers(200) },
  { route: 'adminExportFormSubmissions', label: "another event's page", params: async (w) => ({ eventId: w.eventId, pageId: (await pages()).otherId }), expect: managers(404) },
  // Room recordings: the event's members on any ticket, organisers and staff.
  { route: 'listRoomVideos', params: (w) => ({ eventId: w.eventId, room: 'matrix-room' }), query: '?broadcast=jitsi', expect: everyone(200, { companyAdmin: 403, otherEventStaff: 403 }) },
  { route: 'deleteRoomVideo', params: (w) => ({ eventId: w.eventId, room: 'matrix-room' }), body: freshRecording, expect: managers(200) },
  // WN Meet: the event's room (its slug, as it names none) for members on any ticket, organisers and staff; another room 404; the external meeting likewise.
  { route: 'roomToken', params: (w) => ({ eventId: w.eventId, room: w.eventSlug }), expect: everyone(200, { companyAdmin: 403, otherEventStaff: 403 }) },
  { route: 'roomToken', label: 'a room that is not the event\'s', params: (w) => ({ eventId: w.eventId, room: 'matrix-room' }), expect: everyone(404, { companyAdmin: 403, otherEventStaff: 403 }) },
  { route: 'roomToken', label: "this event's room through another event", params: (w) => ({ eventId: w.otherEventId, room: w.eventSlug }), expect: everyone(403, { otherEventStaff: 404, platformStaff: 404 }) },
  { route: 'getExternalMeeting', params: (w) => ({ eventId: w.eventId }), expect: everyone(200, { companyAdmin: 403, otherEventStaff: 403 }) },
  { route: 'getExternalMeeting', label: 'another event', params: (w) => ({ eventId: w.otherEventId }), expect: everyone(403, { otherEventStaff: 200, platformStaff: 200 }) },
  { route: 'deleteRoomVideo', label: 'a link the room has not', params: (w) => ({ eventId: w.eventId, room: 'matrix-room' }), body: () => ({ link: 'https://meet.jit.si/recordings/none.mp4' }), expect: managers(404) },
  // Stream recordings (issue 16): calls.record (course teachers and admins, organisers, staff) in the event's room; parts, poster and stop are the author's alone; another event's recording is not found.
  { route: 'startRecording', params: recordingRoom, body: () => ({ name: 'Matrix recording' }), expect: recorders(201) },
  { route: 'startRecording', label: 'another event', params: async (w) => ({ eventId: w.otherEventId, room: await slugOf(t, w.otherEventId) }), body: () => ({ name: 'Matrix recording' }), expect: everyone(403, { otherEventStaff: 201, platformStaff: 201 }) },
  { route: 'startRecording', label: "a room that is not the event's", params: (w) => ({ eventId: w.eventId, room: 'matrix-room' }), body: () => ({ name: 'Matrix recording' }), expect: recorders(404) },
  { route: 'getRecording', params: freshRecordingOf('organiser'), expect: recorders(200) },
  { route: 'getRecording', label: "another event's recording", params: freshRecordingOf('organiser', true), expect: recorders(404) },
  { route: 'uploadRecordingPart', params: async (w) => ({ ...(await freshRecordingOf('organiser')(w)), seq: 0 }), body: () => matrixWebm, headers: { 'content-type': 'video/webm' }, expect: everyone(403, { organiser: 200 }) },
  { route: 'uploadRecordingPart', label: "the teacher's recording", params: async (w) => ({ ...(await freshRecordingOf('courseTeacher')(w)), seq: 0 }), body: () => matrixWebm, headers: { 'content-type': 'video/webm' }, expect: everyone(403, { courseTeacher: 200 }) },
  { route: 'uploadRecordingPart', label: "another event's recording", params: async (w) => ({ ...(await freshRecordingOf('organiser', true)(w)), seq: 0 }), body: () => matrixWebm, headers: { 'content-type': 'video/webm' }, expect: recorders(404) },
  { route: 'uploadRecordingPoster', params: freshRecordingOf('organiser'), body: matrixPoster, headers: { 'content-type': 'image/png' }, expect: everyone(403, { organiser: 200 }) },
  { route: 'uploadRecordingPoster', label: "another event's recording", params: freshRecordingOf('organiser', true), body: matrixPoster, headers: { 'content-type': 'image/png' }, expect: recorders(404) },
  { route: 'stopRecording', params: freshRecordingOf('organiser'), body: () => ({}), expect: everyone(403, { organiser: 200 }) },
  { route: 'stopRecording', label: "the teacher's recording", params: freshRecordingOf('courseTeacher'), body: () => ({}), expect: everyone(403, { courseTeacher: 200 }) },
  { route: 'stopRecording', label: "another event's recording", params: freshRecordingOf('organiser', true), body: () => ({}), expect: recorders(404) },
  { route: 'adminSetNewsFeeds', params: (w) => ({ eventId: w.eventId }), body: () => ({ feeds: [] }), expect: managers(200) },
  { route: 'adminRefreshNewsFeeds', params: (w) => ({ eventId: w.eventId }), expect: managers(202) },
  { route: 'adminRefreshNewsFeeds', label: 'another event', params: (w) => ({ eventId: w.otherEventId }), expect: everyone(403, { otherEventStaff: 202, platformStaff: 202 }) },
  // Video calls (issue 16): starting one needs calls.video (the attendee with every feature, organisers, staff); a call is its people's alone.
  { route: 'startCall', params: (w) => ({ eventId: w.eventId }), body: () => ({ kind: 'group' }), expect: everyone(403, { attendeeAllFeatures: 201, organiser: 201, platformStaff: 201 }) },
  { route: 'startCall', label: 'another event', params: (w) => ({ eventId: w.otherEventId }), body: () => ({ kind: 'group' }), expect: everyone(403, { otherEventStaff: 201, platformStaff: 201 }) },
  { route: 'meetingCall', params: async (w) => ({ eventId: w.eventId, id: await callsFx().meeting() }), expect: everyone(404, { attendeeAllFeatures: 200, organiser: 200, companyAdmin: 403, otherEventStaff: 403 }) },
  { route: 'meetingCall', label: "another event's meeting through this event", params: async (w) => ({ eventId: w.eventId, id: await callsFx().meeting(true) }), expect: everyone(404, { companyAdmin: 403, otherEventStaff: 403 }) },
  { route: 'getCall', params: async () => ({ id: await callsFx().direct() }), expect: callPair(200, 200) },
  { route: 'acceptCall', params: async () => ({ id: await callsFx().direct() }), expect: callPair(409, 200) },
  { route: 'declineCall', params: async () => ({ id: await callsFx().direct() }), expect: callPair(409, 200) },
  { route: 'joinCall', params: async () => ({ id: await callsFx().direct() }), expect: callPair(200, 200) },
  { route: 'leaveCall', params: async () => ({ id: await callsFx().direct() }), expect: callPair(200, 200) },
  { route: 'videoToken', params: async () => ({ id: await callsFx().direct({ seated: true }) }), expect: callPair(200, 409) },
  // The academy (issue 15).
  { route: 'getCourseProgram', params: academyPath, expect: academyReaders(200) },
  { route: 'getCourseProgram', label: 'another event', params: (w) => ({ eventId: w.otherEventId }), expect: everyone(403, { otherEventStaff: 200, platformStaff: 200 }) },
  { route: 'listLessons', params: academyPath, query: '?page=1&filter[module_id]=1', expect: academyReaders(200) },
  { route: 'autocompleteLessons', params: academyPath, query: '?filter[query]=matrix', expect: academyReaders(200) },
  { route: 'getLesson', params: academyLesson, expect: academyReaders(200) },
  { route: 'getLesson', label: "another event's lesson through this event", params: (w) => ({ eventId: w.eventId, id: w.academy.otherLessonId }), expect: academyReaders(404) },
  { route: 'getLessonById', params: (w) => ({ id: w.academy.lessonId }), expect: academyLessonReaders(200) },
  { route: 'getLessonById', label: "another event's lesson", params: (w) => ({ id: w.academy.otherLessonId }), expect: everyone(404, { otherEventStaff: 200, platformStaff: 200 }) },
  { route: 'getMyProgress', params: academyPath, expect: academyReaders(200) },
  { route: 'getMyHomework', params: academyLesson, expect: academyReaders(200) },
  { route: 'getMyHomework', label: "another event's lesson through this event", params: (w) => ({ eventId: w.eventId, id: w.academy.otherLessonId }), expect: academyReaders(404) },
  { route: 'submitHomework', params: academyLesson, body: () => ({ comment: 'Matrix work' }), expect: academyStudents(201) },
  { route: 'submitHomework', label: "another event's lesson through this event", params: (w) => ({ eventId: w.eventId, id: w.academy.otherLessonId }), body: () => ({ comment: 'Matrix work' }), expect: academyStudents(404) },
  { route: 'getMyLessonRating', params: (w) => ({ id: w.academy.lessonId }), expect: academyLessonReaders(200) },
  { route: 'getMyLessonRating', label: "another event's lesson", params: (w) => ({ id: w.academy.otherLessonId }), expect: everyone(404, { otherEventStaff: 200, platformStaff: 200 }) },
  { route: 'rateLesson', params: academyLesson, body: () => ({ rating: 4 }), expect: academyStudents(200) },
  { route: 'rateLesson', label: "another event's lesson through this event", params: (w) => ({ eventId: w.eventId, id: w.academy.otherLessonId }), body: () => ({ rating: 4 }), expect: academyStudents(404) },
  { route: 'adminListModules', params: academyPath, expect: academyStaff(200) },
  { route: 'adminGetModule', params: (w) => ({ eventId: w.eventId, id: w.academy.moduleId }), expect: academyStaff(200) },
  { route: 'adminGetModule', label: "another event's module", params: (w) => ({ eventId: w.eventId, id: w.academy.otherModuleId }), expect: academyStaff(404) },
  { route: 'createModule', params: academyPath, body: moduleBody, expect: courseEditors(201) },
  { route: 'updateModule', params: (w) => ({ eventId: w.eventId, id: w.academy.moduleId }), body: moduleBody, expect: courseEditors(200) },
  { route: 'updateModule', label: "another event's module", params: (w) => ({ eventId: w.eventId, id: w.academy.otherModuleId }), body: moduleBody, expect: courseEditors(404) },
  { route: 'deleteModule', params: async (w) => ({ eventId: w.eventId, id: await w.academy.freshModule() }), expect: courseEditors(204) },
  { route: 'deleteModule', label: 'a module with lessons', params: (w) => ({ eventId: w.eventId, id: w.academy.moduleId }), expect: courseEditors(409) },
  { route: 'deleteModule', label: "another event's module", params: (w) => ({ eventId: w.eventId, id: w.academy.otherModuleId }), expect: courseEditors(404) },
  { route: 'sortModules', params: academyPath, body: (w) => w.academy.moduleOrder(), expect: courseEditors(200) },
  { route: 'sortModules', label: "another event's module in the list", params: academyPath, body: async (w) => ({ items: [...(await w.academy.moduleOrder()).items, { id: w.academy.otherModuleId, sort: 99 }] }), expect: courseEditors(422) },
  { route: 'adminListLessons', params: academyPath, query: (w) => `?module_id=${w.academy.moduleId}`, expect: academyStaff(200) },
  { route: 'adminListLessons', label: "another event's module", params: academyPath, query: (w) => `?module_id=${w.academy.otherModuleId}`, expect: academyStaff(404) },
  { route: 'adminGetLesson', params: academyLesson, expect: academyStaff(200) },
  { route: 'adminGetLesson', label: "another event's lesson", params: (w) => ({ eventId: w.eventId, id: w.academy.otherLessonId }), expect: academyStaff(404) },
  { route: 'createLesson', params: academyPath, body: lessonBody, expect: courseEditors(201) },
  { route: 'createLesson', label: "in another event's module", params: academyPath, body: (w) => ({ ...lessonBody(w), module_id: w.academy.otherModuleId }), expect: courseEditors(404) },
  { route: 'updateLesson', params: academyLesson, body: lessonBody, expect: courseEditors(200) },
  { route: 'updateLesson', label: "another event's lesson", params: (w) => ({ eventId: w.eventId, id: w.academy.otherLessonId }), body: lessonBody, expect: courseEditors(404) },
  { route: 'deleteLesson', params: async (w) => ({ eventId: w.eventId, id: await w.academy.freshLesson() }), expect: courseEditors(204) },
  { route: 'deleteLesson', label: "another event's lesson", params: (w) => ({ eventId: w.eventId, id: w.academy.otherLessonId }), expect: courseEditors(404) },
  { route: 'sortLessons', params: academyPath, body: (w) => w.academy.lessonOrder(), expect: courseEditors(200) },
  { route: 'sortLessons', label: "another event's module", params: academyPath, body: (w) => ({ module_id: w.academy.otherModuleId, items: [{ id: w.academy.otherLessonId, sort: 0 }] }), expect: courseEditors(404) },
  { route: 'importCourse', params: academyPath, body: () => ({ csv: 'module,lesson\nMatrix module,Matrix upload' }), expect: courseEditors(200) },
  { route: 'importCourse', label: 'another event', params: (w) => ({ eventId: w.otherEventId }), body: () => ({ csv: 'module,lesson\nMatrix module,Matrix upload' }), expect: everyone(403, { otherEventStaff: 200, platformStaff: 200 }) },
  { route: 'listPromoMessages', params: academyPath, expect: academyStaff(200) },
  { route: 'sendPromoMessage', params: academyPath, body: () => ({ text: 'Matrix promo', email: false }), expect: courseEditors(201) },
  { route: 'sendPromoMessage', label: 'another event', params: (w) => ({ eventId: w.otherEventId }), body: () => ({ text: 'Matrix promo', email: false }), expect: everyone(403, { otherEventStaff: 201, platformStaff: 201 }) },
  { route: 'listPromoTemplates', params: academyPath, expect: courseEditors(200) },
  { route: 'listAcademyNews', params: academyPath, expect: academyReaders(200) },
  { route: 'listAcademyNews', label: 'another event', params: (w) => ({ eventId: w.otherEventId }), expect: everyone(403, { otherEventStaff: 200, platformStaff: 200 }) },
  { route: 'getMyCertificate', params: academyPath, expect: academyReaders(200) },
  { route: 'getMyCertificate', label: 'another event', params: (w) => ({ eventId: w.otherEventId }), expect: everyone(403, { otherEventStaff: 200, platformStaff: 200 }) },
  { route: 'adminListHomeworks', params: academyPath, query: '?filter[status]=1&filter[query]=matrix', expect: academyStaff(200) },
  { route: 'approveHomework', params: async (w) => ({ eventId: w.eventId, id: await w.academy.freshHomework() }), body: () => ({ comment: 'Good' }), expect: academyStaff(200) },
  { route: 'approveHomework', label: "another event's homework", params: (w) => ({ eventId: w.eventId, id: w.academy.otherHomeworkId }), body: () => ({}), expect: academyStaff(404) },
  { route: 'declineHomework', params: async (w) => ({ eventId: w.eventId, id: await w.academy.freshHomework() }), body: () => ({ comment: 'Again' }), expect: academyStaff(200) },
  { route: 'declineHomework', label: "another event's homework", params: (w) => ({ eventId: w.eventId, id: w.academy.otherHomeworkId }), body: () => ({ comment: 'Again' }), expect: academyStaff(404) },
  { route: 'adminListStudents', params: academyPath, query: '?filter[state]=not_started&sort=progress&order=desc', expect: academyStaff(200) },
  { route: 'exportStudents', params: academyPath, query: '?filter[query]=matrix', expect: academyStaff(200) },
  { route: 'getAcademySettings', params: academyPath, expect: academyStaff(200) },
  { route: 'updateAcademySettings', params: academyPath, body: () => ({ timezone: 'UTC', certificate_text: 'Matrix' }), expect: courseEditors(200) },
  { route: 'updateAcademySettings', label: 'another event', params: (w) => ({ eventId: w.otherEventId }), body: () => ({ timezone: 'UTC', certificate_text: 'Matrix' }), expect: everyone(403, { otherEventStaff: 200, platformStaff: 200 }) },
  // Volunteers and badges (issue 17): the desk is volunteer.badges (Helpers, organisers, staff); a person of another event, or another event's badge, is not found or refused.
  { route: 'listVolunteerAttendees', params: venueEvent, expect: managers(200) },
  { route: 'listVolunteerAttendees', label: 'another event', params: (w) => ({ eventId: w.otherEventId }), expect: everyone(403, { otherEventStaff: 200, platformStaff: 200 }) },
  { route: 'printBadge', params: venueEvent, body: async () => ({ user_id: await venueFx().member() }), expect: managers(201) },
  { route: 'printBadge', label: "another event's member", params: venueEvent, body: async () => ({ user_id: await venueFx().member(true) }), expect: managers(404) },
  { route: 'printBadges', params: venueEvent, body: async () => ({ user_ids: [await venueFx().member()] }), expect: managers(201) },
  { route: 'printBadges', label: "another event's member", params: venueEvent, body: async () => ({ user_ids: [await venueFx().member(true)] }), expect: managers(404) },
  { route: 'listPrintableBadges', params: venueEvent, query: () => `?filter%5Bids%5D=${matrixBadgeIds.join(',')}`, expect: managers(200) },
  { route: 'getPrintableBadge', params: async (w) => { const b = await venueFx().badge(); return { eventId: w.eventId, userId: b.userId, badgeId: b.badgeId }; }, expect: managers(200) },
  { route: 'getPrintableBadge', label: "another event's badge through this event", params: async (w) => { const b = await venueFx().badge(true); return { eventId: w.eventId, userId: b.userId, badgeId: b.badgeId }; }, expect: managers(404) },
  { route: 'checkIn', params: venueEvent, body: async () => ({ qr: (await venueFx().badge()).qr }), expect: managers(200) },
  { route: 'checkIn', label: "another event's badge", params: venueEvent, body: async () => ({ qr: (await venueFx().badge(true)).qr }), expect: managers(422) },
  { route: 'adminCheckInStats', params: venueEvent, expect: managers(200) },
  { route: 'adminCheckInStats', label: 'another event', params: (w) => ({ eventId: w.otherEventId }), expect: everyone(403, { otherEventStaff: 200, platformStaff: 200 }) },
  // My badge and contact exchange: the event's members.
  { route: 'getMyBadge', params: venueEvent, expect: members(200) },
  { route: 'exchangeContacts', params: venueEvent, body: async () => ({ qr: (await venueFx().badge()).qr }), expect: members(200) },
  { route: 'exchangeContacts', label: "another event's badge", params: venueEvent, body: async () => ({ qr: (await venueFx().badge(true)).qr }), expect: members(422) },
  { route: 'listMyLeads', params: venueEvent, expect: members(200) },
  // Booth leads: the company's people with a role (the companyAdmin actor) and platform staff; a company outside the event is not found, another company's lead too.
  { route: 'captureLead', params: (w) => ({ eventId: w.eventId, id: w.companyId }), body: async () => ({ qr: (await venueFx().badge()).qr, rating: 3 }), expect: boothPeople(200) },
  { route: 'captureLead', label: 'a company outside the event', params: (w) => ({ eventId: w.eventId, id: w.otherCompanyId }), body: async () => ({ qr: (await venueFx().badge()).qr }), expect: everyone(404) },
  { route: 'listLeads', params: (w) => ({ eventId: w.eventId, id: w.companyId }), expect: boothPeople(200) },
  { route: 'listLeads', label: 'a company outside the event', params: (w) => ({ eventId: w.eventId, id: w.otherCompanyId }), expect: everyone(404) },
  { route: 'updateLead', params: async (w) => ({ eventId: w.eventId, id: w.companyId, leadId: await venueFx().lead() }), body: () => ({ note: 'Matrix' }), expect: boothPeople(200) },
  { route: 'updateLead', label: "another company's lead", params: async (w) => ({ eventId: w.eventId, id: w.companyId, leadId: await venueFx().lead(true) }), body: () => ({ note: 'Matrix' }), expect: boothPeople(404) },
  { route: 'exportLeads', params: (w) => ({ eventId: w.eventId, id: w.companyId }), expect: boothPeople(200) },
  { route: 'exportLeads', label: 'a company outside the event', params: (w) => ({ eventId: w.eventId, id: w.otherCompanyId }), expect: everyone(404) },
  // Push (issue 18): every signed-in person registers their own devices (a token of another person's is not theirs to remove: registered false); custom pushes are the organisers'.
  { route: 'registerPush', body: () => ({ platform: 'android', token: 'matrix-fcm-token', timezone: 3 }), expect: everyone(200) },
  { route: 'registerPush', label: 'an http web endpoint', body: () => ({ platform: 'web', token: 'http://push.example.org/s/1', keys: { p256dh: 'B'.repeat(87), auth: 'a'.repeat(22) } }), expect: everyone(422) },
  { route: 'unregisterPush', body: () => ({ token: 'matrix-fcm-token' }), expect: everyone(200) },
  { route: 'sendCustomPush', params: (w) => ({ eventId: w.eventId }), body: () => ({ title: 'Matrix', text: 'Doors open at nine', url: '/program', segment: {} }), expect: managers(201) },
  { route: 'sendCustomPush', label: 'another event', params: (w) => ({ eventId: w.otherEventId }), body: () => ({ title: 'Matrix', text: 'Doors open', segment: {} }), expect: everyone(403, { otherEventStaff: 201, platformStaff: 201 }) },
  { route: 'sendCustomPush', label: "another event's ticket type in the segment", params: (w) => ({ eventId: w.eventId }), body: (w) => ({ title: 'Matrix', text: 'Doors open', segment: { ticket_type_ids: [w.otherTicketTypeId] } }), expect: managers(422) },
  { route: 'listCustomPushes', params: (w) => ({ eventId: w.eventId }), expect: managers(200) },
  { route: 'listCustomPushes', label: 'another event', params: (w) => ({ eventId: w.otherEventId }), expect: everyone(403, { otherEventStaff: 200, platformStaff: 200 }) },
  { route: 'previewCustomPush', params: (w) => ({ eventId: w.eventId }), body: (w) => ({ segment: { ticket_type_ids: [w.ticketTypeId], checked_in: false } }), expect: managers(200) },
  { route: 'previewCustomPush', label: 'another event', params: (w) => ({ eventId: w.otherEventId }), body: () => ({ segment: {} }), expect: everyone(403, { otherEventStaff: 200, platformStaff: 200 }) },
  { route: 'listVacancies', params: (w) => ({ eventId: w.eventId }), query: '?filter[query]=matrix&filter[seniority][]=junior&filter[skills][]=1&filter[remote]=0&filter[matches]=1&sort=closing', expect: participants(200) },
  { route: 'listVacancies', label: 'another event', params: (w) => ({ eventId: w.otherEventId }), expect: everyone(404, { otherEventStaff: 200, platformStaff: 200 }) },
  { route: 'listExternalJobs', params: (w) => ({ eventId: w.eventId }), expect: participants(200) },
  { route: 'listMyVacancyResponses', params: (w) => ({ eventId: w.eventId }), expect: participants(200) },
  { route: 'getVacancy', params: async (w) => ({ eventId: w.eventId, id: (await vacancyFx()).openId }), expect: participants(200) },
  { route: 'getVacancy', label: 'a draft: its company only', params: async (w) => ({ eventId: w.eventId, id: (await vacancyFx()).draftId }), expect: everyone(404, { platformStaff: 200 }) },
  { route: 'getVacancy', label: "a company of another event", params: async (w) => ({ eventId: w.eventId, id: (await vacancyFx()).otherId }), expect: everyone(404) },
  // No multipart body: 415 means the actor got past authorisation (vacancies-responses.test.ts covers the form).
  { route: 'respondToVacancy', params: async (w) => ({ eventId: w.eventId, id: (await vacancyFx()).openId }), expect: participants(415) },
  { route: 'respondToVacancy', label: "a company of another event", params: async (w) => ({ eventId: w.eventId, id: (await vacancyFx()).otherId }), expect: everyone(404) },
  { route: 'listCompanyVacancies', params: (w) => ({ id: w.companyId }), expect: vacancyAdmins(200) },
  { route: 'listCompanyVacancies', label: 'another company', params: (w) => ({ id: w.otherCompanyId }), expect: everyone(403, { platformStaff: 200 }) },
  { route: 'getCompanyVacancy', params: async (w) => ({ id: w.companyId, vacancyId: (await vacancyFx()).draftId }), expect: vacancyAdmins(200) },
  { route: 'getCompanyVacancy', label: "another company's vacancy", params: async (w) => ({ id: w.companyId, vacancyId: (await vacancyFx()).otherId }), expect: vacancyAdmins(404) },
  { route: 'createVacancy', params: (w) => ({ id: w.companyId }), body: vacancyBody, expect: vacancyAdmins(201) },
  { route: 'createVacancy', label: 'another company', params: (w) => ({ id: w.otherCompanyId }), body: vacancyBody, expect: everyone(403, { platformStaff: 201 }) },
  { route: 'updateVacancy', params: async (w) => ({ id: w.companyId, vacancyId: (await vacancyFx()).openId }), body: vacancyBody, expect: vacancyAdmins(200) },
  { route: 'updateVacancy', label: "another company's vacancy", params: async (w) => ({ id: w.companyId, vacancyId: (await vacancyFx()).otherId }), body: vacancyBody, expect: vacancyAdmins(404) },
  { route: 'deleteVacancy', params: async (w) => ({ id: w.companyId, vacancyId: await (await vacancyFx()).fresh() }), expect: vacancyAdmins(204) },
  { route: 'deleteVacancy', label: "another company's vacancy", params: async (w) => ({ id: w.companyId, vacancyId: (await vacancyFx()).otherId }), expect: vacancyAdmins(404) },
  { route: 'listVacancyResponses', params: async (w) => ({ id: w.companyId, vacancyId: (await vacancyFx()).openId }), query: '?filter[status]=seen', expect: vacancyAdmins(200) },
  { route: 'listVacancyResponses', label: "another company's vacancy", params: async (w) => ({ id: w.companyId, vacancyId: (await vacancyFx()).otherId }), expect: vacancyAdmins(404) },
  { route: 'updateVacancyResponse', params: async (w) => ({ id: w.companyId, vacancyId: (await vacancyFx()).openId, responseId: (await vacancyFx()).responseId }), body: () => ({ status: 'invited' }), expect: vacancyAdmins(200) },
  { route: 'updateVacancyResponse', label: "another vacancy's response", params: async (w) => ({ id: w.companyId, vacancyId: (await vacancyFx()).openId, responseId: (await vacancyFx()).otherResponseId }), body: () => ({ status: 'invited' }), expect: vacancyAdmins(404) },
  { route: 'vacancyResponseCv', params: async (w) => ({ id: w.companyId, vacancyId: (await vacancyFx()).openId, responseId: (await vacancyFx()).responseId }), expect: vacancyAdmins(200) },
  { route: 'vacancyResponseCv', label: "another vacancy's response", params: async (w) => ({ id: w.companyId, vacancyId: (await vacancyFx()).openId, responseId: (await vacancyFx()).otherResponseId }), expect: vacancyAdmins(404) },
  { route: 'listMemberVerifiedSkills', params: (w) => ({ eventId: w.eventId, id: w.memberId }), expect: everyone(403, { attendeeAllFeatures: 200, moderator: 200, organiser: 200, platformStaff: 200 }) },
  { route: 'listMemberVerifiedSkills', label: 'member of another event', params: (w) => ({ eventId: w.eventId, id: w.otherMemberId }), expect: everyone(403, { attendeeAllFeatures: 404, moderator: 404, organiser: 404, platformStaff: 404 }) },
  { route: 'listMyVerifiedSkills', expect: everyone(200) },
  { route: 'adminGetJobFeed', params: (w) => ({ eventId: w.eventId }), expect: managers(200) },
  { route: 'adminGetJobFeed', label: 'another event', params: (w) => ({ eventId: w.otherEventId }), expect: everyone(403, { otherEventStaff: 200, platformStaff: 200 }) },
  { route: 'adminSetJobFeed', params: (w) => ({ eventId: w.eventId }), body: () => ({ url: 'https://jobs.matrix.test/feed.json' }), expect: managers(200) },
  { route: 'adminSetJobFeed', label: 'another event', params: (w) => ({ eventId: w.otherEventId }), body: () => ({ url: null }), expect: everyone(403, { otherEventStaff: 200, platformStaff: 200 }) },
  { route: 'adminRefreshJobFeed', params: async (w) => ({ eventId: (await vacancyFx(), w.eventId) }), expect: managers(202) },
];

/**
 * Routes anyone may call, each with the reason; their own suites test what they answer. A route
 * that is in neither list fails the run, so no new call ships without its row.
 */
const publicRoutes: Partial<Record<RouteName, string>> = {
  getHealth: 'load balancers probe it',
  pushPublicKey: "the server's VAPID public key, which every browser must read before subscribing (push.test.ts)",
  reportErrors: 'the browser reports errors before and after sign-in; rate-limited per address and forwarded only to the server\'s own DSN (error-reports.test.ts)',
  verifyCertificate: 'the certificate verification page: its random code is all a verifier needs (academy-certificates.test.ts)',
  certificatePdf: 'the certificate PDF, by the same random code (academy-certificates.test.ts)',
  listTimezones: 'reference data for forms',
  getTimezone: 'reference data for forms',
  listEvents: 'the public events list',
  getEvent: 'public event pages (inactive events are hidden from everyone but their managers)',
  listDictionaries: 'reference data for forms and filters (labels of offers, regions, company tags); an inactive event answers 404',
  register: 'sign-up',
  completeRegistration: 'sign-up, with the mailed one-time token',
  login: 'sign-in',
  requestMagicLink: 'sign-in',
  consumeMagicLink: 'sign-in, with the mailed one-time token',
  requestMagicCode: 'sign-in',
  verifyMagicCode: 'sign-in, with the mailed code',
  requestRecovery: 'password recovery',
  resetPassword: 'password recovery, with the mailed one-time token',
  refreshSession: 'the HttpOnly refresh cookie is the credential',
  startGoogleSignIn: 'sign-in',
  finishGoogleSignIn: 'sign-in, with the provider state',
  exchangeGoogleTicket: 'sign-in, with the one-time ticket',
  listMailbox: 'demo only; who may read it depends on the listening address (mailbox.test.ts)',
  getMail: 'demo only; who may read it depends on the listening address (mailbox.test.ts)',
  listPasses: 'the free passes of a public event page',
  listBrandings: 'banners of a public event page',
  getFile: 'the signed address is the credential (files.test.ts)',
  jitsiRecordingHook: "Jibri's finalize script: the JITSI_HOOK_SECRET bearer is the credential, 404 when unset (recordings-hook.test.ts)",
  recordingVideo: "a saved recording's secret address is the credential, like a Jitsi recording's link; removing it ends it (recordings.test.ts)",
  recordingPoster: "a saved recording's poster, by the same secret address (recordings.test.ts)",
  calendarFeedIcs: 'the secret feed address is the credential, revocable (meetings-feed.test.ts)',
  listNews: 'news is read by whoever may see the event page, guests included (news.test.ts: drafts, hidden and inactive events)',
  getNews: 'news is read by whoever may see the event page, guests included (news.test.ts)',
  getSharedProgram: 'the program organisers chose to share with guests (program.test.ts: 404 until shared)',
  sharedProgramIcs: 'the shared program as a calendar file (program.test.ts: 404 until shared)',
};

/** The companyAdmin actor's company, placed in the event, and a company of another event only. */
async function companiesOf(db: TestApp['database']['db'], eventId: number, adminId: number | undefined) {
  const [own] = await db.select().from(companyUsers).where(eq(companyUsers.userId, adminId ?? 0));
  if (!own) throw new Error('no company of the company admin');
  await db.insert(eventCompanies).values({ eventId, companyId: own.companyId });
  const [other] = await db.insert(companies).values({ name: 'Other event company' }).returning();
  if (!other) throw new Error('no company row');
  // Companies of events that ended before this one are readable (show_previous), so the IDOR row uses an event far ahead (other rows move this one's dates).
  const later = await createEvent(db, { dateFrom: new Date('2040-01-01T00:00:00Z'), dateTo: new Date('2040-01-02T00:00:00Z') });
  await db.insert(eventCompanies).values({ eventId: later.id, companyId: other.id });
  return {
    companyId: own.companyId,
    otherCompanyId: other.id,
    newCompanyPerson: async () => {
      const person = await createUser(db);
      await db.insert(companyUsers).values({ companyId: own.companyId, userId: person.id, roles: ['chat'] });
      return person.id;
    },
  };
}

let t: TestApp;
let world: World;
const headers = {} as Record<Actor, Record<string, string>>;
const userIds = {} as Partial<Record<Actor, number>>;

beforeAll(async () => {
  // A Jitsi deployment, so the WN Meet token row reaches its success (rooms-token.test.ts covers the server without one).
  t = await createTestApp({ JITSI_URL: 'https://meet.matrix.test', JITSI_APP_ID: 'matrix', JITSI_APP_SECRET: 'matrix-jitsi-app-secret-of-32-characters' });
  const { db } = t.database;
  const event = await createEvent(db);
  const other = await createEvent(db);
  const plain = await createTicketType(db, event.id, { code: 'matrix' });
  const full = await createTicketType(db, event.id, { code: 'all', features: ALL_FEATURES });
  const user = async (actor: Actor, setup: (id: number) => Promise<unknown>, flags: { isOrganizer?: boolean; isStaff?: boolean } = {}) => {
    const row = await createUser(db, flags);
    await setup(row.id);
    userIds[actor] = row.id;
    headers[actor] = await authHeader(db, t.config.secret, row.id);
    return row;
  };
  headers.guest = {};
  const attendee = await user('attendee', (id) => addMembership(db, event.id, id, { ticketTypeId: plain.id }));
  await user('attendeeAllFeatures', (id) => addMembership(db, event.id, id, { ticketTypeId: full.id }));
  await user('companyAdmin', (id) => addCompanyRole(db, id, ['admin']));
  await user('moderator', (id) => addMembership(db, event.id, id, { ticketTypeId: plain.id, roleIds: [2] }));
  await user('courseStudent', (id) => addMembership(db, event.id, id, { roleIds: [6] }));
  await user('courseTeacher', (id) => addMembership(db, event.id, id, { roleIds: [5] }));
  await user('courseAdmin', (id) => addMembership(db, event.id, id, { roleIds: [4] }));
  await user('organiser', (id) => addMembership(db, event.id, id, { isOrganizer: true }), { isOrganizer: true });
  await user('otherEventStaff', (id) => addMembership(db, other.id, id, { isOrganizer: true }), { isOrganizer: true });
  await user('platformStaff', async () => {}, { isStaff: true });
  const memberOf = async (eventId: number, userId: number) => {
    const [row] = await db.query.eventMembers.findMany({ where: (m, { eq, and }) => and(eq(m.eventId, eventId), eq(m.userId, userId)) });
    if (!row) throw new Error('no member row');
    return row.id;
  };
  const stranger = await createUser(db);
  const otherTicket = await createTicketType(db, other.id, { code: 'other' });
  await addMembership(db, other.id, stranger.id, { ticketTypeId: otherTicket.id });
  const startImport = async (eventId: number, actor: Actor) => {
    const res = await t.app.inject({ method: 'POST', url: `/api/admin/v1/events/${eventId}/members/import`, headers: headers[actor], payload: { csv: 'email,ticket\nseed@example.test,matrix' } });
    return res.json<{ data: { id: number } }>().data.id;
  };
  let counter = 0;
  const unique = () => `${Date.now().toString(36)}${(counter += 1)}`;
  world = {
    eventId: event.id,
    eventSlug: event.slug,
    memberId: await memberOf(event.id, attendee.id),
    ticketTypeId: plain.id,
    otherEventId: other.id,
    otherMemberId: await memberOf(other.id, stranger.id),
    otherTicketTypeId: otherTicket.id,
    importId: await startImport(event.id, 'organiser'),
    otherImportId: await startImport(other.id, 'otherEventStaff'),
    unique,
    newTicketType: async () => (await createTicketType(db, event.id, { code: `del-${unique()}` })).id,
    newMember: async () => {
      const person = await createUser(db);
      await addMembership(db, event.id, person.id, { ticketTypeId: plain.id });
      return memberOf(event.id, person.id);
    },
    ...(await companiesOf(db, event.id, userIds.companyAdmin)),
    meetings: await meetingsOf(db, event.id, full.id, memberOf),
    academy: await academyMatrix(t, { eventId: event.id, otherEventId: other.id }),
    emails: {
      template: async () => {
        const [row] = await db.insert(emailTemplates).values({ eventId: event.id, typeId: 14, name: 'Matrix', translations: { en: { subject: 's', body: 'b' } } }).returning();
        if (!row) throw new Error('no template row');
        return row.id;
      },
    },
  };
});

/** A meeting schedule tomorrow with a slot for every row that books one, and a fresh pending request on demand. */
async function meetingsOf(db: TestApp['database']['db'], eventId: number, ticketTypeId: number, memberOf: (eventId: number, userId: number) => Promise<number>): Promise<World['meetings']> {
  const date = new Date(Date.now() + 24 * 3600_000).toISOString().slice(0, 10);
  const days = [{ date, start: '00:00', end: '23:50' }];
  await db.insert(meetingSchedules).values({ eventId, slotMinutes: 10, days });
  const invitee = await createUser(db);
  await addMembership(db, eventId, invitee.id, { ticketTypeId });
  let slot = 0;
  const nextSlot = () => new Date(Date.parse(`${date}T00:00:00.000Z`) + (slot++ % 143) * 10 * 60_000).toISOString();
  const organiserMember = await memberOf(eventId, userIds.organiser ?? 0);
  return {
    days,
    inviteeMemberId: await memberOf(eventId, invitee.id),
    nextSlot,
    pending: async () => {
      const res = await t.app.inject({ method: 'POST', url: `/api/v1/${eventId}/meetings`, headers: headers.attendeeAllFeatures, payload: { member_id: organiserMember, starts_at: nextSlot() } });
      if (res.statusCode !== 201) throw new Error(`matrix meeting: ${res.body}`);
      return res.json<{ data: { id: number } }>().data.id;
    },
  };
}
afterAll(() => t.close());

/** The company the companyAdmin actor runs, and a fresh picture of a company (deleted by some rows). */
const adminCompanyId = async (): Promise<number> => {
  const [row] = await t.database.db.select({ id: companyUsers.companyId }).from(companyUsers).where(eq(companyUsers.userId, userIds.companyAdmin ?? 0));
  if (!row) throw new Error('no company of the company admin');
  return row.id;
};
const companyMediaId = async (companyId: number): Promise<number> => {
  const [row] = await t.database.db.insert(media).values({ ownerType: 'company', ownerId: companyId, category: 'hero', url: 'matrix.png', mimeType: 'image/png' }).returning();
  if (!row) throw new Error('no media row');
  return row.id;
};

describe('authorisation matrix', () => {
  it('has a row for every route of the contract', () => {
    const checked = new Set(cases.map((c) => c.route));
    const missing = (Object.keys(routes) as RouteName[]).filter((name) => !checked.has(name) && !(name in publicRoutes));
    expect(missing, 'routes without a row in the authorisation matrix').toEqual([]);
  });

  it('lists as public only routes that need no sign-in', () => {
    const protectedButListed = (Object.keys(publicRoutes) as RouteName[]).filter((name) => routes[name].auth);
    expect(protectedButListed).toEqual([]);
  });

  for (const c of cases) {
    const def = routes[c.route];
    it(`${def.method} ${def.path}${c.label ? ` (${c.label})` : ''}`, async () => {
      const actual: Partial<Record<Actor, number>> = {};
      for (const actor of ACTORS) {
        const payload: unknown = await c.body?.(world);
        const url = buildPath(def.path, await c.params?.(world)) + (typeof c.query === 'function' ? c.query(world) : (c.query ?? ''));
        const id = userIds[actor];
        const auth = c.freshSession && id !== undefined ? await authHeader(t.database.db, t.config.secret, id) : headers[actor];
        const res = await t.app.inject({ method: def.method, url, headers: { ...auth, ...c.headers }, ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });
        actual[actor] = res.statusCode;
      }
      expect(actual).toEqual(c.expect);
    });
  }
});
