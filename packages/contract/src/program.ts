// The program, lectures, speakers, the shared program, live Q&A and polls (product.md sections 2,
// 3, 6; contract.md sections 3, 7, 8, 9). contract.md section 7 shows GET /{eventId}/video-url;
// the rest follows its style (docs/decisions.md, Program).
import { z } from 'zod';
import { dataOf, pageOf, ZQueryFlag, ZQueryIds, ZQueryList, ZSearchText, ZTimestamp } from './common.ts';
import { ZExternalMeetingUrl } from './external-meetings.ts';
import { ZEventId } from './members.ts';
import {
  HALL_NAME_MAX,
  LECTURE_CATEGORY_MAX,
  LECTURE_CATEGORY_MIN,
  LECTURE_DESCRIPTION_MAX,
  LECTURE_LANGUAGE_PATTERN,
  LECTURE_MATERIALS_MAX,
  LECTURE_SPEAKERS_MAX,
  LECTURE_TITLE_MAX,
  POLL_OPTION_MAX,
  POLL_OPTIONS_MAX,
  POLL_OPTIONS_MIN,
  POLL_QUESTION_MAX,
  PROGRAM_IMPORT_MAX_ROWS,
  QUESTION_TEXT_MAX,
  VIDEO_SOURCES,
  VIDEO_URL_MAX,
} from './program-rules.ts';
import { defineRoute } from './route.ts';

const ZId = z.coerce.number().int().min(1).max(2_147_483_647);
const ZEventPath = z.object({ eventId: ZEventId });
const ZLecturePath = z.object({ eventId: ZEventId, id: ZId });
const ZPage = {
  page: z.coerce.number().int().min(1).max(100_000).optional(),
  per_page: z.coerce.number().int().min(1).max(100).optional(),
};

export const ZCategory = z.number().int().min(LECTURE_CATEGORY_MIN).max(LECTURE_CATEGORY_MAX);
export const ZLectureLanguage = z.string().regex(LECTURE_LANGUAGE_PATTERN);
export const ZVideoSource = z.enum(VIDEO_SOURCES);

/** An embeddable video: the source, its id there and the player address (only fixed https players). */
export const ZVideo = z
  .object({ source: ZVideoSource, video_id: z.string(), url: z.string() })
  .meta({ id: 'Video' });
export type Video = z.infer<typeof ZVideo>;

export const ZHall = z
  .object({
    id: z.number().int(),
    name: z.string(),
    sort: z.number().int(),
    /** The hall's all-day stream, played on a lecture page when the lecture has no video of its own; null without watch_lecture. */
    stream: ZVideo.nullable(),
  })
  .meta({ id: 'Hall' });
export type Hall = z.infer<typeof ZHall>;

export const ZLectureSpeaker = z
  .object({
    member_id: z.number().int(),
    user_id: z.number().int(),
    first_name: z.string(),
    last_name: z.string(),
    job: z.string().nullable(),
    company_name: z.string().nullable(),
    avatar_url: z.string().nullable(),
  })
  .meta({ id: 'LectureSpeaker' });
export type LectureSpeaker = z.infer<typeof ZLectureSpeaker>;

/** A lecture as the program lists it. */
export const ZLecture = z
  .object({
    id: z.number().int(),
    event_id: z.number().int(),
    hall_id: z.number().int(),
    /** The dictionary program/section value, or null. */
    section_id: z.number().int().nullable(),
    title: z.string(),
    starts_at: ZTimestamp,
    ends_at: ZTimestamp,
    /** Lecture categories 1 to 16 (dictionary lecture/category). */
    categories: z.array(z.number().int()),
    language: z.string(),
    speakers: z.array(ZLectureSpeaker),
    preview_url: z.string().nullable(),
    /** The lecture's own video source, when it has one. */
    source: ZVideoSource.nullable(),
    state: z.enum(['upcoming', 'live', 'ended']),
    is_favorite: z.boolean(),
    attendees: z.number().int(),
  })
  .meta({ id: 'Lecture' });
