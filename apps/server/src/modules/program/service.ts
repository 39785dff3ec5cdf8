import { ErrorCode, lectureChatPath, MemberRole, normaliseVideoUrl, type LectureDetail, type Program, type SharedProgram, type Speaker, type TicketKind, type Video } from '@lobby/contract';
import { upgradeOffer, type AccessSource, type EventAccess } from '../../access/access.ts';
import type { Db } from '../../db/client.ts';
import { pageMeta } from '../../db/sql.ts';
import type { FileUrls } from '../../files/urls.ts';
import { AppError } from '../../http/errors.ts';
import { listTicketTypes } from '../members/repo.ts';
import { canModerateLecture, gateOf, joinVerdict, programAccess, watchAccess, type ProgramReader } from './policy.ts';
import { externalUrlOf, presentHall, presentLecture, presentSpeaker, videoOf } from './present.ts';
import {
  countLectures,
  findHall,
  findLecture,
  hasJoined,
  isShared,
  lecturesOfSpeakers,
  listHalls,
  listLectures,
  listSpeakerMembers,
  loadProgramEvent,
  programLanguages,
  recordAttendance,
  speakersOf,
  type LectureFilter,
  type LectureListRow,
  type ProgramEvent,
} from './repo.ts';

export interface ProgramContext {
  db: Db;
  files: FileUrls;
  jitsiHosts: readonly string[];
}

interface Opened {
  event: ProgramEvent;
  access: EventAccess;
  reader: ProgramReader;
}

const readerOf = (access: EventAccess): ProgramReader => ({
  signedIn: access.userId !== null,
  isMember: access.member !== null,
  ticketKind: (access.ticketType?.kind as TicketKind | undefined) ?? null,
  permissions: access.permissions,
  upgradeGrants: null,
});

/** 404 for an unknown (or, to non-organisers, inactive) event; 403 section.locked with the reason when the ticket does not open the program. */
export async function openProgram(db: Db, source: AccessSource, eventId: number): Promise<Opened> {
  const [event, access] = await Promise.all([loadProgramEvent(db, eventId), source.get(eventId)]);
  if (!event || (!event.active && !access.can('event.manage'))) throw new AppError(404, ErrorCode.eventNotFound, `Event ${eventId} was not found.`);
  const reader = readerOf(access);
  let verdict = programAccess(reader);
  // The ticket types are read only when the gate would refuse, to say whether an upgrade opens it.
  if (verdict === 'unavailable') verdict = programAccess({ ...reader, upgradeGrants: upgradeOffer(await listTicketTypes(db, eventId), access.ticketType)?.grants ?? null });
  if (verdict !== 'ok') throw new AppError(403, ErrorCode.sectionLocked, 'Your ticket does not open the program of this event.', { section: 'program', access: verdict });
  return { event, access, reader };
}

/** Whether the reader may watch: 'ok', or the page's gate ('upgrade' when a business pass would open it). */
async function watchGate(db: Db, opened: Opened): Promise<'ok' | 'upgrade' | 'unavailable'> {
  const verdict = watchAccess(opened.reader);
  if (verdict === 'ok') return 'ok';
  const offer = upgradeOffer(await listTicketTypes(db, opened.event.id), opened.access.ticketType);
  return gateOf(watchAccess({ ...opened.reader, upgradeGrants: offer?.grants ?? null }));
}

const canWatch = (access: EventAccess) => access.can('lectures.watch') || access.can('event.manage');

export async function requireLecture(db: Db, eventId: number, lectureId: number) {
  const row = await findLecture(db, eventId, lectureId);
  if (!row) throw new AppError(404, ErrorCode.lectureNotFound, `Lecture ${lectureId} was not found in this event.`);
  return row;
}

