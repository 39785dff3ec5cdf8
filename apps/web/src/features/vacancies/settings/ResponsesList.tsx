// A vacancy's responses for the company's admins: who responded, their message, the skills they
// proved that the vacancy asks for, the CV (a short-lived signed address), and the status. The list
// shows each response as it was when opened; opening it marks the new ones seen.
import { routes, VACANCY_RESPONSE_STATUSES, type VacancyResponse, type VacancyResponseDecision, type VacancyResponseStatus } from '@lobby/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { toast } from 'sonner';
import { apiQuery, callApi } from '../../../api/client.ts';
import { downloadFile } from '../../../api/download.ts';
import { browserTimezone, formatDate, formatTime } from '../../../lib/format.ts';
import { Avatar } from '../../../ui/Avatar.tsx';
import { Button, ButtonLink } from '../../../ui/Button.tsx';
import { SelectField } from '../../../ui/Controls.tsx';
import { EmptyState } from '../../../ui/EmptyState.tsx';
import { Pager } from '../../../ui/Pager.tsx';
import { Skeleton } from '../../../ui/Skeleton.tsx';
import { useMe } from '../../auth/session.ts';
import { vacancyErrorText } from '../errors.ts';
import { sizeText } from '../format.ts';
import { StatusBadge } from '../MyResponses.tsx';

const BASE = '/profile/settings/company-vacancies';

function ResponseItem({ companyId, vacancyId, response }: { companyId: number; vacancyId: number; response: VacancyResponse }) {
  const { t, i18n } = useTranslation();
  const client = useQueryClient();
  const timeZone = useMe()?.timezone ?? browserTimezone();
  const [status, setStatus] = useState<VacancyResponseStatus>(response.status);
  const name = `${response.applicant.first_name} ${response.applicant.last_name}`.trim();
  const change = useMutation({
    mutationFn: (next: VacancyResponseDecision) => callApi(routes.updateVacancyResponse, { params: { id: companyId, vacancyId, responseId: response.id }, body: { status: next } }),
    onSuccess: async (answer) => {
      setStatus(answer.data.status);
      toast.success(t(`vacancies.status_set_${answer.data.status}`, { name }));
      await client.invalidateQueries({ queryKey: [routes.listCompanyVacancies.id] });
    },
    onError: (error) => toast.error(t('vacancies.status_failed', { reason: vacancyErrorText(t, error) })),
  });
  const download = useMutation({
    mutationFn: async () => {
      const cv = await callApi(routes.vacancyResponseCv, { params: { id: companyId, vacancyId, responseId: response.id } });
      await downloadFile(cv.data.url, cv.data.name);
    },
    onError: (error) => toast.error(t('vacancies.cv_download_failed', { reason: vacancyErrorText(t, error) })),
  });
  return (
    <li className="flex flex-col gap-3 rounded-2xl border border-line bg-surface p-4" data-testid="vacancy-response">
      <div className="flex flex-wrap items-start gap-3">
        <Avatar src={response.applicant.avatar_url} name={name} size={48} />
        <div className="min-w-0 flex-1">
          <p className="font-semibold break-words" data-testid="response-applicant">
            {name}
          </p>
          <p className="text-sm text-fg-muted">{[response.applicant.job, response.applicant.company].filter(Boolean).join(' · ')}</p>
          <a href={`mailto:${response.applicant.email}`} className="text-sm font-medium text-brand-ink underline break-all">
            {response.applicant.email}
          </a>
        </div>
        <StatusBadge status={status} />
      </div>
      {response.message ? <p className="whitespace-pre-line text-sm">{response.message}</p> : <p className="text-sm text-fg-muted">{t('vacancies.no_message')}</p>}
      {response.matches.length > 0 ? (
        <p className="text-sm text-emerald-800 dark:text-emerald-300">
          <span aria-hidden="true">✓ </span>
          {t('vacancies.applicant_matches', { skills: response.matches.map((skill) => skill.name).join(', ') })}
        </p>
      ) : null}
      <p className="text-xs text-fg-muted">{t('vacancies.responded_at', { date: formatDate(response.created_at, timeZone), time: formatTime(response.created_at, timeZone) })}</p>
      <div className="flex flex-wrap items-end gap-2">
        {response.cv ? (
          <Button variant="secondary" onClick={() => download.mutate()} disabled={download.isPending} data-testid="response-cv">
            {t('vacancies.cv_download', { name: response.cv.name, size: sizeText(response.cv.size, i18n.language) })}
          </Button>
        ) : null}
        <Button onClick={() => change.mutate('invited')} disabled={change.isPending || status === 'invited'} data-testid="response-invite">
          {t('vacancies.invite')}
        </Button>
        <Button variant="secondary" onClick={() => change.mutate('declined')} disabled={change.isPending || status === 'declined'} data-testid="response-decline">
          {t('vacancies.decline')}
        </Button>
      </div>
    </li>
  );
}