export type Lecture = z.infer<typeof ZLecture>;

export const ZLectureMaterial = z.object({ title: z.string().min(1).max(200), url: z.string() }).meta({ id: 'LectureMaterial' });
export type LectureMaterial = z.infer<typeof ZLectureMaterial>;

/** The lecture page: the card, its description and materials, and the video when the person may watch. */
export const ZLectureDetail = ZLecture.extend({
  description: z.string(),
  materials: z.array(ZLectureMaterial),
  hall: z.object({ id: z.number().int(), name: z.string() }),
  /** The ticket has watch_lecture (or the person runs the event). */
  can_watch: z.boolean(),
  /** When can_watch is false: 'upgrade' when a business pass would open it, else 'unavailable'. */
  gate: z.enum(['ok', 'upgrade', 'unavailable']),
  /** The lecture's video, else the hall's stream; null when the person may not watch or there is none. */
  video: ZVideo.nullable(),
  /** The person joined (attendance counted). */
  joined: z.boolean(),
  /** Speakers of the lecture, moderators and organisers: answer questions, run polls. */
  can_moderate: z.boolean(),
  /** The public page chat's path (GET /{eventId}/chat/common?path=). */
  chat_path: z.string(),
  /** The lecture's own external meeting (Zoom or another service, https) that /zoom-call opens; null when it has none or the person may not watch. */
  external_url: z.string().nullable(),
}).meta({ id: 'LectureDetail' });
export type LectureDetail = z.infer<typeof ZLectureDetail>;

export const ZProgram = z
  .object({
    /** The event's timezone; the web shows times in the person's own. */
    timezone: z.string(),
    now: ZTimestamp,
    halls: z.array(ZHall),
    /** Every language the program has (for the filter). */
    languages: z.array(z.string()),
    lectures: z.array(ZLecture),
  })
  .meta({ id: 'Program' });
export type Program = z.infer<typeof ZProgram>;

export const ZProgramQuery = z.object({
  'filter[from]': ZTimestamp.optional(),
  'filter[to]': ZTimestamp.optional(),
  'filter[section]': ZQueryIds(20).optional(),
  'filter[category]': ZQueryIds(16).optional(),
  'filter[language]': ZQueryList(ZLectureLanguage, 10).optional(),
  'filter[hall]': ZQueryIds(50).optional(),
  'filter[favorites]': ZQueryFlag.optional(),
});

export const getProgram = defineRoute({
  id: 'program.get',
  method: 'GET',
  path: '/api/v1/{eventId}/program',
  summary:
    "The event's program: halls and lectures ordered by start, each with speakers, categories, language, state (upcoming, live, ended) and the reader's star. filter[from]/filter[to] bound the start (a day), filter[section], filter[category], filter[language], filter[hall] take several values, filter[favorites]=1 keeps starred ones. Members of the event (not on a general ticket)",
  tags: ['program'],
  auth: true,
  params: ZEventPath,
  query: ZProgramQuery,
  response: dataOf(ZProgram),
  errors: [400, 401, 403, 404],
});

export const getLecture = defineRoute({
  id: 'lectures.get',
  method: 'GET',
  path: '/api/v1/{eventId}/lectures/{id}',
  summary: 'One lecture with description, speakers, materials and, when the ticket has watch_lecture, its video or the hall stream (gate: upgrade otherwise)',
  tags: ['program'],
  auth: true,
  params: ZLecturePath,
  response: dataOf(ZLectureDetail),
  errors: [400, 401, 403, 404],
});

export const joinLecture = defineRoute({
  id: 'lectures.join',
  method: 'POST',
  path: '/api/v1/{eventId}/lectures/{id}/join',
  summary:
    'Join a lecture: counts the person once in its attendance. Open from 15 minutes before the start until the end (409 lecture.join_closed, details.opens_at); 403 lecture.watch_required without watch_lecture',
  tags: ['program'],
  auth: true,
  params: ZLecturePath,
  response: dataOf(z.object({ joined: z.boolean(), attendees: z.number().int() })),
  errors: [400, 401, 403, 404, 409],
});

