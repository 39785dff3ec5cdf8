import type { Event } from '@lobby/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { browserTimezone, formatDateRange } from '../../lib/format.ts';
import { Avatar } from '../../ui/Avatar.tsx';
import { Badge } from '../../ui/Badge.tsx';
import { eventFormat } from './format.ts';

/**
 * How the background picture loads: cards on the first screen load theirs at once (a lazy picture
 * there is the page's largest paint, waiting for layout), the very first with high priority.
 */
export type CardPicture = 'first' | 'eager' | 'lazy';

export function EventCard({ event, picture = 'lazy' }: { event: Event; picture?: CardPicture }) {
  const { t } = useTranslation();
  const timezone = browserTimezone();
  return (
    <li className="group overflow-hidden rounded-2xl border border-line bg-surface shadow-sm transition-shadow focus-within:shadow-md hover:shadow-md">
      <Link to={`/events/${event.slug}`} className="flex h-full flex-col focus-visible:outline-none" data-testid={`event-card-${event.slug}`}>
        <div className="relative aspect-[16/7] bg-brand/20">
          {event.background ? <img src={event.background.url} alt="" loading={picture === 'lazy' ? 'lazy' : 'eager'} fetchPriority={picture === 'first' ? 'high' : 'auto'} className="absolute inset-0 size-full object-cover" /> : null}
          {event.group === 'current' ? (
            <Badge tone="live" className="absolute left-3 top-3">
              {t('events.live')}
            </Badge>
          ) : null}
        </div>
        <div className="flex flex-1 flex-col gap-2 p-4">
          <div className="relative z-10 -mt-10 flex items-end gap-3">
            <Avatar src={event.logo?.url} name={event.name} size={56} className="border-4 border-surface" />
          </div>
          <h3 className="text-lg font-bold leading-snug group-hover:text-brand-ink">{event.title}</h3>
          {event.title !== event.name ? <p className="text-sm font-medium text-fg-muted">{event.name}</p> : null}
          {event.preview_description ? <p className="line-clamp-2 text-sm text-fg-muted">{event.preview_description}</p> : null}
          <div className="mt-auto flex flex-wrap items-center gap-2 pt-2 text-sm">
            <time dateTime={event.date_from} className="font-semibold">
              {formatDateRange(event.date_from, event.date_to, timezone)}
            </time>
            <Badge tone="brand">{t(`events.format.${eventFormat(event)}`)}</Badge>
          </div>
        </div>
      </Link>
    </li>
  );
}
