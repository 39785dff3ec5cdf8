import type { Game } from '@lobby/contract';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { currentLanguage } from '../../i18n/index.ts';
import { Avatar } from '../../ui/Avatar.tsx';
import { Badge } from '../../ui/Badge.tsx';
import { ButtonLink } from '../../ui/Button.tsx';
import { Markdown } from '../../ui/Markdown.tsx';
import { useDictionaries } from '../dictionaries/use-dictionaries.ts';
import { eventPath } from '../events/context.ts';
import { safeEmbedUrl, safeHttpsUrl } from './api.ts';
import { GamePoll } from './GamePoll.tsx';
import { GameStar } from './GameStar.tsx';
import { Lightbox } from './Lightbox.tsx';

/** A calendar date (YYYY-MM-DD) in the interface language, without moving it across timezones. */
export function formatDay(value: string): string {
  const day = value.slice(0, 10);
  const parsed = new Date(`${day}T00:00:00Z`);
  if (Number.isNaN(parsed.getTime())) return day;
  return new Intl.DateTimeFormat(currentLanguage(), { timeZone: 'UTC', year: 'numeric', month: 'long', day: 'numeric' }).format(parsed);
}

function ExternalLink({ href, children, testId }: { href: string | null; children: ReactNode; testId?: string }) {
  const safe = safeHttpsUrl(href);
  if (!safe) return null;
  return (
    <a href={safe} target="_blank" rel="noopener noreferrer" className="font-semibold text-brand-ink underline break-all" data-testid={testId}>
      {children}
    </a>
  );
}

/**
 * One game as everyone sees it: cover, icon, name, developer and company, the YouTube trailer
 * (only its youtube-nocookie player address), screenshots with a lightbox, links (https only),
 * the dictionary fields, dates, the team (with "request a meeting" for members of this event),
 * the votes and the game's poll in this event. `actions` are the page's own buttons (edit, vote).
 */