export function ResponsesList({ companyId }: { companyId: number }) {
  const { t } = useTranslation();
  const vacancyId = Number(useParams().vacancyId);
  const valid = Number.isInteger(vacancyId) && vacancyId > 0;
  const [page, setPage] = useState(1);
  const [filter, setFilter] = useState<VacancyResponseStatus | ''>('');
  const vacancy = useQuery({ ...apiQuery(routes.getCompanyVacancy, { params: { id: companyId, vacancyId } }), enabled: valid });
  // Read once per opening: a refetch would mark and show them all as seen while the admin reads.
  const query = useQuery({
    ...apiQuery(routes.listVacancyResponses, { params: { id: companyId, vacancyId }, query: { page, per_page: 20, ...(filter ? { 'filter[status]': filter } : {}) } }),
    enabled: valid,
    placeholderData: keepPreviousData,
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });
  const back = (
    <ButtonLink to={BASE} variant="ghost" className="self-start">
      {t('vacancies.back_to_list')}
    </ButtonLink>
  );
  if (!valid || vacancy.isError) return <EmptyState title={t('vacancies.not_found_title')} text={vacancy.isError ? vacancyErrorText(t, vacancy.error) : t('vacancies.not_found_text')} action={back} />;
  return (
    <div className="flex flex-col gap-4" data-testid="vacancy-responses">
      {back}
      <h2 className="text-xl font-bold break-words">{vacancy.data ? t('vacancies.responses_to', { title: vacancy.data.data.title }) : t('vacancies.responses')}</h2>
      <SelectField label={t('vacancies.status_filter')} value={filter} onChange={(e) => { setFilter(e.target.value as VacancyResponseStatus | ''); setPage(1); }} className="sm:max-w-xs">
        <option value="">{t('vacancies.status_any')}</option>
        {VACANCY_RESPONSE_STATUSES.map((status) => (
          <option key={status} value={status}>
            {t(`vacancies.status_${status}`)}
          </option>
        ))}
      </SelectField>
      {query.isPending ? (
        <Skeleton className="h-64" />
      ) : query.isError || !query.data ? (
        <EmptyState title={t('errors.server_error_title')} text={vacancyErrorText(t, query.error)} action={<Button onClick={() => void query.refetch()}>{t('errors.retry')}</Button>} />
      ) : query.data.data.length === 0 ? (
        <EmptyState title={t('vacancies.responses_empty_title')} text={filter ? t('vacancies.no_results') : t('vacancies.responses_empty_text')} />
      ) : (
        <>
          <ul className="flex flex-col gap-3">
            {query.data.data.map((response) => (
              <ResponseItem key={response.id} companyId={companyId} vacancyId={vacancyId} response={response} />
            ))}
          </ul>
          <Pager page={page} pages={query.data.meta.last_page} onPage={setPage} />
        </>
      )}
    </div>
  );
}