export const listFavoriteLectures = defineRoute({
  id: 'favorites.lectures',
  method: 'GET',
  path: '/api/v1/{eventId}/favorites/lectures',
  summary: 'Lectures the signed-in person starred in this event, by start (star one with POST /{eventId}/favorites/lectures/{id})',
  tags: ['favorites', 'program'],
  auth: true,
  params: ZEventPath,
  query: z.object(ZPage),
  response: pageOf(ZLecture),
  errors: [400, 401, 403, 404],
});

export const videoUrl = defineRoute({
  id: 'video.url',
  method: 'GET',
  path: '/api/v1/{eventId}/video-url',
  summary:
    'Normalise a pasted link of YouTube, Gcore, Google Drive, WN Meet (Jitsi) or RuTube to its embeddable player address; any other link is 400 video.url_unsupported',
  tags: ['program'],
  auth: true,
  params: ZEventPath,
  query: z.object({ url: z.string().min(1).max(VIDEO_URL_MAX) }),
  response: dataOf(ZVideo),
  errors: [400, 401, 403, 404],
});

export const ZSpeaker = z
  .object({
    member_id: z.number().int(),
    user_id: z.number().int(),
    first_name: z.string(),
    last_name: z.string(),
    job: z.string().nullable(),
    company_name: z.string().nullable(),
    avatar_url: z.string().nullable(),
    bio: z.string().nullable(),
    lectures: z.array(z.object({ id: z.number().int(), hall_id: z.number().int(), title: z.string(), starts_at: ZTimestamp, ends_at: ZTimestamp })),
  })
  .meta({ id: 'Speaker' });
export type Speaker = z.infer<typeof ZSpeaker>;

export const listSpeakers = defineRoute({
  id: 'speakers.list',
  method: 'GET',
  path: '/api/v1/{eventId}/speakers',
  summary: 'Speakers of the event (members with the Speaker role, and anyone speaking in the program) with their lectures, by last name; filter[query] searches names and companies',
  tags: ['program'],
  auth: true,
  params: ZEventPath,
  query: z.object({ ...ZPage, 'filter[query]': ZSearchText.optional() }),
  response: pageOf(ZSpeaker),
  errors: [400, 401, 403, 404],
});

export const ZSharedProgram = ZProgram.extend({
  event: z.object({ id: z.number().int(), name: z.string(), slug: z.string() }),
}).meta({ id: 'SharedProgram' });
export type SharedProgram = z.infer<typeof ZSharedProgram>;

export const getSharedProgram = defineRoute({
  id: 'program.shared',
  method: 'GET',
  path: '/api/v1/{eventId}/program/shared',
  summary: 'The program as a guest sees it, without signing in, when the organisers shared it (404 program.not_shared otherwise); no videos, no stars',
  tags: ['program'],
  params: ZEventPath,
  response: dataOf(ZSharedProgram),
  errors: [400, 404],
});

export const sharedProgramIcs = defineRoute({
  id: 'program.shared.ics',
  method: 'GET',
  path: '/api/v1/{eventId}/program.ics',
  summary: 'The shared program as a calendar file (text/calendar, RFC 5545), one event per lecture; 404 program.not_shared when it is not shared',
  tags: ['program'],
  params: ZEventPath,
  response: z.string(),
  errors: [400, 404],
});

// Live Q&A and polls on a lecture ------------------------------------------------------------

export const ZQuestionAuthor = z.object({ user_id: z.number().int(), first_name: z.string(), last_name: z.string(), avatar_url: z.string().nullable() });

