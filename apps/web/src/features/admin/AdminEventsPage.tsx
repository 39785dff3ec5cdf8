import { useSuspenseQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { queryClient } from '../../api/query-client.ts';
import { browserTimezone, formatDateRange } from '../../lib/format.ts';
import { Avatar } from '../../ui/Avatar.tsx';
import { Badge } from '../../ui/Badge.tsx';
import { ButtonLink } from '../../ui/Button.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { signedInOnly } from '../auth/guards.ts';
import { adminEventsQuery } from './queries.ts';

export async function loader(args: Parameters<typeof signedInOnly>[0]) {
  signedInOnly(args);
  await queryClient.ensureQueryData(adminEventsQuery());
  return null;
}

/** The organiser's back office: the events they run. */
export function Component() {
  const { t } = useTranslation();
  const { data } = useSuspenseQuery(adminEventsQuery());
  const timezone = browserTimezone();
  return (
    <div className="mx-auto max-w-5xl px-4 py-8">
      <div className="mb-6 flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold tracking-tight">{t('admin.title')}</h1>
          <p className="mt-1 text-fg-muted">{t('admin.subtitle')}</p>
        </div>
        {data.can_create ? (
          <ButtonLink to="/admin/events/new" data-testid="create-event">
            {t('admin.create_event')}
          </ButtonLink>
        ) : null}
      </div>
      {data.data.length === 0 ? (
        <EmptyState title={t('admin.empty_title')} text={data.can_create ? t('admin.empty_text_create') : t('admin.empty_text')} />
      ) : (
        <ul className="flex flex-col gap-3">
          {data.data.map((event) => (
            <li key={event.id}>
              <Link to={`/admin/events/${event.id}`} className="flex items-center gap-4 rounded-2xl border border-line bg-surface p-4 hover:border-brand">
                <Avatar src={event.logo?.url} name={event.name} size={48} />
                <div className="min-w-0 flex-1">
                  <p className="truncate font-semibold">{event.name}</p>
                  <p className="text-sm text-fg-muted">{formatDateRange(event.date_from, event.date_to, timezone)}</p>
                </div>
                {event.active ? null : <Badge tone="warning">{t('admin.inactive')}</Badge>}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
