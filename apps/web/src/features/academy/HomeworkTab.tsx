import type { Homework, Lesson } from '@lobby/contract';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '../../ui/Button.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { Markdown } from '../../ui/Markdown.tsx';
import { Skeleton } from '../../ui/Skeleton.tsx';
import { apiErrorText } from '../auth/api-error.ts';
import { Attachments } from '../chat/Attachments.tsx';
import { eventPath } from '../events/context.ts';
import { courseDateTime, homeworkFormState } from './academy-view.ts';
import { HomeworkForm } from './HomeworkForm.tsx';
import { HomeworkBadge } from './ModuleCard.tsx';
import { myHomeworkQuery } from './queries.ts';

/** The student's homework as it stands: state, attempts, when sent, the comment and files, the reviewer's comment. */
function CurrentHomework({ homework, timeZone }: { homework: Homework; timeZone: string }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="homework-current-title" className="flex flex-col gap-3 rounded-2xl border border-line bg-surface p-4 sm:p-5" data-testid="homework-current">
      <div className="flex flex-wrap items-center gap-2">
        <h3 id="homework-current-title" className="text-lg font-bold">
          {t('academy.homework_yours')}
        </h3>
        <HomeworkBadge status={homework.status} />
      </div>
      <p className="text-sm text-fg-muted">
        {t('academy.homework_sent_at', { date: courseDateTime(homework.updated_at, timeZone) })} · <span data-testid="homework-attempts">{t('academy.attempts', { count: homework.attempts })}</span>
      </p>
      {homework.comment ? <p className="whitespace-pre-line break-words">{homework.comment}</p> : null}
      {homework.files.length > 0 ? (
        <div data-testid="homework-files">
          <p className="text-sm font-semibold">{t('academy.homework_files')}</p>
          <Attachments attachments={homework.files} />
        </div>
      ) : null}
      {homework.review_comment ? (
        <div className={homework.status === 3 ? 'rounded-xl border border-red-300 bg-red-50 p-3 text-red-950 dark:border-red-900 dark:bg-red-950 dark:text-red-100' : 'rounded-xl bg-surface-muted p-3'} data-testid="homework-review">
          <p className="text-sm font-semibold">{t(homework.status === 1 ? 'academy.review_comment_previous' : 'academy.review_comment')}</p>
          <p className="whitespace-pre-line break-words">{homework.review_comment}</p>
          {homework.reviewed_at ? <p className="mt-1 text-xs opacity-80">{courseDateTime(homework.reviewed_at, timeZone)}</p> : null}
        </div>
      ) : null}
    </section>
  );
}

/**
 * The Homework tab: what to do (Markdown), the student's work and its state, and the form while it
 * may be sent (first time, or after a decline). The course's staff review in the academy admin.
 */
export function HomeworkTab({ eventId, slug, lesson, student }: { eventId: number; slug: string; lesson: Lesson; student: boolean }) {
  const { t } = useTranslation();
  const query = useQuery({ ...myHomeworkQuery(eventId, lesson.id), enabled: student });
  const timeZone = lesson.timezone;
  const description = (
    <section aria-labelledby="homework-task-title" className="flex flex-col gap-2">
      <h2 id="homework-task-title" className="text-xl font-bold">
        {t('academy.homework_task')}
      </h2>
      {lesson.homework_description?.trim() ? (
        <div className="break-words" data-testid="homework-description">
          <Markdown>{lesson.homework_description}</Markdown>
        </div>
      ) : (
        <p className="text-fg-muted">{t('academy.homework_no_description')}</p>
      )}
    </section>
  );
  if (!student) {
    return (
      <div className="flex flex-col gap-5">
        {description}
        <p className="rounded-xl bg-surface-muted p-4 text-sm" data-testid="homework-staff-note">
          {t('academy.homework_staff_note')}{' '}
          <Link to={eventPath(slug, 'academy-admin/homeworks')} className="font-semibold text-brand-ink underline">
            {t('academy.homework_staff_link')}
          </Link>
        </p>
      </div>
    );
  }
  if (query.isPending) {
    return (
      <div className="flex flex-col gap-5">
        {description}
        <Skeleton className="h-40" />
      </div>
    );
  }
  if (query.isError) {
    return (
      <div className="flex flex-col gap-5">
        {description}
        <EmptyState title={t('academy.homework_failed_title')} text={apiErrorText(t, query.error)} action={<Button onClick={() => void query.refetch()}>{t('errors.retry')}</Button>} />
      </div>
    );
  }
  const homework = query.data.data;
  const state = homeworkFormState(lesson.has_homework, homework?.status ?? null);
  return (
    <div className="flex flex-col gap-5">
      {description}
      {homework ? <CurrentHomework homework={homework} timeZone={timeZone} /> : <p className="text-fg-muted" data-testid="homework-none">{t('academy.homework_not_sent')}</p>}
      {state === 'ok' ? (
        <HomeworkForm key={homework?.attempts ?? 0} eventId={eventId} lessonId={lesson.id} again={homework !== null} timeZone={timeZone} />
      ) : state === 'awaiting_review' ? (
        <p role="status" className="rounded-xl bg-surface-muted p-4 text-sm" data-testid="homework-awaiting">
          {t('academy.homework_awaiting_note')}
        </p>
      ) : state === 'approved' ? (
        <p role="status" className="rounded-xl bg-emerald-50 p-4 text-sm text-emerald-950 dark:bg-emerald-950 dark:text-emerald-100" data-testid="homework-approved">
          {t('academy.homework_approved_note')}
        </p>
      ) : null}
    </div>
  );
}
