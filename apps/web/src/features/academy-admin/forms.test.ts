import { describe, expect, it } from 'vitest';
import { courseDateToIso, endsBeforeStart, isoToCourseDate, offsetText } from './dates.ts';
import { lessonInputOf, lessonValuesOf, moduleInputOf, moduleValuesOf, type LessonValues, type ModuleValues } from './forms.ts';

describe('dates entered in the course timezone', () => {
  it.each<[string, string, string, string | null | undefined]>([
    ['Moscow (+03:00, no daylight saving)', '2026-11-22T09:00', 'Europe/Moscow', '2026-11-22T09:00:00+03:00'],
    ['New York in winter', '2026-01-15T18:30', 'America/New_York', '2026-01-15T18:30:00-05:00'],
    ['New York in summer', '2026-07-15T18:30', 'America/New_York', '2026-07-15T18:30:00-04:00'],
    ['Kolkata (half hours)', '2026-03-01T00:15', 'Asia/Kolkata', '2026-03-01T00:15:00+05:30'],
    ['UTC', '2026-05-05T05:05', 'UTC', '2026-05-05T05:05:00+00:00'],
    ['Berlin, the hour the clocks skip, becomes the hour after', '2026-03-29T02:30', 'Europe/Berlin', '2026-03-29T03:30:00+02:00'],
    ['blank', '  ', 'Europe/Moscow', null],
    ['not a date', 'tomorrow', 'Europe/Moscow', undefined],
  ])('%s', (_name, local, zone, expected) => {
    expect(courseDateToIso(local, zone)).toBe(expected);
  });

  it('keeps the instant: the offset form and the UTC form are the same moment', () => {
    const iso = courseDateToIso('2026-07-15T18:30', 'America/New_York');
    expect(new Date(iso!).toISOString()).toBe('2026-07-15T22:30:00.000Z');
  });

  it('shows a stored instant as the course wall time', () => {
    expect(isoToCourseDate('2026-11-22T06:00:00.000Z', 'Europe/Moscow')).toBe('2026-11-22T09:00');
    expect(isoToCourseDate(null, 'Europe/Moscow')).toBe('');
  });

  it('writes offsets', () => {
    expect([offsetText(180), offsetText(-270), offsetText(0), offsetText(345)]).toEqual(['+03:00', '-04:30', '+00:00', '+05:45']);
  });

  it('tells an end before its start', () => {
    expect(endsBeforeStart('2026-01-02T00:00:00+03:00', '2026-01-01T23:00:00+03:00')).toBe(true);
    expect(endsBeforeStart('2026-01-02T00:00:00+03:00', '2026-01-02T00:00:00+03:00')).toBe(false);
    expect(endsBeforeStart(null, '2026-01-01T00:00:00Z')).toBe(false);
  });
});

const moduleValues = (patch: Partial<ModuleValues> = {}): ModuleValues => ({ ...moduleValuesOf(undefined, 'Europe/Moscow'), short_description: ' Game design ', ...patch });

describe('the module form -> the module body', () => {
  it('sends trimmed texts, the flags, and the dates with the course offset', () => {
    const { input, problems } = moduleInputOf(moduleValues({ full_description: '**Core loops**\n', start_date: '2026-09-01T10:00', end_date: '2026-09-30T18:00', is_open: true, block_homework: true }), 'Europe/Moscow');
    expect(problems).toEqual({});
    expect(input).toEqual({
      short_description: 'Game design',
      full_description: '**Core loops**',
      start_date: '2026-09-01T10:00:00+03:00',
      end_date: '2026-09-30T18:00:00+03:00',
      is_open: true,
      active: true,
      block_homework: true,
    });
  });

  it('sends empty dates as null', () => {
    expect(moduleInputOf(moduleValues(), 'Europe/Moscow').input).toMatchObject({ start_date: null, end_date: null });
  });

  it('names the title when it is blank and the end when it comes before the start', () => {
    const { problems } = moduleInputOf(moduleValues({ short_description: '   ', start_date: '2026-09-02T10:00', end_date: '2026-09-01T10:00' }), 'Europe/Moscow');
    expect(problems).toEqual({ short_description: { key: 'form.required', params: {} }, end_date: { key: 'api.academy_dates_invalid', params: {} } });
  });

  it('names a title that is too long with its limit', () => {
    expect(moduleInputOf(moduleValues({ short_description: 'x'.repeat(201) }), 'UTC').problems.short_description).toEqual({ key: 'form.max_length', params: { max: 200 } });
  });

  it('reads a stored module back as the course wall time', () => {
    const values = moduleValuesOf(
      { id: 1, event_id: 7, short_description: 'M', full_description: 'D', start_date: '2026-09-01T07:00:00.000Z', end_date: null, is_open: false, active: false, block_homework: true, has_homework: false, sort: 0, lessons: [] },
      'Europe/Moscow',
    );
    expect(values).toEqual({ short_description: 'M', full_description: 'D', start_date: '2026-09-01T10:00', end_date: '', is_open: false, active: false, block_homework: true });
  });
});

