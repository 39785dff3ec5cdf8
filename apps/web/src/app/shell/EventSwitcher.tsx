import type { Event } from '@lobby/contract';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { apiQuery } from '../../api/client.ts';
import { shellRoutes } from '../../api/route-refs.ts';
import { eventPath } from '../../features/events/context.ts';
import { cn } from '../../ui/cn.ts';
import { Spinner } from '../../ui/Spinner.tsx';
import { ChevronDownIcon } from './icons.tsx';
import { switchableEvents } from './switchable.ts';

/**
 * The top bar's event switcher (general mode only): a disclosure with links, loaded when opened.
 * Escape or a click outside closes it and gives focus back to the button.
 */
export function EventSwitcher({ current }: { current: Event }) {
  const { t } = useTranslation();
  const location = useLocation();
  const [open, setOpen] = useState(false);
  const listId = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const events = useQuery({ ...apiQuery(shellRoutes.listEvents, {}), enabled: open });
  useEffect(() => setOpen(false), [location.pathname]);
  useEffect(() => {
    if (!open) return undefined;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      button.current?.focus();
    };
    const onPointer = (event: MouseEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('mousedown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('mousedown', onPointer);
    };
  }, [open]);

  return (
    <div ref={root} className="relative min-w-0">
      <button
        ref={button}
        type="button"
        aria-expanded={open}
        aria-controls={listId}
        data-testid="event-switcher"
        onClick={() => setOpen((value) => !value)}
        className="flex min-h-11 max-w-[8.5rem] items-center gap-1 rounded-xl border border-line bg-surface px-3 text-sm font-semibold sm:max-w-xs"
      >
        <span className="sr-only">{t('shell.switch_event')}: </span>
        <span className="truncate">{current.name}</span>
        <ChevronDownIcon className="size-4 shrink-0" />
      </button>
      {open ? (
        <div id={listId} data-testid="event-switcher-list" className="absolute left-0 top-12 z-50 w-72 max-w-[calc(100vw-2rem)] rounded-2xl border border-line bg-surface p-2 shadow-lg">
          {events.isPending ? (
            <Spinner label={t('common.loading')} className="p-3" />
          ) : events.isError ? (
            <p className="p-3 text-sm">
              {t('shell.events_failed')}{' '}
              <button type="button" onClick={() => void events.refetch()} className="font-semibold underline">
                {t('shell.retry')}
              </button>
            </p>
          ) : (
            <ul aria-label={t('shell.switch_event')}>
              {switchableEvents(events.data.data).map((event) => (
                <li key={event.id}>
                  <Link
                    to={eventPath(event.slug)}
                    aria-current={event.id === current.id ? 'page' : undefined}
                    data-testid={`switch-to-${event.slug}`}
                    className={cn('block truncate rounded-lg px-3 py-2 text-sm hover:bg-surface-muted', event.id === current.id && 'bg-brand/10 font-semibold text-brand-ink')}
                  >
                    {event.name}
                  </Link>
                </li>
              ))}
            </ul>
          )}
          <Link to="/events" className="mt-1 block rounded-lg border-t border-line px-3 py-2 text-sm font-semibold hover:bg-surface-muted">
            {t('shell.all_events')}
          </Link>
        </div>
      ) : null}
    </div>
  );
}
