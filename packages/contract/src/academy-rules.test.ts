import { describe, expect, it } from 'vitest';
import {
  canReviewHomework,
  canSubmitHomework,
  checkSortItems,
  courseOrder,
  HomeworkStatus,
  homeworkChatType,
  isBlocking,
  lessonLocks,
  lessonNeighbours,
  studentProgress,
  type CourseLessonInput,
  type CourseModuleInput,
  type LessonAccess,
} from './academy-rules.ts';

const NOW = new Date('2030-06-01T12:00:00Z');
const before = new Date('2030-05-01T00:00:00Z');
const after = new Date('2030-07-01T00:00:00Z');
const later = new Date('2030-08-01T00:00:00Z');

const mod = (id: number, values: Partial<CourseModuleInput> = {}): CourseModuleInput => ({ id, sort: id, active: true, isOpen: true, startDate: null, blockHomework: false, ...values });
const les = (id: number, moduleId: number, values: Partial<CourseLessonInput> = {}): CourseLessonInput => ({
  id,
  moduleId,
  sort: id,
  isActive: true,
  isOpen: true,
  startDate: null,
  hasHomework: false,
  blockedHomework: false,
  ...values,
});
const open: LessonAccess = { state: 'open' };

describe('courseOrder', () => {
  it('orders modules and lessons by sort then id, leaving inactive ones out', () => {
    const modules = [mod(1, { sort: 2 }), mod(2, { sort: 1 }), mod(3, { sort: 0, active: false }), mod(4, { sort: 1 })];
    const lessons = [les(10, 1, { sort: 1 }), les(11, 1, { sort: 0 }), les(12, 2, { isActive: false }), les(13, 2), les(14, 3), les(15, 1, { sort: 0 })];
    expect(courseOrder(modules, lessons).map((entry) => [entry.module.id, entry.lessons.map((l) => l.id)])).toEqual([
      [2, [13]],
      [4, []],
      [1, [11, 15, 10]],
    ]);
  });
});

describe('isBlocking', () => {
  it.each([
    ['homework marked blocking', les(1, 1, { hasHomework: true, blockedHomework: true }), mod(1), true],
    ['homework in a blocking module', les(1, 1, { hasHomework: true }), mod(1, { blockHomework: true }), true],
    ['homework that does not block', les(1, 1, { hasHomework: true }), mod(1), false],
    ['no homework, though marked blocking', les(1, 1, { blockedHomework: true }), mod(1, { blockHomework: true }), false],
  ])('%s', (_name, lesson, module, blocking) => expect(isBlocking(lesson, module)).toBe(blocking));
});

describe('lessonLocks', () => {
  const locks = (modules: CourseModuleInput[], lessons: CourseLessonInput[], approved: number[] = []) => Object.fromEntries(lessonLocks(modules, lessons, new Set(approved), NOW));

  it.each([
    ['open by hand', [mod(1)], [les(1, 1)], [], { 1: open }],
    ['lesson opens on a date to come', [mod(1)], [les(1, 1, { isOpen: false, startDate: after })], [], { 1: { state: 'not_yet_open', opensAt: after } }],
    ['lesson whose date has come', [mod(1)], [les(1, 1, { isOpen: false, startDate: before })], [], { 1: open }],
    ['lesson opened only by hand, not yet', [mod(1)], [les(1, 1, { isOpen: false })], [], { 1: { state: 'not_yet_open', opensAt: null } }],
    ['module not open by hand or date', [mod(1, { isOpen: false })], [les(1, 1)], [], { 1: { state: 'not_yet_open', opensAt: null } }],
    ['module opens later: its date', [mod(1, { isOpen: false, startDate: after })], [les(1, 1)], [], { 1: { state: 'not_yet_open', opensAt: after } }],
    ['module and lesson later: the later date', [mod(1, { isOpen: false, startDate: after })], [les(1, 1, { isOpen: false, startDate: later })], [], { 1: { state: 'not_yet_open', opensAt: later } }],
    ['module later, lesson by hand: unknown', [mod(1, { isOpen: false, startDate: after })], [les(1, 1, { isOpen: false })], [], { 1: { state: 'not_yet_open', opensAt: null } }],
    ['module open by hand with a later date', [mod(1, { isOpen: true, startDate: after })], [les(1, 1)], [], { 1: open }],
    [
      'blocking homework not approved closes the lessons after it, across modules',
      [mod(1), mod(2)],
      [les(1, 1, { hasHomework: true, blockedHomework: true }), les(2, 1), les(3, 2)],
      [],
      { 1: open, 2: { state: 'blocked', blockedBy: 1 }, 3: { state: 'blocked', blockedBy: 1 } },
    ],
    ['approved, the lessons after it open', [mod(1)], [les(1, 1, { hasHomework: true, blockedHomework: true }), les(2, 1)], [1], { 1: open, 2: open }],
    [
      'a blocking module: each of its homework lessons blocks',
      [mod(1, { blockHomework: true })],
      [les(1, 1, { hasHomework: true }), les(2, 1, { hasHomework: true }), les(3, 1)],
      [1],
      { 1: open, 2: open, 3: { state: 'blocked', blockedBy: 2 } },
    ],
    ['the first blocking lesson is named', [mod(1)], [les(1, 1, { hasHomework: true, blockedHomework: true }), les(2, 1, { hasHomework: true, blockedHomework: true }), les(3, 1)], [], { 1: open, 2: { state: 'blocked', blockedBy: 1 }, 3: { state: 'blocked', blockedBy: 1 } }],
    ['not yet open wins over blocked', [mod(1)], [les(1, 1, { hasHomework: true, blockedHomework: true }), les(2, 1, { isOpen: false, startDate: after })], [], { 1: open, 2: { state: 'not_yet_open', opensAt: after } }],
    ['non-blocking homework never closes anything', [mod(1)], [les(1, 1, { hasHomework: true }), les(2, 1)], [], { 1: open, 2: open }],
    ['inactive lessons and modules have no lock (and block nothing)', [mod(1), mod(2, { active: false })], [les(1, 1, { isActive: false, hasHomework: true, blockedHomework: true }), les(2, 1), les(3, 2)], [], { 2: open }],
    ['order is by sort, not by id', [mod(1)], [les(1, 1, { sort: 2 }), les(2, 1, { sort: 1, hasHomework: true, blockedHomework: true })], [], { 2: open, 1: { state: 'blocked', blockedBy: 2 } }],
  ])('%s', (_name, modules, lessons, approved, expected) => expect(locks(modules, lessons, approved)).toEqual(expected));
});

