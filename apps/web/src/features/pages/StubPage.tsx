import { useParams } from 'react-router';
import { signedInOnly } from '../auth/guards.ts';
import { NotFoundPage } from '../errors/pages.tsx';
import { LoadedPage, PagesSection } from './reading-parts.tsx';
import { isPageSlug } from './reading.ts';

export const loader = signedInOnly;

/** stub/{id}: a page the organiser built in the page editor, by its slug. */
export function Component() {
  const id = useParams().id;
  if (!isPageSlug(id)) return <NotFoundPage />;
  return (
    <PagesSection testId="stub-page">
      <LoadedPage key={id} slug={id} kind="stub" />
    </PagesSection>
  );
}
