import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { signedInOnly } from '../auth/guards.ts';
import { useEventContext } from '../events/context.ts';
import { pagesQuery } from './queries.ts';
import { BackToPages, LoadedPage, PageFailure, PageSkeleton, PagesEmpty, PagesSection } from './reading-parts.tsx';
import { firstOfKind } from './reading.ts';

export const loader = signedInOnly;

function Partyspace() {
  const { t } = useTranslation();
  const { event } = useEventContext();
  const query = useQuery(pagesQuery(event.id));
  if (query.isPending) return <PageSkeleton />;
  if (query.isError) return <PageFailure error={query.error} retry={() => void query.refetch()} />;
  const page = firstOfKind(query.data.data, 'partyspace');
  if (!page) {
    return (
      <>
        <BackToPages />
        <PagesEmpty title={t('pages.partyspace_empty_title')} text={t('pages.partyspace_empty_text')} />
      </>
    );
  }
  return <LoadedPage key={page.slug} slug={page.slug} kind="partyspace" />;
}

/** partyspace: the event's evening programme page (one per event), built in the page editor. */
export function Component() {
  return (
    <PagesSection testId="partyspace-page">
      <Partyspace />
    </PagesSection>
  );
}
