// academy-admin/modules/{moduleId}/lessons/create and .../{id}/edit: the lesson editor with what it
// needs loaded first (the lesson, the course timezone, the modules to move it between).
import { routes, type Lesson, type LessonInput } from '@lobby/contract';
import { useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router';
import { callApi } from '../../api/client.ts';
import { queryClient } from '../../api/query-client.ts';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { Breadcrumbs } from './Breadcrumbs.tsx';
import { useAcademyAdmin } from './context.ts';
import { LessonEditor } from './LessonEditor.tsx';
import { ListLoading, LoadError, PageTitle } from './parts.tsx';
import { lessonQuery, modulesQuery, refreshAcademy } from './queries.ts';
import { useCourseSettings } from './use-course-timezone.ts';

export function LessonEditorPage({ moduleId, lessonId }: { moduleId: number; lessonId: number | null }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { eventId, path } = useAcademyAdmin();
  const { settings, timeZone } = useCourseSettings(eventId);
  const modules = useQuery(modulesQuery(eventId));
  const lesson = useQuery({ ...lessonQuery(eventId, lessonId ?? 0), enabled: lessonId !== null, staleTime: Number.POSITIVE_INFINITY, refetchOnWindowFocus: false });
  const module = modules.data?.data.find((item) => item.id === moduleId);
  const title = lessonId === null ? t('academy_admin.lesson_create') : t('academy_admin.lesson_edit');

  const submit = useCallback(
    (input: LessonInput) => (lessonId === null ? callApi(routes.createLesson, { params: { eventId }, body: input }) : callApi(routes.updateLesson, { params: { eventId, id: lessonId }, body: input })),
    [eventId, lessonId],
  );
  const onSaved = useCallback(
    (saved: Lesson, created: boolean) => {
      queryClient.setQueryData(lessonQuery(eventId, saved.id).queryKey, { data: saved });
      void refreshAcademy();
      // A new lesson continues in its own editor; a lesson moved to another module follows it.
      if (created || saved.module_id !== moduleId) void navigate(path(`modules/${saved.module_id}/lessons/${saved.id}/edit`), { replace: true });
    },
    [eventId, moduleId, navigate, path],
  );

  const failed = settings.isError ? settings : modules.isError ? modules : lessonId !== null && lesson.isError ? lesson : null;
  const loading = settings.isPending || modules.isPending || (lessonId !== null && lesson.isPending);
  const wrongModule = lesson.data && lesson.data.data.module_id !== moduleId;
  return (
    <section data-testid="academy-lesson-editor">
      <Breadcrumbs
        trail={[
          { label: t('academy_admin.nav_modules'), to: path('modules') },
          { label: module?.short_description ?? '…', to: path(`modules/${moduleId}`) },
          { label: t('academy_admin.lessons'), to: path(`modules/${moduleId}/lessons`) },
          ...(lesson.data ? [{ label: lesson.data.data.short_description, to: path(`modules/${moduleId}/lessons/${lessonId}`) }] : []),
          { label: title },
        ]}
      />
      <PageTitle title={lesson.data ? `${title}: ${lesson.data.data.short_description}` : title} />
      {failed ? <LoadError error={failed.error} onRetry={() => void failed.refetch()} /> : null}
      {!failed && loading ? <ListLoading rows={4} /> : null}
      {!failed && !loading && modules.data && !module ? <EmptyState title={t('api.academy_module_not_found')} text={t('academy_admin.module_missing_text')} /> : null}
      {!failed && !loading && module && !wrongModule ? (
        <LessonEditor eventId={eventId} lesson={lesson.data?.data} moduleId={moduleId} modules={modules.data?.data ?? []} timeZone={timeZone} submit={submit} onSaved={onSaved} />
      ) : null}
      {/* A lesson opened under another module's address (an old link after a move) goes to its own. */}
      {wrongModule && lesson.data ? <Navigate to={path(`modules/${lesson.data.data.module_id}/lessons/${lesson.data.data.id}/edit`)} replace /> : null}
    </section>
  );
}
