import { type JuryCriterion, type JuryFinalist, type JuryRound } from '@lobby/contract';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, Route, Routes, useParams } from 'react-router';
import { ApiError } from '../../api/errors.ts';
import { browserTimezone, formatDate, formatTime } from '../../lib/format.ts';
import { Badge } from '../../ui/Badge.tsx';
import { Button, ButtonLink } from '../../ui/Button.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { Skeleton } from '../../ui/Skeleton.tsx';
import { apiErrorText } from '../auth/api-error.ts';
import { signedInOnly } from '../auth/guards.ts';
import { useMe } from '../auth/session.ts';
import { NotFoundPage } from '../errors/pages.tsx';
import { eventPath, useEventContext } from '../events/context.ts';
import { GameView } from '../games/GameView.tsx';
import { finalistQuery, idOf, resultsQuery, roundQuery, roundsQuery } from './api.ts';
import { ResultsTable } from './ResultsTable.tsx';
import { ScoreForm } from './ScoreForm.tsx';

export const loader = signedInOnly;

function Failure({ error, retry }: { error: unknown; retry: () => void }) {
  const { t } = useTranslation();
  if (error instanceof ApiError && error.status === 404) return <NotFoundPage />;
  if (error instanceof ApiError && error.status === 403) return <EmptyState title={t('jury.forbidden_title')} text={apiErrorText(t, error)} />;
  return <EmptyState title={t('errors.server_error_title')} text={apiErrorText(t, error)} action={<Button onClick={retry}>{t('errors.retry')}</Button>} />;
}

function useAt() {
  const timeZone = useMe()?.timezone ?? browserTimezone();
  return (iso: string) => `${formatDate(iso, timeZone)} ${formatTime(iso, timeZone)}`;
}

/** "Scoring open until ...", "opens ...", "closed", in the person's timezone. */
function Phase({ round }: { round: JuryRound }) {
  const { t } = useTranslation();
  const at = useAt();
  if (round.phase === 'open') return <Badge tone="brand">{round.jury_ends_at ? t('jury.open_until', { at: at(round.jury_ends_at) }) : t('jury.open')}</Badge>;
  if (round.phase === 'not_open') return <Badge tone="warning">{round.jury_starts_at ? t('jury.opens_at', { at: at(round.jury_starts_at) }) : t('jury.not_open')}</Badge>;
  return <Badge>{t('jury.closed')}</Badge>;
}

function Window({ round }: { round: JuryRound }) {
  const { t } = useTranslation();
  const at = useAt();
  if (!round.jury_starts_at && !round.jury_ends_at) return null;
  return (
    <p className="text-sm text-fg-muted" data-testid="jury-window">
      {round.jury_starts_at && round.jury_ends_at
        ? t('jury.window_both', { from: at(round.jury_starts_at), to: at(round.jury_ends_at) })
        : round.jury_starts_at
          ? t('jury.window_from', { from: at(round.jury_starts_at) })
          : t('jury.window_to', { to: at(round.jury_ends_at ?? '') })}
    </p>
  );
}

function Progress({ round }: { round: JuryRound }) {
  const { t } = useTranslation();
  if (!round.is_jury) return <p className="text-sm text-fg-muted">{t('jury.not_jury_note')}</p>;
  return (
    <p className="text-sm font-semibold" data-testid="jury-progress">
      {t('jury.progress', { scored: round.scored, total: round.finalists })}
    </p>
  );
}

function Criteria({ criteria }: { criteria: JuryCriterion[] }) {
  const { t } = useTranslation();
  return (
    <section className="flex flex-col gap-2" aria-labelledby="jury-criteria-title">
      <h2 id="jury-criteria-title" className="text-lg font-bold">
        {t('jury.criteria')}
      </h2>
      <ul className="grid gap-2 sm:grid-cols-2">
        {criteria.map((c) => (
          <li key={c.id} className="rounded-xl bg-surface-muted p-3">
            <p className="font-semibold break-words">
              {c.name} <span className="font-normal text-fg-muted">({t('jury.scale', { max: c.max_score })})</span>
            </p>
            {c.description ? <p className="text-sm text-fg-muted break-words">{c.description}</p> : null}
          </li>
        ))}
      </ul>
    </section>
  );
}

function RoundCard({ round }: { round: JuryRound }) {
  const { t } = useTranslation();
  const { slug } = useEventContext();
  return (
    <li className="flex flex-col gap-3 rounded-2xl border border-line bg-surface p-4" data-testid="jury-round">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-xl font-bold break-words">
          <Link to={eventPath(slug, `voting/${round.slug}`)} className="hover:underline" data-testid="jury-round-link">
            {round.title}
          </Link>
        </h2>
        <Phase round={round} />
      </div>
      <Window round={round} />
      <Progress round={round} />
      <ul className="flex flex-wrap gap-1" aria-label={t('jury.criteria')}>
        {round.criteria.map((c) => (
          <li key={c.id}>
            <Badge>{`${c.name} · ${t('jury.scale', { max: c.max_score })}`}</Badge>
          </li>
        ))}
      </ul>
    </li>
  );
}

