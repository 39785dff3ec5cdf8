import { BADGE_BATCH_MAX, routes } from '@lobby/contract';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { apiQuery, callApi } from '../../api/client.ts';
import { browserTimezone } from '../../lib/format.ts';
import { useDebouncedSearch } from '../../lib/use-debounced-search.ts';
import { Alert } from '../../ui/Alert.tsx';
import { Button } from '../../ui/Button.tsx';
import { SelectField } from '../../ui/Controls.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { Field } from '../../ui/Field.tsx';
import { Pager } from '../../ui/Pager.tsx';
import { Skeleton } from '../../ui/Skeleton.tsx';
import { apiErrorText } from '../auth/api-error.ts';
import { eventPath, useEventContext } from '../events/context.ts';
import { SectionGate } from '../members/SectionGate.tsx';
import { AttendeeRow } from './AttendeeRow.tsx';
import { CheckInPanel } from './CheckInPanel.tsx';
import { refreshDesk } from './queries.ts';

type CheckedFilter = 'all' | 'in' | 'out';

function AttendeeList({ eventId, slug, timezone }: { eventId: number; slug: string; timezone: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { text, setText, search, page, setPage } = useDebouncedSearch();
  const [ticket, setTicket] = useState('');
  const [checked, setChecked] = useState<CheckedFilter>('all');
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const filter = { 'filter[query]': search || undefined, 'filter[ticket_type]': ticket ? [Number(ticket)] : undefined, 'filter[checked_in]': checked === 'all' ? undefined : checked === 'in' ? ('1' as const) : ('0' as const) };
  const list = useQuery({ ...apiQuery(routes.listVolunteerAttendees, { params: { eventId }, query: { page, per_page: 25, ...filter } }), placeholderData: keepPreviousData });
  const batch = useMutation({
    mutationFn: (body: { user_ids: number[] } | { filter: { query?: string; ticket_type?: number[]; checked_in?: boolean } }) => callApi(routes.printBadges, { params: { eventId }, body }),
    onSuccess: async ({ data }) => {
      setSelected(new Set());
      await refreshDesk();
      if (data.length > 0) await navigate(`${eventPath(slug, 'volunteer/badges/print')}?ids=${data.map((badge) => badge.id).join(',')}`);
    },
  });
  const total = list.data?.meta.total ?? 0;
  const toggle = (userId: number, on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(userId);
      else next.delete(userId);
      return next;
    });
  return (
    <section aria-labelledby="attendees-title" className="flex min-w-0 flex-col gap-4">
      <h2 id="attendees-title" className="text-lg font-bold">
        {t('volunteer.attendees', { count: total })}
      </h2>
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-3">
        <Field type="search" label={t('volunteer.search_label')} value={text} onChange={(e) => setText(e.target.value)} data-testid="desk-search" />
        <SelectField label={t('volunteer.ticket_filter')} value={ticket} onChange={(e) => { setTicket(e.target.value); setPage(1); }} data-testid="desk-ticket">
          <option value="">{t('volunteer.all_tickets')}</option>
          {list.data?.ticket_types.map((type) => (
            <option key={type.id} value={type.id}>
              {type.name}
            </option>
          ))}
        </SelectField>
        <SelectField label={t('volunteer.state_filter')} value={checked} onChange={(e) => { setChecked(e.target.value as CheckedFilter); setPage(1); }} data-testid="desk-state">
          <option value="all">{t('volunteer.state_all')}</option>
          <option value="in">{t('volunteer.state_in')}</option>
          <option value="out">{t('volunteer.state_out')}</option>
        </SelectField>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button disabled={selected.size === 0 || batch.isPending} onClick={() => batch.mutate({ user_ids: [...selected] })} data-testid="print-selected">
          {t('volunteer.print_selected', { count: selected.size })}
        </Button>
        {total > 0 && total <= BADGE_BATCH_MAX ? (
          <Button
            variant="secondary"
            disabled={batch.isPending}
            onClick={() => batch.mutate({ filter: { ...(search ? { query: search } : {}), ...(ticket ? { ticket_type: [Number(ticket)] } : {}), ...(checked === 'all' ? {} : { checked_in: checked === 'in' }) } })}
            data-testid="print-found"
          >
            {t('volunteer.print_found', { count: total })}
          </Button>
        ) : null}
      </div>
      {batch.isError ? <Alert tone="error">{apiErrorText(t, batch.error)}</Alert> : null}
      {list.isPending ? <Skeleton className="h-40" /> : null}
      {list.isError ? (
        <Alert tone="error">
          {apiErrorText(t, list.error)}{' '}
          <button type="button" className="font-semibold underline" onClick={() => void list.refetch()}>
            {t('volunteer.retry')}
          </button>
        </Alert>
      ) : null}
      {list.data && list.data.data.length === 0 ? <EmptyState title={t('volunteer.empty_title')} text={t('volunteer.empty_text')} /> : null}
      <ul className="flex flex-col gap-3" data-testid="attendees">
        {list.data?.data.map((attendee) => (
          <AttendeeRow key={attendee.user_id} eventId={eventId} slug={slug} attendee={attendee} timezone={timezone} selected={selected.has(attendee.user_id)} onSelect={(on) => toggle(attendee.user_id, on)} />
        ))}
      </ul>
      {list.data ? <Pager page={page} pages={list.data.meta.last_page} onPage={setPage} /> : null}
    </section>
  );
}

/** /volunteer/badges (product.md section 2): the badge desk of Helpers, organisers and staff. */
export function Component() {
  const { t } = useTranslation();
  const { event, member, slug } = useEventContext();
  const timezone = member?.user.timezone ?? browserTimezone();
  return (
    <SectionGate section="volunteer" event={event} member={member}>
      <div className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-8" data-testid="badge-desk">
        <div>
          <h1 className="text-3xl font-bold tracking-tight">{t('volunteer.title')}</h1>
          <p className="mt-1 text-sm text-fg-muted">{t('volunteer.intro')}</p>
        </div>
        <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
          <AttendeeList eventId={event.id} slug={slug} timezone={timezone} />
          <CheckInPanel eventId={event.id} timezone={timezone} />
        </div>
      </div>
    </SectionGate>
  );
}
