import type { Event } from '@lobby/contract';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams, type LoaderFunctionArgs } from 'react-router';
import { queryClient } from '../../api/query-client.ts';
import { rememberTimezoneForFirstPaint } from '../../app/first-paint.ts';
import { applyEventLanguages } from '../../i18n/index.ts';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { EventCard } from './EventCard.tsx';
import { eventsQuery, MAX_QUERY, searchOf, sectionsOf, type SectionKey } from './queries.ts';


export async function loader({ request }: LoaderFunctionArgs) {
  // Coming from an event, its languages end here, before the list is fetched: the layout's own
  // clean-up runs only after this page has loaded, which fetched it in the event's language.
  await applyEventLanguages(null);
  await queryClient.ensureQueryData(eventsQuery(searchOf(new URL(request.url).searchParams)));
  return null;
}

function SearchBox() {
  const { t } = useTranslation();
  const id = useId();
  const [params, setParams] = useSearchParams();
  const [value, setValue] = useState(() => searchOf(params));
  useEffect(() => {
    const handle = window.setTimeout(() => {
      const next = value.trim().slice(0, MAX_QUERY);
      if (next === searchOf(params)) return;
      setParams(next ? { q: next } : {}, { replace: true });
    }, 300);
    return () => window.clearTimeout(handle);
  }, [value, params, setParams]);
  return (
    <div className="w-full sm:w-72">
      <label htmlFor={id} className="sr-only">
        {t('events.search_label')}
      </label>
      <input
        id={id}
        type="search"
        value={value}
        maxLength={MAX_QUERY}
        onChange={(event) => setValue(event.target.value)}
        placeholder={t('events.search_placeholder')}
        className="min-h-11 w-full rounded-xl border border-line bg-surface px-4 text-sm"
      />
    </div>
  );
}

/** Cards whose pictures load at once: the first row at the widest grid (three columns). */
const EAGER_CARDS = 3;

/** `eager`: this is the first section shown, whose first cards are on the first screen. */
function GroupSection({ group, events, eager }: { group: SectionKey; events: Event[]; eager: boolean }) {
  const { t } = useTranslation();
  const headingId = useId();
  if (events.length === 0) return null;
  return (
    <section aria-labelledby={headingId} data-testid={`events-group-${group}`} className="space-y-4">
      <h2 id={headingId} className="flex items-center gap-2 text-xl font-bold">
        {t(`events.groups.${group}`)}
        <span className="rounded-full bg-surface px-2 py-0.5 text-sm font-semibold text-fg-muted">{events.length}</span>
      </h2>
      <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {events.map((event, index) => (
          <EventCard key={event.id} event={event} picture={eager && index < EAGER_CARDS ? (index === 0 ? 'first' : 'eager') : 'lazy'} />
        ))}
      </ul>
    </section>
  );
}

export function Component() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const search = searchOf(params);
  const { data } = useSuspenseQuery(eventsQuery(search));
  const sections = sectionsOf(data.data);
  const total = sections.reduce((sum, [, events]) => sum + events.length, 0);
  useEffect(rememberTimezoneForFirstPaint, []);
  return (
    <div className="mx-auto max-w-6xl space-y-8 px-4 py-8">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-3xl font-bold tracking-tight">{t('events.title')}</h1>
          <p className="mt-1 text-fg-muted">{t('events.subtitle')}</p>
        </div>
        <SearchBox />
      </div>
      {total === 0 ? (
        search ? (
          <EmptyState title={t('events.no_results_title')} text={t('events.no_results_text', { query: search })} />
        ) : (
          <EmptyState title={t('events.empty_title')} text={t('events.empty_text')} />
        )
      ) : (
        sections.map(([group, events]) => <GroupSection key={group} group={group} events={events} eager={group === sections.find(([, shown]) => shown.length > 0)?.[0]} />)
      )}
    </div>
  );
}
