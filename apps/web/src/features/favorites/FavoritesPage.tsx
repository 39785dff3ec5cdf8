import { routes } from '@lobby/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, NavLink, useParams } from 'react-router';
import { apiQuery } from '../../api/client.ts';
import { Button } from '../../ui/Button.tsx';
import { cn } from '../../ui/cn.ts';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { Pager } from '../../ui/Pager.tsx';
import { Skeleton } from '../../ui/Skeleton.tsx';
import { NotFoundPage } from '../errors/pages.tsx';
import { SectionGate } from '../members/SectionGate.tsx';
import { FavoriteLectures } from '../program/FavoriteLectures.tsx';
import { eventPath, useEventContext } from '../events/context.ts';
import { CompactCompanyCard, CompactMemberCard } from './cards.tsx';
import { ParticipantGate } from './ParticipantGate.tsx';

/** The tabs (product.md section 2: users, lectures, companies). */
const TABS = ['users', 'lectures', 'companies'] as const;
type Tab = (typeof TABS)[number];

export function ListSkeleton() {
  return (
    <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3" data-testid="list-loading">
      {[0, 1, 2].map((n) => (
        <Skeleton key={n} className="h-24" />
      ))}
    </div>
  );
}

export function ListError({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return <EmptyState title={t('errors.server_error_title')} text={t('errors.server_error_text')} action={<Button onClick={onRetry}>{t('errors.retry')}</Button>} />;
}

/** Cards unstarred here leave the list at once; a failed unstar brings them back. */
function useHidden() {
  const [hidden, setHidden] = useState<ReadonlySet<number>>(new Set());
  const toggle = (id: number) => (starred: boolean) =>
    setHidden((current) => {
      const next = new Set(current);
      if (starred) next.delete(id);
      else next.add(id);
      return next;
    });
  return { hidden, toggle };
}

function FavoriteList({ eventId, tab }: { eventId: number; tab: Exclude<Tab, 'lectures'> }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const { hidden, toggle } = useHidden();
  const members = useQuery({ ...apiQuery(routes.listFavoriteMembers, { params: { eventId }, query: { page } }), placeholderData: keepPreviousData, enabled: tab === 'users' });
  const companies = useQuery({ ...apiQuery(routes.listFavoriteCompanies, { params: { eventId }, query: { page } }), placeholderData: keepPreviousData, enabled: tab === 'companies' });
  const query = tab === 'users' ? members : companies;
  if (query.isPending) return <ListSkeleton />;
  if (query.isError) return <ListError onRetry={() => void query.refetch()} />;
  const meta = query.data.meta;
  const memberCards = tab === 'users' ? (members.data?.data ?? []).filter((card) => !hidden.has(card.id)) : [];
  const companyCards = tab === 'companies' ? (companies.data?.data ?? []).filter((card) => !hidden.has(card.id)) : [];
  if (memberCards.length === 0 && companyCards.length === 0) {
    return <EmptyState title={t(`favorites.empty_${tab}_title`)} text={t(`favorites.empty_${tab}_text`)} />;
  }
  return (
    <>
      <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3" data-testid={`favorites-${tab}`}>
        {memberCards.map((card) => (
          <CompactMemberCard key={card.id} eventId={eventId} card={card} onToggle={toggle(card.id)} />
        ))}
        {companyCards.map((card) => (
          <CompactCompanyCard key={card.id} eventId={eventId} card={card} onToggle={toggle(card.id)} />
        ))}
      </ul>
      <Pager page={page} pages={meta.last_page} onPage={setPage} />
    </>
  );
}

/** /favorites -> /favorites/users; tabs users, lectures and companies (product.md section 2). */
export function Component() {
  const { t } = useTranslation();
  const { event, member, slug } = useEventContext();
  const tab = useParams()['*'] ?? '';
  if (tab === '') return <Navigate to={eventPath(slug, 'favorites/users')} replace />;
  if (!(TABS as readonly string[]).includes(tab)) return <NotFoundPage />;
  return (
    <ParticipantGate event={event} member={member}>
      <div className="mx-auto max-w-6xl px-4 py-8" data-testid="favorites-page">
        <h1 className="mb-4 text-3xl font-bold tracking-tight">{t('favorites.title')}</h1>
        <nav aria-label={t('favorites.tabs')} className="mb-4 flex gap-1 overflow-x-auto border-b border-line">
          {TABS.map((name) => (
            <NavLink
              key={name}
              to={eventPath(slug, `favorites/${name}`)}
              className={({ isActive }) => cn('-mb-px inline-flex min-h-11 items-center whitespace-nowrap border-b-2 px-3 text-sm font-semibold', isActive ? 'border-brand text-brand-ink' : 'border-transparent text-fg-muted hover:text-fg')}
            >
              {t(`favorites.tab_${name}`)}
            </NavLink>
          ))}
        </nav>
        {tab === 'lectures' ? (
          <SectionGate section="program" event={event} member={member}>
            <FavoriteLectures eventId={event.id} slug={slug} />
          </SectionGate>
        ) : (
          <FavoriteList key={tab} eventId={event.id} tab={tab as Exclude<Tab, 'lectures'>} />
        )}
      </div>
    </ParticipantGate>
  );
}
