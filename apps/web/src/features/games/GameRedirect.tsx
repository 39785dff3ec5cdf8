import { routes } from '@lobby/contract';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Navigate, useParams } from 'react-router';
import { apiQuery } from '../../api/client.ts';
import { ApiError } from '../../api/errors.ts';
import { Button } from '../../ui/Button.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { Skeleton } from '../../ui/Skeleton.tsx';
import { apiErrorText } from '../auth/api-error.ts';
import { signedInOnly } from '../auth/guards.ts';
import { NotFoundPage } from '../errors/pages.tsx';
import { eventPath, useEventContext } from '../events/context.ts';
import { gameIdOf } from './GamePage.tsx';

export const loader = signedInOnly;

/** games/{id}: the game's accepted entry in this event's showcase when it has one, else its own page. */
export function Component() {
  const { t } = useTranslation();
  const { event, slug } = useEventContext();
  const id = gameIdOf(useParams().id);
  const query = useQuery({ ...apiQuery(routes.gameShowcaseTarget, { params: { eventId: event.id, id } }), enabled: id > 0 });
  if (id === 0) return <NotFoundPage />;
  if (query.isPending) return <Skeleton className="m-8 h-64" />;
  if (query.isError) {
    if (query.error instanceof ApiError && query.error.status === 404) return <NotFoundPage />;
    return <EmptyState title={t('errors.server_error_title')} text={apiErrorText(t, query.error)} action={<Button onClick={() => void query.refetch()}>{t('errors.retry')}</Button>} />;
  }
  const target = query.data.data;
  const to = target.request_id !== null && target.showcase_slug ? `showcase/${target.showcase_slug}/showcase-game/${target.request_id}` : `game/${target.game_id}`;
  return <Navigate to={eventPath(slug, to)} replace />;
}
