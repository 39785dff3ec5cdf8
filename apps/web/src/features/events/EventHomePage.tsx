import type { Event } from '@lobby/contract';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams, type LoaderFunctionArgs } from 'react-router';
import { ApiError } from '../../api/errors.ts';
import { queryClient } from '../../api/query-client.ts';
import { appConfig } from '../../app/config.ts';
import { applyTheme } from '../../app/theme.ts';
import { fallBackToEnglish } from '../../i18n/index.ts';
import { browserTimezone, formatDateRange, formatTime } from '../../lib/format.ts';
import { Avatar } from '../../ui/Avatar.tsx';
import { Badge } from '../../ui/Badge.tsx';
import { Markdown } from '../../ui/Markdown.tsx';
import { eventFormat } from './format.ts';
import { eventQuery } from './queries.ts';

/** The event of the route, or of the injected configuration in single-event mode. */
const slugOf = (params: Record<string, string | undefined>): string => params.eventSlug ?? appConfig.slug;

/**
 * A 404 while loading the event shows not found; any other failure shows the server error with
 * English as the language (contract.md section 8).
 */
export async function loader({ params }: LoaderFunctionArgs) {
  try {
    await queryClient.ensureQueryData(eventQuery(slugOf(params)));
  } catch (error) {
    if (!(error instanceof ApiError && error.status === 404)) await fallBackToEnglish();
    throw error;
  }
  return null;
}

function Facts({ event }: { event: Event }) {
  const { t } = useTranslation();
  const timezone = browserTimezone();
  const pointNames = Object.keys(event.points);
  return (
    <dl className="grid gap-4 rounded-2xl border border-line bg-surface p-5 text-sm">
      <div>
        <dt className="font-semibold text-fg-muted">{t('event.dates')}</dt>
        <dd className="mt-1 font-semibold">
          {formatDateRange(event.date_from, event.date_to, timezone)}
          <span className="block font-normal text-fg-muted">
            {t('event.times', { from: formatTime(event.date_from, timezone), to: formatTime(event.date_to, timezone), timezone })}
          </span>
        </dd>
      </div>
      <div>
        <dt className="font-semibold text-fg-muted">{t('event.format')}</dt>
        <dd className="mt-1">
          <Badge tone="brand">{t(`events.format.${eventFormat(event)}`)}</Badge>
        </dd>
      </div>
      {event.full_address ? (
        <div>
          <dt className="font-semibold text-fg-muted">{t('event.address')}</dt>
          <dd className="mt-1">
            {event.full_address}
            {event.address_link ? (
              <a href={event.address_link} target="_blank" rel="noopener noreferrer" className="mt-1 block font-medium text-brand-ink underline">
                {t('event.open_map')}
              </a>
            ) : null}
          </dd>
        </div>
      ) : null}
      {pointNames.length > 0 ? (
        <div>
          <dt className="font-semibold text-fg-muted">{t('event.points')}</dt>
          <dd className="mt-2 flex flex-wrap gap-2" data-testid="meeting-points">
            {pointNames.map((name) => (
              <Badge key={name}>{name}</Badge>
            ))}
          </dd>
        </div>
      ) : null}
    </dl>
  );
}

export function Component() {
  const { t } = useTranslation();
  const params = useParams();
  const { data } = useSuspenseQuery(eventQuery(slugOf(params)));
  const event = data.data;
  useEffect(() => {
    applyTheme(event.config.theme);
    document.title = `${event.title} · Lobby`;
    return () => {
      applyTheme(null);
      document.title = 'Lobby';
    };
  }, [event]);
  return (
    <article data-testid="event-home">
      <div className="relative isolate overflow-hidden bg-brand">
        {event.background ? <img src={event.background.url} alt="" className="absolute inset-0 -z-10 size-full object-cover" /> : null}
        <div className="absolute inset-0 -z-10 bg-gradient-to-t from-black/60 to-black/10" />
        <div className="mx-auto flex max-w-6xl flex-col gap-4 px-4 pb-8 pt-16 text-white sm:flex-row sm:items-end sm:pt-28">
          <Avatar src={event.logo?.url} name={event.name} size={88} className="border-4 border-white/80" />
          <div className="min-w-0">
            {event.group === 'current' ? <Badge tone="live" className="mb-2">{t('events.live')}</Badge> : null}
            <h1 className="break-words text-3xl font-bold tracking-tight sm:text-4xl">{event.title}</h1>
            {event.title !== event.name ? <p className="mt-1 text-lg text-white/85">{event.name}</p> : null}
          </div>
        </div>
      </div>
      <div className="mx-auto grid max-w-6xl gap-6 px-4 py-8 lg:grid-cols-[1fr_320px]">
        <section className="min-w-0 space-y-4 rounded-2xl border border-line bg-surface p-5">
          <h2 className="text-xl font-bold">{t('event.about')}</h2>
          {event.description ? <Markdown>{event.description}</Markdown> : <p className="text-fg-muted">{event.preview_description ?? t('event.no_description')}</p>}
        </section>
        <aside>
          <Facts event={event} />
        </aside>
      </div>
    </article>
  );
}
