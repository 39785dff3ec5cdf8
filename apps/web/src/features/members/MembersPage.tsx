import { routes, MemberRole } from '@lobby/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { apiQuery } from '../../api/client.ts';
import { useDebouncedSearch } from '../../lib/use-debounced-search.ts';
import { Avatar } from '../../ui/Avatar.tsx';
import { Badge } from '../../ui/Badge.tsx';
import { Button } from '../../ui/Button.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { Pager } from '../../ui/Pager.tsx';
import { Skeleton } from '../../ui/Skeleton.tsx';
import { useEventContext } from '../events/context.ts';
import { accessOf, SectionGate } from './SectionGate.tsx';

function Directory({ eventId }: { eventId: number }) {
  const { t } = useTranslation();
  const id = useId();
  const { text, setText, search, page, setPage } = useDebouncedSearch();
  const query = useQuery({
    ...apiQuery(routes.listMembers, { params: { eventId }, query: { page, ...(search ? { 'filter[query]': search } : {}) } }),
    placeholderData: keepPreviousData,
  });
  const list = query.data;
  return (
    <div className="flex flex-col gap-4">
      <label htmlFor={id} className="sr-only">
        {t('members.search_label')}
      </label>
      <input id={id} type="search" value={text} onChange={(e) => setText(e.target.value)} placeholder={t('members.search_placeholder')} className="min-h-11 w-full rounded-xl border border-line bg-surface px-4 text-sm sm:w-80" />
      {query.isPending ? (
        <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {[0, 1, 2].map((n) => (
            <Skeleton key={n} className="h-24" />
          ))}
        </div>
      ) : query.isError || !list ? (
        <EmptyState title={t('errors.server_error_title')} text={t('errors.server_error_text')} action={<Button onClick={() => void query.refetch()}>{t('errors.retry')}</Button>} />
      ) : list.data.length === 0 ? (
        <EmptyState title={t('members.empty_title')} text={search ? t('members.no_results', { query: search }) : t('members.empty_text')} />
      ) : (
        <>
          <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3" data-testid="members-list">
            {list.data.map((card) => {
              const name = [card.user.first_name, card.user.last_name].filter(Boolean).join(' ') || t('members.unnamed');
              return (
                <li key={card.id} className="flex items-center gap-3 rounded-2xl border border-line bg-surface p-4">
                  <Avatar name={name} src={card.user.avatar_url} size={48} />
                  <div className="min-w-0">
                    <p className="truncate font-semibold">{name}</p>
                    {card.user.job ? <p className="truncate text-sm text-fg-muted">{card.user.job}</p> : null}
                    <div className="mt-1 flex flex-wrap gap-1">
                      {card.is_organizer ? <Badge tone="brand">{t('event.organiser')}</Badge> : null}
                      {card.role_ids.includes(MemberRole.Speaker) ? <Badge>{t('members.speaker')}</Badge> : null}
                      {card.role_ids.includes(MemberRole.Sponsor) ? <Badge tone="warning">{t('members.sponsor')}</Badge> : null}
                    </div>
                  </div>
                </li>
              );
            })}
          </ul>
          <Pager page={page} pages={list.meta.last_page} onPage={setPage} />
        </>
      )}
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
        {accessOf('members', member) === 'ok' ? <Directory eventId={event.id} /> : null}
      </div>
    </SectionGate>
  );
}
