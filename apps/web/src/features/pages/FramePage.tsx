import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { signedInOnly } from '../auth/guards.ts';
import { NotFoundPage } from '../errors/pages.tsx';
import { useEventContext } from '../events/context.ts';
import { pagesQuery } from './queries.ts';
import { BackToPages, LoadedPage, PageFailure, PageSkeleton, PagesEmpty, PagesSection } from './reading-parts.tsx';
import { firstOfKind, isPageSlug } from './reading.ts';

export const loader = signedInOnly;

/** frame without an id: the first frame page of the list, or the empty state. */
function FirstFrame() {
  const { t } = useTranslation();
  const { event } = useEventContext();
  const query = useQuery(pagesQuery(event.id));
  if (query.isPending) return <PageSkeleton />;
  if (query.isError) return <PageFailure error={query.error} retry={() => void query.refetch()} />;
  const first = firstOfKind(query.data.data, 'frame');
  if (!first) {
    return (
      <>
        <BackToPages wide />
        <PagesEmpty title={t('pages.frame_empty_title')} text={t('pages.frame_empty_text')} />
      </>
    );
  }
  return <LoadedPage key={first.slug} slug={first.slug} kind="frame" />;
}

/** frame/{id?}: an external https address the organiser set, framed, following its height messages. */
export function Component() {
  const id = useParams().id;
  if (id !== undefined && !isPageSlug(id)) return <NotFoundPage />;
  return <PagesSection testId="frame-page">{id === undefined ? <FirstFrame /> : <LoadedPage key={id} slug={id} kind="frame" />}</PagesSection>;
}
