import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ButtonLink } from '../../ui/Button.tsx';
import { Skeleton } from '../../ui/Skeleton.tsx';
import { apiErrorText } from '../auth/api-error.ts';
import { myGamesQuery } from './api.ts';

/** The profile's "my games": the games of the person's companies, with "add a game". */
export function MyGames() {
  const { t } = useTranslation();
  const query = useQuery(myGamesQuery());
  return (
    <section className="flex flex-col gap-3" data-testid="my-games">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-xl font-bold">{t('games.my_games')}</h2>
        <ButtonLink to="/profile/create_game" variant="secondary" data-testid="game-create-link">
          {t('games.add_game')}
        </ButtonLink>
      </div>
      {query.isPending ? (
        <Skeleton className="h-20" />
      ) : query.isError ? (
        <p className="text-sm text-fg-muted">{apiErrorText(t, query.error)}</p>
      ) : query.data.data.length === 0 ? (
        <p className="text-sm text-fg-muted">{t('games.my_games_empty')}</p>
      ) : (
        <ul className="grid gap-3 sm:grid-cols-2">
          {query.data.data.map((game) => (
            <li key={game.id} className="flex items-center gap-3 rounded-2xl border border-line p-3">
              {game.icon_url ? <img src={game.icon_url} alt="" className="size-12 rounded-xl object-cover" /> : <span aria-hidden="true" className="size-12 rounded-xl bg-surface-muted" />}
              <div className="min-w-0 flex-1">
                <p className="font-semibold break-words">{game.name}</p>
                <p className="text-sm text-fg-muted break-words">{game.developer}</p>
              </div>
              <Link to={`/profile/edit_game/${game.id}`} className="text-sm font-semibold text-brand-ink underline" aria-label={t('games.edit_named', { name: game.name })}>
                {t('games.edit')}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