const lessonValues = (patch: Partial<LessonValues> = {}): LessonValues => ({ ...lessonValuesOf(undefined, 4, 'Asia/Kolkata'), short_description: 'Prototyping', ...patch });

describe('the lesson editor -> the lesson body', () => {
  const content = { version: 1, blocks: [{ id: 3, uuid: '0b7f3c1e-8f6e-4c55-9c1e-2b4b8f1d7a10', blockId: 'intro', hidden: false, editorData: { text: 'Hello', tmp_settings: 'true' } }] };

  it('sends every tab: settings, teachers once each, homework and the content without editor-only options', () => {
    const { input, problems } = lessonInputOf(
      lessonValues({
        start_date: '2026-10-01T19:30',
        is_open: false,
        teachers: [
          { id: 12, name: 'Ada Lovelace' },
          { id: 15, name: 'Alan Kay' },
          { id: 12, name: 'Ada Lovelace' },
        ],
        has_homework: true,
        blocked_homework: true,
        homework_description: '  Build a paper prototype.  ',
        skills: [21, 1, 21],
      }),
      content,
      'Asia/Kolkata',
    );
    expect(problems).toEqual({});
    expect(input).toEqual({
      module_id: 4,
      short_description: 'Prototyping',
      start_date: '2026-10-01T19:30:00+05:30',
      end_date: null,
      is_open: false,
      is_active: true,
      teachers: [12, 15],
      has_homework: true,
      blocked_homework: true,
      homework_description: 'Build a paper prototype.',
      skills: [21, 1],
      content: { version: 1, blocks: [{ id: 3, uuid: '0b7f3c1e-8f6e-4c55-9c1e-2b4b8f1d7a10', blockId: 'intro', hidden: false, editorData: { text: 'Hello' } }] },
    });
  });

  it('never sends blocking without homework, and an empty description as null', () => {
    const { input } = lessonInputOf(lessonValues({ has_homework: false, blocked_homework: true, homework_description: ' ' }), content, 'UTC');
    expect(input).toMatchObject({ has_homework: false, blocked_homework: false, homework_description: null });
  });

  it('names the fields in trouble', () => {
    const { problems } = lessonInputOf(lessonValues({ short_description: '', start_date: '2026-10-02T10:00', end_date: '2026-10-01T10:00', homework_description: 'x'.repeat(10_001) }), content, 'UTC');
    expect(problems).toEqual({
      short_description: { key: 'form.required', params: {} },
      end_date: { key: 'api.academy_dates_invalid', params: {} },
      homework_description: { key: 'form.max_length', params: { max: 10_000 } },
    });
  });

  it('reads a lesson back with its teachers by name and uid', () => {
    const values = lessonValuesOf(
      {
        id: 9, event_id: 7, module_id: 4, short_description: 'L', start_date: '2026-10-01T14:00:00.000Z', end_date: null, is_open: true, is_active: true, sort: 0,
        teachers: [{ uid: 12, first_name: 'Ada', last_name: 'Lovelace' }], has_homework: true, blocked_homework: false, lock: { state: 'open', opens_at: null, blocked_by: null },
        homework_status: null, rating: null, homework_description: null, content: { version: 1, blocks: [] }, module: { id: 4, short_description: 'M' }, previous_id: null, next_id: null, timezone: 'Asia/Kolkata', skills: [3],
      },
      4,
      'Asia/Kolkata',
    );
    expect(values).toMatchObject({ start_date: '2026-10-01T19:30', teachers: [{ id: 12, name: 'Ada Lovelace' }], homework_description: '', skills: [3] });
  });
});
