import { routes, type TicketType } from '@lobby/contract';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { apiQuery } from '../../api/client.ts';
import { formatDate, formatTime } from '../../lib/format.ts';
import { Button } from '../../ui/Button.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { Skeleton } from '../../ui/Skeleton.tsx';
import { apiErrorText } from '../auth/api-error.ts';
import { segmentText } from './push-segment.ts';

export function PushHistory({ eventId, types, timeZone }: { eventId: number; types: TicketType[]; timeZone: string }) {
  const { t } = useTranslation();
  const list = useQuery(apiQuery(routes.listCustomPushes, { params: { eventId } }));
  return (
    <section aria-labelledby="push-history" className="flex flex-col gap-3">
      <h2 id="push-history" className="text-xl font-semibold">
        {t('admin_push.history')}
      </h2>
      {list.isPending ? <Skeleton className="h-32" /> : null}
      {list.isError ? <EmptyState title={t('errors.server_error_title')} text={apiErrorText(t, list.error)} action={<Button onClick={() => void list.refetch()}>{t('errors.retry')}</Button>} /> : null}
      {list.data && list.data.data.length === 0 ? <EmptyState title={t('admin_push.empty_title')} text={t('admin_push.empty_text')} /> : null}
      {list.data && list.data.data.length > 0 ? (
        <ul className="flex flex-col gap-3" data-testid="push-history">
          {list.data.data.map((push) => (
            <li key={push.id} className="rounded-2xl border border-line bg-surface p-4">
              <div className="flex flex-wrap items-baseline justify-between gap-2">
                <h3 className="font-semibold break-words">{push.title}</h3>
                <span className="text-sm text-fg-muted">
                  {formatDate(push.created_at, timeZone)} {formatTime(push.created_at, timeZone)}
                </span>
              </div>
              <p className="mt-1 whitespace-pre-line break-words text-sm">{push.text}</p>
              {push.url ? <p className="mt-1 break-all text-sm text-brand-ink">{push.url}</p> : null}
              <p className="mt-2 text-xs text-fg-muted">
                {segmentText(t, push.segment, types)} · {t('admin_push.recipients', { count: push.recipients })}
              </p>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
