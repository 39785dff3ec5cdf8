import { ErrorCode, normaliseVideoUrl, Visibility, type ArchiveVideoInput, type TicketKind } from '@lobby/contract';
import { upgradeOffer, type AccessSource, type EventAccess } from '../../access/access.ts';
import type { Db } from '../../db/client.ts';
import { pageMeta } from '../../db/sql.ts';
import type { FileStore } from '../../files/store.ts';
import { newFileKey } from '../../files/store.ts';
import type { ReceivedFile } from '../../files/upload.ts';
import { fileUrls } from '../../files/urls.ts';
import { AppError } from '../../http/errors.ts';
import { listTicketTypes } from '../members/repo.ts';
import { archiveAccess, canDeleteVideo, canWatchIn, playStateOf } from './policy.ts';
import { presentAdminVideo, presentSpeaker, presentVideo, type ArchivePresenter } from './present.ts';
import {
  addConsent,
  consentedAmong,
  deleteVideoRow,
  filterValues,
  findVideo,
  insertVideo,
  listVideos,
  membersAmong,
  updateVideo,
  usersByIds,
  type VideoFilters,
  type VideoValues,
  type VideoWithEvent,
} from './repo.ts';

export interface ArchiveContext {
  db: Db;
  files: FileStore;
  secret: string;
  jitsiHosts: readonly string[];
}

const notFound = (id: number) => new AppError(404, ErrorCode.archiveVideoNotFound, `Video ${id} was not found in the archive.`);

/** 404 for an unknown event; 403 section.locked (with the reason) when the ticket does not open the program. */
export async function openArchive(db: Db, source: AccessSource, eventId: number): Promise<EventAccess & { userId: number }> {
  const [event, access] = await Promise.all([source.activeEvent(eventId), source.get(eventId)]);
  if (!event) throw new AppError(404, ErrorCode.eventNotFound, `Event ${eventId} was not found.`);
  if (access.userId === null) throw new AppError(401, ErrorCode.unauthorized, 'Sign in to continue.');
  const reader = { signedIn: true, isMember: access.member !== null, ticketKind: (access.ticketType?.kind as TicketKind | undefined) ?? null, permissions: access.permissions };
  let verdict = archiveAccess({ ...reader, upgradeGrants: null });
  if (verdict === 'unavailable') verdict = archiveAccess({ ...reader, upgradeGrants: upgradeOffer(await listTicketTypes(db, eventId), access.ticketType)?.grants ?? null });
  if (verdict !== 'ok') throw new AppError(403, ErrorCode.sectionLocked, 'Your ticket does not open the lecture archive.', { section: 'program', access: verdict });
  return { ...access, userId: access.userId };
}

async function presenterFor(ctx: ArchiveContext, rows: VideoWithEvent[]): Promise<ArchivePresenter> {
  return { files: fileUrls(ctx.secret), jitsiHosts: ctx.jitsiHosts, speakers: await usersByIds(ctx.db, rows.flatMap((row) => row.video.speakerIds)) };
}

async function presentFor(ctx: ArchiveContext, access: EventAccess & { userId: number }, rows: VideoWithEvent[]) {
  const [presenter, agreed] = await Promise.all([
    presenterFor(ctx, rows),
    consentedAmong(ctx.db, access.userId, rows.filter((row) => row.video.visibilityType === Visibility.OpenIfAgree).map((row) => row.video.id)),
  ]);
  const canWatch = canWatchIn(access.permissions);
  return rows.map((row) => presentVideo(row, playStateOf(row.video.visibilityType, { agreed: agreed.has(row.video.id), canWatch }), presenter));
}

export async function listArchive(ctx: ArchiveContext, source: AccessSource, eventId: number, filters: VideoFilters, page: number, perPage: number) {
  const access = await openArchive(ctx.db, source, eventId);
  const { rows, total } = await listVideos(ctx.db, filters, true, perPage, (page - 1) * perPage);
  return { data: await presentFor(ctx, access, rows), meta: pageMeta(page, perPage, total) };
}

export async function archiveFilters(ctx: ArchiveContext, source: AccessSource, eventId: number) {
  await openArchive(ctx.db, source, eventId);
  const values = await filterValues(ctx.db);
  const files = fileUrls(ctx.secret);
  const people = await usersByIds(ctx.db, values.speakerIds);
  const speakers = [...people.values()].sort((a, b) => a.lastName.localeCompare(b.lastName) || a.firstName.localeCompare(b.firstName) || a.id - b.id).map((user) => presentSpeaker(files, user));
  return { data: { categories: values.categories, tags: values.tags, speakers, events: values.events, sources: values.sources } };
}

export async function getArchiveVideo(ctx: ArchiveContext, source: AccessSource, eventId: number, id: number) {
  const access = await openArchive(ctx.db, source, eventId);
  const row = await findVideo(ctx.db, id, { activeOnly: true });
  if (!row) throw notFound(id);
  const [video] = await presentFor(ctx, access, [row]);
  return { data: video! };
}

