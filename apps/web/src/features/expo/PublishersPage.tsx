import { PUBLISHER_GENRES, type DealSuggestion, type Publisher, type PublisherGenre } from '@lobby/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { browserTimezone, formatDate, formatTime } from '../../lib/format.ts';
import { useDebouncedSearch } from '../../lib/use-debounced-search.ts';
import { Avatar } from '../../ui/Avatar.tsx';
import { Badge } from '../../ui/Badge.tsx';
import { cn } from '../../ui/cn.ts';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { Pager } from '../../ui/Pager.tsx';
import { Skeleton } from '../../ui/Skeleton.tsx';
import { signedInOnly } from '../auth/guards.ts';
import { useMe } from '../auth/session.ts';
import { CompanyLogo } from '../companies/CompanyLogo.tsx';
import { tierStyle } from '../companies/tier.ts';
import { useDictionaries } from '../dictionaries/use-dictionaries.ts';
import { eventPath, useEventContext } from '../events/context.ts';
import { SectionGate } from '../members/SectionGate.tsx';
import { dealSuggestionsQuery, publishersQuery, type PublisherFilters } from './api.ts';
import { safeLinkUrl } from './press-kit.ts';
import { Failure, fullName, MeetingLink, People, TierBadge } from './parts.tsx';

export const loader = signedInOnly;

const idsOf = (value: string | null): number[] => (value ?? '').split(',').filter((part) => /^[0-9]{1,9}$/.test(part)).map(Number);
const genresOf = (value: string | null): PublisherGenre[] => (value ?? '').split(',').filter((part): part is PublisherGenre => (PUBLISHER_GENRES as readonly string[]).includes(part));

/** A row of toggles shown as chips: real checkboxes, so the keyboard and screen readers know them. */
function ChipGroup<V extends string | number>({ legend, options, value, onChange, testId }: { legend: string; options: { value: V; label: string }[]; value: V[]; onChange: (next: V[]) => void; testId: string }) {
  const id = useId();
  return (
    <fieldset className="flex min-w-0 flex-col gap-2" data-testid={testId}>
      <legend className="mb-1 text-sm font-semibold">{legend}</legend>
      <div className="flex flex-wrap gap-2">
        {options.map((option) => {
          const checked = value.includes(option.value);
          const inputId = `${id}-${option.value}`;
          return (
            <span key={option.value}>
              <input
                id={inputId}
                type="checkbox"
                className="peer sr-only"
                checked={checked}
                onChange={(e) => onChange(e.target.checked ? [...value, option.value] : value.filter((v) => v !== option.value))}
                data-testid={`${testId}-${option.value}`}
              />
              <label
                htmlFor={inputId}
                className={cn(
                  'inline-flex min-h-11 cursor-pointer items-center rounded-full border px-4 text-sm font-semibold peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand',
                  checked ? 'border-brand bg-brand-solid text-brand-solid-contrast' : 'border-line bg-surface hover:bg-surface-muted',
                )}
              >
                {checked ? <span aria-hidden="true" className="mr-1">✓</span> : null}
                {option.label}
              </label>
            </span>
          );
        })}
      </div>
    </fieldset>
  );
}

function Chips({ label, items, tone = 'neutral' }: { label: string; items: string[]; tone?: 'neutral' | 'brand' }) {
  if (items.length === 0) return null;
  return (
    <div className="flex flex-col gap-1">
      <p className="text-xs font-semibold uppercase tracking-wide text-fg-muted">{label}</p>
      <ul className="flex flex-wrap gap-1" aria-label={label}>
        {items.map((item) => (
          <li key={item}>
            <Badge tone={tone}>{item}</Badge>
          </li>
        ))}
      </ul>
    </div>
  );
}

