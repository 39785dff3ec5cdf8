import { routes, type Showcase, type ShowcaseEntry } from '@lobby/contract';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callApi } from '../../api/client.ts';
import { Button } from '../../ui/Button.tsx';
import { apiErrorText } from '../auth/api-error.ts';
import { refreshShowcase, refusalOf } from './api.ts';

/** The votes an entry has in each category, and the reader's vote buttons while voting is open (can_vote). */
export function Votes({ eventId, showcase, entry, myVotes }: { eventId: number; showcase: Showcase; entry: ShowcaseEntry; myVotes: { category_id: number; request_id: number }[] }) {
  const { t } = useTranslation();
  const [problem, setProblem] = useState<string | null>(null);
  const vote = useMutation({
    mutationFn: ({ categoryId, take }: { categoryId: number; take: boolean }) =>
      take
        ? callApi(routes.unvoteShowcaseEntry, { params: { eventId, requestId: entry.id, categoryId } })
        : callApi(routes.voteShowcaseEntry, { params: { eventId, requestId: entry.id, categoryId } }),
    onMutate: () => setProblem(null),
    onSuccess: (result) => {
      if (!result.data.counted) setProblem(t('showcase.not_counted'));
      return refreshShowcase();
    },
    onError: (error) => {
      const reason = refusalOf(error);
      setProblem(reason ? `${t('api.vote_not_counted')} ${t(`showcase.refusal_${reason}`)}` : apiErrorText(t, error));
      void refreshShowcase();
    },
  });
  const countIn = (categoryId: number) => entry.votes.find((v) => v.category_id === categoryId)?.votes ?? 0;
  const canVote = showcase.can_vote && showcase.voting === 'open' && entry.status === 'accepted';
  return (
    <div className="flex flex-col gap-2" data-testid="entry-votes">
      <ul className="flex flex-col gap-2">
        {showcase.categories.map((category) => {
          const mine = entry.my_votes.includes(category.id);
          const elsewhere = !mine && myVotes.some((v) => v.category_id === category.id && v.request_id !== entry.id);
          return (
            <li key={category.id} className="flex flex-wrap items-center gap-2">
              <span className="min-w-0 flex-1 text-sm">
                <span className="font-semibold">{category.name}</span>{' '}
                <span className="text-fg-muted" data-testid="entry-vote-count">
                  {t('showcase.votes', { count: countIn(category.id) })}
                </span>
              </span>
              {canVote ? (
                <Button
                  variant={mine ? 'primary' : 'secondary'}
                  aria-pressed={mine}
                  disabled={vote.isPending}
                  onClick={() => vote.mutate({ categoryId: category.id, take: mine })}
                  aria-label={t(mine ? 'showcase.unvote_in' : elsewhere ? 'showcase.move_vote_in' : 'showcase.vote_in', { category: category.name, name: entry.game.name })}
                  data-testid="vote-button"
                >
                  {mine ? t('showcase.my_vote') : elsewhere ? t('showcase.move_vote') : t('showcase.vote')}
                </Button>
              ) : mine ? (
                <span className="text-sm font-semibold text-brand-ink">{t('showcase.my_vote')}</span>
              ) : null}
            </li>
          );
        })}
      </ul>
      {problem ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400" data-testid="vote-refused">
          {problem}
        </p>
      ) : null}
    </div>
  );
}
