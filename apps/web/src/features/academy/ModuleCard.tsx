import type { AcademyModule, HomeworkStatus, LessonSummary } from '@lobby/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LockIcon } from '../../app/shell/icons.tsx';
import { Badge } from '../../ui/Badge.tsx';
import { cn } from '../../ui/cn.ts';
import { Markdown } from '../../ui/Markdown.tsx';
import { eventPath } from '../events/context.ts';
import { formatAverage, homeworkStatusKey, inCourseOrder, lessonDates, teacherNames } from './academy-view.ts';
import { LockReason } from './LockReason.tsx';

const statusClass = {
  1: 'bg-amber-500/15 text-amber-800 dark:text-amber-300',
  2: 'bg-emerald-500/15 text-emerald-700 dark:text-emerald-300',
  3: 'bg-red-500/15 text-red-800 dark:text-red-300',
} as const;

/** The reader's homework state on a lesson: awaiting review, approved or declined. */
export function HomeworkBadge({ status }: { status: HomeworkStatus }) {
  const { t } = useTranslation();
  return (
    <span className={cn('inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold', statusClass[status])} data-testid="academy-homework-status" data-status={status}>
      {t(homeworkStatusKey(status))}
    </span>
  );
}

function LessonRow({ lesson, module, number, slug, timeZone }: { lesson: LessonSummary; module: AcademyModule; number: number; slug: string; timeZone: string }) {
  const { t, i18n } = useTranslation();
  const open = lesson.lock.state === 'open';
  const dates = lessonDates(lesson.start_date, lesson.end_date, timeZone);
  const required = lesson.has_homework && (lesson.blocked_homework || module.block_homework);
  return (
    <li className="flex gap-3 border-t border-line px-4 py-4 first:border-t-0 sm:px-5" data-testid={`academy-lesson-${lesson.id}`} data-lock={lesson.lock.state}>
      <span aria-hidden="true" className="mt-0.5 flex size-7 shrink-0 items-center justify-center rounded-full bg-surface-muted text-xs font-bold tabular-nums text-fg-muted">
        {open ? number : <LockIcon className="size-3.5" />}
      </span>
      <div className="flex min-w-0 flex-1 flex-col gap-1.5">
        <h3 className="font-semibold break-words">
          {open ? (
            <Link to={eventPath(slug, `academy/lesson/${lesson.id}`)} className="text-brand-ink underline-offset-2 hover:underline" data-testid="academy-lesson-link">
              {lesson.short_description}
            </Link>
          ) : (
            <span className="text-fg-muted">
              {lesson.short_description}
              <span className="sr-only"> ({t('academy.locked')})</span>
            </span>
          )}
        </h3>
        {dates ? (
          <p className="text-sm text-fg-muted">
            <span className="sr-only">{t('academy.dates')}: </span>
            {t(dates.key, dates.values)}
          </p>
        ) : null}
        {lesson.teachers.length > 0 ? <p className="text-sm text-fg-muted">{t('academy.teachers', { names: teacherNames(lesson.teachers), count: lesson.teachers.length })}</p> : null}
        {!open ? (
          <p className="text-sm text-amber-800 dark:text-amber-300" data-testid="academy-lock-reason">
            <LockReason lock={lesson.lock} slug={slug} timeZone={timeZone} />
          </p>
        ) : null}
        <div className="flex flex-wrap items-center gap-1.5">
          {lesson.has_homework ? <Badge tone="brand">{t('academy.has_homework')}</Badge> : null}
          {required ? <Badge tone="warning">{t('academy.blocking')}</Badge> : null}
          {lesson.homework_status !== null ? <HomeworkBadge status={lesson.homework_status} /> : null}
          {!lesson.is_active ? <Badge>{t('academy.hidden_from_students')}</Badge> : null}
          {lesson.rating !== null ? (
            <span className="text-xs font-semibold text-fg-muted" data-testid="academy-lesson-rating">
              <span aria-hidden="true">★ </span>
              {t('academy.rating_short', { rating: formatAverage(lesson.rating, i18n.language) })}
            </span>
          ) : null}
        </div>
      </div>
    </li>
  );
}

/** A module: its title, dates in the course timezone, homework badges, description and its lessons in order. */
export function ModuleCard({ module, firstNumber, slug, timeZone }: { module: AcademyModule; firstNumber: number; slug: string; timeZone: string }) {
  const { t } = useTranslation();
  const dates = lessonDates(module.start_date, module.end_date, timeZone);
  const lessons = inCourseOrder(module.lessons);
  const titleId = `academy-module-${module.id}-title`;
  return (
    <section aria-labelledby={titleId} className="overflow-hidden rounded-2xl border border-line bg-surface" data-testid={`academy-module-${module.id}`}>
      <div className="flex flex-col gap-2 p-4 sm:p-5">
        <h2 id={titleId} className="text-xl font-bold tracking-tight break-words">
          {module.short_description}
        </h2>
        {dates ? (
          <p className="text-sm text-fg-muted" data-testid="academy-module-dates">
            <span className="sr-only">{t('academy.dates')}: </span>
            {t(dates.key, dates.values)}
          </p>
        ) : null}
        <div className="flex flex-wrap gap-1.5">
          {module.has_homework ? <Badge tone="brand">{t('academy.has_homework')}</Badge> : null}
          {module.block_homework ? <Badge tone="warning">{t('academy.module_blocking')}</Badge> : null}
          {!module.active ? <Badge>{t('academy.hidden_from_students')}</Badge> : null}
        </div>
        {module.full_description.trim() ? (
          <div className="text-sm break-words text-fg" data-testid="academy-module-description">
            <Markdown>{module.full_description}</Markdown>
          </div>
        ) : null}
      </div>
      {lessons.length > 0 ? (
        <ol className="border-t border-line" aria-label={t('academy.lessons_of', { module: module.short_description })}>
          {lessons.map((lesson, index) => (
            <LessonRow key={lesson.id} lesson={lesson} module={module} number={firstNumber + index} slug={slug} timeZone={timeZone} />
          ))}
        </ol>
      ) : (
        <p className="border-t border-line px-5 py-4 text-sm text-fg-muted">{t('academy.module_empty')}</p>
      )}
    </section>
  );
}