/** Agreeing is remembered per person and video; only type 2 asks for it. */
export async function agreeArchiveVideo(ctx: ArchiveContext, source: AccessSource, eventId: number, id: number) {
  const access = await openArchive(ctx.db, source, eventId);
  const row = await findVideo(ctx.db, id, { activeOnly: true });
  if (!row) throw notFound(id);
  if (row.video.visibilityType !== Visibility.OpenIfAgree) throw new AppError(409, ErrorCode.archiveConsentNotNeeded, 'This video does not ask for your agreement.');
  await addConsent(ctx.db, id, access.userId);
  const [video] = await presentFor(ctx, access, [row]);
  return { data: video! };
}

export async function deleteArchiveVideo(ctx: ArchiveContext, source: AccessSource, eventId: number, id: number) {
  const access = await openArchive(ctx.db, source, eventId);
  if (!canDeleteVideo(access)) throw new AppError(403, ErrorCode.lectureDeleteForbidden, 'Only a platform manager can delete a lecture. Contact a platform manager.');
  const [row] = await deleteVideoRow(ctx.db, id);
  if (!row) throw notFound(id);
  if (row.previewKey) await ctx.files.delete(row.previewKey).catch(() => undefined);
  return { data: { id, deleted: true } };
}

// Back office --------------------------------------------------------------------------------

export async function adminListArchive(ctx: ArchiveContext, eventId: number, query: string | undefined, page: number, perPage: number) {
  const { rows, total } = await listVideos(ctx.db, { event: eventId, query }, false, perPage, (page - 1) * perPage);
  const presenter = await presenterFor(ctx, rows);
  return { data: rows.map((row) => presentAdminVideo(row, presenter)), meta: pageMeta(page, perPage, total) };
}

const fieldError = (status: number, code: string, field: string, message: string) => new AppError(status, code, message, { fields: [{ field, message, key: 'invalid', params: {} }] });

/** The input made storable: the link normalised to a source and id, speakers checked against the event. */
async function valuesOf(ctx: ArchiveContext, eventId: number, input: ArchiveVideoInput): Promise<VideoValues> {
  const video = normaliseVideoUrl(input.video_url, ctx.jitsiHosts);
  if (!video) throw fieldError(400, ErrorCode.videoUrlUnsupported, 'body.video_url', 'Paste a link of YouTube, RuTube, Google Drive, Gcore or WN Meet.');
  const date = new Date(input.date);
  const speakerIds = [...new Set(input.speakerIds ?? [])];
  const members = await membersAmong(ctx.db, eventId, speakerIds);
  const strangers = speakerIds.filter((id) => !members.has(id));
  if (strangers.length > 0) {
    const message = `Speakers must be members of this event (not: ${strangers.join(', ')}).`;
    throw new AppError(422, ErrorCode.archiveInvalid, message, { fields: [{ field: 'body.speakerIds', message, key: 'invalid', params: {} }] });
  }
  return {
    eventId,
    title: input.title,
    description: input.description ?? '',
    date,
    link: input.video_url,
    videoSource: video.source,
    videoId: video.video_id,
    speakerIds,
    category: input.category,
    tags: [...new Set(input.tags ?? [])],
    visibilityType: input.visibility_type,
    duration: input.duration,
  };
}

async function presentOne(ctx: ArchiveContext, eventId: number, id: number) {
  const row = await findVideo(ctx.db, id, { activeOnly: false, eventId });
  if (!row) throw notFound(id);
  return { data: presentAdminVideo(row, await presenterFor(ctx, [row])) };
}

export async function adminCreateArchiveVideo(ctx: ArchiveContext, eventId: number, input: ArchiveVideoInput) {
  const row = await insertVideo(ctx.db, await valuesOf(ctx, eventId, input));
  return presentOne(ctx, eventId, row.id);
}

/** Another event's video is not found here, the same as one that never existed. */
export async function adminUpdateArchiveVideo(ctx: ArchiveContext, eventId: number, id: number, input: ArchiveVideoInput) {
  if (!(await findVideo(ctx.db, id, { activeOnly: false, eventId }))) throw notFound(id);
  const row = await updateVideo(ctx.db, id, eventId, await valuesOf(ctx, eventId, input));
  if (!row) throw notFound(id);
  return presentOne(ctx, eventId, id);
}

export async function requireEventVideo(ctx: ArchiveContext, eventId: number, id: number): Promise<VideoWithEvent> {
  const row = await findVideo(ctx.db, id, { activeOnly: false, eventId });
  if (!row) throw notFound(id);
  return row;
}

/** Stores the new picture first, then points the video at it, then drops the old one. */
export async function setArchivePreview(ctx: ArchiveContext, eventId: number, id: number, file: ReceivedFile) {
  const before = await requireEventVideo(ctx, eventId, id);
  const key = newFileKey(`av${id}`, file.contentType);
  await ctx.files.put(key, file.data, file.contentType);
  const row = await updateVideo(ctx.db, id, eventId, { previewKey: key });
  if (!row) {
    await ctx.files.delete(key).catch(() => undefined);
    throw notFound(id);
  }
  if (before.video.previewKey) await ctx.files.delete(before.video.previewKey).catch(() => undefined);
  return presentOne(ctx, eventId, id);
}
