// What the students' academy pages compute without React: the lesson id from the address, dates in
// the course timezone with the zone named, a locked lesson's reason, progress, homework state.
import { canSubmitHomework, RATING_MAX, RATING_MIN, ZLessonLock, type EventMember, type HomeworkStatus, type LessonLock, type Progress, type Teacher } from '@lobby/contract';
import { ApiError } from '../../api/errors.ts';
import { formatDate, formatTime } from '../../lib/format.ts';

/** academy/lesson/{id}: only a positive 32-bit integer is a lesson id (anything else is the 404 page). */
export function lessonIdOf(param: string | undefined): number | null {
  if (param === undefined || !/^[1-9][0-9]{0,9}$/.test(param)) return null;
  const id = Number(param);
  return id <= 2_147_483_647 ? id : null;
}

/** "22.11.2026 09:00" in the course timezone (DESIGN section 5: academy dates in the course timezone). */
export const courseDateTime = (iso: string, timeZone: string): string => `${formatDate(iso, timeZone)} ${formatTime(iso, timeZone)}`;

/**
 * The course timezone as people read it: its IANA name and, where it differs, its offset at that
 * moment ("Europe/Moscow, GMT+3"; "UTC" alone). An unknown zone is shown by its name.
 */
export function zoneName(timeZone: string, at: Date = new Date()): string {
  let offset: string | undefined;
  try {
    offset = new Intl.DateTimeFormat('en-GB', { timeZone, timeZoneName: 'shortOffset' }).formatToParts(at).find((part) => part.type === 'timeZoneName')?.value;
  } catch {
    return timeZone;
  }
  if (!offset || offset === timeZone || timeZone === 'UTC' || timeZone === 'Etc/UTC') return timeZone;
  return `${timeZone}, ${offset}`;
}

/**
 * A module's or lesson's period in the course timezone, as an i18n key and its values: from and to,
 * or the date it opens alone, or its end alone; null without dates.
 */
export function lessonDates(start: string | null, end: string | null, timeZone: string): { key: string; values: { start?: string; end?: string } } | null {
  if (start && end) return { key: 'academy.dates_range', values: { start: courseDateTime(start, timeZone), end: courseDateTime(end, timeZone) } };
  if (start) return { key: 'academy.dates_from', values: { start: courseDateTime(start, timeZone) } };
  if (end) return { key: 'academy.dates_until', values: { end: courseDateTime(end, timeZone) } };
  return null;
}

/** The lock of a 403 academy.lesson_locked answer (its details), or null for any other failure. */
export function lockOfError(error: unknown): LessonLock | null {
  if (!(error instanceof ApiError) || error.code !== 'academy.lesson_locked') return null;
  const parsed = ZLessonLock.safeParse(error.details ?? {});
  if (parsed.success) return parsed.data;
  // A lock whose details this build cannot read is still a lock: shown as not yet open, date unknown.
  return { state: 'not_yet_open', opens_at: null, blocked_by: null };
}

/** A share as a whole percent, 0 when there is nothing to count. */
export const percent = (done: number, total: number): number => (total > 0 ? Math.min(100, Math.max(0, Math.round((done / total) * 100))) : 0);

/** The progress bars' numbers: lessons done of all, and required homework approved of all required. */
export function progressView(progress: Progress) {
  return {
    lessons: { done: progress.education_progress, total: progress.lessons_total, percent: percent(progress.education_progress, progress.lessons_total) },
    required: { done: progress.important_education_progress, total: progress.important_total, percent: percent(progress.important_education_progress, progress.important_total) },
    complete: progress.complete,
  };
}

/** The i18n key of a homework state (contract.md section 4). */
export const homeworkStatusKey = (status: HomeworkStatus): string => (status === 1 ? 'academy.status_created' : status === 2 ? 'academy.status_approved' : 'academy.status_declined');

/**
 * Students rate lessons, send homework and write in their lesson chat; the people who run the
 * course (academy.admin.view: teachers, course admins, organisers) read the course and review in the admin.
 */
export const isStudent = (member: EventMember | null): boolean => Boolean(member?.abilities.includes('academy.view') && !member.abilities.includes('academy.admin.view'));

/** Staff reach the academy admin from the program. */
export const isCourseStaff = (member: EventMember | null): boolean => Boolean(member?.abilities.includes('academy.admin.view'));

/** What the homework tab offers: the form (first sending or after a decline), or why not. */
export const homeworkFormState = (hasHomework: boolean, status: HomeworkStatus | null) => canSubmitHomework(hasHomework, status);

export const RATINGS: readonly number[] = Array.from({ length: RATING_MAX - RATING_MIN + 1 }, (_, index) => RATING_MIN + index);

/** An average as shown beside the stars: one decimal ("4.5"), in the reader's language. */
export const formatAverage = (average: number, language: string): string => new Intl.NumberFormat(language, { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(average);

/** Stands in for a link inside a translated sentence, so each language places it where it belongs. */
export const LINK_MARK = '\u0000';

/** A translated sentence made with LINK_MARK in place of a link: the text before and after it. */
export function aroundLink(sentence: string): { before: string; after: string } {
  const index = sentence.indexOf(LINK_MARK);
  if (index < 0) return { before: sentence, after: '' };
  return { before: sentence.slice(0, index), after: sentence.slice(index + LINK_MARK.length).replaceAll(LINK_MARK, '') };
}

/** What the form may send now: the comment and the uploaded keys, or why not (nothing yet, files still uploading). */
export function homeworkToSend(comment: string, uploads: readonly { status: 'uploading' | 'done' | 'failed'; result: { key: string } | null }[]): { comment: string; files: string[] } | 'uploading' | 'empty' {
  if (uploads.some((upload) => upload.status === 'uploading')) return 'uploading';
  const files = uploads.flatMap((upload) => (upload.status === 'done' && upload.result ? [upload.result.key] : []));
  const text = comment.trim();
  if (text.length === 0 && files.length === 0) return 'empty';
  return { comment: text, files };
}

export type LessonTab = 'lesson' | 'homework' | 'chat';

/** The tab the address asks for (?tab=), when the lesson has it; the Lesson tab otherwise. */
export function tabOf(requested: string | null, hasHomework: boolean): LessonTab {
  if (requested === 'chat') return 'chat';
  if (requested === 'homework' && hasHomework) return 'homework';
  return 'lesson';
}

/** The teachers by name, in the order given. */
export const teacherNames = (teachers: readonly Teacher[]): string => teachers.map((teacher) => `${teacher.first_name} ${teacher.last_name}`.trim()).join(', ');

/** The course order: by sort, then id (the server answers in it; kept here so the page never depends on it). */
export const inCourseOrder = <T extends { sort: number; id: number }>(items: readonly T[]): T[] => [...items].sort((a, b) => a.sort - b.sort || a.id - b.id);

/** The newest teacher's verdict (homework_approved or homework_declined) among a lesson chat's messages, by seq; 0 without one. */
export const lastVerdictSeq = (messages: readonly { seq: number; custom_type: string | null }[]): number =>
  messages.reduce((latest, message) => (message.custom_type === 'homework_approved' || message.custom_type === 'homework_declined' ? Math.max(latest, message.seq) : latest), 0);
