// academy-admin/homeworks: the review queue, oldest waiting first. Filtered by state (awaiting
// review by default), module and lesson, and searched by the student's name or e-mail.
import { HOMEWORK_STATUS_NAMES, HOMEWORK_STATUSES } from '@lobby/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDebouncedSearch } from '../../lib/use-debounced-search.ts';
import { SelectField } from '../../ui/Controls.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { Field } from '../../ui/Field.tsx';
import { Pager } from '../../ui/Pager.tsx';
import { useAcademyAdmin } from './context.ts';
import { HomeworkCard } from './HomeworkCard.tsx';
import { ListLoading, LoadError, PageTitle } from './parts.tsx';
import { homeworksQuery, modulesQuery, type HomeworkFilters } from './queries.ts';
import { bySort } from './reorder.ts';
import { useCourseSettings } from './use-course-timezone.ts';

export function HomeworksPage() {
  const { t } = useTranslation();
  const { eventId, slug, reviewer } = useAcademyAdmin();
  const { timeZone } = useCourseSettings(eventId);
  const search = useDebouncedSearch();
  const [status, setStatus] = useState<HomeworkFilters['status']>(1);
  const [moduleId, setModuleId] = useState<number | null>(null);
  const [lessonId, setLessonId] = useState<number | null>(null);
  const modules = useQuery(modulesQuery(eventId));
  const query = useQuery({ ...homeworksQuery(eventId, { status, moduleId, lessonId, search: search.search, page: search.page }), placeholderData: keepPreviousData });
  const moduleList = bySort(modules.data?.data ?? []);
  const lessons = bySort(moduleList.find((module) => module.id === moduleId)?.lessons ?? []);
  const list = query.data;
  const filtered = status !== 1 || moduleId !== null || lessonId !== null || search.search !== '';
  return (
    <section data-testid="academy-homeworks">
      <PageTitle title={t('academy_admin.nav_homeworks')} />
      <div className="mb-4 grid gap-3 sm:grid-cols-2 xl:grid-cols-4">
        <SelectField
          label={t('academy_admin.status')}
          value={status ?? ''}
          onChange={(event) => {
            setStatus(event.target.value ? (Number(event.target.value) as 1 | 2 | 3) : null);
            search.setPage(1);
          }}
          data-testid="homeworks-status"
        >
          <option value="">{t('academy_admin.status_all')}</option>
          {HOMEWORK_STATUSES.map((value) => (
            <option key={value} value={value}>
              {t(`academy_admin.status_${HOMEWORK_STATUS_NAMES[value]}`)}
            </option>
          ))}
        </SelectField>
        <SelectField
          label={t('academy_admin.module')}
          value={moduleId ?? ''}
          onChange={(event) => {
            setModuleId(event.target.value ? Number(event.target.value) : null);
            setLessonId(null);
            search.setPage(1);
          }}
          data-testid="homeworks-module"
        >
          <option value="">{t('academy_admin.module_all')}</option>
          {moduleList.map((module) => (
            <option key={module.id} value={module.id}>
              {module.short_description}
            </option>
          ))}
        </SelectField>
        <SelectField
          label={t('academy_admin.lesson')}
          value={lessonId ?? ''}
          disabled={moduleId === null}
          hint={moduleId === null ? t('academy_admin.lesson_pick_module') : undefined}
          onChange={(event) => {
            setLessonId(event.target.value ? Number(event.target.value) : null);
            search.setPage(1);
          }}
          data-testid="homeworks-lesson"
        >
          <option value="">{t('academy_admin.lesson_all')}</option>
          {lessons.map((lesson) => (
            <option key={lesson.id} value={lesson.id}>
              {lesson.short_description}
            </option>
          ))}
        </SelectField>
        <Field label={t('academy_admin.search_homeworks')} type="search" value={search.text} onChange={(event) => search.setText(event.target.value)} data-testid="homeworks-search" />
      </div>
      {query.isPending ? <ListLoading /> : null}
      {query.isError ? <LoadError error={query.error} onRetry={() => void query.refetch()} /> : null}
      {list && list.data.length === 0 ? (
        <EmptyState
          title={status === 1 && !filtered ? t('academy_admin.queue_empty_title') : t('academy_admin.homeworks_empty_title')}
          text={filtered ? t('academy_admin.homeworks_empty_filtered') : t('academy_admin.queue_empty_text')}
        />
      ) : null}
      {list && list.data.length > 0 ? (
        <>
          <p className="mb-3 text-sm text-fg-muted" role="status">
            {t('academy_admin.homeworks_total', { count: list.meta.total })}
          </p>
          <ul className="flex flex-col gap-3" aria-busy={query.isFetching} data-testid="homeworks-list">
            {list.data.map((homework) => (
              <li key={homework.id}>
                <HomeworkCard eventId={eventId} slug={slug} homework={homework} timeZone={timeZone} reviewer={reviewer} />
              </li>
            ))}
          </ul>
          <div className="mt-4">
            <Pager page={search.page} pages={list.meta.last_page} onPage={search.setPage} />
          </div>
        </>
      ) : null}
    </section>
  );
}
