import { routes } from '@lobby/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { callApi } from '../../api/client.ts';
import { cn } from '../../ui/cn.ts';
import { useEventContext } from '../events/context.ts';
import { favoriteGamesQuery } from '../expo/api.ts';

/**
 * The star on a game inside an event (the event's members only): starred games come from the
 * reader's list; a publisher's star may suggest a meeting to the developers (server side).
 */
export function GameStar({ gameId, name }: { gameId: number; name: string }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const { event, member } = useEventContext();
  const list = favoriteGamesQuery(event.id);
  const query = useQuery({ ...list, enabled: member !== null });
  // The server's last answer to this page's own change: the list reads again after it, a moment later.
  const [answered, setAnswered] = useState<boolean | null>(null);
  const mutation = useMutation({
    mutationFn: (next: boolean) => callApi(next ? routes.favoriteGame : routes.unfavoriteGame, { params: { eventId: event.id, id: gameId } }),
    onSuccess: (result) => setAnswered(result.data.favorite),
    onError: (_error, next) => void toast.error(t(next ? 'favorites.add_failed' : 'favorites.remove_failed')),
    onSettled: () => void client.invalidateQueries({ queryKey: list.queryKey }),
  });
  if (member === null || !query.isSuccess) return null;
  const saved = answered ?? query.data.data.some((game) => game.id === gameId);
  // While a change is on its way the star shows what was asked (optimistic), else the saved state.
  const starred = mutation.isPending && mutation.variables !== undefined ? mutation.variables : saved;
  const label = t(starred ? 'games.unstar' : 'games.star', { name });
  return (
    <button
      type="button"
      aria-pressed={starred}
      aria-label={label}
      title={label}
      data-testid="game-star"
      aria-busy={mutation.isPending}
      // Not disabled while saving (a disabled button drops the keyboard focus); a second press waits.
      onClick={() => {
        if (!mutation.isPending) mutation.mutate(!starred);
      }}
      className={cn('inline-flex size-11 shrink-0 items-center justify-center rounded-full border border-line text-fg-muted hover:bg-surface-muted focus-visible:outline-2 focus-visible:outline-brand', starred && 'text-amber-600 dark:text-amber-400')}
    >
      <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false" className="size-6" fill={starred ? 'currentColor' : 'none'} stroke="currentColor" strokeWidth="1.8" strokeLinejoin="round">
        <path d="M12 3.5l2.6 5.3 5.9.9-4.3 4.1 1 5.8L12 16.9l-5.2 2.7 1-5.8-4.3-4.1 5.9-.9z" />
      </svg>
    </button>
  );
}
