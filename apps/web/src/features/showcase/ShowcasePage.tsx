import type { DictionaryName, Showcase, ShowcaseEntry } from '@lobby/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Route, Routes, useParams, useSearchParams } from 'react-router';
import { ApiError } from '../../api/errors.ts';
import { browserTimezone, formatDate, formatTime } from '../../lib/format.ts';
import { Badge } from '../../ui/Badge.tsx';
import { Button, ButtonLink } from '../../ui/Button.tsx';
import { SelectField } from '../../ui/Controls.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { Markdown } from '../../ui/Markdown.tsx';
import { Skeleton } from '../../ui/Skeleton.tsx';
import { apiErrorText } from '../auth/api-error.ts';
import { signedInOnly } from '../auth/guards.ts';
import { useMe } from '../auth/session.ts';
import { useDictionaries } from '../dictionaries/use-dictionaries.ts';
import { NotFoundPage } from '../errors/pages.tsx';
import { eventPath, useEventContext } from '../events/context.ts';
import { editableGamesQuery, myGamesQuery } from '../games/api.ts';
import { GameView } from '../games/GameView.tsx';
import { entriesQuery, entryQuery, myEntriesQuery, showcaseQuery, useShowcaseSlug, type EntryFilters } from './api.ts';
import { SubmitDialog } from './SubmitDialog.tsx';
import { Votes } from './Votes.tsx';

export const loader = signedInOnly;

const FILTERS = [
  { key: 'platform', dictionary: 'game.platforms' },
  { key: 'genre', dictionary: 'game.genres' },
  { key: 'stage', dictionary: 'game.stages' },
] as const satisfies readonly { key: keyof EntryFilters; dictionary: DictionaryName }[];

const idsOf = (value: string | null): number[] => (value ?? '').split(',').filter((part) => /^[0-9]{1,9}$/.test(part)).map(Number);

export function Failure({ error, retry }: { error: unknown; retry: () => void }) {
  const { t } = useTranslation();
  if (error instanceof ApiError && error.status === 404) return <NotFoundPage />;
  if (error instanceof ApiError && error.status === 403) return <EmptyState title={t('showcase.forbidden_title')} text={apiErrorText(t, error)} />;
  return <EmptyState title={t('errors.server_error_title')} text={apiErrorText(t, error)} action={<Button onClick={retry}>{t('errors.retry')}</Button>} />;
}

/** "Voting open until ...", "not open yet", "closed", in the person's timezone. */
export function VotingState({ showcase }: { showcase: Showcase }) {
  const { t } = useTranslation();
  const timeZone = useMe()?.timezone ?? browserTimezone();
  const at = (iso: string) => `${formatDate(iso, timeZone)} ${formatTime(iso, timeZone)}`;
  if (showcase.voting === 'open') return <Badge tone="brand">{showcase.voting_ends_at ? t('showcase.voting_open_until', { at: at(showcase.voting_ends_at) }) : t('showcase.voting_open')}</Badge>;
  if (showcase.voting === 'not_open') return <Badge tone="warning">{showcase.voting_starts_at ? t('showcase.voting_from', { at: at(showcase.voting_starts_at) }) : t('showcase.voting_not_open')}</Badge>;
  return <Badge>{t('showcase.voting_closed')}</Badge>;
}

/** The showcase the address names, or the event's first, loaded; `children` renders it. */
export function WithShowcase({ slug: given, children }: { slug: string | undefined; children: (showcase: Showcase, myVotes: { category_id: number; request_id: number }[]) => ReactNode }) {
  const { t } = useTranslation();
  const { event } = useEventContext();
  const resolved = useShowcaseSlug(event.id, given);
  const query = useQuery({ ...showcaseQuery(event.id, resolved.slug ?? ''), enabled: resolved.slug !== undefined });
  if (resolved.error) return <Failure error={resolved.error} retry={resolved.retry} />;
  if (resolved.none) return <EmptyState title={t('showcase.none_title')} text={t('showcase.none_text')} />;
  if (resolved.pending || query.isPending) return <Skeleton className="h-96" />;
  if (query.isError) return <Failure error={query.error} retry={() => void query.refetch()} />;
  return <>{children(query.data.data, query.data.meta.my_votes)}</>;
}

function statusTone(status: ShowcaseEntry['status']) {
  return status === 'accepted' ? 'brand' : status === 'rejected' ? 'warning' : 'neutral';
}

