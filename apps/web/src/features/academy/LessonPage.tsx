// academy/lesson/{id} (product.md section 2, contract.md "Academy"): one lesson for its students.
// Its content through the pages' renderer, the Homework and Chat tabs, the rating, the previous and
// next lessons; a locked lesson explains why instead of failing.
import type { CourseProgram, LessonSummary } from '@lobby/contract';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/errors.ts';
import { browserTimezone } from '../../lib/format.ts';
import { Button } from '../../ui/Button.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { Skeleton } from '../../ui/Skeleton.tsx';
import { apiErrorText } from '../auth/api-error.ts';
import { signedInOnly } from '../auth/guards.ts';
import { useMe } from '../auth/session.ts';
import { NotFoundPage } from '../errors/pages.tsx';
import { eventPath, useEventContext } from '../events/context.ts';
import { SectionGate } from '../members/SectionGate.tsx';
import { isStudent, lessonIdOf, lockOfError } from './academy-view.ts';
import { LessonView } from './LessonView.tsx';
import { LockedLesson } from './LockedLesson.tsx';
import { lessonQuery, programQuery } from './queries.ts';
import { useDocumentTitle } from './use-document-title.ts';

export const loader = signedInOnly;

/** A lesson of the program by id, with its place in the course (the previous and next lessons' titles and locks). */
export function findLesson(program: CourseProgram | undefined, id: number | null): LessonSummary | null {
  if (!program || id === null) return null;
  for (const module of program.modules) for (const lesson of module.lessons) if (lesson.id === id) return lesson;
  return null;
}

function LessonSkeleton() {
  return (
    <div className="flex flex-col gap-4" data-testid="lesson-loading">
      <Skeleton className="h-5 w-40" />
      <Skeleton className="h-9 w-2/3" />
      <Skeleton className="h-11" />
      <Skeleton className="h-72" />
    </div>
  );
}

function Lesson({ id }: { id: number }) {
  const { t } = useTranslation();
  const { event, member, slug } = useEventContext();
  const me = useMe();
  const query = useQuery(lessonQuery(event.id, id));
  // The program names the neighbours and gives a locked lesson its title and the course timezone (cached from the program page).
  const program = useQuery({ ...programQuery(event.id), staleTime: 30_000 });
  const lock = query.isError ? lockOfError(query.error) : null;
  const summary = findLesson(program.data?.data, id);
  useDocumentTitle(query.data?.data.short_description ?? summary?.short_description ?? null, event.title);
  if (query.isPending) return <LessonSkeleton />;
  if (lock) return <LockedLesson lock={lock} title={summary?.short_description ?? null} slug={slug} timeZone={program.data?.data.timezone ?? me?.timezone ?? browserTimezone()} />;
  if (query.isError) {
    if (query.error instanceof ApiError && (query.error.status === 404 || query.error.status === 400)) return <NotFoundPage />;
    return (
      <div data-testid="lesson-error">
        <EmptyState title={t('errors.server_error_title')} text={apiErrorText(t, query.error)} action={<Button onClick={() => void query.refetch()}>{t('errors.retry')}</Button>} />
      </div>
    );
  }
  const lesson = query.data.data;
  return (
    <LessonView
      key={lesson.id}
      eventId={event.id}
      slug={slug}
      lesson={lesson}
      student={isStudent(member)}
      moduleBlocks={program.data?.data.modules.find((module) => module.id === lesson.module_id)?.block_homework ?? false}
      previous={lesson.previous_id === null ? null : { id: lesson.previous_id, lesson: findLesson(program.data?.data, lesson.previous_id) }}
      next={lesson.next_id === null ? null : { id: lesson.next_id, lesson: findLesson(program.data?.data, lesson.next_id) }}
    />
  );
}

export function Component() {
  const { t } = useTranslation();
  const { event, member, slug } = useEventContext();
  const id = lessonIdOf(useParams().id);
  if (id === null) return <NotFoundPage />;
  return (
    <SectionGate section="academy" event={event} member={member}>
      <div className="mx-auto flex w-full max-w-4xl flex-col gap-5 px-4 py-6 sm:py-8" data-testid="academy-lesson-page">
        <Link to={eventPath(slug, 'academy/program')} className="self-start text-sm font-semibold text-brand-ink underline" data-testid="lesson-to-program">
          {t('academy.to_program')}
        </Link>
        <Lesson key={id} id={id} />
      </div>
    </SectionGate>
  );
}