export const ZLectureQuestion = z
  .object({
    id: z.number().int(),
    lecture_id: z.number().int(),
    text: z.string(),
    author: ZQuestionAuthor,
    votes: z.number().int(),
    /** The reader upvoted it (false in realtime events, which every viewer receives alike). */
    voted: z.boolean(),
    answered: z.boolean(),
    created_at: ZTimestamp,
  })
  .meta({ id: 'LectureQuestion' });
export type LectureQuestion = z.infer<typeof ZLectureQuestion>;

const ZQuestionPath = ZLecturePath.extend({ questionId: ZId });
const ZPollPath = ZLecturePath.extend({ pollId: ZId });

export const listLectureQuestions = defineRoute({
  id: 'lectures.questions.list',
  method: 'GET',
  path: '/api/v1/{eventId}/lectures/{id}/questions',
  summary: "The lecture's questions, most upvoted first (answered ones last). Anyone who may watch the lecture",
  tags: ['program'],
  auth: true,
  params: ZLecturePath,
  response: z.object({ data: z.array(ZLectureQuestion) }),
  errors: [400, 401, 403, 404],
});

export const askLectureQuestion = defineRoute({
  id: 'lectures.questions.ask',
  method: 'POST',
  path: '/api/v1/{eventId}/lectures/{id}/questions',
  summary: 'Ask a question (text trimmed, 1-500 characters); everyone on the lecture page sees it live (lecture_question)',
  tags: ['program'],
  auth: true,
  params: ZLecturePath,
  body: z.object({ text: z.string().trim().min(1).max(QUESTION_TEXT_MAX) }),
  response: dataOf(ZLectureQuestion),
  status: 201,
  errors: [400, 401, 403, 404, 429],
});

export const voteLectureQuestion = defineRoute({
  id: 'lectures.questions.vote',
  method: 'PUT',
  path: '/api/v1/{eventId}/lectures/{id}/questions/{questionId}/vote',
  summary: 'Upvote a question, once per person (again is no change); the new count goes out live',
  tags: ['program'],
  auth: true,
  params: ZQuestionPath,
  response: dataOf(ZLectureQuestion),
  errors: [400, 401, 403, 404],
});

export const unvoteLectureQuestion = defineRoute({
  id: 'lectures.questions.unvote',
  method: 'DELETE',
  path: '/api/v1/{eventId}/lectures/{id}/questions/{questionId}/vote',
  summary: 'Take back an upvote',
  tags: ['program'],
  auth: true,
  params: ZQuestionPath,
  response: dataOf(ZLectureQuestion),
  errors: [400, 401, 403, 404],
});

export const answerLectureQuestion = defineRoute({
  id: 'lectures.questions.answer',
  method: 'POST',
  path: '/api/v1/{eventId}/lectures/{id}/questions/{questionId}/answer',
  summary: "Mark a question answered or not (the lecture's speakers, moderators and organisers)",
  tags: ['program'],
  auth: true,
  params: ZQuestionPath,
  body: z.object({ answered: z.boolean() }),
  response: dataOf(ZLectureQuestion),
  errors: [400, 401, 403, 404],
});

export const deleteLectureQuestion = defineRoute({
  id: 'lectures.questions.delete',
  method: 'DELETE',
  path: '/api/v1/{eventId}/lectures/{id}/questions/{questionId}',
  summary: 'Remove a question (its author, or whoever moderates the lecture)',
  tags: ['program'],
  auth: true,
  params: ZQuestionPath,
  response: dataOf(z.object({ id: z.number().int(), deleted: z.boolean() })),
  errors: [400, 401, 403, 404],
});

export const ZLecturePoll = z
  .object({
    id: z.number().int(),
    lecture_id: z.number().int(),
    question: z.string(),
    options: z.array(z.object({ id: z.number().int(), text: z.string(), votes: z.number().int() })),
    total: z.number().int(),
    is_open: z.boolean(),
    /** The reader's choice (null in realtime events). */
    my_option_id: z.number().int().nullable(),
    created_at: ZTimestamp,
  })
  .meta({ id: 'LecturePoll' });
