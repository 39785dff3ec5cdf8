import type { Booth, GameCard } from '@lobby/contract';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ButtonLink } from '../../ui/Button.tsx';
import { cn } from '../../ui/cn.ts';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { Pager } from '../../ui/Pager.tsx';
import { Skeleton } from '../../ui/Skeleton.tsx';
import { signedInOnly } from '../auth/guards.ts';
import { CompanyChatButton } from '../chat/StartChat.tsx';
import { CompanyLogo } from '../companies/CompanyLogo.tsx';
import { tierStyle, type TierStyle } from '../companies/tier.ts';
import { useDictionaries } from '../dictionaries/use-dictionaries.ts';
import { eventPath, useEventContext } from '../events/context.ts';
import { SectionGate } from '../members/SectionGate.tsx';
import { boothsQuery } from './api.ts';
import { Failure, People, TierBadge } from './parts.tsx';

export const loader = signedInOnly;

/** How big a tier's booths are: the grid of its row and the size of the logo. */
const SIZES: Record<TierStyle['level'], { grid: string; logo: number; games: number; summary: boolean; wide: boolean }> = {
  top: { grid: '', logo: 96, games: 6, summary: true, wide: true },
  high: { grid: 'md:grid-cols-2', logo: 72, games: 4, summary: true, wide: false },
  mid: { grid: 'sm:grid-cols-2 xl:grid-cols-3', logo: 56, games: 3, summary: false, wide: false },
  base: { grid: 'sm:grid-cols-2 xl:grid-cols-3', logo: 56, games: 3, summary: false, wide: false },
  none: { grid: 'sm:grid-cols-2 xl:grid-cols-3', logo: 56, games: 3, summary: false, wide: false },
};

/** Consecutive booths of one tier, in the order the hall ranks them. */
function groupsOf(booths: Booth[]): { tier: number | null; booths: Booth[] }[] {
  const groups: { tier: number | null; booths: Booth[] }[] = [];
  for (const booth of booths) {
    const last = groups.at(-1);
    if (last && last.tier === booth.sponsor_type) last.booths.push(booth);
    else groups.push({ tier: booth.sponsor_type, booths: [booth] });
  }
  return groups;
}

function GameTile({ game, slug, large }: { game: GameCard; slug: string; large: boolean }) {
  const picture = large ? (game.cover_url ?? game.icon_url) : (game.icon_url ?? game.cover_url);
  return (
    <li className={large ? 'w-36 shrink-0 sm:w-40' : 'w-20 shrink-0'}>
      <Link to={eventPath(slug, `game/${game.id}`)} className="group flex flex-col gap-1 rounded-xl focus-visible:outline-2 focus-visible:outline-brand" data-testid="booth-game">
        {picture ? (
          <img src={picture} alt="" className={cn('w-full rounded-xl border border-line object-cover', large ? 'aspect-video' : 'aspect-square')} />
        ) : (
          <span aria-hidden="true" className={cn('flex w-full items-center justify-center rounded-xl border border-line bg-surface-muted text-lg font-bold text-fg-muted', large ? 'aspect-video' : 'aspect-square')}>
            {game.name.slice(0, 1).toUpperCase()}
          </span>
        )}
        <span className="line-clamp-2 text-xs font-semibold break-words group-hover:underline">{game.name}</span>
      </Link>
    </li>
  );
}