/** voting: the event's jury rounds; with exactly one round, straight to it. */
function Rounds() {
  const { t } = useTranslation();
  const { event, slug } = useEventContext();
  const query = useQuery(roundsQuery(event.id));
  if (query.isPending) return <Skeleton className="h-64" />;
  if (query.isError) return <Failure error={query.error} retry={() => void query.refetch()} />;
  const rounds = query.data.data;
  const only = rounds.length === 1 ? rounds[0] : undefined;
  if (only) return <Navigate to={eventPath(slug, `voting/${only.slug}`)} replace />;
  return (
    <div className="flex flex-col gap-4" data-testid="jury-rounds">
      <h1 className="text-3xl font-bold tracking-tight">{t('jury.title')}</h1>
      {rounds.length === 0 ? (
        <EmptyState title={t('jury.none_title')} text={t('jury.none_text')} />
      ) : (
        <ul className="flex flex-col gap-4">
          {rounds.map((round) => (
            <RoundCard key={round.showcase_id} round={round} />
          ))}
        </ul>
      )}
    </div>
  );
}

function Completeness({ finalist, criteria }: { finalist: JuryFinalist; criteria: number }) {
  const { t } = useTranslation();
  if (finalist.complete) return <Badge tone="brand">{t('jury.complete')}</Badge>;
  if (finalist.my_scores.length > 0) return <Badge tone="warning">{t('jury.partly', { scored: finalist.my_scores.length, total: criteria })}</Badge>;
  return <Badge>{t('jury.not_scored')}</Badge>;
}

function FinalistCard({ round, finalist }: { round: JuryRound; finalist: JuryFinalist }) {
  const { t } = useTranslation();
  const { slug } = useEventContext();
  const game = finalist.game;
  return (
    <li className="flex flex-col overflow-hidden rounded-2xl border border-line bg-surface" data-testid="jury-finalist">
      {game.cover_url ? <img src={game.cover_url} alt="" className="aspect-video w-full object-cover" /> : <span aria-hidden="true" className="aspect-video w-full bg-surface-muted" />}
      <div className="flex flex-1 flex-col gap-2 p-4">
        <h3 className="text-lg font-bold break-words">
          <Link to={eventPath(slug, `voting/${round.slug}/${finalist.request_id}`)} className="hover:underline" data-testid="jury-finalist-link">
            {game.name}
          </Link>
        </h3>
        <p className="text-sm text-fg-muted break-words">{game.company.name}</p>
        <ul className="flex flex-col gap-1 text-sm">
          {finalist.categories.map((c) => (
            <li key={c.id}>{t('jury.category_rank', { category: c.name, rank: c.rank, count: c.votes })}</li>
          ))}
        </ul>
        {round.is_jury ? (
          <div className="mt-auto" data-testid="jury-finalist-state">
            <Completeness finalist={finalist} criteria={round.criteria.length} />
          </div>
        ) : null}
      </div>
    </li>
  );
}

function ResultsLink({ round }: { round: JuryRound }) {
  const { t } = useTranslation();
  const { slug } = useEventContext();
  if (!round.can_see_results) return <p className="text-sm text-fg-muted" data-testid="jury-results-hidden">{t('jury.results_not_published')}</p>;
  return (
    <ButtonLink to={eventPath(slug, `voting/${round.slug}/results`)} variant="secondary" className="self-start" data-testid="jury-results-link">
      {t('jury.results_link')}
    </ButtonLink>
  );
}