export type LecturePoll = z.infer<typeof ZLecturePoll>;

export const listLecturePolls = defineRoute({
  id: 'lectures.polls.list',
  method: 'GET',
  path: '/api/v1/{eventId}/lectures/{id}/polls',
  summary: "The lecture's polls, newest first, with the counts and the reader's choice",
  tags: ['program'],
  auth: true,
  params: ZLecturePath,
  response: z.object({ data: z.array(ZLecturePoll) }),
  errors: [400, 401, 403, 404],
});

export const createLecturePoll = defineRoute({
  id: 'lectures.polls.create',
  method: 'POST',
  path: '/api/v1/{eventId}/lectures/{id}/polls',
  summary: 'Start a poll (whoever moderates the lecture): a question and 2-8 options; it appears live (lecture_poll)',
  tags: ['program'],
  auth: true,
  params: ZLecturePath,
  body: z.object({
    question: z.string().trim().min(1).max(POLL_QUESTION_MAX),
    options: z.array(z.string().trim().min(1).max(POLL_OPTION_MAX)).min(POLL_OPTIONS_MIN).max(POLL_OPTIONS_MAX),
  }),
  response: dataOf(ZLecturePoll),
  status: 201,
  errors: [400, 401, 403, 404],
});

export const voteLecturePoll = defineRoute({
  id: 'lectures.polls.vote',
  method: 'POST',
  path: '/api/v1/{eventId}/lectures/{id}/polls/{pollId}/vote',
  summary: 'Vote in an open poll, one vote per person (409 poll.already_voted, poll.closed; 422 poll.option_invalid); the counts go out live',
  tags: ['program'],
  auth: true,
  params: ZPollPath,
  body: z.object({ option_id: z.number().int().min(1).max(2_147_483_647) }),
  response: dataOf(ZLecturePoll),
  errors: [400, 401, 403, 404, 409, 422],
});

export const closeLecturePoll = defineRoute({
  id: 'lectures.polls.close',
  method: 'POST',
  path: '/api/v1/{eventId}/lectures/{id}/polls/{pollId}/close',
  summary: 'Close a poll (whoever moderates the lecture); the results stay visible',
  tags: ['program'],
  auth: true,
  params: ZPollPath,
  response: dataOf(ZLecturePoll),
  errors: [400, 401, 403, 404],
});

// Back office --------------------------------------------------------------------------------

const ZAdminPath = z.object({ eventId: ZEventId });

export const ZHallInput = z.object({
  name: z.string().trim().min(1).max(HALL_NAME_MAX),
  sort: z.number().int().min(0).max(10_000).optional(),
  /** A link of one of the five video sources, or null. */
  stream_url: z.string().trim().max(VIDEO_URL_MAX).nullish(),
});
export type HallInput = z.infer<typeof ZHallInput>;

export const ZAdminHall = ZHall.extend({ stream_url: z.string().nullable(), lectures: z.number().int() }).meta({ id: 'AdminHall' });
export type AdminHall = z.infer<typeof ZAdminHall>;

export const adminListHalls = defineRoute({
  id: 'admin.halls.list',
  method: 'GET',
  path: '/api/admin/v1/events/{eventId}/halls',
  summary: "The event's halls (tracks) in order, with their lecture counts (organisers)",
  tags: ['admin', 'program'],
  auth: true,
  params: ZAdminPath,
  response: z.object({ data: z.array(ZAdminHall) }),
  errors: [400, 401, 403, 404],
});

export const adminCreateHall = defineRoute({
  id: 'admin.halls.create',
  method: 'POST',
  path: '/api/admin/v1/events/{eventId}/halls',
  summary: 'Add a hall; stream_url is checked like GET /{eventId}/video-url (400 video.url_unsupported)',
  tags: ['admin', 'program'],
  auth: true,
  params: ZAdminPath,
  body: ZHallInput,
  response: dataOf(ZAdminHall),
  status: 201,
  errors: [400, 401, 403, 404],
});

