// academy-admin/modules/{moduleId}/lessons/{id}: a lesson's settings, teachers and homework, and its
// content as students read it (the page renderer, in its own chunk); Edit and Delete.
import { routes, ZPageContent } from '@lobby/contract';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { callApi } from '../../api/client.ts';
import { Alert } from '../../ui/Alert.tsx';
import { Button, ButtonLink } from '../../ui/Button.tsx';
import { Markdown } from '../../ui/Markdown.tsx';
import { Skeleton } from '../../ui/Skeleton.tsx';
import { Breadcrumbs } from './Breadcrumbs.tsx';
import { useAcademyAdmin } from './context.ts';
import { CourseDates } from './dates-view.tsx';
import { DeleteDialog } from './DeleteDialog.tsx';
import { teacherName } from './forms.ts';
import { LessonBadges } from './LessonListPage.tsx';
import { ListLoading, LoadError, PageTitle } from './parts.tsx';
import { lessonQuery, refreshAcademy } from './queries.ts';

const PageRenderer = lazy(() => import('../pages/PageRenderer.tsx').then((m) => ({ default: m.PageRenderer })));

export function LessonViewPage({ moduleId, lessonId }: { moduleId: number; lessonId: number }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { eventId, path } = useAcademyAdmin();
  const query = useQuery(lessonQuery(eventId, lessonId));
  const [deleting, setDeleting] = useState(false);
  const lesson = query.data?.data;
  const content = lesson ? ZPageContent.safeParse(lesson.content) : null;
  const shown = content?.success ? content.data.blocks.filter((block) => !block.hidden).length : 0;
  return (
    <section data-testid="academy-lesson-view">
      <Breadcrumbs
        trail={[
          { label: t('academy_admin.nav_modules'), to: path('modules') },
          { label: lesson?.module.short_description ?? '…', to: path(`modules/${moduleId}`) },
          { label: t('academy_admin.lessons'), to: path(`modules/${moduleId}/lessons`) },
          { label: lesson?.short_description ?? '…' },
        ]}
      />
      {query.isPending ? <ListLoading rows={3} /> : null}
      {query.isError ? <LoadError error={query.error} onRetry={() => void query.refetch()} /> : null}
      {lesson ? (
        <>
          <PageTitle title={lesson.short_description} testId="lesson-heading">
            <ButtonLink to={path(`modules/${lesson.module_id}/lessons/${lesson.id}/edit`)} data-testid="lesson-edit">
              {t('academy_admin.edit')}
            </ButtonLink>
            <Button variant="secondary" onClick={() => setDeleting(true)} data-testid="lesson-delete">
              {t('academy_admin.delete')}
            </Button>
          </PageTitle>
          <div className="flex flex-col gap-4">
            <div className="rounded-2xl border border-line bg-surface p-4 text-sm">
              <p className="text-fg-muted">
                <CourseDates start={lesson.start_date} end={lesson.end_date} timeZone={lesson.timezone} /> · {t('academy_admin.in_zone', { zone: lesson.timezone })}
              </p>
              <LessonBadges lesson={lesson} />
              <p className="mt-2">
                <span className="font-semibold">{t('academy_admin.f_teachers')}: </span>
                {lesson.teachers.length > 0 ? lesson.teachers.map((teacher) => `${teacherName(teacher)} (${t('academy_admin.uid', { uid: teacher.uid })})`).join(', ') : t('academy_admin.no_teachers')}
              </p>
            </div>
            <div className="rounded-2xl border border-line bg-surface p-4">
              <h3 className="mb-2 text-lg font-semibold">{t('academy_admin.tab_homework')}</h3>
              {lesson.has_homework ? (
                lesson.homework_description?.trim() ? <Markdown>{lesson.homework_description}</Markdown> : <p className="text-sm text-fg-muted">{t('academy_admin.no_description')}</p>
              ) : (
                <p className="text-sm text-fg-muted">{t('academy_admin.no_homework')}</p>
              )}
            </div>
            <div className="rounded-2xl border border-line bg-surface py-4">
              <h3 className="mb-3 px-4 text-lg font-semibold">{t('academy_admin.tab_content')}</h3>
              {content && !content.success ? <Alert tone="error">{t('academy_admin.content_unreadable')}</Alert> : null}
              {content?.success && shown === 0 ? <p className="px-4 text-sm text-fg-muted">{t('academy_admin.content_empty')}</p> : null}
              {content?.success && shown > 0 ? (
                <Suspense fallback={<Skeleton className="mx-4 h-40" />}>
                  <PageRenderer content={content.data} />
                </Suspense>
              ) : null}
            </div>
          </div>
          {deleting ? (
            <DeleteDialog
              testId="lesson-delete-dialog"
              title={t('academy_admin.lesson_delete_title')}
              text={t('academy_admin.lesson_delete_text', { name: lesson.short_description })}
              failedKey="academy_admin.lesson_delete_failed"
              doneKey="academy_admin.lesson_deleted"
              remove={() => callApi(routes.deleteLesson, { params: { eventId, id: lesson.id } })}
              onDone={() => {
                void navigate(path(`modules/${lesson.module_id}/lessons`));
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
