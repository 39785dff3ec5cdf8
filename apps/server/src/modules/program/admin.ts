// The program's back office: halls, lectures with speakers and times, previews, sharing.
import { ErrorCode, IMAGE_TYPES, LECTURE_PREVIEW_MAX_BYTES, normaliseVideoUrl, type AdminHall, type AdminLecture, type HallInput, type LectureInput } from '@lobby/contract';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { halls, lectures } from '../../db/schema/index.ts';
import { newFileKey, type FileStore } from '../../files/store.ts';
import type { ReceivedFile } from '../../files/upload.ts';
import { AppError } from '../../http/errors.ts';
import { planLectureReminders } from './jobs.ts';
import { isSafeMaterialUrl } from './policy.ts';
import { presentAdminHall, presentAdminLecture } from './present.ts';
import { findHall, findLecture, isShared, listHalls, listLectures, memberUsers, setShared, setSpeakers, speakersOf, starrersOf, type LectureInsert } from './repo.ts';
import { unsupportedVideo, type ProgramContext } from './service.ts';

export interface FieldProblem {
  field: string;
  message: string;
  key: string;
  params: Record<string, unknown>;
}

const problem = (field: string, message: string, params: Record<string, unknown> = {}): FieldProblem => ({ field, message, key: 'invalid', params });

export const lectureInvalid = (fields: FieldProblem[]) =>
  new AppError(422, ErrorCode.lectureInvalid, `The lecture could not be saved: ${fields.map((f) => f.message).join(' ')}`, { fields });

async function hallRow(db: Db, eventId: number, hallId: number) {
  const row = await findHall(db, eventId, hallId);
  if (!row) throw new AppError(404, ErrorCode.hallNotFound, `Hall ${hallId} was not found in this event.`);
  return row;
}

const streamOf = (ctx: ProgramContext, link: string | null | undefined) => {
  if (!link) return { streamUrl: null, streamSource: null, streamVideoId: null };
  const video = normaliseVideoUrl(link, ctx.jitsiHosts);
  if (!video) throw unsupportedVideo('body.stream_url');
  return { streamUrl: link, streamSource: video.source, streamVideoId: video.video_id };
};

export async function adminHalls(ctx: ProgramContext, eventId: number): Promise<AdminHall[]> {
  return (await listHalls(ctx.db, eventId)).map((row) => presentAdminHall(row.hall, row.lectures, ctx.jitsiHosts));
}

async function adminHall(ctx: ProgramContext, eventId: number, hallId: number): Promise<AdminHall> {
  const found = (await adminHalls(ctx, eventId)).find((hall) => hall.id === hallId);
  if (!found) throw new AppError(404, ErrorCode.hallNotFound, `Hall ${hallId} was not found in this event.`);
  return found;
}

export async function createHall(ctx: ProgramContext, eventId: number, input: HallInput): Promise<AdminHall> {
  const [row] = await ctx.db.insert(halls).values({ eventId, name: input.name, sort: input.sort ?? 0, ...streamOf(ctx, input.stream_url) }).returning({ id: halls.id });
  if (!row) throw new Error('no hall row');
  return adminHall(ctx, eventId, row.id);
}

export async function updateHall(ctx: ProgramContext, eventId: number, hallId: number, input: HallInput): Promise<AdminHall> {
  const current = await hallRow(ctx.db, eventId, hallId);
  await ctx.db.update(halls).set({ name: input.name, sort: input.sort ?? current.sort, ...streamOf(ctx, input.stream_url) }).where(eq(halls.id, hallId));
  return adminHall(ctx, eventId, hallId);
}

export async function deleteHall(ctx: ProgramContext, eventId: number, hallId: number): Promise<{ id: number; deleted: boolean }> {
  const hall = await adminHall(ctx, eventId, hallId);
  if (hall.lectures > 0) throw new AppError(409, ErrorCode.hallNotEmpty, 'The hall still has lectures. Move or delete them first.', { lectures: hall.lectures });
  try {
    await ctx.db.delete(halls).where(eq(halls.id, hallId));
  } catch {
    // A lecture added to it meanwhile (the foreign key restricts).
    throw new AppError(409, ErrorCode.hallNotEmpty, 'The hall still has lectures. Move or delete them first.');
  }
  return { id: hallId, deleted: true };
}