export const adminUpdateHall = defineRoute({
  id: 'admin.halls.update',
  method: 'PUT',
  path: '/api/admin/v1/events/{eventId}/halls/{hallId}',
  summary: 'Rename, reorder or change the stream of a hall',
  tags: ['admin', 'program'],
  auth: true,
  params: ZAdminPath.extend({ hallId: ZId }),
  body: ZHallInput,
  response: dataOf(ZAdminHall),
  errors: [400, 401, 403, 404],
});

export const adminDeleteHall = defineRoute({
  id: 'admin.halls.delete',
  method: 'DELETE',
  path: '/api/admin/v1/events/{eventId}/halls/{hallId}',
  summary: 'Remove a hall without lectures (409 hall.not_empty otherwise)',
  tags: ['admin', 'program'],
  auth: true,
  params: ZAdminPath.extend({ hallId: ZId }),
  response: dataOf(z.object({ id: z.number().int(), deleted: z.boolean() })),
  errors: [400, 401, 403, 404, 409],
});

export const ZLectureInput = z.object({
  title: z.string().trim().min(1).max(LECTURE_TITLE_MAX),
  description: z.string().max(LECTURE_DESCRIPTION_MAX).optional(),
  hall_id: z.number().int().min(1).max(2_147_483_647),
  section_id: z.number().int().min(1).max(2_147_483_647).nullish(),
  starts_at: ZTimestamp,
  ends_at: ZTimestamp,
  categories: z.array(ZCategory).max(16).optional(),
  language: ZLectureLanguage,
  /** Membership ids of the speakers (members of this event). */
  speaker_member_ids: z.array(z.number().int().min(1).max(2_147_483_647)).max(LECTURE_SPEAKERS_MAX).optional(),
  /** A link of one of the five video sources (a recording or a stream of its own), or null. */
  video_url: z.string().trim().max(VIDEO_URL_MAX).nullish(),
  /** https links or same-origin paths. */
  materials: z.array(ZLectureMaterial).max(LECTURE_MATERIALS_MAX).optional(),
  /** The lecture's external meeting (Zoom or another service): an https address; null clears it, left out keeps it. */
  external_url: ZExternalMeetingUrl.nullish(),
});
export type LectureInput = z.infer<typeof ZLectureInput>;

export const ZAdminLecture = ZLecture.extend({
  description: z.string(),
  materials: z.array(ZLectureMaterial),
  video_url: z.string().nullable(),
  video: ZVideo.nullable(),
  external_url: z.string().nullable(),
}).meta({ id: 'AdminLecture' });
export type AdminLecture = z.infer<typeof ZAdminLecture>;

export const adminListLectures = defineRoute({
  id: 'admin.lectures.list',
  method: 'GET',
  path: '/api/admin/v1/events/{eventId}/lectures',
  summary: "Every lecture of the event's program, by start (organisers)",
  tags: ['admin', 'program'],
  auth: true,
  params: ZAdminPath,
  response: z.object({ data: z.array(ZAdminLecture) }),
  errors: [400, 401, 403, 404],
});

export const adminCreateLecture = defineRoute({
  id: 'admin.lectures.create',
  method: 'POST',
  path: '/api/admin/v1/events/{eventId}/lectures',
  summary:
    'Add a lecture. 422 lecture.invalid (details.fields) when it ends before it starts, the hall or a speaker is not of this event; 400 video.url_unsupported for a link of another source',
  tags: ['admin', 'program'],
  auth: true,
  params: ZAdminPath,
  body: ZLectureInput,
  response: dataOf(ZAdminLecture),
  status: 201,
  errors: [400, 401, 403, 404, 422],
});

