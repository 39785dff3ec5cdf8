// academy-admin/students: every student's progress (lessons done, required homework approved,
// homework by state), searched, filtered by state, sorted and paged, and downloaded as CSV.
import type { StudentProgress } from '@lobby/contract';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { formatDate } from '../../lib/format.ts';
import { useDebouncedSearch } from '../../lib/use-debounced-search.ts';
import { Button } from '../../ui/Button.tsx';
import { SelectField } from '../../ui/Controls.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { Field } from '../../ui/Field.tsx';
import { Pager } from '../../ui/Pager.tsx';
import { apiErrorText } from '../auth/api-error.ts';
import { useAcademyAdmin } from './context.ts';
import { ListLoading, LoadError, PageTitle } from './parts.tsx';
import { studentsQuery, type StudentFilters, type StudentSort, type StudentState } from './queries.ts';
import { downloadStudents } from './students-download.ts';
import { useCourseSettings } from './use-course-timezone.ts';

const STATES: StudentState[] = ['not_started', 'in_progress', 'complete'];

/** A column header that sorts the list; aria-sort says how it is sorted now. */
function SortHeader({ label, column, filters, onSort }: { label: string; column: StudentSort; filters: StudentFilters; onSort: (column: StudentSort) => void }) {
  const { t } = useTranslation();
  const active = filters.sort === column;
  return (
    <th scope="col" aria-sort={active ? (filters.order === 'asc' ? 'ascending' : 'descending') : 'none'} className="px-3 py-2 text-left">
      <button type="button" onClick={() => onSort(column)} className="inline-flex min-h-11 items-center gap-1 font-semibold hover:text-brand-ink" data-testid={`sort-${column}`}>
        {label}
        <span aria-hidden="true" className="text-xs">
          {active ? (filters.order === 'asc' ? '▲' : '▼') : '↕'}
        </span>
        <span className="sr-only">{active ? t(filters.order === 'asc' ? 'academy_admin.sorted_asc' : 'academy_admin.sorted_desc') : t('academy_admin.sort_by')}</span>
      </button>
    </th>
  );
}

function StudentRow({ student, timeZone }: { student: StudentProgress; timeZone: string }) {
  const { t } = useTranslation();
  const name = `${student.first_name} ${student.last_name}`.trim() || t('academy_admin.no_name');
  return (
    <tr className="border-t border-line align-top" data-testid="student-row">
      <th scope="row" className="px-3 py-2 text-left font-semibold">
        {name}
      </th>
      <td className="px-3 py-2 break-all">
        <a href={`mailto:${student.user.email}`} className="text-brand-ink underline">
          {student.user.email}
        </a>
      </td>
      <td className="px-3 py-2">{student.ticket?.name ?? '—'}</td>
      <td className="px-3 py-2 whitespace-nowrap" data-testid="student-lessons">
        {t('academy_admin.x_of_y', { x: student.education_progress, y: student.lessons_total })}
      </td>
      <td className="px-3 py-2 whitespace-nowrap" data-testid="student-required">
        {t('academy_admin.x_of_y', { x: student.important_education_progress, y: student.important_total })}
      </td>
      <td className="px-3 py-2 whitespace-nowrap text-xs">
        <span className="block">{t('academy_admin.hw_created', { count: student.homeworks.created })}</span>
        <span className="block">{t('academy_admin.hw_approved', { count: student.homeworks.approved })}</span>
        <span className="block">{t('academy_admin.hw_declined', { count: student.homeworks.declined })}</span>
      </td>
      <td className="px-3 py-2 whitespace-nowrap">{formatDate(student.created_at, timeZone)}</td>
    </tr>
  );
}