function PublisherCard({ publisher }: { publisher: Publisher }) {
  const { t } = useTranslation();
  const { event, slug } = useEventContext();
  const dictionaries = useDictionaries(event.id);
  const tier = tierStyle(publisher.sponsor_type);
  const site = safeLinkUrl(publisher.site);
  return (
    <li className={cn('flex flex-col gap-4 rounded-2xl border bg-surface p-4 sm:p-5', tier.card.replace('sm:col-span-2', 'lg:col-span-2'))} data-testid="publisher-card" data-tier={tier.level}>
      <header className="flex items-start gap-3">
        <CompanyLogo name={publisher.name} src={publisher.logo_url} size={64} />
        <div className="flex min-w-0 flex-1 flex-col gap-1">
          <TierBadge eventId={event.id} type={publisher.sponsor_type} />
          <h2 className="text-lg font-bold break-words">
            <Link to={eventPath(slug, `companies/${publisher.id}`)} className="hover:underline" data-testid="publisher-name">
              {publisher.name}
            </Link>
          </h2>
          {site && !site.sameOrigin ? (
            <a href={site.href} target="_blank" rel="noopener noreferrer nofollow" className="text-sm font-medium text-brand-ink underline break-all">
              {publisher.site?.replace(/^https?:\/\//, '')}
            </a>
          ) : null}
        </div>
      </header>
      {publisher.summary ? <p className="text-sm break-words">{publisher.summary}</p> : null}
      <Chips label={t('expo.looking_for')} items={publisher.looking_for.map((ref) => ref.name)} tone="brand" />
      <Chips label={t('expo.genres')} items={publisher.genres.map((genre) => dictionaries.label('publisher.genres', genre) ?? t(`expo.genre_${genre}`))} />
      {publisher.contacts.length > 0 ? (
        <div className="mt-auto flex flex-col gap-2 border-t border-line pt-3">
          <p className="text-xs font-semibold uppercase tracking-wide text-fg-muted">{t('expo.contacts')}</p>
          <People slug={slug} people={publisher.contacts} compact />
        </div>
      ) : (
        <p className="mt-auto text-sm text-fg-muted">{t('expo.no_contacts')}</p>
      )}
    </li>
  );
}

function SuggestionCard({ suggestion }: { suggestion: DealSuggestion }) {
  const { t } = useTranslation();
  const { slug } = useEventContext();
  const timeZone = useMe()?.timezone ?? browserTimezone();
  const name = fullName(suggestion.publisher);
  return (
    <li className="flex flex-col gap-3 rounded-2xl border border-brand/60 bg-surface p-4" data-testid="deal-suggestion">
      <div className="flex items-start gap-3">
        <Avatar src={suggestion.publisher.avatar_url} name={name} size={48} />
        <div className="min-w-0 flex-1">
          <p className="font-semibold break-words">
            {name}
            {suggestion.company ? <span className="font-normal text-fg-muted"> · {suggestion.company.name}</span> : null}
          </p>
          <p className="text-sm break-words">
            {t(`expo.cause_${suggestion.cause}`, { game: suggestion.game.name })}{' '}
            <Link to={eventPath(slug, `game/${suggestion.game.id}`)} className="font-semibold text-brand-ink underline">
              {t('expo.open_game', { game: suggestion.game.name })}
            </Link>
          </p>
        </div>
      </div>
      {suggestion.slots.length > 0 ? (
        <div className="flex flex-col gap-1">
          <p className="text-xs font-semibold uppercase tracking-wide text-fg-muted">{t('expo.free_times')}</p>
          <ul className="flex flex-wrap gap-1" aria-label={t('expo.free_times')}>
            {suggestion.slots.map((slot) => (
              <li key={slot.starts_at}>
                {/* One click opens the meeting form with the publisher at this time (calendar/create, product.md section 2). */}
                <Link
                  to={eventPath(slug, `calendar/create?start=${Math.floor(Date.parse(slot.starts_at) / 1000)}&member=${suggestion.publisher.member_id}`)}
                  className="inline-flex min-h-11 items-center rounded-full border border-line px-3 text-sm font-semibold text-brand-ink hover:border-brand focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand"
                  aria-label={t('expo.book_time', { time: `${formatDate(slot.starts_at, timeZone)} ${formatTime(slot.starts_at, timeZone)}`, name })}
                  data-testid="deal-free-time"
                >
                  <time dateTime={slot.starts_at}>
                    {formatDate(slot.starts_at, timeZone)} {formatTime(slot.starts_at, timeZone)}
                  </time>
                </Link>
              </li>
            ))}
          </ul>
        </div>
      ) : (
        <p className="text-sm text-fg-muted">{t('expo.no_free_times')}</p>
      )}
      <div>
        <MeetingLink slug={slug} person={suggestion.publisher} testId="deal-request-meeting" />
      </div>
    </li>
  );
}

/** "Publishers interested in your games": shown only when there is something to show. */
function Suggestions() {
  const { t } = useTranslation();
  const { event } = useEventContext();
  const query = useQuery(dealSuggestionsQuery(event.id));
  const list = query.data?.data ?? [];
  if (list.length === 0) return null;
  return (
    <section className="flex flex-col gap-3" aria-labelledby="deal-suggestions" data-testid="deal-suggestions">
      <h2 id="deal-suggestions" className="text-xl font-bold">
        {t('expo.suggestions_title')}
      </h2>
      <p className="text-sm text-fg-muted">{t('expo.suggestions_hint')}</p>
      <ul className="grid gap-3 md:grid-cols-2">
        {list.map((suggestion) => (
          <SuggestionCard key={`${suggestion.publisher.member_id}-${suggestion.game.id}-${suggestion.cause}`} suggestion={suggestion} />
        ))}
      </ul>
    </section>
  );
}

function Filters({ filters, text, onText, onChange }: { filters: PublisherFilters; text: string; onText: (text: string) => void; onChange: (next: Partial<Omit<PublisherFilters, 'query'>>) => void }) {
  const { t } = useTranslation();
  const { event } = useEventContext();
  const dictionaries = useDictionaries(event.id);
  const searchId = useId();
  const lookingFor = dictionaries.options('publisher.looking_for').map((o) => ({ value: Number(o.value), label: o.label }));
  const genres = PUBLISHER_GENRES.map((genre) => ({ value: genre, label: dictionaries.label('publisher.genres', genre) ?? t(`expo.genre_${genre}`) }));
  return (
    <div className="flex flex-col gap-4 rounded-2xl border border-line bg-surface p-4" role="search" aria-label={t('expo.filters')}>
      <div className="flex flex-col gap-1.5">
        <label htmlFor={searchId} className="text-sm font-semibold">
          {t('expo.search_label')}
        </label>
        <input id={searchId} type="search" value={text} onChange={(e) => onText(e.target.value)} placeholder={t('expo.search_placeholder')} className="min-h-11 w-full rounded-xl border border-line bg-surface px-4 text-base sm:w-96" data-testid="publishers-search" />
      </div>
      <div className="grid gap-4 lg:grid-cols-2">
        <ChipGroup legend={t('expo.looking_for')} options={lookingFor} value={filters.lookingFor} onChange={(next) => onChange({ lookingFor: next })} testId="filter-looking-for" />
        <ChipGroup legend={t('expo.genres')} options={genres} value={filters.genres} onChange={(next) => onChange({ genres: next })} testId="filter-genre" />
      </div>
    </div>
  );
}

function Directory() {
  const { t } = useTranslation();
  const { event } = useEventContext();
  const [search, setSearch] = useSearchParams();
  const { text, setText, search: settled, page, setPage } = useDebouncedSearch();
  const filters: PublisherFilters = { lookingFor: idsOf(search.get('looking_for')), genres: genresOf(search.get('genres')), query: settled };
  const query = useQuery({ ...publishersQuery(event.id, filters, page), placeholderData: keepPreviousData });
  const change = (next: Partial<Omit<PublisherFilters, 'query'>>) => {
    setSearch(
      (prev) => {
        const params = new URLSearchParams(prev);
        const set = (key: string, values: (string | number)[] | undefined) => {
          if (values === undefined) return;
          if (values.length === 0) params.delete(key);
          else params.set(key, values.join(','));
        };
        set('looking_for', next.lookingFor);
        set('genres', next.genres);
        return params;
      },
      { replace: true },
    );
    setPage(1);
  };
  const filtered = filters.lookingFor.length + filters.genres.length > 0 || settled !== '';
  let body: ReactNode;
  if (query.isPending) {
    body = (
      <div className="grid gap-4 md:grid-cols-2">
        <Skeleton className="h-64" />
        <Skeleton className="h-64" />
      </div>
    );
  } else if (query.isError) {
    body = <Failure error={query.error} retry={() => void query.refetch()} />;
  } else if (query.data.data.length === 0) {
    body = <EmptyState title={t('expo.publishers_empty_title')} text={t(filtered ? 'expo.publishers_empty_filtered' : 'expo.publishers_empty_text')} />;
  } else {
    body = (
      <>
        <p className="sr-only" role="status">
          {t('expo.publishers_found', { count: query.data.meta.total })}
        </p>
        <ul className="grid gap-4 md:grid-cols-2" aria-busy={query.isFetching} data-testid="publishers-list">
          {query.data.data.map((publisher) => (
            <PublisherCard key={publisher.id} publisher={publisher} />
          ))}
        </ul>
        <Pager page={page} pages={query.data.meta.last_page} onPage={setPage} />
      </>
    );
  }
  return (
    <div className="flex flex-col gap-4">
      <Filters filters={filters} text={text} onText={setText} onChange={change} />
      {body}
    </div>
  );
}

/** publishers: the publishers pavilion, with "Publishers interested in your games" above it. */
export function Component() {
  const { t } = useTranslation();
  const { event, member } = useEventContext();
  return (
    <SectionGate section="publishers" event={event} member={member}>
      <div className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-8" data-testid="publishers-page">
        <header className="flex flex-col gap-1">
          <h1 className="text-3xl font-bold tracking-tight">{t('expo.publishers_title')}</h1>
          <p className="text-fg-muted">{t('expo.publishers_lead')}</p>
        </header>
        <Suggestions />
        <Directory />
      </div>
    </SectionGate>
  );
}
