import type { PrintableBadge } from '@lobby/contract';
import { ticketKindColour } from '@lobby/contract';
import { useTranslation } from 'react-i18next';
import { cn } from '../../ui/cn.ts';
import { QrCode } from './QrCode.tsx';
import { bandOf, type BadgeSize } from './badge-sizes.ts';


/**
 * One badge as printed: the event's band with its logo and name, the person's name large, their
 * job and company, the QR code, and the ticket on its kind's colour. Every size inside is in
 * container units (cqw) of the badge's width, so the screen preview and the paper match.
 */
export function BadgeFace({ badge, size, className }: { badge: PrintableBadge; size: BadgeSize; className?: string }) {
  const { t } = useTranslation();
  const name = `${badge.first_name} ${badge.last_name}`.trim();
  const qr = <QrCode value={badge.qr} label={t('volunteer.qr_label', { name })} className={size === 'a6' ? 'w-[46cqw]' : 'w-[34cqw]'} />;
  const ticket = (
    <div className="px-[4cqw] py-[2.2cqw] text-center font-bold uppercase tracking-wide text-white" style={{ backgroundColor: ticketKindColour(badge.ticket?.kind), fontSize: size === 'a6' ? '5cqw' : '4cqw' }} data-testid="badge-ticket">
      {badge.ticket?.name ?? t('volunteer.no_ticket')}
    </div>
  );
  const band = (
    <div className="flex items-center gap-[3cqw] px-[4cqw] py-[3cqw]" style={bandOf(badge.event.color ?? '#1d4ed8')}>
      {badge.event.logo_url ? <img src={badge.event.logo_url} alt="" className="h-[9cqw] w-[9cqw] rounded-[1.5cqw] bg-white object-contain p-[0.8cqw]" /> : null}
      <span className="min-w-0 truncate font-semibold" style={{ fontSize: size === 'a6' ? '4.6cqw' : '3.6cqw' }} data-testid="badge-event">
        {badge.event.name}
      </span>
    </div>
  );
  const who = (
    <div className="min-w-0">
      <p className="break-words font-extrabold leading-[1.05]" style={{ fontSize: size === 'a6' ? '11cqw' : '8cqw' }} data-testid="badge-name">
        {badge.first_name}
      </p>
      <p className="break-words font-bold leading-[1.1]" style={{ fontSize: size === 'a6' ? '7cqw' : '5.2cqw' }}>
        {badge.last_name}
      </p>
      {badge.job ? (
        <p className="mt-[1.5cqw] break-words" style={{ fontSize: size === 'a6' ? '4.6cqw' : '3.6cqw' }}>
          {badge.job}
        </p>
      ) : null}
      {badge.company ? (
        <p className="break-words font-semibold" style={{ fontSize: size === 'a6' ? '5cqw' : '3.8cqw' }} data-testid="badge-company">
          {badge.company}
        </p>
      ) : null}
    </div>
  );
  return (
    <article
      className={cn('lb-badge flex flex-col overflow-hidden border border-line bg-white text-slate-900 shadow-sm [container-type:inline-size]', size === 'a6' ? 'aspect-[105/148]' : 'aspect-[85.6/54]', className)}
      aria-label={t('volunteer.badge_of', { name })}
      data-testid="badge"
      data-size={size}
    >
      {band}
      {size === 'a6' ? (
        <div className="flex flex-1 flex-col items-center justify-between gap-[3cqw] px-[6cqw] py-[5cqw] text-center">
          {who}
          {qr}
        </div>
      ) : (
        <div className="flex flex-1 items-center gap-[4cqw] px-[5cqw] py-[3cqw]">
          <div className="flex-1">{who}</div>
          {qr}
        </div>
      )}
      {ticket}
    </article>
  );
}
