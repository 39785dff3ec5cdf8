import type { LoaderFunctionArgs } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { queryClient } from '../../api/query-client.ts';
import { isSignedIn } from '../../api/session.ts';
import { browserTimezone, formatDate, formatTime } from '../../lib/format.ts';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { useMe } from '../auth/session.ts';
import { eventPath, eventQuery, memberQuery, slugOf, useEventContext } from '../events/context.ts';
import { ParticipantGate } from '../favorites/ParticipantGate.tsx';
import { buildAgenda, currentKey, type AgendaItem } from './agenda.ts';
import { agendaMeetingsQuery, agendaProgramQuery } from './queries.ts';

/**
 * Everything the page shows is loaded here: offline, what the service worker kept is read, and an
 * agenda it never kept is the network-error screen rather than a half-empty page.
 */
export async function loader({ params }: LoaderFunctionArgs) {
  const { data: event } = await queryClient.ensureQueryData(eventQuery(slugOf(params)));
  const member = isSignedIn() ? await queryClient.ensureQueryData(memberQuery(event.id)) : null;
  if (!member) return null;
  await Promise.all([
    member.sections.meetings === 'ok' ? queryClient.ensureQueryData(agendaMeetingsQuery(event.id)) : null,
    member.sections.program === 'ok' ? queryClient.ensureQueryData(agendaProgramQuery(event.id)) : null,
  ]);
  return null;
}

function Item({ item, slug, timeZone, current }: { item: AgendaItem; slug: string; timeZone: string; current: boolean }) {
  const { t } = useTranslation();
  const when = `${formatTime(item.startsAt, timeZone)}–${formatTime(item.endsAt, timeZone)}`;
  return (
    <li className={`flex gap-4 rounded-2xl border bg-surface p-4 ${current ? 'border-brand' : 'border-line'}`} data-testid="agenda-item" aria-current={current ? 'true' : undefined}>
      <p className="w-24 shrink-0 text-sm font-semibold tabular-nums">{when}</p>
      <div className="min-w-0 flex-1">
        <p className="text-xs font-semibold uppercase tracking-wide text-fg-muted">{t(item.kind === 'meeting' ? 'agenda.kind_meeting' : 'agenda.kind_lecture')}</p>
        <Link to={eventPath(slug, item.path)} className="font-semibold hover:underline">
          {item.kind === 'meeting' ? t('agenda.meeting_with', { name: item.with }) : item.title}
        </Link>
        <p className="text-sm text-fg-muted">
          {item.kind === 'meeting' ? [item.company, item.online ? t('agenda.online') : item.place].filter(Boolean).join(' · ') : [item.place, item.speakers].filter(Boolean).join(' · ')}
        </p>
      </div>
    </li>
  );
}

/** agenda (issue 18): the person's accepted meetings and starred lectures of this event, readable offline. */
export function Component() {
  const { t } = useTranslation();
  const { event, member, slug } = useEventContext();
  const me = useMe();
  const timeZone = me?.timezone ?? browserTimezone();
  const meetingsOn = member?.sections.meetings === 'ok';
  const programOn = member?.sections.program === 'ok';
  const meetings = useQuery({ ...agendaMeetingsQuery(event.id), enabled: meetingsOn });
  const program = useQuery({ ...agendaProgramQuery(event.id), enabled: programOn });
  const days = buildAgenda(meetingsOn ? (meetings.data?.data ?? []) : [], programOn ? (program.data?.data ?? null) : null, timeZone);
  const current = currentKey(days, Date.now());
  return (
    <ParticipantGate event={event} member={member}>
      <div className="mx-auto max-w-3xl px-4 py-8" data-testid="agenda-page">
        <h1 className="mb-2 text-3xl font-bold tracking-tight">{t('agenda.title')}</h1>
        <p className="mb-6 text-sm text-fg-muted">{t('agenda.intro')}</p>
        {days.length === 0 ? (
          <EmptyState title={t('agenda.empty_title')} text={t('agenda.empty_text')} />
        ) : (
          <div className="flex flex-col gap-6">
            {days.map((day) => (
              <section key={day.day} aria-labelledby={`agenda-${day.day}`}>
                <h2 id={`agenda-${day.day}`} className="mb-3 text-lg font-semibold">
                  {formatDate(day.items[0]?.startsAt ?? `${day.day}T12:00:00Z`, timeZone)}
                </h2>
                <ul className="flex flex-col gap-3">
                  {day.items.map((item) => (
                    <Item key={item.key} item={item} slug={slug} timeZone={timeZone} current={item.key === current} />
                  ))}
                </ul>
              </section>
            ))}
          </div>
        )}
      </div>
    </ParticipantGate>
  );
}
