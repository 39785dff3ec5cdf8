import type { FavoriteType } from '@lobby/contract';
import { pageRoutes } from '../../api/route-refs.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { callApi } from '../../api/client.ts';
import { cn } from '../../ui/cn.ts';

/**
 * The star on every member and company card: flips at once (optimistic), goes back with a toast
 * when the server refuses, and refreshes the favorites lists afterwards.
 */
export function FavoriteStar({
  eventId,
  type,
  id,
  initial,
  name,
  className,
  onToggle,
}: {
  eventId: number;
  type: FavoriteType;
  id: number;
  initial: boolean;
  name: string;
  className?: string;
  /** Told of every change the person sees (and of the way back on failure), so a list can hide an unstarred card at once. */
  onToggle?: (starred: boolean) => void;
}) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [starred, setStarred] = useState(initial);
  const mutation = useMutation({
    mutationFn: (next: boolean) => callApi(next ? pageRoutes.addFavorite : pageRoutes.removeFavorite, { params: { eventId, type, id } }),
    onMutate: (next) => {
      setStarred(next);
      onToggle?.(next);
    },
    onError: (_error, next) => {
      setStarred(!next);
      onToggle?.(!next);
      toast.error(t(next ? 'favorites.add_failed' : 'favorites.remove_failed'));
    },
    // The list of this type: favorites.users, favorites.companies or favorites.lectures (the route ids).
    onSettled: () => void client.invalidateQueries({ queryKey: [type === 'users' ? pageRoutes.listFavoriteMembers.id : type === 'companies' ? pageRoutes.listFavoriteCompanies.id : 'favorites.lectures'] }),
  });
  const label = t(starred ? 'favorites.remove_label' : 'favorites.add_label', { name });
  return (
    <button
      type="button"
      aria-pressed={starred}
      aria-label={label}
      title={label}
      data-testid="favorite-star"
      onClick={(e) => {
        e.preventDefault();
        e.stopPropagation();
        mutation.mutate(!starred);
      }}
      className={cn('inline-flex size-11 shrink-0 items-center justify-center rounded-full text-fg-muted hover:bg-surface-muted focus-visible:outline-2', starred && 'text-amber-500', className)}
    >
      <svg viewBox="0 0 24 24" aria-hidden="true" className="size-6" fill={starred ? 'currentColor' : 'none'} stroke="currentColor" strokeWidth="1.8" strokeLinejoin="round">
        <path d="M12 3.5l2.6 5.3 5.9.9-4.3 4.1 1 5.8L12 16.9l-5.2 2.7 1-5.8-4.3-4.1 5.9-.9z" />
      </svg>
    </button>
  );
}
