// What the organiser pages' routes share: the frame around a page, its loading, failure and empty
// states, and a loaded page shown by its kind (blocks through PageRenderer, or the framed address).
import { IFRAME_DEFAULT_HEIGHT, PAGE_CONTENT_WIDTH, type Page, type PageKind } from '@lobby/contract';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate } from 'react-router';
import { ApiError } from '../../api/errors.ts';
import { Button } from '../../ui/Button.tsx';
import { cn } from '../../ui/cn.ts';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { Skeleton } from '../../ui/Skeleton.tsx';
import { apiErrorText } from '../auth/api-error.ts';
import { NotFoundPage } from '../errors/pages.tsx';
import { eventPath, useEventContext } from '../events/context.ts';
import { SectionGate } from '../members/SectionGate.tsx';
import { PageFormContext, type PageFormTarget } from './form-context.ts';
import { PageRenderer } from './PageRenderer.tsx';
import { frameOrigin } from './page-rules.ts';
import { pageQuery, sendPageForm } from './queries.ts';
import { documentTitleOf, opensWithHeading, pagePathOf } from './reading.ts';
import { useFrameHeight } from './use-frame-height.ts';

/** A reading page of the section: gated like the section (forbidden on a general ticket). */
export function PagesSection({ children, testId }: { children: ReactNode; testId: string }) {
  const { event, member } = useEventContext();
  return (
    <SectionGate section="pages" event={event} member={member}>
      <div className="flex flex-col gap-6 px-4 py-8" data-testid={testId}>
        {children}
      </div>
    </SectionGate>
  );
}

/** The link back to the Pages index, at the width of what follows. */
export function BackToPages({ wide = false }: { wide?: boolean }) {
  const { t } = useTranslation();
  const { slug } = useEventContext();
  return (
    <div className={cn('mx-auto w-full', wide ? 'max-w-6xl' : '')} style={wide ? undefined : { maxWidth: PAGE_CONTENT_WIDTH }}>
      <Link to={eventPath(slug, 'stub')} className="text-sm font-semibold text-brand-ink underline" data-testid="pages-back">
        {t('pages.back')}
      </Link>
    </div>
  );
}

export function PageSkeleton() {
  return (
    <div className="mx-auto flex w-full flex-col gap-6" style={{ maxWidth: PAGE_CONTENT_WIDTH }} data-testid="page-loading">
      <Skeleton className="h-9 w-2/3" />
      <Skeleton className="h-64" />
      <Skeleton className="h-24" />
      <Skeleton className="h-24" />
    </div>
  );
}

/** A failed call: the app's 404 page for an unknown page, else the error with a retry. */
export function PageFailure({ error, retry }: { error: unknown; retry: () => void }) {
  const { t } = useTranslation();
  if (error instanceof ApiError && error.status === 404) return <NotFoundPage />;
  return (
    <div className="mx-auto w-full max-w-2xl" data-testid="page-error">
      <EmptyState title={t('errors.server_error_title')} text={apiErrorText(t, error)} action={<Button onClick={retry}>{t('errors.retry')}</Button>} />
    </div>
  );
}

export function PagesEmpty({ title, text }: { title: string; text: string }) {
  return (
    <div className="mx-auto w-full max-w-2xl" data-testid="pages-empty">
      <EmptyState title={title} text={text} />
    </div>
  );
}

/** The tab shows the page's title while it is open, and the event's again after. */
function useDocumentTitle(pageTitle: string | null, eventTitle: string) {
  useEffect(() => {
    if (pageTitle === null) return undefined;
    document.title = documentTitleOf(pageTitle, eventTitle);
    return () => {
      document.title = `${eventTitle} · Lobby`;
    };
  }, [pageTitle, eventTitle]);
}

/** A stub or partyspace page: its blocks, with its forms sending to it. */
function BlocksView({ eventId, page }: { eventId: number; page: Page }) {
  const target = useMemo<PageFormTarget>(() => ({ eventId, slug: page.slug, submit: (blockId, values) => sendPageForm(eventId, page.slug, blockId, values) }), [eventId, page.slug]);
  const content = page.content;
  // The Cover or Title block that opens the page shows its heading; the h1 then names the page for screen readers.
  const ownHeading = opensWithHeading(content);
  return (
    <article className="flex flex-col gap-6" data-testid="page-view">
      <h1 className={ownHeading ? 'sr-only' : 'mx-auto w-full px-4 text-3xl font-bold tracking-tight break-words sm:px-0'} style={ownHeading ? undefined : { maxWidth: PAGE_CONTENT_WIDTH }} data-testid="page-title">
        {page.title}
      </h1>
      {content ? (
        <PageFormContext.Provider value={target}>
          <PageRenderer content={content} />
        </PageFormContext.Provider>
      ) : null}
    </article>
  );
}

/** A frame page: the organiser's https address in a sandboxed frame, 500 px tall until it asks for another height. */
function FrameView({ page }: { page: Page }) {
  const { t } = useTranslation();
  const url = page.frame_url !== null && frameOrigin(page.frame_url) !== null ? page.frame_url : null;
  return (
    <article className="mx-auto flex w-full max-w-6xl flex-col gap-6" data-testid="page-view">
      <h1 className="text-3xl font-bold tracking-tight break-words" data-testid="page-title">
        {page.title}
      </h1>
      {url ? <FramedAddress url={url} title={page.title} /> : <EmptyState title={t('pages.frame_unavailable_title')} text={t('pages.frame_unavailable_text')} />}
    </article>
  );
}

function FramedAddress({ url, title }: { url: string; title: string }) {
  const { frame, height } = useFrameHeight(url, IFRAME_DEFAULT_HEIGHT);
  return (
    <iframe
      ref={frame}
      src={url}
      title={title}
      sandbox="allow-scripts allow-same-origin allow-forms allow-popups allow-popups-to-escape-sandbox"
      referrerPolicy="strict-origin-when-cross-origin"
      style={{ height }}
      className="block w-full rounded-xl border border-line bg-surface"
      data-testid="page-frame"
    />
  );
}

/**
 * A published page by its slug, shown as `kind` asks: a page of another kind opens at its own
 * address (stub/{slug}, frame/{slug} or partyspace).
 */
export function LoadedPage({ slug, kind }: { slug: string; kind: PageKind }) {
  const { event } = useEventContext();
  const query = useQuery(pageQuery(event.id, slug));
  useDocumentTitle(query.data?.data.title ?? null, event.title);
  const page = query.data?.data;
  if (page && page.kind !== kind) return <Navigate to={eventPath(event.slug, pagePathOf(page))} replace />;
  return (
    <>
      <BackToPages wide={kind === 'frame'} />
      {query.isPending ? (
        <PageSkeleton />
      ) : query.isError || !page ? (
        <PageFailure error={query.error} retry={() => void query.refetch()} />
      ) : page.kind === 'frame' ? (
        <FrameView page={page} />
      ) : (
        <BlocksView eventId={event.id} page={page} />
      )}
    </>
  );
}