function BoothCard({ booth }: { booth: Booth }) {
  const { t } = useTranslation();
  const { event, slug } = useEventContext();
  const tier = tierStyle(booth.sponsor_type);
  const size = SIZES[tier.level];
  const games = booth.games.slice(0, size.games);
  return (
    <li className={cn('flex min-w-0 flex-col gap-3 rounded-2xl border bg-surface p-4', tier.card.replace('sm:col-span-2', ''))} data-testid="booth" data-tier={tier.level}>
      <header className="flex items-start gap-3">
        <CompanyLogo name={booth.name} src={booth.logo_url} size={size.logo} />
        <div className="flex min-w-0 flex-1 flex-col gap-1">
          <TierBadge eventId={event.id} type={booth.sponsor_type} />
          <h3 className={cn('font-bold break-words', tier.level === 'top' ? 'text-2xl' : 'text-lg')} data-testid="booth-name">
            {booth.name}
          </h3>
          {booth.location ? (
            <p className="flex items-center gap-1 text-sm text-fg-muted break-words" data-testid="booth-location">
              <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={1.8} strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false" className="size-4 shrink-0">
                <path d="M12 21s-6.5-5.6-6.5-11a6.5 6.5 0 0 1 13 0c0 5.4-6.5 11-6.5 11z" />
                <circle cx="12" cy="10" r="2.3" />
              </svg>
              <span className="sr-only">{t('expo.stand')}: </span>
              {booth.location}
            </p>
          ) : null}
        </div>
      </header>
      {size.summary && booth.summary ? <p className="text-sm break-words">{booth.summary}</p> : null}
      {games.length > 0 ? (
        <div className="flex flex-col gap-1">
          <h4 className="text-xs font-semibold uppercase tracking-wide text-fg-muted">{t('expo.games')}</h4>
          <ul className="flex gap-3 overflow-x-auto pb-1" aria-label={t('expo.games_of', { name: booth.name })}>
            {games.map((game) => (
              <GameTile key={game.id} game={game} slug={slug} large={tier.level === 'top' || tier.level === 'high'} />
            ))}
          </ul>
        </div>
      ) : null}
      {booth.contacts.length > 0 ? (
        <div className="flex flex-col gap-2">
          <h4 className="text-xs font-semibold uppercase tracking-wide text-fg-muted">{t('expo.people')}</h4>
          <People slug={slug} people={booth.contacts} compact wide={size.wide} />
        </div>
      ) : null}
      <div className="mt-auto flex flex-wrap gap-2 pt-1">
        <ButtonLink to={eventPath(slug, `companies/${booth.id}`)} variant="secondary" aria-label={t('expo.company_page_of', { name: booth.name })} data-testid="booth-company">
          {t('expo.company_page')}
        </ButtonLink>
        {booth.has_chat ? <CompanyChatButton companyId={booth.id} name={booth.name} /> : null}
      </div>
    </li>
  );
}

function Hall() {
  const { t } = useTranslation();
  const { event } = useEventContext();
  const dictionaries = useDictionaries(event.id);
  const [page, setPage] = useState(1);
  const query = useQuery(boothsQuery(event.id, page));
  if (query.isPending) {
    return (
      <div className="flex flex-col gap-4">
        <Skeleton className="h-64" />
        <Skeleton className="h-40" />
      </div>
    );
  }
  if (query.isError) return <Failure error={query.error} retry={() => void query.refetch()} />;
  if (query.data.data.length === 0) return <EmptyState title={t('expo.hall_empty_title')} text={t('expo.hall_empty_text')} />;
  return (
    <div className="flex flex-col gap-8" data-testid="expo-hall">
      {groupsOf(query.data.data).map((group, index) => {
        const level = tierStyle(group.tier).level;
        const title = group.tier === null ? t('expo.no_tier') : (dictionaries.label('sponsor.levels', group.tier) ?? t('companies.sponsor'));
        const headingId = `expo-tier-${index}`;
        return (
          <section key={`${group.tier ?? 'none'}-${index}`} aria-labelledby={headingId} className="flex flex-col gap-3" data-testid="expo-tier">
            <h2 id={headingId} className={cn('font-bold tracking-tight', level === 'top' ? 'text-2xl' : 'text-xl')}>
              {title}
            </h2>
            <ul className={cn('grid grid-cols-1 gap-4', SIZES[level].grid)}>
              {group.booths.map((booth) => (
                <BoothCard key={booth.id} booth={booth} />
              ))}
            </ul>
          </section>
        );
      })}
      <Pager page={page} pages={query.data.meta.last_page} onPage={setPage} />
    </div>
  );
}

/** expo: the exhibition hall, full screen: booths by sponsor tier, the higher the bigger. */
export function Component() {
  const { t } = useTranslation();
  const { event, member, slug } = useEventContext();
  const page = (
      <div className="min-h-[calc(100dvh-4rem)] bg-surface-muted/60" data-testid="expo-page">
        <div className="mx-auto flex max-w-7xl flex-col gap-6 px-4 py-6 sm:py-8">
          <header className="flex flex-wrap items-end justify-between gap-3">
            <div className="min-w-0">
              <h1 className="text-3xl font-bold tracking-tight">{t('expo.hall_title')}</h1>
              <p className="text-fg-muted">{t('expo.hall_lead', { event: event.title })}</p>
            </div>
            <ButtonLink to={eventPath(slug)} variant="ghost">
              {t('expo.back_home')}
            </ButtonLink>
          </header>
          <Hall />
        </div>
      </div>
  );
  // Any member sees the hall; the members gate only supplies the sign-in and join screens.
  return member ? page : <SectionGate section="members" event={event} member={null}>{page}</SectionGate>;
}
