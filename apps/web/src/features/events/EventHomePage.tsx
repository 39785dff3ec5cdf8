import type { Event } from '@lobby/contract';
import { useTranslation } from 'react-i18next';
import { browserTimezone, formatDateRange, formatTime } from '../../lib/format.ts';
import { Avatar } from '../../ui/Avatar.tsx';
import { Badge } from '../../ui/Badge.tsx';
import { Markdown } from '../../ui/Markdown.tsx';
import { ExpoLink } from '../expo/ExpoLink.tsx';
import { Banners } from './Banners.tsx';
import { useEventContext } from './context.ts';
import { eventFormat } from './format.ts';
import { Membership } from './Membership.tsx';

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
  const { event, member } = useEventContext();
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
      <Banners eventId={event.id} place="home_top" className="mx-auto max-w-6xl px-4 pt-6" />
      <div className="mx-auto grid max-w-6xl gap-6 px-4 py-8 lg:grid-cols-[1fr_320px]">
        <section className="min-w-0 space-y-4 rounded-2xl border border-line bg-surface p-5">
          <h2 className="text-xl font-bold">{t('event.about')}</h2>
          {event.description ? <Markdown>{event.description}</Markdown> : <p className="text-fg-muted">{event.preview_description ?? t('event.no_description')}</p>}
        </section>
        <aside className="flex flex-col gap-4">
          <Membership event={event} member={member} />
          {member ? <ExpoLink slug={event.slug} /> : null}
          <Facts event={event} />
          <Banners eventId={event.id} place="home_sidebar" />
        </aside>
      </div>
    </article>
  );
}