export async function adminLecture(ctx: ProgramContext, eventId: number, lectureId: number): Promise<AdminLecture> {
  const [item] = await listLectures(ctx.db, eventId, { ids: [lectureId] }, null);
  if (!item) throw new AppError(404, ErrorCode.lectureNotFound, `Lecture ${lectureId} was not found in this event.`);
  const speakers = await speakersOf(ctx.db, eventId, [lectureId]);
  return presentAdminLecture(item, speakers.get(lectureId) ?? [], ctx.files, new Date(), ctx.jitsiHosts);
}

export async function adminLectures(ctx: ProgramContext, eventId: number): Promise<AdminLecture[]> {
  const rows = await listLectures(ctx.db, eventId, {}, null);
  const speakers = await speakersOf(ctx.db, eventId, rows.map((row) => row.lecture.id));
  const now = new Date();
  return rows.map((row) => presentAdminLecture(row, speakers.get(row.lecture.id) ?? [], ctx.files, now, ctx.jitsiHosts));
}

export interface CheckedLecture {
  values: Omit<LectureInsert, 'eventId'>;
  speakerUserIds: number[];
}

/**
 * The rules of a lecture: a video link of the five sources (400), then the end after the start,
 * the hall of this event, speakers who are members of it, safe material links (422 with every
 * field at once). Times are stored as the instants they name (UTC).
 */
export async function checkLecture(ctx: ProgramContext, eventId: number, input: LectureInput, speakerUserIds?: number[]): Promise<CheckedLecture> {
  const video = input.video_url ? normaliseVideoUrl(input.video_url, ctx.jitsiHosts) : null;
  if (input.video_url && !video) throw unsupportedVideo('body.video_url');
  const fields: FieldProblem[] = [];
  const startsAt = new Date(input.starts_at);
  const endsAt = new Date(input.ends_at);
  if (!(endsAt.getTime() > startsAt.getTime())) fields.push(problem('body.ends_at', 'The lecture must end after it starts.'));
  if (!(await findHall(ctx.db, eventId, input.hall_id))) fields.push(problem('body.hall_id', 'This hall is not one of this event.'));
  let userIds = speakerUserIds ?? [];
  if (!speakerUserIds) {
    const ids = input.speaker_member_ids ?? [];
    const found = await memberUsers(ctx.db, eventId, ids);
    const missing = ids.filter((id) => !found.has(id));
    if (missing.length > 0) fields.push(problem('body.speaker_member_ids', 'Speakers must be members of this event.', { ids: missing }));
    userIds = ids.flatMap((id) => found.get(id) ?? []);
  }
  (input.materials ?? []).forEach((material, index) => {
    if (!isSafeMaterialUrl(material.url)) fields.push(problem(`body.materials.${index}.url`, 'A material must be an https link or a path on this site.'));
  });
  if (fields.length > 0) throw lectureInvalid(fields);
  return {
    values: {
      title: input.title,
      description: input.description ?? '',
      hallId: input.hall_id,
      sectionId: input.section_id ?? null,
      startsAt,
      endsAt,
      categories: [...new Set(input.categories ?? [])],
      language: input.language,
      videoUrl: input.video_url || null,
      videoSource: video?.source ?? null,
      videoId: video?.video_id ?? null,
      materials: input.materials ?? [],
      // Left out, the link stays as it is (the CSV upload without the column, older clients); null clears it.
      ...(input.external_url === undefined ? {} : { externalUrl: input.external_url }),
    },
    speakerUserIds: userIds,
  };
}

export async function insertLecture(db: Db, eventId: number, checked: CheckedLecture): Promise<number> {
  const [row] = await db.insert(lectures).values({ ...checked.values, eventId }).returning({ id: lectures.id });
  if (!row) throw new Error('no lecture row');
  await setSpeakers(db, row.id, checked.speakerUserIds);
  return row.id;
}

