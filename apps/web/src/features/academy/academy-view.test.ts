import type { EventMember, Progress } from '@lobby/contract';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/errors.ts';
import {
  aroundLink,
  courseDateTime,
  formatAverage,
  homeworkFormState,
  homeworkStatusKey,
  homeworkToSend,
  inCourseOrder,
  isCourseStaff,
  isStudent,
  lastVerdictSeq,
  lessonDates,
  lessonIdOf,
  LINK_MARK,
  lockOfError,
  percent,
  progressView,
  RATINGS,
  tabOf,
  teacherNames,
  zoneName,
} from './academy-view.ts';
import { tabAfterKey } from './Tabs.tsx';

describe('the lesson id of the address', () => {
  it.each<[string | undefined, number | null]>([
    ['12', 12],
    ['1', 1],
    ['2147483647', 2_147_483_647],
    ['2147483648', null],
    ['0', null],
    ['012', null],
    ['-3', null],
    ['1.5', null],
    ['12abc', null],
    ['', null],
    [undefined, null],
  ])('%s -> %s', (param, id) => {
    expect(lessonIdOf(param)).toBe(id);
  });
});

describe('dates in the course timezone', () => {
  it("shows DD.MM.YYYY HH:mm in the course timezone, whatever the reader's", () => {
    expect(courseDateTime('2026-12-01T00:30:00Z', 'Asia/Tokyo')).toBe('01.12.2026 09:30');
    expect(courseDateTime('2026-12-01T00:30:00Z', 'America/New_York')).toBe('30.11.2026 19:30');
    expect(courseDateTime('2026-12-01T00:30:00Z', 'UTC')).toBe('01.12.2026 00:30');
  });

  it('names the zone with its offset at that moment (daylight saving included), UTC alone', () => {
    expect(zoneName('Asia/Tokyo', new Date('2026-12-01T00:00:00Z'))).toBe('Asia/Tokyo, GMT+9');
    expect(zoneName('Europe/Berlin', new Date('2026-07-01T00:00:00Z'))).toBe('Europe/Berlin, GMT+2');
    expect(zoneName('Europe/Berlin', new Date('2026-12-01T00:00:00Z'))).toBe('Europe/Berlin, GMT+1');
    expect(zoneName('Asia/Kolkata', new Date('2026-12-01T00:00:00Z'))).toBe('Asia/Kolkata, GMT+5:30');
    expect(zoneName('UTC')).toBe('UTC');
    expect(zoneName('Not/AZone')).toBe('Not/AZone');
  });

  it('gives a period, the opening or the end alone, or nothing', () => {
    expect(lessonDates('2026-12-01T00:00:00Z', '2026-12-03T09:00:00Z', 'Europe/Moscow')).toEqual({ key: 'academy.dates_range', values: { start: '01.12.2026 03:00', end: '03.12.2026 12:00' } });
    expect(lessonDates('2026-12-01T00:00:00Z', null, 'Europe/Moscow')).toEqual({ key: 'academy.dates_from', values: { start: '01.12.2026 03:00' } });
    expect(lessonDates(null, '2026-12-03T09:00:00Z', 'Europe/Moscow')).toEqual({ key: 'academy.dates_until', values: { end: '03.12.2026 12:00' } });
    expect(lessonDates(null, null, 'Europe/Moscow')).toBeNull();
  });
});

describe('a locked lesson from the answer', () => {
  it('reads the lock from 403 academy.lesson_locked', () => {
    const blocked = { state: 'blocked', opens_at: null, blocked_by: { id: 3, short_description: 'Core loops' } };
    expect(lockOfError(new ApiError(403, 'academy.lesson_locked', 'locked', blocked))).toEqual(blocked);
    const dated = { state: 'not_yet_open', opens_at: '2026-12-05T07:00:00.000Z', blocked_by: null };
    expect(lockOfError(new ApiError(403, 'academy.lesson_locked', 'locked', dated))).toEqual(dated);
  });

  it('keeps a lock it cannot read as not yet open, and no lock for other failures', () => {
    expect(lockOfError(new ApiError(403, 'academy.lesson_locked', 'locked', { state: 'strange' }))).toEqual({ state: 'not_yet_open', opens_at: null, blocked_by: null });
    expect(lockOfError(new ApiError(403, 'auth.forbidden', 'no'))).toBeNull();
    expect(lockOfError(new ApiError(404, 'academy.lesson_not_found', 'no'))).toBeNull();
    expect(lockOfError(new Error('boom'))).toBeNull();
  });
});

describe('progress', () => {
  it('counts shares as whole percents, 0 of nothing', () => {
    expect(percent(1, 3)).toBe(33);
    expect(percent(2, 3)).toBe(67);
    expect(percent(0, 0)).toBe(0);
    expect(percent(5, 4)).toBe(100);
  });

  it('gives both bars', () => {
    const progress: Progress = { education_progress: 3, lessons_total: 6, important_education_progress: 1, important_total: 2, complete: false, refreshed_at: null };
    expect(progressView(progress)).toEqual({ lessons: { done: 3, total: 6, percent: 50 }, required: { done: 1, total: 2, percent: 50 }, complete: false });
  });
});

