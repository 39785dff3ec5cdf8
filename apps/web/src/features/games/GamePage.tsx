import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { ApiError } from '../../api/errors.ts';
import { Button } from '../../ui/Button.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { Skeleton } from '../../ui/Skeleton.tsx';
import { apiErrorText } from '../auth/api-error.ts';
import { signedInOnly } from '../auth/guards.ts';
import { NotFoundPage } from '../errors/pages.tsx';
import { useEventContext } from '../events/context.ts';
import { gameQuery } from './api.ts';
import { GameView } from './GameView.tsx';

export const loader = signedInOnly;

export const gameIdOf = (raw: string | undefined): number => (raw && /^[1-9][0-9]{0,9}$/.test(raw) ? Number(raw) : 0);

/** game/{id}: one game, seen by any signed-in person; its team members of this event can be asked for a meeting. */
export function Component() {
  const { t } = useTranslation();
  const { event, slug } = useEventContext();
  const id = gameIdOf(useParams().id);
  const query = useQuery({ ...gameQuery(id, event.id), enabled: id > 0 });
  if (id === 0) return <NotFoundPage />;
  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-4 px-4 py-8">
      {query.isPending ? (
        <Skeleton className="h-96" />
      ) : query.isError ? (
        query.error instanceof ApiError && query.error.status === 404 ? (
          <NotFoundPage />
        ) : (
          <EmptyState title={t('errors.server_error_title')} text={apiErrorText(t, query.error)} action={<Button onClick={() => void query.refetch()}>{t('errors.retry')}</Button>} />
        )
      ) : (
        <GameView game={query.data.data} slug={slug} eventId={event.id} />
      )}
    </div>
  );
}
