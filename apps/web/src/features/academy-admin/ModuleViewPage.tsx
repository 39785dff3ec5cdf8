// academy-admin/modules/{id}: a module as students will meet it (title, dates in the course
// timezone, description), its settings, its lessons, and Edit and Delete.
import { routes } from '@lobby/contract';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { callApi } from '../../api/client.ts';
import { Button, ButtonLink } from '../../ui/Button.tsx';
import { Markdown } from '../../ui/Markdown.tsx';
import { Breadcrumbs } from './Breadcrumbs.tsx';
import { useAcademyAdmin } from './context.ts';
import { CourseDates } from './dates-view.tsx';
import { DeleteDialog } from './DeleteDialog.tsx';
import { ModuleBadges } from './ModuleListPage.tsx';
import { ListLoading, LoadError, PageTitle } from './parts.tsx';
import { moduleQuery, refreshAcademy } from './queries.ts';
import { bySort } from './reorder.ts';
import { useCourseSettings } from './use-course-timezone.ts';

export function ModuleViewPage({ moduleId }: { moduleId: number }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { eventId, path } = useAcademyAdmin();
  const { timeZone } = useCourseSettings(eventId);
  const query = useQuery(moduleQuery(eventId, moduleId));
  const [deleting, setDeleting] = useState(false);
  const module = query.data?.data;
  return (
    <section data-testid="academy-module-view">
      <Breadcrumbs trail={[{ label: t('academy_admin.nav_modules'), to: path('modules') }, { label: module?.short_description ?? '…' }]} />
      {query.isPending ? <ListLoading rows={3} /> : null}
      {query.isError ? <LoadError error={query.error} onRetry={() => void query.refetch()} /> : null}
      {module ? (
        <>
          <PageTitle title={module.short_description} testId="module-heading">
            <ButtonLink to={path(`modules/${module.id}/edit`)} data-testid="module-edit">
              {t('academy_admin.edit')}
            </ButtonLink>
            <Button variant="secondary" onClick={() => setDeleting(true)} data-testid="module-delete">
              {t('academy_admin.delete')}
            </Button>
          </PageTitle>
          <div className="flex flex-col gap-4">
            <div className="rounded-2xl border border-line bg-surface p-4">
              <p className="text-sm text-fg-muted">
                <CourseDates start={module.start_date} end={module.end_date} timeZone={timeZone} /> · {t('academy_admin.in_zone', { zone: timeZone })}
              </p>
              <ModuleBadges module={module} />
            </div>
            <div className="rounded-2xl border border-line bg-surface p-4">
              <h3 className="mb-2 text-lg font-semibold">{t('academy_admin.f_full_description')}</h3>
              {module.full_description.trim() ? <Markdown>{module.full_description}</Markdown> : <p className="text-sm text-fg-muted">{t('academy_admin.no_description')}</p>}
            </div>
            <div className="rounded-2xl border border-line bg-surface p-4">
              <div className="mb-2 flex flex-wrap items-center justify-between gap-2">
                <h3 className="text-lg font-semibold">{t('academy_admin.lessons_count', { count: module.lessons.length })}</h3>
                <ButtonLink variant="secondary" to={path(`modules/${module.id}/lessons`)} data-testid="module-lessons">
                  {t('academy_admin.lessons_manage')}
                </ButtonLink>
              </div>
              {module.lessons.length === 0 ? (
                <p className="text-sm text-fg-muted">{t('academy_admin.lessons_empty_text')}</p>
              ) : (
                <ol className="list-decimal space-y-1 ps-6">
                  {bySort(module.lessons).map((lesson) => (
                    <li key={lesson.id}>
                      <Link to={path(`modules/${module.id}/lessons/${lesson.id}`)} className="text-brand-ink underline-offset-2 hover:underline">
                        {lesson.short_description}
                      </Link>
                    </li>
                  ))}
                </ol>
              )}
            </div>
          </div>
          {deleting ? (
            <DeleteDialog
              testId="module-delete-dialog"
              title={t('academy_admin.module_delete_title')}
              text={module.lessons.length > 0 ? t('academy_admin.module_delete_not_empty', { count: module.lessons.length }) : t('academy_admin.module_delete_text', { name: module.short_description })}
              failedKey="academy_admin.module_delete_failed"
              doneKey="academy_admin.module_deleted"
              remove={() => callApi(routes.deleteModule, { params: { eventId, id: module.id } })}
              onDone={() => {
                void navigate(path('modules'));
                void refreshAcademy();
              }}
              onClose={() => setDeleting(false)}
            />
          ) : null}
        </>
      ) : null}
    </section>
  );
}