describe('homework', () => {
  it('names each state', () => {
    expect([1, 2, 3].map((status) => homeworkStatusKey(status as 1 | 2 | 3))).toEqual(['academy.status_created', 'academy.status_approved', 'academy.status_declined']);
  });

  it('offers the form for a first sending and after a decline only', () => {
    expect(homeworkFormState(true, null)).toBe('ok');
    expect(homeworkFormState(true, 3)).toBe('ok');
    expect(homeworkFormState(true, 1)).toBe('awaiting_review');
    expect(homeworkFormState(true, 2)).toBe('approved');
    expect(homeworkFormState(false, null)).toBe('no_homework');
  });

  it('sends a trimmed comment and the uploaded keys; waits for uploads; refuses nothing at all', () => {
    const done = (key: string) => ({ status: 'done' as const, result: { key, name: `${key}.pdf`, content_type: 'application/pdf', size: 10 } });
    expect(homeworkToSend('  my work  ', [])).toEqual({ comment: 'my work', files: [] });
    expect(homeworkToSend('', [done('a'), { status: 'failed', result: null }, done('b')])).toEqual({ comment: '', files: ['a', 'b'] });
    expect(homeworkToSend('text', [done('a'), { status: 'uploading', result: null }])).toBe('uploading');
    expect(homeworkToSend('   ', [{ status: 'failed', result: null }])).toBe('empty');
  });
});

describe('verdicts in the lesson chat', () => {
  it('finds the newest approval or decline', () => {
    const m = (seq: number, custom_type: string | null) => ({ seq, custom_type });
    expect(lastVerdictSeq([m(1, 'homework'), m(2, 'homework_declined'), m(3, null), m(4, 'homework'), m(5, 'homework_approved'), m(6, 'question')])).toBe(5);
    expect(lastVerdictSeq([m(1, 'homework'), m(2, null)])).toBe(0);
  });
});

describe('who the reader is', () => {
  const member = (abilities: EventMember['abilities']) => ({ abilities }) as EventMember;
  it('tells students from the course staff', () => {
    expect(isStudent(member(['event.view', 'academy.view']))).toBe(true);
    expect(isStudent(member(['academy.view', 'academy.admin.view', 'academy.homework.review']))).toBe(false);
    expect(isStudent(null)).toBe(false);
    expect(isCourseStaff(member(['academy.view', 'academy.admin.view']))).toBe(true);
    expect(isCourseStaff(member(['academy.view']))).toBe(false);
  });
});

describe('small pieces', () => {
  it('splits a sentence around its link, wherever the language puts it', () => {
    expect(aroundLink(`Blocked by the homework of ${LINK_MARK}: it opens later.`)).toEqual({ before: 'Blocked by the homework of ', after: ': it opens later.' });
    expect(aroundLink(`${LINK_MARK} 的作业`)).toEqual({ before: '', after: ' 的作业' });
    expect(aroundLink('no link')).toEqual({ before: 'no link', after: '' });
  });

  it('orders modules and lessons by sort, then id', () => {
    expect(inCourseOrder([{ id: 3, sort: 1 }, { id: 1, sort: 2 }, { id: 2, sort: 1 }]).map((item) => item.id)).toEqual([2, 3, 1]);
  });

  it('names the teachers', () => {
    expect(teacherNames([{ uid: 1, first_name: 'Ada', last_name: 'Lovelace' }, { uid: 2, first_name: 'Alan', last_name: '' }])).toBe('Ada Lovelace, Alan');
  });

  it('rates 1 to 5 and shows an average with one decimal in the language', () => {
    expect(RATINGS).toEqual([1, 2, 3, 4, 5]);
    expect(formatAverage(4, 'en')).toBe('4.0');
    expect(formatAverage(4.25, 'ru')).toBe('4,3');
  });

  it('moves between tabs with arrows, Home and End, wrapping around', () => {
    const keys = ['lesson', 'homework', 'chat'] as const;
    expect(tabAfterKey(keys, 'lesson', 'ArrowRight')).toBe('homework');
    expect(tabAfterKey(keys, 'chat', 'ArrowRight')).toBe('lesson');
    expect(tabAfterKey(keys, 'lesson', 'ArrowLeft')).toBe('chat');
    expect(tabAfterKey(keys, 'homework', 'Home')).toBe('lesson');
    expect(tabAfterKey(keys, 'lesson', 'End')).toBe('chat');
    expect(tabAfterKey(keys, 'lesson', 'Enter')).toBeNull();
  });

  it('opens the tab the address asks for, when the lesson has it', () => {
    expect(tabOf('homework', true)).toBe('homework');
    expect(tabOf('homework', false)).toBe('lesson');
    expect(tabOf('chat', false)).toBe('chat');
    expect(tabOf('other', true)).toBe('lesson');
    expect(tabOf(null, true)).toBe('lesson');
  });
});