/** Lectures as the program shows them, with their speakers (two queries for any number). */
export async function presentLectures(ctx: ProgramContext, eventId: number, rows: LectureListRow[], now = new Date()) {
  const speakers = await speakersOf(ctx.db, eventId, rows.map((row) => row.lecture.id));
  return rows.map((row) => presentLecture(row, speakers.get(row.lecture.id) ?? [], ctx.files, now));
}

export interface ProgramQuery {
  'filter[from]'?: string;
  'filter[to]'?: string;
  'filter[section]'?: number[];
  'filter[category]'?: number[];
  'filter[language]'?: string[];
  'filter[hall]'?: number[];
  'filter[favorites]'?: boolean;
}

async function programOf(ctx: ProgramContext, event: ProgramEvent, filter: LectureFilter, viewer: number | null, watch: boolean): Promise<Program> {
  const now = new Date();
  const [halls, rows, languages] = await Promise.all([listHalls(ctx.db, event.id), listLectures(ctx.db, event.id, filter, viewer), programLanguages(ctx.db, event.id)]);
  return {
    timezone: event.timezone,
    now: now.toISOString(),
    halls: halls.map((row) => presentHall(row.hall, watch, ctx.jitsiHosts)),
    languages,
    lectures: await presentLectures(ctx, event.id, rows, now),
  };
}

export async function getProgram(ctx: ProgramContext, source: AccessSource, eventId: number, query: ProgramQuery): Promise<Program> {
  const { event, access } = await openProgram(ctx.db, source, eventId);
  const filter: LectureFilter = {
    from: query['filter[from]'],
    to: query['filter[to]'],
    sections: query['filter[section]'],
    categories: query['filter[category]'],
    languages: query['filter[language]'],
    halls: query['filter[hall]'],
    ...(query['filter[favorites]'] && access.userId !== null ? { favoritesOf: access.userId } : {}),
  };
  return programOf(ctx, event, filter, access.userId, canWatch(access));
}

export async function getLecture(ctx: ProgramContext, source: AccessSource, eventId: number, lectureId: number): Promise<LectureDetail> {
  const opened = await openProgram(ctx.db, source, eventId);
  const me = opened.access.userId;
  const [item] = await listLectures(ctx.db, eventId, { ids: [lectureId] }, me);
  if (!item) throw new AppError(404, ErrorCode.lectureNotFound, `Lecture ${lectureId} was not found in this event.`);
  const row = item.lecture;
  const [hall, speakers, gate, joined] = await Promise.all([
    findHall(ctx.db, eventId, row.hallId),
    speakersOf(ctx.db, eventId, [row.id]),
    watchGate(ctx.db, opened),
    me === null ? false : hasJoined(ctx.db, row.id, me),
  ]);
  const own = speakers.get(row.id) ?? [];
  const watch = gate === 'ok';
  const video: Video | null = watch ? (videoOf(row.videoUrl, ctx.jitsiHosts) ?? videoOf(hall?.streamUrl ?? null, ctx.jitsiHosts)) : null;
  return {
    ...presentLecture(item, own, ctx.files, new Date()),
    description: row.description,
    materials: row.materials,
    hall: { id: row.hallId, name: hall?.name ?? '' },
    can_watch: watch,
    gate,
    video,
    joined,
    can_moderate: canModerateLecture({ permissions: opened.access.permissions, isSpeaker: own.some((speaker) => speaker.userId === me) }),
    chat_path: lectureChatPath(row.hallId, row.id),
    // The external meeting is another way to watch: the same ticket feature opens it.
    external_url: watch ? externalUrlOf(row.externalUrl) : null,
  };
}