/** voting/{slug}: one round with its criteria, window, the reader's progress and the finalists. */
function RoundPage() {
  const { t } = useTranslation();
  const { event, slug } = useEventContext();
  const showcase = useParams().id ?? '';
  const query = useQuery(roundQuery(event.id, showcase));
  // With one round, voting/ leads straight here: no way back to a list of one.
  const rounds = useQuery(roundsQuery(event.id));
  if (query.isPending) return <Skeleton className="h-96" />;
  if (query.isError) return <Failure error={query.error} retry={() => void query.refetch()} />;
  const round = query.data.data;
  const finalists = query.data.meta.finalists;
  return (
    <div className="flex flex-col gap-6" data-testid="jury-round-page">
      {(rounds.data?.data.length ?? 0) > 1 ? (
        <Link to={eventPath(slug, 'voting')} className="self-start text-sm font-semibold text-brand-ink underline">
          {t('jury.back_rounds')}
        </Link>
      ) : null}
      <header className="flex flex-col gap-2">
        <h1 className="text-3xl font-bold tracking-tight break-words">{t('jury.round_title', { title: round.title })}</h1>
        <div className="flex flex-wrap items-center gap-2">
          <Phase round={round} />
        </div>
        <Window round={round} />
        <Progress round={round} />
        <ResultsLink round={round} />
      </header>
      <Criteria criteria={round.criteria} />
      <section className="flex flex-col gap-3" aria-labelledby="jury-finalists-title">
        <h2 id="jury-finalists-title" className="text-xl font-bold">
          {t('jury.finalists', { count: finalists.length })}
        </h2>
        {finalists.length === 0 ? (
          <p className="text-sm text-fg-muted">{t('jury.finalists_none')}</p>
        ) : (
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {finalists.map((f) => (
              <FinalistCard key={f.request_id} round={round} finalist={f} />
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

/** voting/{slug}/{requestId} (voting-view): the finalist's game and the score form. */
function FinalistPage() {
  const { t } = useTranslation();
  const { event, slug } = useEventContext();
  const params = useParams();
  const showcase = params.id ?? '';
  const requestId = idOf(params.requestId);
  const round = useQuery(roundQuery(event.id, showcase));
  const finalist = useQuery({ ...finalistQuery(event.id, showcase, requestId), enabled: requestId > 0 });
  if (requestId === 0) return <NotFoundPage />;
  if (round.isError) return <Failure error={round.error} retry={() => void round.refetch()} />;
  if (finalist.isError) return <Failure error={finalist.error} retry={() => void finalist.refetch()} />;
  if (round.isPending || finalist.isPending) return <Skeleton className="h-96" />;
  const data = finalist.data.data;
  const current = round.data.data;
  const video = data.game.video_url;
  return (
    <div className="flex flex-col gap-4" data-testid="jury-view">
      <Link to={eventPath(slug, `voting/${current.slug}`)} className="self-start text-sm font-semibold text-brand-ink underline">
        {t('jury.back_round', { title: current.title })}
      </Link>
      <div className="flex flex-wrap items-center gap-2">
        <Phase round={current} />
        {current.is_jury ? <Completeness finalist={data} criteria={current.criteria.length} /> : null}
        {data.categories.map((c) => (
          <Badge key={c.id}>{t('jury.category_rank', { category: c.name, rank: c.rank, count: c.votes })}</Badge>
        ))}
      </div>
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem] lg:items-start">
        <div className="min-w-0">
          <GameView game={data.game} slug={slug} eventId={event.id} />
          {video && video.startsWith('https://') ? (
            <p className="mt-4">
              <a href={video} target="_blank" rel="noopener noreferrer" className="font-semibold text-brand-ink underline break-all" data-testid="jury-trailer-link">
                {t('jury.trailer_link')}
              </a>
            </p>
          ) : null}
        </div>
        <div className="lg:sticky lg:top-20">
          <ScoreForm key={data.request_id} eventId={event.id} round={current} finalist={data} />
        </div>
      </div>
    </div>
  );
}

/** voting/{slug}/results: organisers always, everybody else once published. */
function ResultsPage() {
  const { t } = useTranslation();
  const { event, slug } = useEventContext();
  const showcase = useParams().id ?? '';
  const query = useQuery(resultsQuery(event.id, showcase));
  const hidden = query.error instanceof ApiError && query.error.code === 'jury.results_hidden';
  return (
    <div className="flex flex-col gap-4" data-testid="jury-results-page">
      <Link to={eventPath(slug, `voting/${showcase}`)} className="self-start text-sm font-semibold text-brand-ink underline">
        {t('jury.back_round_plain')}
      </Link>
      <h1 className="text-3xl font-bold tracking-tight">{t('jury.results_title')}</h1>
      {query.isPending ? (
        <Skeleton className="h-64" />
      ) : hidden ? (
        <EmptyState title={t('jury.results_not_published')} text={t('jury.results_not_published_text')} />
      ) : query.isError ? (
        <Failure error={query.error} retry={() => void query.refetch()} />
      ) : (
        <>
          <p className="text-sm text-fg-muted">
            {t('jury.results_meta', { count: query.data.meta.jurors })} {query.data.meta.published ? t('jury.results_published') : t('jury.results_private')}
          </p>
          <ResultsTable results={query.data.data} criteria={query.data.meta.criteria} />
        </>
      )}
    </div>
  );
}

/** voting/{slug?}, voting/{slug}/{requestId} (voting-view) and voting/{slug}/results: the jury's section. */
export function Component() {
  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-4 px-4 py-8">
      <Routes>
        <Route index element={<Rounds />} />
        <Route path=":id" element={<RoundPage />} />
        <Route path=":id/results" element={<ResultsPage />} />
        <Route path=":id/:requestId" element={<FinalistPage />} />
        <Route path="*" element={<NotFoundPage />} />
      </Routes>
    </div>
  );
}