export const adminUpdateLecture = defineRoute({
  id: 'admin.lectures.update',
  method: 'PUT',
  path: '/api/admin/v1/events/{eventId}/lectures/{lectureId}',
  summary: 'Change a lecture (same checks as adding); a moved start re-plans the favourite reminders',
  tags: ['admin', 'program'],
  auth: true,
  params: ZAdminPath.extend({ lectureId: ZId }),
  body: ZLectureInput,
  response: dataOf(ZAdminLecture),
  errors: [400, 401, 403, 404, 422],
});

export const adminDeleteLecture = defineRoute({
  id: 'admin.lectures.delete',
  method: 'DELETE',
  path: '/api/admin/v1/events/{eventId}/lectures/{lectureId}',
  summary: 'Delete a lecture: platform staff only (403 lecture.delete_forbidden: organisers contact a platform manager, product.md section 6)',
  tags: ['admin', 'program'],
  auth: true,
  params: ZAdminPath.extend({ lectureId: ZId }),
  response: dataOf(z.object({ id: z.number().int(), deleted: z.boolean() })),
  errors: [400, 401, 403, 404],
});

export const adminUploadLecturePreview = defineRoute({
  id: 'admin.lectures.preview',
  method: 'POST',
  path: '/api/admin/v1/events/{eventId}/lectures/{lectureId}/preview',
  summary: 'Set the lecture preview (multipart: media; png, jpg, gif up to 5 MB; 413 lecture.preview_too_big beyond)',
  tags: ['admin', 'program'],
  auth: true,
  params: ZAdminPath.extend({ lectureId: ZId }),
  response: dataOf(ZAdminLecture),
  errors: [400, 401, 403, 404, 413, 415],
});

export const ZProgramImportReport = z
  .object({
    rows: z.number().int(),
    added: z.number().int(),
    updated: z.number().int(),
    halls_added: z.number().int(),
    failed: z.array(z.object({ row: z.number().int(), title: z.string(), code: z.string(), reason: z.string() })),
  })
  .meta({ id: 'ProgramImportReport' });
export type ProgramImportReport = z.infer<typeof ZProgramImportReport>;

export const adminImportProgram = defineRoute({
  id: 'admin.program.import',
  method: 'POST',
  path: '/api/admin/v1/events/{eventId}/program/import',
  summary: `Upload the program as CSV (title, starts_at, ends_at, hall, section, categories, language, speakers as e-mails, description, video_url), at most ${PROGRAM_IMPORT_MAX_ROWS} rows (413 program.too_many_rows). A row with the title and start of an existing lecture updates it; halls are added by name. Answers the per-row report; good rows are kept when others fail`,
  tags: ['admin', 'program'],
  auth: true,
  params: ZAdminPath,
  body: z.object({ csv: z.string().min(1).max(2_000_000) }),
  response: dataOf(ZProgramImportReport),
  errors: [400, 401, 403, 404, 413],
});

export const ZProgramSettings = z
  .object({
    /** Guests may see the program at program-shared and download it as ICS. */
    shared: z.boolean(),
    share_path: z.string(),
    ics_url: z.string(),
  })
  .meta({ id: 'ProgramSettings' });

export const adminGetProgramSettings = defineRoute({
  id: 'admin.program.settings.get',
  method: 'GET',
  path: '/api/admin/v1/events/{eventId}/program/settings',
  summary: 'Whether the program is shared with guests, and its public addresses',
  tags: ['admin', 'program'],
  auth: true,
  params: ZAdminPath,
  response: dataOf(ZProgramSettings),
  errors: [400, 401, 403, 404],
});

export const adminUpdateProgramSettings = defineRoute({
  id: 'admin.program.settings.update',
  method: 'PUT',
  path: '/api/admin/v1/events/{eventId}/program/settings',
  summary: 'Share the program with guests (program-shared and the ICS file) or stop sharing it',
  tags: ['admin', 'program'],
  auth: true,
  params: ZAdminPath,
  body: z.object({ shared: z.boolean() }),
  response: dataOf(ZProgramSettings),
  errors: [400, 401, 403, 404],
});
