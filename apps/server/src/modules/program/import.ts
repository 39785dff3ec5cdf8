// The program upload (CSV) with a per-row report, in the manner of the attendee import (modules/admin/import.ts).
import { ErrorCode, LECTURE_CATEGORY_MAX, LECTURE_CATEGORY_MIN, LECTURE_LANGUAGE_PATTERN, LECTURE_SPEAKERS_MAX, LECTURE_TITLE_MAX, PROGRAM_IMPORT_MAX_ROWS, parseCsv, VIDEO_URL_MAX, ZExternalMeetingUrl, ZTimestamp, zonedToUtc, type ProgramImportReport } from '@lobby/contract';
import { and, eq } from 'drizzle-orm';
import { halls, lectures } from '../../db/schema/index.ts';
import { AppError } from '../../http/errors.ts';
import { checkLecture, insertLecture, saveLecture } from './admin.ts';
import { memberUsersByEmail } from '../members/repo.ts';
import type { ProgramEvent } from './repo.ts';
import type { ProgramContext } from './service.ts';

type Column = 'title' | 'starts_at' | 'ends_at' | 'hall' | 'section' | 'categories' | 'language' | 'speakers' | 'description' | 'video_url' | 'external_url';

/** Column names accepted in the header (any case; ru and zh spellings for hand-made files). */
const COLUMNS = new Map<string, Column>([
  ['title', 'title'],
  ['название', 'title'],
  ['标题', 'title'],
  ['starts_at', 'starts_at'],
  ['start', 'starts_at'],
  ['начало', 'starts_at'],
  ['开始', 'starts_at'],
  ['ends_at', 'ends_at'],
  ['end', 'ends_at'],
  ['конец', 'ends_at'],
  ['结束', 'ends_at'],
  ['hall', 'hall'],
  ['track', 'hall'],
  ['зал', 'hall'],
  ['会场', 'hall'],
  ['section', 'section'],
  ['section_id', 'section'],
  ['секция', 'section'],
  ['categories', 'categories'],
  ['category', 'categories'],
  ['категории', 'categories'],
  ['language', 'language'],
  ['язык', 'language'],
  ['语言', 'language'],
  ['speakers', 'speakers'],
  ['спикеры', 'speakers'],
  ['讲者', 'speakers'],
  ['description', 'description'],
  ['описание', 'description'],
  ['video_url', 'video_url'],
  ['video', 'video_url'],
  ['external_url', 'external_url'],
  ['zoom', 'external_url'],
  ['meeting_url', 'external_url'],
]);
const REQUIRED: Column[] = ['title', 'starts_at', 'ends_at', 'hall'];

class RowError extends Error {
  constructor(
    public readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

export interface ParsedProgram {
  columns: (Column | null)[];
  records: { row: number; cells: string[] }[];
}

/** Reads the CSV and checks the header and the row cap before anything is written. */
export function parseProgram(csv: string): ParsedProgram {
  const [head, ...rest] = parseCsv(csv);
  const columns = (head ?? []).map((name) => COLUMNS.get(name.trim().toLowerCase()) ?? null);
  const missing = REQUIRED.filter((name) => !columns.includes(name));
  if (missing.length > 0) {
    const message = 'The first line must name the columns, with at least "title", "starts_at", "ends_at" and "hall".';
    throw new AppError(400, ErrorCode.programImportHeader, message, { missing, fields: [{ field: 'body.csv', message, key: 'invalid', params: { missing } }] });
  }
  // Rows as the file numbers them (header = 1); blank lines are not rows.
  const records = rest.map((cells, index) => ({ row: index + 2, cells })).filter((record) => record.cells.some((cell) => cell.trim() !== ''));
  if (records.length > PROGRAM_IMPORT_MAX_ROWS) {
    throw new AppError(413, ErrorCode.programTooManyRows, `A program upload takes at most ${PROGRAM_IMPORT_MAX_ROWS} rows; this one has ${records.length}.`, { max_rows: PROGRAM_IMPORT_MAX_ROWS, rows: records.length });
  }
  return { columns, records };
}

/** An ISO 8601 instant with its offset, or "YYYY-MM-DD HH:mm" read in the event's timezone. */
function parseTime(text: string, zone: string): string | null {
  if (ZTimestamp.safeParse(text).success) return new Date(text).toISOString();
  const local = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2})$/.exec(text);
  if (!local?.[1] || !local[2]) return null;
  // A day or hour outside the calendar (2026-02-30, 25:00) is refused, not rolled over.
  const naive = new Date(`${local[1]}T${local[2]}:00Z`);
  if (Number.isNaN(naive.getTime()) || naive.toISOString().slice(0, 16) !== `${local[1]}T${local[2]}`) return null;
  const date = zonedToUtc(local[1], local[2], zone);
  return Number.isNaN(date.getTime()) || !ZTimestamp.safeParse(date.toISOString()).success ? null : date.toISOString();
}

const list = (text: string) => text.split(/[\s,;|]+/).filter(Boolean);

/**
 * Imports every good row and reports the bad ones; halls are added by name, speakers named by the
 * e-mails of the event's members, and a row with the title and start of a lecture updates it.
 */
