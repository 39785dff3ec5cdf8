import { pageRoutes } from '../../api/route-refs.ts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { listMembers, RouteOutput } from '@lobby/contract';
import { memo, useDeferredValue } from 'react';
import type { Params } from 'react-router';
import { useTranslation } from 'react-i18next';
import { apiQuery } from '../../api/client.ts';
import { queryClient } from '../../api/query-client.ts';
import { isSignedIn } from '../../api/session.ts';
import { Button } from '../../ui/Button.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { Pager } from '../../ui/Pager.tsx';
import { Skeleton } from '../../ui/Skeleton.tsx';
import { dictionariesQuery, useDictionaries } from '../dictionaries/use-dictionaries.ts';
import { eventPath, useEventContext } from '../events/context.ts';
import { slugOf, whenEventKnown } from '../events/queries.ts';
import { MemberCardView } from './MemberCardView.tsx';
import { MemberFilters } from './MemberFilters.tsx';
import { accessOf, SectionGate } from './SectionGate.tsx';
import { readFilters, toApiQuery, useMemberFilters, type MemberFilters as Filters } from './use-member-filters.ts';

const membersQuery = (eventId: number, filters: Filters) => ({ ...apiQuery(pageRoutes.listMembers, { params: { eventId }, query: toApiQuery(filters) }), placeholderData: keepPreviousData });

/**
 * On the first load, the list and the dictionaries are asked for as soon as the event's id is
 * known, beside the membership the gate reads, rather than after the gate has rendered. A ticket
 * without networking gets its 403 here and the gate's message on the page, as before.
 */
export function prefetch(params: Params, url: URL): void {
  if (!isSignedIn()) return;
  whenEventKnown(slugOf(params), (eventId) => {
    void queryClient.prefetchQuery(membersQuery(eventId, readFilters(url.searchParams)));
    void queryClient.prefetchQuery(dictionariesQuery(eventId));
  });
}

type MemberList = RouteOutput<typeof listMembers>;
type Dictionaries = ReturnType<typeof useDictionaries>;

/**
 * The cards of one page. It renders from a deferred copy of the answer (Directory), so a new page
 * of people is rendered in short slices between which the browser paints and handles input, not
 * in one long task as the answer arrives; memo keeps the urgent render from redoing the cards.
 */
const MemberCards = memo(function MemberCards({ list, label, eventId, slug }: { list: MemberList; label: Dictionaries['label']; eventId: number; slug: string }) {
  return (
    <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3" data-testid="members-list">
      {list.data.map((card) => (
        <MemberCardView key={card.id} card={card} eventId={eventId} to={eventPath(slug, `members/${card.id}`)} regionLabel={card.user.region ? label('regions', card.user.region) : undefined} />
      ))}
    </ul>
  );
});

function Directory({ eventId, slug }: { eventId: number; slug: string }) {
  const { t } = useTranslation();
  const state = useMemberFilters();
  const { filters, update } = state;
  const dictionaries = useDictionaries(eventId);
  const query = useQuery(membersQuery(eventId, filters));
  const list = useDeferredValue(query.data);
  const filtered = Boolean(filters.q || filters.geo || filters.offer || filters.looking || filters.feature);
  return (
    <div className="flex flex-col gap-4">
      <MemberFilters eventId={eventId} state={state} />
      <div aria-live="polite" aria-busy={query.isFetching || list !== query.data}>
        {query.isError ? (
          <EmptyState title={t('errors.server_error_title')} text={t('errors.server_error_text')} action={<Button onClick={() => void query.refetch()}>{t('errors.retry')}</Button>} />
        ) : !list ? (
          <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3" data-testid="members-loading">
            {[0, 1, 2, 3, 4, 5].map((n) => (
              <Skeleton key={n} className="h-28" />
            ))}
          </div>
        ) : list.data.length === 0 ? (
          <EmptyState
            title={t('members.empty_title')}
            text={filtered ? t('members.no_matches') : t('members.empty_text')}
            action={filtered ? <Button variant="secondary" onClick={() => { state.setText(''); update({ q: '', geo: '', offer: '', looking: '', feature: '' }); }}>{t('members.clear_filters')}</Button> : undefined}
          />
        ) : (
          <div className="flex flex-col gap-4">
            <p className="text-sm text-fg-muted">{t('members.count', { count: list.meta.total })}</p>
            <MemberCards list={list} label={dictionaries.label} eventId={eventId} slug={slug} />
            <Pager page={filters.page} pages={list.meta.last_page} onPage={(page) => update({ page })} />
          </div>
        )}
      </div>
    </div>
  );
}

/** members: the people of the event, for tickets with networking (forbidden on general). */
export function Component() {
  const { t } = useTranslation();
  const { event, member } = useEventContext();
  return (
    <SectionGate section="members" event={event} member={member}>
      <div className="mx-auto max-w-6xl px-4 py-8" data-testid="members-page">
        <h1 className="mb-4 text-3xl font-bold tracking-tight">{t('members.title')}</h1>
        {accessOf('members', member) === 'ok' ? <Directory eventId={event.id} slug={event.slug} /> : null}
      </div>
    </SectionGate>
  );
}