/** Counts the person once in the lecture's attendance, from 15 minutes before the start until the end. */
export async function joinLecture(ctx: ProgramContext, source: AccessSource, eventId: number, lectureId: number, now = new Date()): Promise<{ joined: boolean; attendees: number }> {
  const opened = await openProgram(ctx.db, source, eventId);
  const row = await requireLecture(ctx.db, eventId, lectureId);
  const gate = await watchGate(ctx.db, opened);
  if (gate !== 'ok') throw new AppError(403, ErrorCode.lectureWatchRequired, 'Your ticket does not include lectures. Upgrade your ticket to watch them.', { gate });
  const verdict = joinVerdict(now, row.startsAt, row.endsAt);
  if (verdict !== 'open') {
    const opensAt = new Date(row.startsAt.getTime() - 15 * 60_000).toISOString();
    const message = verdict === 'early' ? 'The lecture cannot be joined yet: joining opens 15 minutes before it starts.' : 'The lecture is over and can no longer be joined.';
    throw new AppError(409, ErrorCode.lectureJoinClosed, message, { opens_at: opensAt, ends_at: row.endsAt.toISOString(), state: verdict });
  }
  const userId = opened.access.userId;
  if (userId === null) throw new AppError(401, ErrorCode.unauthorized, 'Sign in to continue.');
  return { joined: true, attendees: await recordAttendance(ctx.db, row.id, userId) };
}

export async function favoriteLectures(ctx: ProgramContext, source: AccessSource, eventId: number, page: number, perPage: number) {
  const { access } = await openProgram(ctx.db, source, eventId);
  const me = access.userId ?? 0;
  const filter: LectureFilter = { favoritesOf: me };
  const [rows, total] = await Promise.all([listLectures(ctx.db, eventId, filter, me, { limit: perPage, offset: (page - 1) * perPage }), countLectures(ctx.db, eventId, filter)]);
  return { data: await presentLectures(ctx, eventId, rows), meta: pageMeta(page, perPage, total) };
}

export const unsupportedVideo = (field: string) => {
  const message = 'This link is not a YouTube, Gcore, Google Drive, WN Meet or RuTube video.';
  return new AppError(400, ErrorCode.videoUrlUnsupported, message, { fields: [{ field, message, key: 'video_url', params: {} }] });
};

/** A pasted link as its player; anything else is 400 (never 500, whatever the text). */
export async function videoUrl(ctx: ProgramContext, source: AccessSource, eventId: number, url: string): Promise<Video> {
  await openProgram(ctx.db, source, eventId);
  const video = normaliseVideoUrl(url, ctx.jitsiHosts);
  if (!video) throw unsupportedVideo('query.url');
  return video;
}

export async function listSpeakers(ctx: ProgramContext, source: AccessSource, eventId: number, text: string | undefined, page: number, perPage: number) {
  await openProgram(ctx.db, source, eventId);
  const { rows, total } = await listSpeakerMembers(ctx.db, eventId, MemberRole.Speaker, text || undefined, perPage, (page - 1) * perPage);
  const talks = await lecturesOfSpeakers(ctx.db, eventId, rows.map((row) => row.userId));
  const data: Speaker[] = rows.map((row) => ({
    ...presentSpeaker({ ...row, lectureId: 0 }, ctx.files),
    bio: row.bio,
    lectures: talks
      .filter((talk) => talk.userId === row.userId)
      .map((talk) => ({ id: talk.id, hall_id: talk.hallId, title: talk.title, starts_at: talk.startsAt.toISOString(), ends_at: talk.endsAt.toISOString() })),
  }));
  return { data, meta: pageMeta(page, perPage, total) };
}

/** The program for guests, when the organisers shared it: no videos, no stars. */
export async function sharedEvent(db: Db, eventId: number): Promise<ProgramEvent> {
  const event = await loadProgramEvent(db, eventId);
  if (!event?.active || !(await isShared(db, eventId))) throw new AppError(404, ErrorCode.programNotShared, 'The organisers have not shared this program.');
  return event;
}

export async function getSharedProgram(ctx: ProgramContext, eventId: number): Promise<SharedProgram> {
  const event = await sharedEvent(ctx.db, eventId);
  return { ...(await programOf(ctx, event, {}, null, false)), event: { id: event.id, name: event.name, slug: event.slug } };
}