describe('lessonNeighbours', () => {
  const modules = [mod(1), mod(2), mod(3, { active: false })];
  const lessons = [les(1, 1), les(2, 1, { isActive: false }), les(3, 1), les(4, 2), les(5, 3)];
  it.each([
    [1, { previous: null, next: 3 }],
    [3, { previous: 1, next: 4 }],
    [4, { previous: 3, next: null }],
    [2, { previous: null, next: null }],
    [5, { previous: null, next: null }],
    [99, { previous: null, next: null }],
  ])('lesson %i', (id, expected) => expect(lessonNeighbours(modules, lessons, id)).toEqual(expected));
});

describe('studentProgress', () => {
  const modules = [mod(1), mod(2, { blockHomework: true }), mod(3, { active: false })];
  const lessons = [les(1, 1), les(2, 1, { hasHomework: true, blockedHomework: true }), les(3, 1, { hasHomework: true }), les(4, 2, { hasHomework: true }), les(5, 2), les(6, 1, { isActive: false }), les(7, 3, { hasHomework: true })];
  const progress = (approved: number[], viewed: number[]) => studentProgress(modules, lessons, new Set(approved), new Set(viewed));
  it.each([
    ['nothing yet', [], [], { educationProgress: 0, lessonsTotal: 5, importantEducationProgress: 0, importantTotal: 2, complete: false }],
    ['opened lessons without homework count', [], [1, 5], { educationProgress: 2, lessonsTotal: 5, importantEducationProgress: 0, importantTotal: 2, complete: false }],
    ['opening a homework lesson does not', [], [2, 3, 4], { educationProgress: 0, lessonsTotal: 5, importantEducationProgress: 0, importantTotal: 2, complete: false }],
    ['approved homework counts, required ones also as important', [2, 3], [], { educationProgress: 2, lessonsTotal: 5, importantEducationProgress: 1, importantTotal: 2, complete: false }],
    ['inactive lessons and modules count for nothing', [6, 7], [6, 7], { educationProgress: 0, lessonsTotal: 5, importantEducationProgress: 0, importantTotal: 2, complete: false }],
    ['everything done', [2, 3, 4], [1, 5], { educationProgress: 5, lessonsTotal: 5, importantEducationProgress: 2, importantTotal: 2, complete: true }],
  ])('%s', (_name, approved, viewed, expected) => expect(progress(approved, viewed)).toEqual(expected));

  it('is never complete without lessons', () => {
    expect(studentProgress([mod(1)], [], new Set(), new Set())).toEqual({ educationProgress: 0, lessonsTotal: 0, importantEducationProgress: 0, importantTotal: 0, complete: false });
  });
});

describe('canSubmitHomework', () => {
  it.each([
    [false, null, 'no_homework'],
    [false, HomeworkStatus.Declined, 'no_homework'],
    [true, null, 'ok'],
    [true, HomeworkStatus.Created, 'awaiting_review'],
    [true, HomeworkStatus.Approved, 'approved'],
    [true, HomeworkStatus.Declined, 'ok'],
  ] as const)('has homework %s, status %s: %s', (hasHomework, status, verdict) => expect(canSubmitHomework(hasHomework, status)).toBe(verdict));
});

describe('canReviewHomework and homeworkChatType', () => {
  it.each([
    [HomeworkStatus.Created, true, 'homework'],
    [HomeworkStatus.Approved, false, 'homework_approved'],
    [HomeworkStatus.Declined, false, 'homework_declined'],
  ] as const)('status %i', (status, reviewable, type) => {
    expect(canReviewHomework(status)).toBe(reviewable);
    expect(homeworkChatType(status)).toBe(type);
  });
});

describe('checkSortItems', () => {
  it.each([
    ['every id once, by sort', [1, 2, 3], [{ id: 3, sort: 0 }, { id: 1, sort: 5 }, { id: 2, sort: 2 }], [3, 2, 1]],
    ['equal sorts fall back to the id', [1, 2], [{ id: 2, sort: 0 }, { id: 1, sort: 0 }], [1, 2]],
    ['one missing', [1, 2, 3], [{ id: 1, sort: 0 }, { id: 2, sort: 1 }], null],
    ['one too many', [1, 2], [{ id: 1, sort: 0 }, { id: 2, sort: 1 }, { id: 3, sort: 2 }], null],
    ['a stranger instead of one', [1, 2], [{ id: 1, sort: 0 }, { id: 9, sort: 1 }], null],
    ['one twice', [1, 2], [{ id: 1, sort: 0 }, { id: 1, sort: 1 }], null],
    ['nothing to order', [], [], []],
  ])('%s', (_name, current, items, expected) => expect(checkSortItems(current, items)).toEqual(expected));
});
