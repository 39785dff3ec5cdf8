import { checkInShare, routes } from '@lobby/contract';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { apiQuery } from '../../api/client.ts';
import { Alert } from '../../ui/Alert.tsx';
import { Skeleton } from '../../ui/Skeleton.tsx';
import { apiErrorText } from '../auth/api-error.ts';
import { TicketPill } from './TicketPill.tsx';

/** A bar of checked in out of members, its numbers read out in the text beside it. */
function ShareBar({ checkedIn, members }: { checkedIn: number; members: number }) {
  return (
    <div className="h-2 w-full overflow-hidden rounded-full bg-surface-muted" aria-hidden="true">
      <div className="h-full rounded-full bg-brand-solid" style={{ width: `${checkInShare(checkedIn, members)}%` }} />
    </div>
  );
}

/** The back office's check-in counts (checked in of members, by ticket type), refreshed every 30 s. */
export function CheckInStats({ eventId }: { eventId: number }) {
  const { t } = useTranslation();
  const stats = useQuery({ ...apiQuery(routes.adminCheckInStats, { params: { eventId } }), refetchInterval: 30_000 });
  return (
    <section aria-labelledby="check-in-stats-title" className="flex flex-col gap-3 rounded-2xl border border-line bg-surface p-5" data-testid="check-in-stats">
      <h2 id="check-in-stats-title" className="text-lg font-bold">
        {t('volunteer.stats_title')}
      </h2>
      {stats.isPending ? <Skeleton className="h-20" /> : null}
      {stats.isError ? <Alert tone="error">{apiErrorText(t, stats.error)}</Alert> : null}
      {stats.data ? (
        <>
          <p className="text-2xl font-bold" data-testid="check-in-total" data-checked={stats.data.data.checked_in} data-members={stats.data.data.members}>
            {t('volunteer.stats_summary', { checked: stats.data.data.checked_in, members: stats.data.data.members, share: checkInShare(stats.data.data.checked_in, stats.data.data.members) })}
          </p>
          <ShareBar checkedIn={stats.data.data.checked_in} members={stats.data.data.members} />
          <p className="text-sm text-fg-muted">{t('volunteer.stats_badges', { count: stats.data.data.badges })}</p>
          <table className="w-full text-left text-sm">
            <thead>
              <tr className="border-b border-line text-fg-muted">
                <th scope="col" className="py-2 font-semibold">
                  {t('volunteer.stats_ticket')}
                </th>
                <th scope="col" className="py-2 text-right font-semibold">
                  {t('volunteer.stats_checked')}
                </th>
                <th scope="col" className="py-2 text-right font-semibold">
                  {t('volunteer.stats_members')}
                </th>
              </tr>
            </thead>
            <tbody>
              {stats.data.data.by_ticket_type.map((row) => (
                <tr key={row.ticket?.id ?? 'none'} className="border-b border-line last:border-0" data-testid="check-in-row">
                  <td className="py-2">
                    <TicketPill ticket={row.ticket} />
                  </td>
                  <td className="py-2 text-right tabular-nums">{row.checked_in}</td>
                  <td className="py-2 text-right tabular-nums">{row.members}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      ) : null}
    </section>
  );
}
