import { describe, expect, it } from 'vitest';
import { courseColumns, courseDate, readCourseRow, type CourseColumn } from './academy-import.ts';

describe('courseColumns', () => {
  it.each<[string[], (CourseColumn | null)[], CourseColumn[]]>([
    [['module', 'lesson'], ['module', 'lesson'], []],
    [[' Module ', 'TITLE', 'start', 'notes'], ['module', 'lesson', 'start_date', null], []],
    [['Модуль', 'Урок', 'Преподаватели'], ['module', 'lesson', 'teachers'], []],
    [['模块', '课程', '作业'], ['module', 'lesson', 'has_homework'], []],
    [['lesson', 'start_date'], ['lesson', 'start_date'], ['module']],
    [[], [], ['module', 'lesson']],
    // Own properties only: a header cell named after an Object prototype member is just unknown.
    [['constructor', '__proto__', 'toString'], [null, null, null], ['module', 'lesson']],
  ])('%j', (header, columns, missing) => {
    expect(courseColumns(header)).toEqual({ columns, missing });
  });
});

describe('courseDate', () => {
  it.each<[string, string, string | null]>([
    ['2026-12-01 10:00', 'Europe/Moscow', '2026-12-01T07:00:00.000Z'],
    ['2026-12-01T10:00', 'UTC', '2026-12-01T10:00:00.000Z'],
    ['2026-12-01', 'Asia/Shanghai', '2026-11-30T16:00:00.000Z'],
    ['2026-12-01T10:00:00+03:00', 'UTC', '2026-12-01T07:00:00.000Z'],
    ['2026-12-01T10:00:00Z', 'Europe/Moscow', '2026-12-01T10:00:00.000Z'],
    ['2026-02-30 10:00', 'UTC', null],
    ['2026-12-01 25:00', 'UTC', null],
    ['01.12.2026', 'UTC', null],
    ['tomorrow', 'UTC', null],
    ['', 'UTC', null],
  ])('%s in %s', (text, zone, iso) => {
    expect(courseDate(text, zone)).toBe(iso);
  });
});

describe('readCourseRow', () => {
  const all: CourseColumn[] = ['module', 'lesson', 'start_date', 'end_date', 'is_open', 'has_homework', 'blocked_homework', 'homework_description', 'teachers'];
  const read = (cells: string[], columns: (CourseColumn | null)[] = all) => readCourseRow(cells, columns, 'UTC');

  it('reads every column, e-mails lower-cased and once each', () => {
    expect(read(['Basics', 'Pitching', '2026-12-01 10:00', '2026-12-08 10:00', 'yes', 'да', '0', 'Record a pitch', 'Ann@Example.org|bob@example.org|ann@example.org'])).toEqual({
      row: {
        module: 'Basics',
        lesson: 'Pitching',
        start_date: '2026-12-01T10:00:00.000Z',
        end_date: '2026-12-08T10:00:00.000Z',
        is_open: true,
        has_homework: true,
        blocked_homework: false,
        homework_description: 'Record a pitch',
        teachers: ['ann@example.org', 'bob@example.org'],
      },
    });
  });

  it('leaves out what the file does not give (no column, an empty cell, an unknown column)', () => {
    expect(read(['Basics', 'Pitching', '', '', '', '', '', '', ''])).toEqual({ row: { module: 'Basics', lesson: 'Pitching' } });
    expect(read(['Pitching', 'x', 'Basics'], ['lesson', null, 'module'])).toEqual({ row: { module: 'Basics', lesson: 'Pitching' } });
  });

  it.each<[string[], string]>([
    [['', 'Pitching'], 'invalid_module'],
    [['x'.repeat(201), 'Pitching'], 'invalid_module'],
    [['Basics', ' '], 'invalid_lesson'],
    [['Basics', 'x'.repeat(201)], 'invalid_lesson'],
    [['Basics', 'Pitching', 'soon'], 'invalid_date'],
    [['Basics', 'Pitching', '2026-12-08 10:00', '2026-12-01 10:00'], 'dates_invalid'],
    [['Basics', 'Pitching', '', '', 'maybe'], 'invalid_flag'],
    [['Basics', 'Pitching', '', '', '', '', '', 'x'.repeat(10_001)], 'invalid_homework'],
    [['Basics', 'Pitching', '', '', '', '', '', '', 'not-an-email'], 'invalid_teachers'],
    [['Basics', 'Pitching', '', '', '', '', '', '', Array.from({ length: 11 }, (_, i) => `t${i}@example.org`).join('|')], 'invalid_teachers'],
  ])('%j is refused with %s', (cells, code) => {
    const answer = read(cells);
    expect('problem' in answer && answer.problem.code).toBe(code);
  });
});