function EntryCard({ showcase, entry, myVotes }: { showcase: Showcase; entry: ShowcaseEntry; myVotes: { category_id: number; request_id: number }[] }) {
  const { t } = useTranslation();
  const { event, slug } = useEventContext();
  const dictionaries = useDictionaries(event.id);
  const game = entry.game;
  const genre = game.genre === null ? undefined : dictionaries.label('game.genres', game.genre);
  const stage = game.stage === null ? undefined : dictionaries.label('game.stages', game.stage);
  return (
    <li className="flex flex-col overflow-hidden rounded-2xl border border-line bg-surface" data-testid="showcase-entry">
      {game.cover_url ? <img src={game.cover_url} alt="" className="aspect-video w-full object-cover" /> : <span aria-hidden="true" className="aspect-video w-full bg-surface-muted" />}
      <div className="flex flex-1 flex-col gap-3 p-4">
        <div className="flex items-center gap-3">
          {game.icon_url ? <img src={game.icon_url} alt="" className="size-12 shrink-0 rounded-xl object-cover" /> : null}
          <div className="min-w-0 flex-1">
            <h2 className="text-lg font-bold break-words">
              <Link to={eventPath(slug, `showcase/${showcase.slug}/showcase-game/${entry.id}`)} className="hover:underline" data-testid="entry-link">
                {game.name}
              </Link>
            </h2>
            <p className="text-sm text-fg-muted break-words">
              {game.developer} · {game.company.name}
            </p>
          </div>
        </div>
        <div className="flex flex-wrap gap-1">
          {entry.status !== 'accepted' ? <Badge tone={statusTone(entry.status)}>{t(`showcase.status_${entry.status}`)}</Badge> : null}
          {genre ? <Badge>{genre}</Badge> : null}
          {stage ? <Badge>{stage}</Badge> : null}
        </div>
        <Votes eventId={event.id} showcase={showcase} entry={entry} myVotes={myVotes} />
      </div>
    </li>
  );
}

/** Whether the reader's companies have games, and those they may submit (their admins': filter[editable]). */
function useSubmittable() {
  const mine = useQuery(myGamesQuery());
  const editable = useQuery(editableGamesQuery());
  return { hasGames: (mine.data?.data.length ?? 0) > 0, editable: (editable.data?.data ?? []).map((game) => game.id) };
}

/** "My entries": for people of a company with games, their entries in this showcase with status and the reason of a rejection, and "submit a game" for the company's admins. */
function MyEntries({ showcase }: { showcase: Showcase }) {
  const { t } = useTranslation();
  const { event, slug } = useEventContext();
  const [open, setOpen] = useState(false);
  const { hasGames, editable } = useSubmittable();
  const entries = useQuery({ ...myEntriesQuery(event.id, showcase.slug), enabled: hasGames });
  if (!hasGames) return null;
  const list = entries.data?.data ?? [];
  return (
    <section className="flex flex-col gap-2 rounded-2xl border border-line p-4" aria-labelledby="my-submissions-title" data-testid="my-submissions">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="my-submissions-title" className="text-lg font-bold">
          {t('showcase.my_submissions')}
        </h2>
        {editable.length === 0 ? null : showcase.submissions_open ? (
          <Button onClick={() => setOpen(true)} data-testid="submit-open">
            {t('showcase.submit')}
          </Button>
        ) : (
          <span className="text-sm text-fg-muted">{t('showcase.submissions_closed')}</span>
        )}
      </div>
      {entries.isError ? <p className="text-sm text-red-700 dark:text-red-400">{apiErrorText(t, entries.error)}</p> : null}
      {list.length > 0 ? (
        <ul className="flex flex-col gap-2">
          {list.map((entry) => (
            <li key={entry.id} className="flex flex-col gap-1 text-sm" data-testid="my-submission">
              <span className="flex flex-wrap items-center gap-2">
                <Link to={eventPath(slug, `showcase/${showcase.slug}/showcase-game/${entry.id}`)} className="font-semibold break-words hover:underline">
                  {entry.game.name}
                </Link>
                <Badge tone={statusTone(entry.status)}>{t(`showcase.status_${entry.status}`)}</Badge>
              </span>
              {entry.status === 'rejected' && entry.reason ? (
                <span className="text-fg-muted break-words" data-testid="my-submission-reason">
                  {t('showcase.rejected_reason', { reason: entry.reason })}
                </span>
              ) : null}
            </li>
          ))}
        </ul>
      ) : entries.isSuccess ? (
        <p className="text-sm text-fg-muted">{t(editable.length > 0 ? 'showcase.my_submissions_hint' : 'showcase.my_submissions_none')}</p>
      ) : null}
      {open ? <SubmitDialog eventId={event.id} showcase={showcase} onClose={() => setOpen(false)} onSubmitted={() => undefined} /> : null}
    </section>
  );
}

function Filters({ filters, onChange }: { filters: EntryFilters; onChange: (key: keyof EntryFilters, value: string) => void }) {
  const { t } = useTranslation();
  const { event } = useEventContext();
  const dictionaries = useDictionaries(event.id);
  return (
    <div className="grid gap-3 sm:grid-cols-3" role="group" aria-label={t('showcase.filters')}>
      {FILTERS.map(({ key, dictionary }) => (
        <SelectField key={key} label={t(`showcase.filter_${key}`)} value={String(filters[key][0] ?? '')} onChange={(e) => onChange(key, e.target.value)} data-testid={`filter-${key}`}>
          <option value="">{t('showcase.filter_any')}</option>
          {dictionaries.options(dictionary).map((o) => (
            <option key={o.value} value={String(o.value)}>
              {o.label}
            </option>
          ))}
        </SelectField>
      ))}
    </div>
  );
}

