import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { Badge } from '../../ui/Badge.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { Skeleton } from '../../ui/Skeleton.tsx';
import { signedInOnly } from '../auth/guards.ts';
import { eventPath, useEventContext } from '../events/context.ts';
import { topQuery } from './api.ts';
import { Failure, VotingState, WithShowcase } from './ShowcasePage.tsx';

export const loader = signedInOnly;

function Top({ slug: showcaseSlug }: { slug: string }) {
  const { t } = useTranslation();
  const { event, slug } = useEventContext();
  const query = useQuery(topQuery(event.id, showcaseSlug));
  if (query.isPending) return <Skeleton className="h-64" />;
  if (query.isError) return <Failure error={query.error} retry={() => void query.refetch()} />;
  const { data: categories, meta } = query.data;
  return (
    <div className="flex flex-col gap-6">
      <p className="text-sm text-fg-muted" data-testid="top-rule">
        {t('showcase.top_rule', { min: meta.min_votes, count: meta.top_count })}
      </p>
      {categories.map(({ category, entries }) => (
        <section key={category.id} className="flex flex-col gap-3" data-testid="top-category">
          <h2 className="text-xl font-bold">{category.name}</h2>
          {entries.length === 0 ? (
            <p className="text-sm text-fg-muted">{t('showcase.top_empty', { min: meta.min_votes })}</p>
          ) : (
            <ol className="flex flex-col gap-2">
              {entries.map(({ rank, votes, entry }) => (
                <li key={entry.id} className="flex items-center gap-3 rounded-2xl border border-line p-3" data-testid="top-entry">
                  <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-surface-muted text-lg font-bold" aria-label={t('showcase.rank', { rank })}>
                    {rank}
                  </span>
                  {entry.game.icon_url ? <img src={entry.game.icon_url} alt="" className="size-12 shrink-0 rounded-xl object-cover" /> : null}
                  <div className="min-w-0 flex-1">
                    <Link to={eventPath(slug, `showcase/${showcaseSlug}/showcase-game/${entry.id}`)} className="font-semibold break-words hover:underline" data-testid="top-entry-name">
                      {entry.game.name}
                    </Link>
                    <p className="text-sm text-fg-muted break-words">{entry.game.company.name}</p>
                  </div>
                  <Badge tone="brand">
                    <span data-testid="top-entry-votes">{t('showcase.votes', { count: votes })}</span>
                  </Badge>
                </li>
              ))}
            </ol>
          )}
        </section>
      ))}
      {categories.length === 0 ? <EmptyState title={t('showcase.top_none_title')} text={t('showcase.top_empty', { min: meta.min_votes })} /> : null}
    </div>
  );
}

/** showcase-top/{slug?}: per category, the entries that reached the finals (at least min_votes), most votes first, top_count of them. */
export function Component() {
  const { t } = useTranslation();
  const { slug } = useEventContext();
  const given = useParams().id;
  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-4 px-4 py-8" data-testid="showcase-top-page">
      <WithShowcase slug={given}>
        {(showcase) => (
          <>
            <Link to={eventPath(slug, `showcase/${showcase.slug}`)} className="self-start text-sm font-semibold text-brand-ink underline">
              {t('showcase.back', { title: showcase.title })}
            </Link>
            <h1 className="text-3xl font-bold tracking-tight break-words">{t('showcase.top_title', { title: showcase.title })}</h1>
            <VotingState showcase={showcase} />
            <Top slug={showcase.slug} />
          </>
        )}
      </WithShowcase>
    </div>
  );
}