export function StudentsPage() {
  const { t } = useTranslation();
  const { eventId } = useAcademyAdmin();
  const { timeZone } = useCourseSettings(eventId);
  const search = useDebouncedSearch();
  const [state, setState] = useState<StudentState | null>(null);
  const [sort, setSort] = useState<{ sort: StudentSort; order: 'asc' | 'desc' }>({ sort: 'name', order: 'asc' });
  const filters: StudentFilters = { search: search.search, state, ...sort };
  const query = useQuery({ ...studentsQuery(eventId, filters, search.page), placeholderData: keepPreviousData });
  const download = useMutation({
    mutationFn: () => downloadStudents(eventId, filters),
    onError: (error) => toast.error(t('academy_admin.export_failed', { reason: apiErrorText(t, error) })),
  });
  const onSort = (column: StudentSort) => {
    setSort((current) => (current.sort === column ? { sort: column, order: current.order === 'asc' ? 'desc' : 'asc' } : { sort: column, order: column === 'name' ? 'asc' : 'desc' }));
    search.setPage(1);
  };
  const list = query.data;
  return (
    <section data-testid="academy-students">
      <PageTitle title={t('academy_admin.nav_students')}>
        <Button variant="secondary" onClick={() => download.mutate()} disabled={download.isPending} data-testid="students-export">
          {download.isPending ? t('academy_admin.exporting') : t('academy_admin.export_csv')}
        </Button>
      </PageTitle>
      <div className="mb-4 grid gap-3 sm:grid-cols-[minmax(0,1fr)_14rem]">
        <Field label={t('academy_admin.search_students')} type="search" value={search.text} onChange={(event) => search.setText(event.target.value)} data-testid="students-search" />
        <SelectField
          label={t('academy_admin.state')}
          value={state ?? ''}
          onChange={(event) => {
            setState((event.target.value || null) as StudentState | null);
            search.setPage(1);
          }}
          data-testid="students-state"
        >
          <option value="">{t('academy_admin.state_all')}</option>
          {STATES.map((value) => (
            <option key={value} value={value}>
              {t(`academy_admin.state_${value}`)}
            </option>
          ))}
        </SelectField>
      </div>
      {query.isPending ? <ListLoading /> : null}
      {query.isError ? <LoadError error={query.error} onRetry={() => void query.refetch()} /> : null}
      {list && list.data.length === 0 ? (
        <EmptyState title={t('academy_admin.students_empty_title')} text={search.search || state ? t('academy_admin.students_empty_filtered') : t('academy_admin.students_empty_text')} />
      ) : null}
      {list && list.data.length > 0 ? (
        <>
          <div className="overflow-x-auto rounded-2xl border border-line bg-surface" tabIndex={0} role="region" aria-label={t('academy_admin.students_table')}>
            <table className="w-full min-w-[56rem] text-sm" aria-busy={query.isFetching}>
              <caption className="sr-only">{t('academy_admin.students_caption', { total: list.meta.total })}</caption>
              <thead className="bg-surface-muted text-fg-muted">
                <tr>
                  <SortHeader label={t('academy_admin.col_name')} column="name" filters={filters} onSort={onSort} />
                  <th scope="col" className="px-3 py-2 text-left">{t('academy_admin.col_email')}</th>
                  <th scope="col" className="px-3 py-2 text-left">{t('academy_admin.col_ticket')}</th>
                  <SortHeader label={t('academy_admin.col_lessons')} column="progress" filters={filters} onSort={onSort} />
                  <th scope="col" className="px-3 py-2 text-left">{t('academy_admin.col_required')}</th>
                  <th scope="col" className="px-3 py-2 text-left">{t('academy_admin.col_homeworks')}</th>
                  <SortHeader label={t('academy_admin.col_joined')} column="created_at" filters={filters} onSort={onSort} />
                </tr>
              </thead>
              <tbody>
                {list.data.map((student) => (
                  <StudentRow key={student.member_id} student={student} timeZone={timeZone} />
                ))}
              </tbody>
            </table>
          </div>
          <p className="mt-2 text-sm text-fg-muted">{t('academy_admin.students_total', { count: list.meta.total })}</p>
          <div className="mt-4">
            <Pager page={search.page} pages={list.meta.last_page} onPage={search.setPage} />
          </div>
        </>
      ) : null}
    </section>
  );
}