function Entries({ showcase, myVotes }: { showcase: Showcase; myVotes: { category_id: number; request_id: number }[] }) {
  const { t } = useTranslation();
  const { event } = useEventContext();
  const [search, setSearch] = useSearchParams();
  const filters: EntryFilters = { platform: idsOf(search.get('platform')), genre: idsOf(search.get('genre')), stage: idsOf(search.get('stage')) };
  const query = useQuery({ ...entriesQuery(event.id, showcase.slug, filters), placeholderData: keepPreviousData });
  const setFilter = (key: keyof EntryFilters, value: string) =>
    setSearch(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (value === '') next.delete(key);
        else next.set(key, value);
        return next;
      },
      { replace: true },
    );
  return (
    <div className="flex flex-col gap-4">
      <Filters filters={filters} onChange={setFilter} />
      {query.isPending ? (
        <Skeleton className="h-64" />
      ) : query.isError ? (
        <Failure error={query.error} retry={() => void query.refetch()} />
      ) : query.data.data.length === 0 ? (
        <EmptyState title={t('showcase.empty_title')} text={t(filters.platform.length + filters.genre.length + filters.stage.length > 0 ? 'showcase.empty_filtered' : 'showcase.empty_text')} />
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-busy={query.isFetching} data-testid="showcase-entries">
          {query.data.data.map((entry) => (
            <EntryCard key={entry.id} showcase={showcase} entry={entry} myVotes={myVotes} />
          ))}
        </ul>
      )}
    </div>
  );
}

function ShowcaseHeader({ showcase, title }: { showcase: Showcase; title?: string }) {
  const { t } = useTranslation();
  const { slug } = useEventContext();
  return (
    <header className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1 className="text-3xl font-bold tracking-tight break-words" data-testid="showcase-title">
          {title ?? showcase.title}
        </h1>
        <ButtonLink to={eventPath(slug, `showcase-top/${showcase.slug}`)} variant="secondary" data-testid="showcase-top-link">
          {t('showcase.top_link')}
        </ButtonLink>
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <VotingState showcase={showcase} />
        {!showcase.can_vote ? <span className="text-sm text-fg-muted">{t('showcase.cannot_vote')}</span> : null}
      </div>
      {showcase.description ? (
        <div className="break-words">
          <Markdown>{showcase.description}</Markdown>
        </div>
      ) : null}
    </header>
  );
}

function ShowcaseList() {
  const slug = useParams().id;
  return (
    <WithShowcase slug={slug}>
      {(showcase, myVotes) => (
        <div className="flex flex-col gap-6" data-testid="showcase-page">
          <ShowcaseHeader showcase={showcase} />
          <MyEntries showcase={showcase} />
          <Entries showcase={showcase} myVotes={myVotes} />
        </div>
      )}
    </WithShowcase>
  );
}

/** showcase/{slug}/showcase-game/{requestId}: one entry with the whole game and its votes. */
function EntryPage() {
  const { t } = useTranslation();
  const { event, slug } = useEventContext();
  const params = useParams();
  const requestId = /^[1-9][0-9]{0,9}$/.test(params.requestId ?? '') ? Number(params.requestId) : 0;
  const query = useQuery({ ...entryQuery(event.id, requestId), enabled: requestId > 0 });
  if (requestId === 0) return <NotFoundPage />;
  if (query.isPending) return <Skeleton className="h-96" />;
  if (query.isError) return <Failure error={query.error} retry={() => void query.refetch()} />;
  const entry = query.data.data;
  return (
    <WithShowcase slug={entry.showcase_slug}>
      {(showcase, myVotes) => (
        <div className="flex flex-col gap-4" data-testid="showcase-entry-page">
          <Link to={eventPath(slug, `showcase/${showcase.slug}`)} className="self-start text-sm font-semibold text-brand-ink underline">
            {t('showcase.back', { title: showcase.title })}
          </Link>
          {entry.status !== 'accepted' ? (
            <div>
              <Badge tone={statusTone(entry.status)}>{t(`showcase.status_${entry.status}`)}</Badge>
            </div>
          ) : null}
          <section className="flex flex-col gap-2 rounded-2xl border border-line p-4" aria-label={t('showcase.votes_title')}>
            <h2 className="text-lg font-bold">{t('showcase.votes_title')}</h2>
            <VotingState showcase={showcase} />
            <Votes eventId={event.id} showcase={showcase} entry={entry} myVotes={myVotes} />
          </section>
          <GameView game={entry.game} slug={slug} eventId={event.id} />
        </div>
      )}
    </WithShowcase>
  );
}

/** showcase/{slug?} (the event's first showcase without a slug) and showcase/{slug}/showcase-game/{requestId}. */
export function Component() {
  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-4 px-4 py-8">
      <Routes>
        <Route index element={<ShowcaseList />} />
        <Route path=":id" element={<ShowcaseList />} />
        <Route path=":id/showcase-game/:requestId" element={<EntryPage />} />
        <Route path="showcase-game/:requestId" element={<EntryPage />} />
        <Route path="*" element={<NotFoundPage />} />
      </Routes>
    </div>
  );
}

export { ShowcaseHeader };