/** Saves a change; the calendar SEQUENCE goes up, and a moved start plans the starred people's reminders anew. */
export async function saveLecture(db: Db, eventId: number, lectureId: number, checked: CheckedLecture): Promise<void> {
  const before = await findLecture(db, eventId, lectureId);
  if (!before) throw new AppError(404, ErrorCode.lectureNotFound, `Lecture ${lectureId} was not found in this event.`);
  const startsAt = checked.values.startsAt as Date;
  await db
    .update(lectures)
    .set({ ...checked.values, sequence: before.sequence + 1, updatedAt: new Date() })
    .where(eq(lectures.id, lectureId));
  await setSpeakers(db, lectureId, checked.speakerUserIds);
  if (before.startsAt.getTime() !== startsAt.getTime()) await planLectureReminders(db, { id: lectureId, startsAt }, await starrersOf(db, eventId, lectureId));
}

export async function createLecture(ctx: ProgramContext, eventId: number, input: LectureInput): Promise<AdminLecture> {
  const id = await insertLecture(ctx.db, eventId, await checkLecture(ctx, eventId, input));
  return adminLecture(ctx, eventId, id);
}

export async function updateLecture(ctx: ProgramContext, eventId: number, lectureId: number, input: LectureInput): Promise<AdminLecture> {
  if (!(await findLecture(ctx.db, eventId, lectureId))) throw new AppError(404, ErrorCode.lectureNotFound, `Lecture ${lectureId} was not found in this event.`);
  await saveLecture(ctx.db, eventId, lectureId, await checkLecture(ctx, eventId, input));
  return adminLecture(ctx, eventId, lectureId);
}

/** Staff only (the route checks): the lecture and everything hanging off it go. */
export async function deleteLecture(ctx: ProgramContext, store: FileStore, eventId: number, lectureId: number): Promise<{ id: number; deleted: boolean }> {
  const row = await findLecture(ctx.db, eventId, lectureId);
  if (!row) throw new AppError(404, ErrorCode.lectureNotFound, `Lecture ${lectureId} was not found in this event.`);
  await ctx.db.delete(lectures).where(eq(lectures.id, lectureId));
  if (row.previewKey) await store.delete(row.previewKey).catch(() => undefined);
  return { id: lectureId, deleted: true };
}

/** Preview images: png, jpeg or gif, checked by content as they stream in. */
export const previewRules = (uploadMaxBytes: number) => ({ maxBytes: Math.min(LECTURE_PREVIEW_MAX_BYTES, uploadMaxBytes), types: IMAGE_TYPES });

export const previewTooBig = (maxBytes: number) =>
  new AppError(413, ErrorCode.lecturePreviewTooBig, `The lecture preview is too big: at most ${Math.round(maxBytes / 1024 / 1024)} MB.`, { max_bytes: maxBytes });

export async function setPreview(ctx: ProgramContext, store: FileStore, eventId: number, lectureId: number, file: ReceivedFile): Promise<AdminLecture> {
  const row = await findLecture(ctx.db, eventId, lectureId);
  if (!row) throw new AppError(404, ErrorCode.lectureNotFound, `Lecture ${lectureId} was not found in this event.`);
  const key = newFileKey(`l${lectureId}`, file.contentType);
  await store.put(key, file.data, file.contentType);
  try {
    await ctx.db.update(lectures).set({ previewKey: key, updatedAt: new Date() }).where(eq(lectures.id, lectureId));
  } catch (error) {
    await store.delete(key).catch(() => undefined);
    throw error;
  }
  if (row.previewKey) await store.delete(row.previewKey).catch(() => undefined);
  return adminLecture(ctx, eventId, lectureId);
}

export async function programSettings(db: Db, publicUrl: string, event: { id: number; slug: string }) {
  return { shared: await isShared(db, event.id), share_path: `/events/${encodeURIComponent(event.slug)}/program-shared`, ics_url: `${publicUrl}/api/v1/${event.id}/program.ics` };
}

export async function updateProgramSettings(db: Db, publicUrl: string, event: { id: number; slug: string }, shared: boolean) {
  await setShared(db, event.id, shared);
  return programSettings(db, publicUrl, event);
}
