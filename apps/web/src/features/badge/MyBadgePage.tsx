import { routes, type MyBadge } from '@lobby/contract';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { apiQuery } from '../../api/client.ts';
import { browserTimezone, formatDate, formatTime } from '../../lib/format.ts';
import { Alert } from '../../ui/Alert.tsx';
import { Skeleton } from '../../ui/Skeleton.tsx';
import { apiErrorText } from '../auth/api-error.ts';
import { eventPath, useEventContext } from '../events/context.ts';
import { ParticipantGate } from '../favorites/ParticipantGate.tsx';
import { QrCode } from '../volunteer/QrCode.tsx';
import { TicketPill } from '../volunteer/TicketPill.tsx';
import { ExchangePanel } from './ExchangePanel.tsx';

function BadgeCard({ badge, timezone }: { badge: MyBadge; timezone: string }) {
  const { t } = useTranslation();
  const name = `${badge.first_name} ${badge.last_name}`.trim();
  return (
    <section aria-labelledby="my-badge-name" className="flex flex-col items-center gap-3 rounded-2xl border border-line bg-surface p-5 text-center" data-testid="my-badge">
      <div className="w-full max-w-72 rounded-2xl bg-white p-3">
        <QrCode value={badge.qr} label={t('badge.qr_label')} className="w-full" />
      </div>
      <h2 id="my-badge-name" className="text-2xl font-bold">
        {name}
      </h2>
      {badge.job || badge.company ? <p className="text-sm text-fg-muted">{[badge.job, badge.company].filter(Boolean).join(' · ')}</p> : null}
      <TicketPill ticket={badge.ticket} />
      <p className="text-sm" data-testid="my-checked-in">
        {badge.checked_in_at ? t('badge.checked_in', { time: formatTime(badge.checked_in_at, timezone) }) : t('badge.not_checked_in')}
      </p>
    </section>
  );
}

function CapturedBy({ eventId, timezone }: { eventId: number; timezone: string }) {
  const { t } = useTranslation();
  const list = useQuery(apiQuery(routes.listMyLeads, { params: { eventId } }));
  return (
    <section aria-labelledby="captured-title" className="flex flex-col gap-3 rounded-2xl border border-line bg-surface p-5" data-testid="captured-by">
      <h2 id="captured-title" className="text-lg font-bold">
        {t('badge.captured_title')}
      </h2>
      {list.isPending ? <Skeleton className="h-16" /> : null}
      {list.isError ? <Alert tone="error">{apiErrorText(t, list.error)}</Alert> : null}
      {list.data && list.data.data.length === 0 ? <p className="text-sm text-fg-muted">{t('badge.captured_empty')}</p> : null}
      <ul className="flex flex-col gap-2">
        {list.data?.data.map((item) => (
          <li key={item.company.id} className="flex items-center gap-3">
            {item.company.logo_url ? <img src={item.company.logo_url} alt="" className="size-9 rounded-lg object-contain" /> : <span aria-hidden="true" className="size-9 rounded-lg bg-surface-muted" />}
            <span className="font-semibold">{item.company.name}</span>
            <span className="text-sm text-fg-muted">{formatDate(item.captured_at, timezone)}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** /badge: my badge's QR to show, "Scan a badge" to exchange contacts, and who scanned me. */
export function Component() {
  const { t } = useTranslation();
  const { event, member, slug } = useEventContext();
  const timezone = member?.user.timezone ?? browserTimezone();
  const badge = useQuery({ ...apiQuery(routes.getMyBadge, { params: { eventId: event.id } }), enabled: member !== null });
  return (
    <ParticipantGate event={event} member={member}>
      <div className="mx-auto flex max-w-5xl flex-col gap-6 px-4 py-8" data-testid="my-badge-page">
        <div>
          <h1 className="text-3xl font-bold tracking-tight">{t('badge.title')}</h1>
          <p className="mt-1 text-sm text-fg-muted">{t('badge.intro')}</p>
        </div>
        <div className="grid grid-cols-1 items-start gap-6 md:grid-cols-2">
          <div className="flex flex-col gap-6">
            {badge.isPending ? <Skeleton className="h-96" /> : null}
            {badge.isError ? <Alert tone="error">{apiErrorText(t, badge.error)}</Alert> : null}
            {badge.data ? <BadgeCard badge={badge.data.data} timezone={timezone} /> : null}
            {badge.data && badge.data.data.lead_companies.length > 0 ? (
              <section aria-labelledby="booth-title" className="flex flex-col gap-2 rounded-2xl border border-line bg-surface p-5">
                <h2 id="booth-title" className="text-lg font-bold">
                  {t('badge.booth_title')}
                </h2>
                {badge.data.data.lead_companies.map((company) => (
                  <Link key={company.id} to={eventPath(slug, `companies/${company.id}/leads`)} className="font-semibold text-brand-ink underline" data-testid="booth-link">
                    {t('badge.booth_link', { company: company.name })}
                  </Link>
                ))}
              </section>
            ) : null}
          </div>
          <div className="flex flex-col gap-6">
            <ExchangePanel eventId={event.id} slug={slug} />
            <CapturedBy eventId={event.id} timezone={timezone} />
          </div>
        </div>
      </div>
    </ParticipantGate>
  );
}
