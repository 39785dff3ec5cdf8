import type { FormSubmission } from '@lobby/contract';
import { keepPreviousData, useMutation, useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { formatDate, formatTime } from '../../lib/format.ts';
import { Alert } from '../../ui/Alert.tsx';
import { Button } from '../../ui/Button.tsx';
import { SelectField } from '../../ui/Controls.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { Pager } from '../../ui/Pager.tsx';
import { Skeleton } from '../../ui/Skeleton.tsx';
import { apiErrorText } from '../auth/api-error.ts';
import { eventIdOf } from './AdminEventLayout.tsx';
import { downloadSubmissions } from './pages-download.ts';
import { answersOf, formBlocksOf, pagesPath, type FormBlock } from './pages-rules.ts';
import { adminEventQuery, adminPagesQuery, formSubmissionsQuery } from './queries.ts';

const PER_PAGE = 20;

function SubmissionRow({ submission, forms, timeZone, showForm }: { submission: FormSubmission; forms: readonly FormBlock[]; timeZone: string; showForm: boolean }) {
  const { t } = useTranslation();
  return (
    <tr className="border-t border-line align-top" data-testid="submission-row">
      <td className="px-3 py-3">
        <span className="block font-semibold">{submission.user.name}</span>
        <a href={`mailto:${submission.user.email}`} className="break-all text-brand-ink underline">
          {submission.user.email}
        </a>
      </td>
      <td className="px-3 py-3 whitespace-nowrap">
        {formatDate(submission.created_at, timeZone)} {formatTime(submission.created_at, timeZone)}
      </td>
      {showForm ? <td className="px-3 py-3">{submission.form_title}</td> : null}
      <td className="px-3 py-3">
        <dl className="flex flex-col gap-1">
          {answersOf(submission, forms).map((answer) => (
            <div key={answer.key} className="flex flex-wrap gap-x-2">
              <dt className="font-semibold">{answer.label}:</dt>
              <dd className="min-w-0 break-words whitespace-pre-line">{typeof answer.value === 'boolean' ? t(answer.value ? 'admin_pages.yes' : 'admin_pages.no') : answer.value}</dd>
            </div>
          ))}
        </dl>
      </td>
    </tr>
  );
}

/** /admin/events/{id}/pages/{pageId}/submissions: what members sent through the page's forms, with the CSV export. */
export function Component() {
  const { t } = useTranslation();
  const id = useId();
  const params = useParams();
  const eventId = eventIdOf(params);
  const pageId = Number(params.pageId);
  const timeZone = useSuspenseQuery(adminEventQuery(eventId)).data.data.timezone;
  const pagesQuery = useQuery(adminPagesQuery(eventId));
  const page = pagesQuery.data?.data.find((item) => item.id === pageId);
  const forms = formBlocksOf(page?.content ?? null);
  const [blockId, setBlockId] = useState('');
  const [pageNumber, setPageNumber] = useState(1);
  const query = useQuery({
    ...formSubmissionsQuery(eventId, pageId, { page: pageNumber, per_page: PER_PAGE, ...(blockId ? { block_id: blockId } : {}) }),
    enabled: page !== undefined,
    placeholderData: keepPreviousData,
  });
  const download = useMutation({ mutationFn: () => downloadSubmissions(eventId, pageId, blockId || undefined) });
  const list = query.data;
  const back = (
    <Link to={pagesPath(eventId)} className="text-sm font-semibold text-brand-ink underline">
      {t('admin_pages.back')}
    </Link>
  );
  if (pagesQuery.isError) return <Alert tone="error">{apiErrorText(t, pagesQuery.error)}</Alert>;
  if (pagesQuery.isPending) return <Skeleton className="h-32" />;
  if (!page) {
    return (
      <div className="flex flex-col gap-3">
        {back}
        <Alert tone="error">{t('api.page_not_found')}</Alert>
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-4" data-testid="page-submissions">
      {back}
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="min-w-0 flex-1">
          <h2 id={`${id}-title`} className="text-lg font-bold break-words">
            {t('admin_pages.submissions_title', { title: page.title })}
          </h2>
          {list ? <p className="text-sm text-fg-muted">{t('admin_pages.submissions_total', { total: list.meta.total })}</p> : null}
        </div>
        {forms.length > 0 ? (
          <SelectField
            label={t('admin_pages.filter_form')}
            value={blockId}
            onChange={(e) => {
              setBlockId(e.target.value);
              setPageNumber(1);
            }}
            data-testid="submissions-form"
          >
            <option value="">{t('admin_pages.all_forms')}</option>
            {forms.map((form) => (
              <option key={form.blockId} value={form.blockId}>
                {form.title}
              </option>
            ))}
          </SelectField>
        ) : null}
        <Button variant="secondary" onClick={() => download.mutate()} disabled={download.isPending || !list || list.meta.total === 0} data-testid="submissions-download">
          {t('admin_pages.download_csv')}
        </Button>
      </div>
      {download.isError ? <Alert tone="error">{apiErrorText(t, download.error)}</Alert> : null}
      {query.isError ? <Alert tone="error">{apiErrorText(t, query.error)}</Alert> : null}
      {query.isPending ? <Skeleton className="h-32" /> : null}
      {list && list.data.length === 0 ? <EmptyState title={t('admin_pages.submissions_empty_title')} text={t(forms.length > 0 ? 'admin_pages.submissions_empty_text' : 'admin_pages.submissions_no_forms')} /> : null}
      {list && list.data.length > 0 ? (
        // The table scrolls sideways on a phone; the region is focusable so a keyboard can scroll it.
        <div role="region" aria-labelledby={`${id}-title`} tabIndex={0} className="overflow-x-auto rounded-2xl border border-line bg-surface" aria-busy={query.isFetching}>
          <table className="w-full min-w-[40rem] text-start text-sm">
            <thead className="bg-surface-muted">
              <tr>
                <th scope="col" className="px-3 py-2 font-semibold">
                  {t('admin_pages.col_sender')}
                </th>
                <th scope="col" className="px-3 py-2 font-semibold">
                  {t('admin_pages.col_time')}
                </th>
                {blockId ? null : (
                  <th scope="col" className="px-3 py-2 font-semibold">
                    {t('admin_pages.col_form')}
                  </th>
                )}
                <th scope="col" className="px-3 py-2 font-semibold">
                  {t('admin_pages.col_answers')}
                </th>
              </tr>
            </thead>
            <tbody>
              {list.data.map((submission) => (
                <SubmissionRow key={submission.id} submission={submission} forms={forms} timeZone={timeZone} showForm={!blockId} />
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {list ? <Pager page={pageNumber} pages={list.meta.last_page} onPage={setPageNumber} /> : null}
    </div>
  );
}