export function GameView({ game, slug, eventId, actions }: { game: Game; slug: string; eventId: number; actions?: ReactNode }) {
  const { t } = useTranslation();
  const dictionaries = useDictionaries(eventId);
  const [open, setOpen] = useState<number | null>(null);
  const shots = [...game.screenshots].sort((a, b) => a.position - b.position);
  const embed = safeEmbedUrl(game);
  const label = (name: Parameters<typeof dictionaries.label>[0], value: number | null) => (value === null ? null : (dictionaries.label(name, value) ?? null));
  const facts: [string, string | null][] = [
    [t('games.f_genre'), label('game.genres', game.genre)],
    [t('games.f_stage'), label('game.stages', game.stage)],
    [t('games.f_engine'), label('game.engines', game.engine)],
    [t('games.f_monetization'), label('game.monetization', game.monetization)],
    [t('games.f_budget'), label('game.budget', game.budget)],
    [t('games.f_development_start'), game.development_start ? formatDay(game.development_start) : null],
    [t('games.f_planned_date'), game.planned_date ? formatDay(game.planned_date) : null],
    [t('games.f_release_date'), game.release_date ? formatDay(game.release_date) : null],
  ];
  const platforms = game.platforms.map((p) => dictionaries.label('game.platforms', p)).filter((p): p is string => Boolean(p));
  const links: { title: string; url: string | null; testId?: string }[] = [
    { title: t('games.f_pitch_deck_url'), url: game.pitch_deck_url },
    { title: t('games.f_build_url'), url: game.build_url },
    { title: t('games.f_gameplay_url'), url: game.gameplay_url },
    ...game.links.map((link) => ({ title: link.title, url: link.url, testId: 'game-link' })),
  ].filter((link) => safeHttpsUrl(link.url) !== null);

  return (
    <article className="flex flex-col gap-6" data-testid="game-view">
      {game.cover_url ? <img src={game.cover_url} alt="" className="max-h-80 w-full rounded-2xl object-cover" /> : null}
      <header className="flex flex-wrap items-center gap-4">
        {game.icon_url ? <img src={game.icon_url} alt="" className="size-20 shrink-0 rounded-2xl object-cover" /> : null}
        <div className="flex min-w-0 flex-1 flex-col gap-1">
          <h1 className="text-3xl font-bold tracking-tight break-words" data-testid="game-name">
            {game.name}
          </h1>
          <p className="text-fg-muted">
            {t('games.by_developer', { developer: game.developer })} ·{' '}
            <Link to={eventPath(slug, `companies/${game.company.id}`)} className="font-semibold text-brand-ink underline" data-testid="game-company">
              {game.company.name}
            </Link>
          </p>
          <p className="text-sm text-fg-muted" data-testid="game-votes">
            {t('games.votes', { count: game.votes })}
          </p>
        </div>
        {game.can_edit ? (
          <ButtonLink to={`/profile/edit_game/${game.id}`} variant="secondary" data-testid="game-edit">
            {t('games.edit')}
          </ButtonLink>
        ) : null}
        <GameStar gameId={game.id} name={game.name} />
        {actions}
      </header>
      {platforms.length > 0 ? (
        <ul className="flex flex-wrap gap-2" aria-label={t('games.f_platforms_plain')}>
          {platforms.map((p) => (
            <li key={p}>
              <Badge tone="brand">{p}</Badge>
            </li>
          ))}
        </ul>
      ) : null}
      {game.description ? (
        <div className="break-words">
          <Markdown>{game.description}</Markdown>
        </div>
      ) : null}
      {embed ? (
        <section className="flex flex-col gap-2">
          <h2 className="text-xl font-bold">{t('games.trailer')}</h2>
          <iframe
            src={embed}
            title={t('games.trailer_of', { name: game.name })}
            className="aspect-video w-full rounded-2xl border border-line"
            allow="accelerometer; encrypted-media; gyroscope; picture-in-picture; fullscreen"
            referrerPolicy="strict-origin-when-cross-origin"
            sandbox="allow-scripts allow-same-origin allow-presentation allow-popups"
            loading="lazy"
            data-testid="game-trailer"
          />
        </section>
      ) : null}
      {shots.length > 0 ? (
        <section className="flex flex-col gap-2">
          <h2 className="text-xl font-bold">{t('games.screenshots_plain')}</h2>
          <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
            {shots.map((shot, index) => (
              <li key={shot.id}>
                <button type="button" onClick={() => setOpen(index)} className="block w-full overflow-hidden rounded-xl focus-visible:outline-2 focus-visible:outline-brand" aria-label={t('games.shot_open', { n: index + 1 })} data-testid="game-screenshot">
                  <img src={shot.thumb_url ?? shot.url} alt="" className="aspect-video w-full object-cover" />
                </button>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <dl className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        {facts
          .filter((row): row is [string, string] => row[1] !== null)
          .map(([name, value]) => (
            <div key={name} className="min-w-0 rounded-xl bg-surface-muted p-3">
              <dt className="text-xs font-semibold uppercase text-fg-muted">{name}</dt>
              <dd className="break-words">{value}</dd>
            </div>
          ))}
      </dl>
      {links.length > 0 ? (
        <section className="flex flex-col gap-2">
          <h2 className="text-xl font-bold">{t('games.links')}</h2>
          <ul className="flex flex-col gap-1">
            {links.map((link, index) => (
              <li key={`${index}-${link.title}`}>
                <ExternalLink href={link.url} {...(link.testId ? { testId: link.testId } : {})}>
                  {link.title}
                </ExternalLink>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <GamePoll eventId={eventId} gameId={game.id} />
      {game.team.length > 0 ? (
        <section className="flex flex-col gap-2">
          <h2 className="text-xl font-bold">{t('games.team')}</h2>
          <ul className="grid gap-3 sm:grid-cols-2">
            {game.team.map((person) => {
              const name = `${person.first_name} ${person.last_name}`.trim();
              return (
                <li key={person.user_id} className="flex items-center gap-3 rounded-2xl border border-line p-3" data-testid="game-team-member">
                  <Avatar src={person.avatar_url} name={name} size={48} />
                  <div className="min-w-0 flex-1">
                    <p className="font-semibold break-words">{name}</p>
                    {person.job ? <p className="text-sm text-fg-muted break-words">{person.job}</p> : null}
                  </div>
                  {person.member_id !== null ? (
                    <ButtonLink to={eventPath(slug, `members/${person.member_id}/create-meeting`)} variant="secondary" aria-label={t('games.request_meeting_with', { name })} data-testid="game-request-meeting">
                      {t('games.request_meeting')}
                    </ButtonLink>
                  ) : null}
                </li>
              );
            })}
          </ul>
        </section>
      ) : null}
      {open !== null ? <Lightbox shots={shots} index={open} onIndex={setOpen} onClose={() => setOpen(null)} name={game.name} /> : null}
    </article>
  );
}