export async function importProgram(ctx: ProgramContext, event: ProgramEvent, csv: string): Promise<ProgramImportReport> {
  const { columns, records } = parseProgram(csv);
  const report: ProgramImportReport = { rows: 0, added: 0, updated: 0, halls_added: 0, failed: [] };
  const hallIds = new Map<string, number>();
  for (const hall of await ctx.db.select({ id: halls.id, name: halls.name }).from(halls).where(eq(halls.eventId, event.id))) {
    if (!hallIds.has(hall.name.toLowerCase())) hallIds.set(hall.name.toLowerCase(), hall.id);
  }
  for (const { row, cells } of records) {
    const value = (name: Column) => {
      const index = columns.indexOf(name);
      return index < 0 ? '' : (cells[index] ?? '').trim();
    };
    const title = value('title');
    report.rows += 1;
    try {
      if (!title || title.length > LECTURE_TITLE_MAX) throw new RowError('invalid_title', `The title is missing or longer than ${LECTURE_TITLE_MAX} characters.`);
      const startsAt = parseTime(value('starts_at'), event.timezone);
      const endsAt = parseTime(value('ends_at'), event.timezone);
      if (!startsAt || !endsAt) throw new RowError('invalid_time', 'Times must be ISO 8601 (2026-05-01T10:00:00Z) or "YYYY-MM-DD HH:mm" in the event\'s timezone.');
      if (Date.parse(endsAt) <= Date.parse(startsAt)) throw new RowError('invalid_time', 'The lecture must end after it starts.');
      const hallName = value('hall');
      if (!hallName || hallName.length > 100) throw new RowError('invalid_hall', 'The hall is missing or longer than 100 characters.');
      const language = value('language') || 'en';
      if (!LECTURE_LANGUAGE_PATTERN.test(language)) throw new RowError('invalid_language', `"${language}" is not a language tag (en, ru, zh, pt-BR).`);
      const categories = list(value('categories')).map(Number);
      if (categories.some((c) => !Number.isInteger(c) || c < LECTURE_CATEGORY_MIN || c > LECTURE_CATEGORY_MAX)) throw new RowError('invalid_categories', `Categories must be numbers from ${LECTURE_CATEGORY_MIN} to ${LECTURE_CATEGORY_MAX}.`);
      const sectionText = value('section');
      const section = sectionText ? Number(sectionText) : null;
      if (section !== null && (!Number.isInteger(section) || section < 1 || section > 2_147_483_647)) throw new RowError('invalid_section', 'The section must be the number of a program section.');
      const emails = list(value('speakers')).map((email) => email.toLowerCase());
      if (emails.length > LECTURE_SPEAKERS_MAX) throw new RowError('invalid_speakers', `A lecture has at most ${LECTURE_SPEAKERS_MAX} speakers.`);
      const found = await memberUsersByEmail(ctx.db, event.id, emails);
      const unknown = emails.filter((email) => !found.has(email));
      if (unknown.length > 0) throw new RowError('unknown_speaker', `Not members of this event: ${unknown.join(', ')}.`);
      const videoUrl = value('video_url');
      if (videoUrl.length > VIDEO_URL_MAX) throw new RowError('video_url_unsupported', 'The video link is too long.');
      // Without the column a lecture's link stays as it is; an empty cell clears it.
      let externalUrl: string | null | undefined;
      if (columns.includes('external_url')) {
        const parsed = value('external_url') ? ZExternalMeetingUrl.safeParse(value('external_url')) : { success: true as const, data: null };
        if (!parsed.success) throw new RowError('invalid_external_url', 'The external meeting link must be an https:// address.');
        externalUrl = parsed.data;
      }
      const description = value('description');
      let hallId = hallIds.get(hallName.toLowerCase());
      const input = { title, description, hall_id: hallId ?? 0, section_id: section, starts_at: startsAt, ends_at: endsAt, categories, language, video_url: videoUrl || null, ...(externalUrl === undefined ? {} : { external_url: externalUrl }) };
      // Checked with a placeholder hall first, so a bad row adds no hall.
      if (hallId === undefined) {
        try {
          await checkLecture(ctx, event.id, input, []);
        } catch (error) {
          const onlyHall = error instanceof AppError && error.code === ErrorCode.lectureInvalid && (error.details?.fields as { field: string }[] | undefined)?.every((f) => f.field === 'body.hall_id');
          if (!onlyHall) throw error;
        }
        const [made] = await ctx.db.insert(halls).values({ eventId: event.id, name: hallName, sort: hallIds.size }).returning({ id: halls.id });
        if (!made) throw new Error('no hall row');
        hallId = made.id;
        hallIds.set(hallName.toLowerCase(), hallId);
        report.halls_added += 1;
      }
      const checked = await checkLecture(ctx, event.id, { ...input, hall_id: hallId }, emails.flatMap((email) => found.get(email) ?? []));
      const [existing] = await ctx.db
        .select({ id: lectures.id })
        .from(lectures)
        .where(and(eq(lectures.eventId, event.id), eq(lectures.title, title), eq(lectures.startsAt, new Date(startsAt))))
        .limit(1);
      if (existing) {
        await saveLecture(ctx.db, event.id, existing.id, checked);
        report.updated += 1;
      } else {
        await insertLecture(ctx.db, event.id, checked);
        report.added += 1;
      }
    } catch (error) {
      const code = error instanceof RowError ? error.code : error instanceof AppError ? error.code.replace(/\./g, '_') : 'failed';
      const reason = error instanceof Error ? error.message : 'Unexpected error.';
      report.failed.push({ row, title, code, reason });
    }
  }
  return report;
}
