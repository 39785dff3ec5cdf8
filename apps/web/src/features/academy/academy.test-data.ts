// Courses, lessons and homework for the academy pages' tests.
import type { AcademyModule, CourseProgram, Homework, Lesson, LessonSummary } from '@lobby/contract';

export const TZ = 'Asia/Tokyo';

export function lessonSummary(id: number, over: Partial<LessonSummary> = {}): LessonSummary {
  return {
    id,
    event_id: 7,
    module_id: 1,
    short_description: `Lesson ${id}`,
    start_date: null,
    end_date: null,
    is_open: true,
    is_active: true,
    sort: id,
    teachers: [],
    has_homework: false,
    blocked_homework: false,
    lock: { state: 'open', opens_at: null, blocked_by: null },
    homework_status: null,
    rating: null,
    ...over,
  };
}

export function courseModule(id: number, lessons: LessonSummary[], over: Partial<AcademyModule> = {}): AcademyModule {
  return {
    id,
    event_id: 7,
    short_description: `Module ${id}`,
    full_description: '',
    start_date: null,
    end_date: null,
    is_open: true,
    active: true,
    block_homework: false,
    has_homework: lessons.some((lesson) => lesson.has_homework),
    sort: id,
    lessons: lessons.map((lesson) => ({ ...lesson, module_id: id })),
    ...over,
  };
}

/** Two modules answered out of order (the page puts them in course order), every kind of lock and homework state. */
export function sampleProgram(over: Partial<CourseProgram> = {}): CourseProgram {
  return {
    timezone: TZ,
    modules: [
      courseModule(
        2,
        [
          lessonSummary(21, { short_description: 'Playtesting', lock: { state: 'not_yet_open', opens_at: '2026-12-05T01:00:00.000Z', blocked_by: null }, start_date: '2026-12-05T01:00:00.000Z' }),
          lessonSummary(22, { short_description: 'Shipping', is_open: false, lock: { state: 'not_yet_open', opens_at: null, blocked_by: null } }),
        ],
        { short_description: 'Production', sort: 2, start_date: '2026-12-01T00:30:00.000Z', end_date: '2026-12-20T09:00:00.000Z' },
      ),
      courseModule(
        1,
        [
          lessonSummary(11, {
            short_description: 'Core loops',
            has_homework: true,
            blocked_homework: true,
            homework_status: 3,
            rating: 4.5,
            teachers: [
              { uid: 5, first_name: 'Ada', last_name: 'Lovelace' },
              { uid: 6, first_name: 'Alan', last_name: 'Turing' },
            ],
          }),
          lessonSummary(12, { short_description: 'Level design', has_homework: true, homework_status: 2 }),
          lessonSummary(13, { short_description: 'Balancing', lock: { state: 'blocked', opens_at: null, blocked_by: { id: 11, short_description: 'Core loops' } } }),
        ],
        { short_description: 'Foundations', sort: 1, full_description: 'Learn the **basics** of design.' },
      ),
    ],
    progress: { education_progress: 2, lessons_total: 5, important_education_progress: 0, important_total: 1, complete: false, refreshed_at: null },
    can_edit: false,
    can_review: false,
    ...over,
  };
}

export function sampleLesson(over: Partial<Lesson> = {}): Lesson {
  return {
    ...lessonSummary(11, {
      short_description: 'Core loops',
      has_homework: true,
      blocked_homework: true,
      start_date: '2026-12-01T00:30:00.000Z',
      end_date: '2026-12-01T03:00:00.000Z',
      teachers: [{ uid: 5, first_name: 'Ada', last_name: 'Lovelace' }],
    }),
    homework_description: 'Design a **core loop** for a puzzle game.',
    content: {
      version: 1,
      blocks: [{ id: 17, uuid: '00000000-0000-4000-8000-000000000001', blockId: 'intro', hidden: false, editorData: { text: 'Loops that keep players', size: 'xl2', alignment: 'start', padding: 'md' } }],
    },
    module: { id: 1, short_description: 'Foundations' },
    previous_id: null,
    next_id: 12,
    timezone: TZ,
    ...over,
  } as Lesson;
}

export function sampleHomework(over: Partial<Homework> = {}): Homework {
  return {
    id: 90,
    lesson_id: 11,
    member_id: 3,
    status: 1,
    comment: 'My loop: collect, craft, build.',
    files: [{ key: 'k1.pdf', name: 'loop.pdf', content_type: 'application/pdf', size: 20_000, url: null }],
    review_comment: null,
    reviewed_at: null,
    attempts: 1,
    student: { uid: 3, first_name: 'Ivan', last_name: 'Petrov', email: null },
    lesson: { id: 11, short_description: 'Core loops', module_id: 1 },
    chat_id: 'c0ffee00-0000-4000-8000-000000000001',
    created_at: '2026-12-02T00:00:00.000Z',
    updated_at: '2026-12-02T00:00:00.000Z',
    ...over,
  };
}
