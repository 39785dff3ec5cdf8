import { buildPath, routes } from '@lobby/contract';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { apiQuery } from '../../api/client.ts';
import { downloadFile } from '../../api/download.ts';
import { browserTimezone } from '../../lib/format.ts';
import { useDebouncedSearch } from '../../lib/use-debounced-search.ts';
import { Alert } from '../../ui/Alert.tsx';
import { Button, ButtonLink } from '../../ui/Button.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { Field } from '../../ui/Field.tsx';
import { Pager } from '../../ui/Pager.tsx';
import { Skeleton } from '../../ui/Skeleton.tsx';
import { apiErrorText } from '../auth/api-error.ts';
import { eventPath, useEventContext } from '../events/context.ts';
import { ParticipantGate } from '../favorites/ParticipantGate.tsx';
import { CapturePanel } from './CapturePanel.tsx';
import { LeadItem } from './LeadItem.tsx';

function LeadList({ eventId, companyId, timezone }: { eventId: number; companyId: number; timezone: string }) {
  const { t } = useTranslation();
  const { text, setText, search, page, setPage } = useDebouncedSearch();
  const list = useQuery({ ...apiQuery(routes.listLeads, { params: { eventId, id: companyId }, query: { page, per_page: 20, ...(search ? { 'filter[query]': search } : {}) } }), placeholderData: keepPreviousData, retry: false });
  const exporter = useMutation({ mutationFn: () => downloadFile(buildPath(routes.exportLeads.path, { eventId, id: companyId }), 'leads.csv', 'text/csv') });
  if (list.isPending) return <Skeleton className="h-40" />;
  if (list.isError) return <Alert tone="error">{apiErrorText(t, list.error)}</Alert>;
  const { data, meta, role } = list.data;
  return (
    <section aria-labelledby="leads-title" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 id="leads-title" className="text-lg font-bold">
          {t(role === 'admin' ? 'leads.list_title' : 'leads.list_mine', { count: meta.total })}
        </h2>
        {role === 'admin' ? (
          <Button variant="secondary" disabled={exporter.isPending || meta.total === 0} onClick={() => exporter.mutate()} data-testid="leads-export">
            {t('leads.export')}
          </Button>
        ) : null}
      </div>
      {exporter.isError ? <Alert tone="error">{apiErrorText(t, exporter.error)}</Alert> : null}
      <Field type="search" label={t('leads.search')} value={text} onChange={(e) => setText(e.target.value)} className="sm:max-w-sm" />
      {data.length === 0 ? <EmptyState title={t('leads.empty_title')} text={t('leads.empty_text')} /> : null}
      <ul className="flex flex-col gap-3" data-testid="leads">
        {data.map((lead) => (
          <LeadItem key={`${lead.id}-${lead.updated_at}`} eventId={eventId} lead={lead} timezone={timezone} />
        ))}
      </ul>
      <Pager page={page} pages={meta.last_page} onPage={setPage} />
    </section>
  );
}

/** /companies/{id}/leads: the booth's visitors, scanned by its staff; every lead for its admins. */
export function Component() {
  const { t } = useTranslation();
  const { event, member, slug } = useEventContext();
  const companyId = Number(useParams().companyId);
  const timezone = member?.user.timezone ?? browserTimezone();
  const company = useQuery({ ...apiQuery(routes.getCompany, { params: { eventId: event.id, id: companyId } }), enabled: member !== null });
  return (
    <ParticipantGate event={event} member={member}>
      <div className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-8" data-testid="leads-page">
        <div>
          <ButtonLink to={eventPath(slug, `companies/${companyId}`)} variant="ghost" className="-ml-4">
            {t('leads.back')}
          </ButtonLink>
          <h1 className="text-3xl font-bold tracking-tight">{t('leads.title', { company: company.data?.data.name ?? '' })}</h1>
          <p className="mt-1 text-sm text-fg-muted">{t('leads.intro')}</p>
        </div>
        <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-[22rem_minmax(0,1fr)]">
          <CapturePanel eventId={event.id} companyId={companyId} />
          <LeadList eventId={event.id} companyId={companyId} timezone={timezone} />
        </div>
      </div>
    </ParticipantGate>
  );
}
