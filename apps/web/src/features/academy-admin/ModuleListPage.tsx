// academy-admin/modules: the course's modules in order, reordered by drag and drop or the move
// buttons through the sort call.
import { routes, type AcademyModule } from '@lobby/contract';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { callApi } from '../../api/client.ts';
import { ButtonLink } from '../../ui/Button.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { useAcademyAdmin } from './context.ts';
import { CourseImport } from './CourseImport.tsx';
import { CourseDates } from './dates-view.tsx';
import { ListLoading, LoadError, PageTitle, YesNo } from './parts.tsx';
import { modulesQuery, refreshAcademy } from './queries.ts';
import { bySort, sortItemsOf } from './reorder.ts';
import { ReorderList } from './ReorderList.tsx';
import { useCourseSettings } from './use-course-timezone.ts';

export function ModuleBadges({ module }: { module: AcademyModule }) {
  const { t } = useTranslation();
  return (
    <div className="mt-1 flex flex-wrap gap-1">
      <YesNo value={module.active} yes={t('academy_admin.active')} no={t('academy_admin.inactive')} />
      {module.is_open ? <YesNo value yes={t('academy_admin.open_by_hand')} /> : null}
      {module.has_homework ? <YesNo value yes={t('academy_admin.has_homework')} /> : null}
      {module.block_homework ? <YesNo value yes={t('academy_admin.blocking_homework')} /> : null}
    </div>
  );
}

export function ModuleListPage() {
  const { t } = useTranslation();
  const { eventId, path } = useAcademyAdmin();
  const { timeZone } = useCourseSettings(eventId);
  const query = useQuery(modulesQuery(eventId));
  const save = async (ids: number[]) => {
    await callApi(routes.sortModules, { params: { eventId }, body: { items: sortItemsOf(ids) } });
    await refreshAcademy();
  };
  const modules = bySort(query.data?.data ?? []);
  return (
    <section data-testid="academy-modules">
      <PageTitle title={t('academy_admin.nav_modules')}>
        <ButtonLink to={path('modules/create')} data-testid="module-create">
          {t('academy_admin.module_create')}
        </ButtonLink>
      </PageTitle>
      <p className="mb-4 text-sm text-fg-muted">{t('academy_admin.modules_intro', { zone: timeZone })}</p>
      {query.isPending ? <ListLoading /> : null}
      {query.isError ? <LoadError error={query.error} onRetry={() => void query.refetch()} /> : null}
      {query.isSuccess && modules.length === 0 ? <EmptyState title={t('academy_admin.modules_empty_title')} text={t('academy_admin.modules_empty_text')} /> : null}
      {modules.length > 0 ? (
        <ReorderList items={modules} label={t('academy_admin.modules_order')} nameOf={(module) => module.short_description} onSave={save} editable testId="modules-list">
          {(module, index) => (
            <div className="flex flex-col gap-1 sm:flex-row sm:items-center sm:justify-between sm:gap-3">
              <div className="min-w-0">
                <Link to={path(`modules/${module.id}`)} className="font-semibold text-fg underline-offset-2 hover:underline" data-testid="module-link">
                  <span className="text-fg-muted">{index + 1}. </span>
                  {module.short_description}
                </Link>
                <p className="text-sm text-fg-muted">
                  <CourseDates start={module.start_date} end={module.end_date} timeZone={timeZone} /> · {t('academy_admin.lessons_count', { count: module.lessons.length })}
                </p>
                <ModuleBadges module={module} />
              </div>
              <div className="flex flex-wrap gap-2">
                <ButtonLink variant="secondary" to={path(`modules/${module.id}/lessons`)} aria-label={t('academy_admin.lessons_of', { name: module.short_description })}>
                  {t('academy_admin.lessons')}
                </ButtonLink>
                <ButtonLink variant="ghost" to={path(`modules/${module.id}/edit`)} aria-label={t('academy_admin.edit_named', { name: module.short_description })}>
                  {t('academy_admin.edit')}
                </ButtonLink>
              </div>
            </div>
          )}
        </ReorderList>
      ) : null}
      <CourseImport eventId={eventId} />
    </section>
  );
}

