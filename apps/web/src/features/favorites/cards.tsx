// Compact cards of the favorites and contacts pages (the same MemberCard / CompanyCard the directory
// and the companies list show), each with the private notes about its subject one click away.
import type { CompanyCard, MemberCard } from '@lobby/contract';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Avatar } from '../../ui/Avatar.tsx';
import { Badge } from '../../ui/Badge.tsx';
import { cn } from '../../ui/cn.ts';
import { NotesPanel } from '../notes/NotesPanel.tsx';
import { FavoriteStar } from './FavoriteStar.tsx';

export const memberName = (card: MemberCard, fallback: string): string => [card.user.first_name, card.user.last_name].filter(Boolean).join(' ') || fallback;

function CardShell({ highlight, children, notes }: { highlight?: boolean; children: ReactNode; notes?: ReactNode }) {
  return (
    <li className={cn('flex flex-col gap-3 rounded-2xl border bg-surface p-4', highlight ? 'border-amber-400 shadow-sm' : 'border-line')}>
      <div className="flex items-center gap-3">{children}</div>
      {notes}
    </li>
  );
}

/** Opens the private notes about the card's subject under it. */
function NotesToggle({ eventId, subjectType, subjectId, name }: { eventId: number; subjectType: 'member' | 'company'; subjectId: number; name: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <div>
      <button type="button" aria-expanded={open} onClick={() => setOpen(!open)} className="min-h-11 text-sm font-semibold text-brand-ink underline" data-testid="notes-toggle">
        {t(open ? 'notes.hide' : 'notes.show', { name })}
      </button>
      {open ? <NotesPanel eventId={eventId} subjectType={subjectType} subjectId={subjectId} /> : null}
    </div>
  );
}

export function CompactMemberCard({ eventId, card, onToggle, notes = true, extra }: { eventId: number; card: MemberCard; onToggle?: (starred: boolean) => void; notes?: boolean; extra?: ReactNode }) {
  const { t } = useTranslation();
  const name = memberName(card, t('members.unnamed'));
  return (
    <CardShell highlight={card.highlight} notes={notes ? <NotesToggle eventId={eventId} subjectType="member" subjectId={card.id} name={name} /> : null}>
      <Avatar name={name} src={card.user.avatar_url} size={48} />
      <div className="min-w-0 flex-1">
        <p className="truncate font-semibold">{name}</p>
        {card.user.job || card.user.company ? <p className="truncate text-sm text-fg-muted">{[card.user.job, card.user.company?.name].filter(Boolean).join(' · ')}</p> : null}
        <div className="mt-1 flex flex-wrap gap-1">
          {card.is_organizer ? <Badge tone="brand">{t('event.organiser')}</Badge> : null}
          {card.is_speaker ? <Badge>{t('members.speaker')}</Badge> : null}
          {card.is_sponsor ? <Badge tone="warning">{t('members.sponsor')}</Badge> : null}
        </div>
        {extra}
      </div>
      <FavoriteStar eventId={eventId} type="users" id={card.id} initial={card.is_favorite} name={name} {...(onToggle ? { onToggle } : {})} />
    </CardShell>
  );
}

export function CompactCompanyCard({ eventId, card, onToggle }: { eventId: number; card: CompanyCard; onToggle?: (starred: boolean) => void }) {
  const { t } = useTranslation();
  const details = [card.business.map((b) => b.name).join(', '), card.country].filter(Boolean).join(' · ');
  return (
    <CardShell notes={<NotesToggle eventId={eventId} subjectType="company" subjectId={card.id} name={card.name} />}>
      <Avatar name={card.name} src={card.logo_thumb_url ?? card.logo_url} size={48} />
      <div className="min-w-0 flex-1">
        <p className="truncate font-semibold">{card.name}</p>
        {details ? <p className="truncate text-sm text-fg-muted">{details}</p> : null}
        {card.sponsor_type !== null ? <Badge tone="warning">{t('favorites.sponsor')}</Badge> : null}
      </div>
      <FavoriteStar eventId={eventId} type="companies" id={card.id} initial={card.is_favorite} name={card.name} {...(onToggle ? { onToggle } : {})} />
    </CardShell>
  );
}
