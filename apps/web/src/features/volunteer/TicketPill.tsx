import { ticketKindColour, type BadgeTicket } from '@lobby/contract';
import { useTranslation } from 'react-i18next';
import { cn } from '../../ui/cn.ts';

/** A ticket's name on its kind's colour (TICKET_KIND_COLOURS: white text at AA contrast). */
export function TicketPill({ ticket, className }: { ticket: BadgeTicket | null; className?: string }) {
  const { t } = useTranslation();
  return (
    <span className={cn('inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold text-white', className)} style={{ backgroundColor: ticketKindColour(ticket?.kind) }} data-testid="ticket-pill" data-kind={ticket?.kind ?? 'none'}>
      {ticket?.name ?? t('volunteer.no_ticket')}
    </span>
  );
}
