// academy-admin/modules/{moduleId}/lessons: the module's lessons in order, reordered by drag and
// drop or the move buttons through the sort call (with the module's id).
import { routes, type LessonSummary } from '@lobby/contract';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { callApi } from '../../api/client.ts';
import { ButtonLink } from '../../ui/Button.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { Breadcrumbs } from './Breadcrumbs.tsx';
import { useAcademyAdmin } from './context.ts';
import { CourseDates } from './dates-view.tsx';
import { teacherName } from './forms.ts';
import { ListLoading, LoadError, PageTitle, YesNo } from './parts.tsx';
import { lessonsQuery, moduleQuery, refreshAcademy } from './queries.ts';
import { bySort, sortItemsOf } from './reorder.ts';
import { ReorderList } from './ReorderList.tsx';
import { useCourseSettings } from './use-course-timezone.ts';

export function LessonBadges({ lesson }: { lesson: LessonSummary }) {
  const { t } = useTranslation();
  return (
    <div className="mt-1 flex flex-wrap gap-1">
      <YesNo value={lesson.is_active} yes={t('academy_admin.active')} no={t('academy_admin.inactive')} />
      {lesson.is_open ? <YesNo value yes={t('academy_admin.open_by_hand')} /> : null}
      {lesson.has_homework ? <YesNo value yes={t('academy_admin.has_homework')} /> : null}
      {lesson.has_homework && lesson.blocked_homework ? <YesNo value yes={t('academy_admin.blocking_homework')} /> : null}
      {lesson.rating !== null ? <YesNo value yes={t('academy_admin.rating', { rating: lesson.rating.toFixed(1) })} /> : null}
    </div>
  );
}

export function LessonListPage({ moduleId }: { moduleId: number }) {
  const { t } = useTranslation();
  const { eventId, path } = useAcademyAdmin();
  const { timeZone } = useCourseSettings(eventId);
  const module = useQuery(moduleQuery(eventId, moduleId));
  const query = useQuery(lessonsQuery(eventId, moduleId));
  const save = async (ids: number[]) => {
    await callApi(routes.sortLessons, { params: { eventId }, body: { module_id: moduleId, items: sortItemsOf(ids) } });
    await refreshAcademy();
  };
  const lessons = bySort(query.data?.data ?? []);
  const moduleTitle = module.data?.data.short_description ?? '…';
  return (
    <section data-testid="academy-lessons">
      <Breadcrumbs trail={[{ label: t('academy_admin.nav_modules'), to: path('modules') }, { label: moduleTitle, to: path(`modules/${moduleId}`) }, { label: t('academy_admin.lessons') }]} />
      <PageTitle title={t('academy_admin.lessons_of', { name: moduleTitle })}>
        <ButtonLink to={path(`modules/${moduleId}/lessons/create`)} data-testid="lesson-create">
          {t('academy_admin.lesson_create')}
        </ButtonLink>
      </PageTitle>
      {query.isPending ? <ListLoading /> : null}
      {query.isError ? <LoadError error={query.error} onRetry={() => void query.refetch()} /> : null}
      {query.isSuccess && lessons.length === 0 ? <EmptyState title={t('academy_admin.lessons_empty_title')} text={t('academy_admin.lessons_empty_text')} /> : null}
      {lessons.length > 0 ? (
        <ReorderList items={lessons} label={t('academy_admin.lessons_order')} nameOf={(lesson) => lesson.short_description} onSave={save} editable testId="lessons-list">
          {(lesson, index) => (
            <div className="flex flex-col gap-1 sm:flex-row sm:items-center sm:justify-between sm:gap-3">
              <div className="min-w-0">
                <Link to={path(`modules/${moduleId}/lessons/${lesson.id}`)} className="font-semibold text-fg underline-offset-2 hover:underline" data-testid="lesson-link">
                  <span className="text-fg-muted">{index + 1}. </span>
                  {lesson.short_description}
                </Link>
                <p className="text-sm text-fg-muted">
                  <CourseDates start={lesson.start_date} end={lesson.end_date} timeZone={timeZone} />
                  {lesson.teachers.length > 0 ? ` · ${lesson.teachers.map(teacherName).join(', ')}` : ''}
                </p>
                <LessonBadges lesson={lesson} />
              </div>
              <ButtonLink variant="ghost" to={path(`modules/${moduleId}/lessons/${lesson.id}/edit`)} aria-label={t('academy_admin.edit_named', { name: lesson.short_description })}>
                {t('academy_admin.edit')}
              </ButtonLink>
            </div>
          )}
        </ReorderList>
      ) : null}
    </section>
  );
}
