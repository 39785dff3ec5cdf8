import { routes, type Showcase, type ShowcaseEntry } from '@lobby/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { callApi } from '../../api/client.ts';
import { Alert } from '../../ui/Alert.tsx';
import { Button } from '../../ui/Button.tsx';
import { Modal } from '../../ui/Modal.tsx';
import { Skeleton } from '../../ui/Skeleton.tsx';
import { apiErrorText } from '../auth/api-error.ts';
import { editableGamesQuery } from '../games/api.ts';
import { refreshShowcase } from './api.ts';

/** "Submit a game": one of the games of a company the person admins goes to the showcase, for the organisers to accept. */
export function SubmitDialog({ eventId, showcase, onClose, onSubmitted }: { eventId: number; showcase: Showcase; onClose: () => void; onSubmitted: (entry: ShowcaseEntry) => void }) {
  const { t } = useTranslation();
  const games = useQuery(editableGamesQuery());
  const [picked, setPicked] = useState<number | null>(null);
  const choices = games.data?.data ?? [];
  const submit = useMutation({
    mutationFn: (gameId: number) => callApi(routes.submitShowcaseEntry, { params: { eventId, slug: showcase.slug }, body: { game_id: gameId } }),
    onSuccess: (result) => {
      onSubmitted(result.data);
      void refreshShowcase();
    },
  });
  return (
    <Modal title={t('showcase.submit_title', { title: showcase.title })} onClose={onClose} testId="submit-dialog">
      {games.isPending ? (
        <Skeleton className="h-24" />
      ) : games.isError ? (
        <Alert tone="error">{apiErrorText(t, games.error)}</Alert>
      ) : choices.length === 0 ? (
        <p>
          {t('showcase.submit_no_games')}{' '}
          <Link to="/profile/create_game" className="font-semibold text-brand-ink underline">
            {t('games.add_game')}
          </Link>
        </p>
      ) : (
        <form
          className="flex flex-col gap-4"
          onSubmit={(event) => {
            event.preventDefault();
            if (picked !== null) submit.mutate(picked);
          }}
        >
          <fieldset className="flex flex-col gap-2">
            <legend className="mb-1 text-sm font-semibold">{t('showcase.submit_pick')}</legend>
            {choices.map((game) => (
              <label key={game.id} className="flex min-h-11 items-center gap-3 rounded-xl border border-line px-3 py-2">
                <input type="radio" name="game" value={game.id} checked={picked === game.id} onChange={() => setPicked(game.id)} className="size-5" />
                <span className="min-w-0 break-words">
                  <span className="font-semibold">{game.name}</span> <span className="text-fg-muted">{game.developer}</span>
                </span>
              </label>
            ))}
          </fieldset>
          {submit.isError ? <Alert tone="error">{apiErrorText(t, submit.error)}</Alert> : null}
          {submit.isSuccess ? (
            <Alert tone="success" testId="submit-done">
              {t('showcase.submitted')}
            </Alert>
          ) : null}
          <div className="flex flex-wrap gap-2">
            <Button type="submit" disabled={picked === null || submit.isPending} data-testid="submit-game">
              {t('showcase.submit_send')}
            </Button>
            <Button variant="secondary" onClick={onClose}>
              {t('showcase.cancel')}
            </Button>
          </div>
        </form>
      )}
    </Modal>
  );
}
