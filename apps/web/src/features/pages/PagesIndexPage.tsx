import type { PageKind, PageSummary } from '@lobby/contract';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Icon } from '../../app/shell/icons.tsx';
import { Skeleton } from '../../ui/Skeleton.tsx';
import { signedInOnly } from '../auth/guards.ts';
import { eventPath, useEventContext } from '../events/context.ts';
import { FrameIcon, PagesIcon, PartyIcon } from './nav-icons.tsx';
import { pagesQuery } from './queries.ts';
import { PageFailure, PagesEmpty, PagesSection } from './reading-parts.tsx';
import { pagePathOf } from './reading.ts';

export const loader = signedInOnly;

const KIND_ICON: Record<PageKind, Icon> = { stub: PagesIcon, frame: FrameIcon, partyspace: PartyIcon };

function PageCard({ page, to }: { page: PageSummary; to: string }) {
  const { t } = useTranslation();
  const KindIcon = KIND_ICON[page.kind];
  return (
    <li className="relative flex items-center gap-4 rounded-2xl border border-line bg-surface p-4 hover:bg-surface-muted focus-within:ring-2 focus-within:ring-brand" data-testid="page-card">
      <span className="flex size-11 shrink-0 items-center justify-center rounded-xl bg-surface-muted text-brand-ink">
        <KindIcon className="size-6" />
      </span>
      <div className="flex min-w-0 flex-1 flex-col gap-0.5">
        <h2 className="font-semibold leading-snug break-words">
          <Link to={to} className="after:absolute after:inset-0 after:rounded-2xl focus:outline-none">
            {page.title}
          </Link>
        </h2>
        <p className="text-sm text-fg-muted">{t(`pages.kind_${page.kind}`)}</p>
      </div>
    </li>
  );
}

function PagesList() {
  const { t } = useTranslation();
  const { event, slug } = useEventContext();
  const query = useQuery(pagesQuery(event.id));
  if (query.isPending) {
    return (
      <ul className="flex flex-col gap-3" aria-hidden="true" data-testid="pages-loading">
        {[0, 1, 2].map((n) => (
          <li key={n}>
            <Skeleton className="h-20" />
          </li>
        ))}
      </ul>
    );
  }
  if (query.isError) return <PageFailure error={query.error} retry={() => void query.refetch()} />;
  const pages = query.data.data;
  if (pages.length === 0) return <PagesEmpty title={t('pages.empty_title')} text={t('pages.empty_text')} />;
  return (
    <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2" data-testid="pages-list">
      {pages.map((page) => (
        <PageCard key={page.slug} page={page} to={eventPath(slug, pagePathOf(page))} />
      ))}
    </ul>
  );
}

/** stub: the organiser's published pages of the event (built pages, framed pages, the evening programme). */
export function Component() {
  const { t } = useTranslation();
  return (
    <PagesSection testId="pages-index">
      <div className="mx-auto flex w-full max-w-4xl flex-col gap-6">
        <header className="flex flex-col gap-1">
          <h1 className="text-3xl font-bold tracking-tight">{t('pages.title')}</h1>
          <p className="text-fg-muted">{t('pages.lead')}</p>
        </header>
        <PagesList />
      </div>
    </PagesSection>
  );
}
