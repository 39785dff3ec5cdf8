import { routes, type VolunteerAttendee } from '@lobby/contract';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { callApi } from '../../api/client.ts';
import { formatTime } from '../../lib/format.ts';
import { Avatar } from '../../ui/Avatar.tsx';
import { Button, ButtonLink } from '../../ui/Button.tsx';
import { apiErrorText } from '../auth/api-error.ts';
import { eventPath } from '../events/context.ts';
import { refreshDesk } from './queries.ts';
import { TicketPill } from './TicketPill.tsx';

export const badgePath = (slug: string, userId: number, badgeId: number) => eventPath(slug, `volunteer/badges/${userId}/${badgeId}`);

/** One attendee at the desk: who, their ticket, check-in, and their badge to print. */
export function AttendeeRow({ eventId, slug, attendee, timezone, selected, onSelect }: { eventId: number; slug: string; attendee: VolunteerAttendee; timezone: string; selected: boolean; onSelect: (on: boolean) => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const name = `${attendee.first_name} ${attendee.last_name}`.trim();
  const print = useMutation({
    mutationFn: () => callApi(routes.printBadge, { params: { eventId }, body: { user_id: attendee.user_id } }),
    onSuccess: async ({ data }) => {
      await refreshDesk();
      await navigate(badgePath(slug, data.user_id, data.id));
    },
  });
  return (
    <li className="flex flex-col gap-3 rounded-2xl border border-line bg-surface p-4 sm:flex-row sm:items-center" data-testid="attendee" data-user={attendee.user_id}>
      <div className="flex min-w-0 flex-1 items-center gap-3">
        <input type="checkbox" checked={selected} onChange={(e) => onSelect(e.target.checked)} aria-label={t('volunteer.select_person', { name })} className="size-5 shrink-0 accent-[var(--brand-solid)]" data-testid="attendee-select" />
        <Avatar src={attendee.avatar_url} name={name} size={40} />
        <div className="min-w-0">
          <p className="truncate font-semibold" data-testid="attendee-name">
            {name}
          </p>
          <p className="truncate text-sm text-fg-muted">{[attendee.company?.name, attendee.email].filter(Boolean).join(' · ')}</p>
          <div className="mt-1 flex flex-wrap items-center gap-2 text-xs">
            <TicketPill ticket={attendee.ticket} />
            <span className={attendee.checked_in_at ? 'font-semibold text-emerald-700 dark:text-emerald-300' : 'text-fg-muted'} data-testid="attendee-checked-in" data-state={attendee.checked_in_at ? 'in' : 'out'}>
              {attendee.checked_in_at ? t('volunteer.checked_in_at', { time: formatTime(attendee.checked_in_at, timezone) }) : t('volunteer.not_checked_in')}
            </span>
          </div>
        </div>
      </div>
      <div className="flex flex-wrap items-center gap-2">
        {attendee.badge ? (
          <>
            <ButtonLink to={badgePath(slug, attendee.user_id, attendee.badge.id)} variant="secondary" data-testid="open-badge">
              {t('volunteer.open_badge')}
            </ButtonLink>
            <Button variant="ghost" disabled={print.isPending} onClick={() => print.mutate()} data-testid="reprint-badge">
              {t('volunteer.reprint')}
            </Button>
          </>
        ) : (
          <Button disabled={print.isPending} onClick={() => print.mutate()} data-testid="print-badge">
            {t('volunteer.print')}
          </Button>
        )}
        {print.isError ? (
          <p role="alert" className="w-full text-sm text-red-700 dark:text-red-400">
            {apiErrorText(t, print.error)}
          </p>
        ) : null}
      </div>
    </li>
  );
}
