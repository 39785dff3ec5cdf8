import { routes, type CompanyVacancy } from '@lobby/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { apiQuery, callApi } from '../../../api/client.ts';
import { browserTimezone, formatDate } from '../../../lib/format.ts';
import { Badge } from '../../../ui/Badge.tsx';
import { Button, ButtonLink } from '../../../ui/Button.tsx';
import { EmptyState } from '../../../ui/EmptyState.tsx';
import { Modal } from '../../../ui/Modal.tsx';
import { Pager } from '../../../ui/Pager.tsx';
import { Skeleton } from '../../../ui/Skeleton.tsx';
import { useMe } from '../../auth/session.ts';
import { vacancyErrorText } from '../errors.ts';

const BASE = '/profile/settings/company-vacancies';
const STATE_TONE = { open: 'success', closed: 'warning', draft: 'neutral' } as const;

function DeleteDialog({ companyId, vacancy, onClose }: { companyId: number; vacancy: CompanyVacancy; onClose: () => void }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const remove = useMutation({
    mutationFn: () => callApi(routes.deleteVacancy, { params: { id: companyId, vacancyId: vacancy.id } }),
    onSuccess: async () => {
      toast.success(t('vacancies.deleted'));
      await client.invalidateQueries({ queryKey: [routes.listCompanyVacancies.id] });
      onClose();
    },
    onError: (error) => toast.error(t('vacancies.delete_failed', { reason: vacancyErrorText(t, error) })),
  });
  return (
    <Modal title={t('vacancies.delete_title')} onClose={onClose} size="md" testId="vacancy-delete-dialog">
      <p className="mb-4 text-sm">{t('vacancies.delete_text', { title: vacancy.title, count: vacancy.responses.total })}</p>
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={onClose}>
          {t('vacancies.cancel')}
        </Button>
        <Button onClick={() => remove.mutate()} disabled={remove.isPending} className="bg-red-700 text-white" data-testid="vacancy-delete-confirm">
          {t('vacancies.delete')}
        </Button>
      </div>
    </Modal>
  );
}

/** The company's vacancies, drafts and closed ones too, with their responses' counts. */
export function VacancyList({ companyId }: { companyId: number }) {
  const { t } = useTranslation();
  const timeZone = useMe()?.timezone ?? browserTimezone();
  const [page, setPage] = useState(1);
  const [deleting, setDeleting] = useState<CompanyVacancy | null>(null);
  const query = useQuery({ ...apiQuery(routes.listCompanyVacancies, { params: { id: companyId }, query: { page, per_page: 20 } }), placeholderData: keepPreviousData });
  const create = (
    <ButtonLink to={`${BASE}/new`} data-testid="vacancy-new">
      {t('vacancies.new')}
    </ButtonLink>
  );
  if (query.isPending) return <Skeleton className="h-64" />;
  if (query.isError || !query.data) return <EmptyState title={t('errors.server_error_title')} text={vacancyErrorText(t, query.error)} action={<Button onClick={() => void query.refetch()}>{t('errors.retry')}</Button>} />;
  const list = query.data;
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-fg-muted">{t('vacancies.settings_intro')}</p>
        {create}
      </div>
      {list.data.length === 0 ? (
        <EmptyState title={t('vacancies.settings_empty_title')} text={t('vacancies.settings_empty_text')} />
      ) : (
        <ul className="flex flex-col gap-3" data-testid="company-vacancy-list">
          {list.data.map((vacancy) => (
            <li key={vacancy.id} className="flex flex-col gap-3 rounded-2xl border border-line bg-surface p-4" data-testid="company-vacancy">
              <div className="flex flex-wrap items-start justify-between gap-2">
                <div className="min-w-0">
                  <p className="font-semibold break-words">{vacancy.title}</p>
                  <p className="text-sm text-fg-muted">
                    {t(`vacancies.seniority_${vacancy.seniority}`)}
                    {vacancy.closes_at ? ` · ${t('vacancies.closes_on', { date: formatDate(vacancy.closes_at, timeZone) })}` : ''}
                  </p>
                </div>
                <Badge tone={STATE_TONE[vacancy.state]}>{t(`vacancies.state_${vacancy.state}`)}</Badge>
              </div>
              <div className="flex flex-wrap items-center gap-2">
                <ButtonLink to={`${BASE}/${vacancy.id}/responses`} variant="secondary" data-testid="vacancy-responses-link">
                  {t('vacancies.responses_count', { count: vacancy.responses.total })}
                  {vacancy.responses.new > 0 ? <Badge tone="brand">{t('vacancies.new_count', { count: vacancy.responses.new })}</Badge> : null}
                </ButtonLink>
                <ButtonLink to={`${BASE}/${vacancy.id}/edit`} variant="ghost" aria-label={t('vacancies.edit_named', { title: vacancy.title })}>
                  {t('vacancies.edit')}
                </ButtonLink>
                <Button variant="ghost" onClick={() => setDeleting(vacancy)} aria-label={t('vacancies.delete_named', { title: vacancy.title })}>
                  {t('vacancies.delete')}
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
      <Pager page={page} pages={list.meta.last_page} onPage={setPage} />
      {deleting ? <DeleteDialog companyId={companyId} vacancy={deleting} onClose={() => setDeleting(null)} /> : null}
    </div>
  );
}
