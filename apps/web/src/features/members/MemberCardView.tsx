import type { MemberCard } from '@lobby/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Avatar } from '../../ui/Avatar.tsx';
import { Badge } from '../../ui/Badge.tsx';
import { cn } from '../../ui/cn.ts';
import { FavoriteStar } from '../favorites/FavoriteStar.tsx';

export const fullName = (user: { first_name: string; last_name: string }, fallback: string) => [user.first_name, user.last_name].filter(Boolean).join(' ') || fallback;

/** Speaker, sponsor, organiser: the same badges on the card and the page. */
export function MemberBadges({ card }: { card: Pick<MemberCard, 'is_organizer' | 'is_speaker' | 'is_sponsor'> }) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-wrap gap-1">
      {card.is_organizer ? <Badge tone="brand">{t('event.organiser')}</Badge> : null}
      {card.is_speaker ? <Badge>{t('members.speaker')}</Badge> : null}
      {card.is_sponsor ? <Badge tone="warning">{t('members.sponsor')}</Badge> : null}
    </div>
  );
}

/**
 * One person in the directory. The whole card is a link to their page; the star sits beside it
 * (not inside the link) so both are separate keyboard stops. A ticket with `highlight` lifts the card.
 *
 * Cards out of view are not laid out until they come near it (content-visibility, with the height
 * of a typical card as a stand-in): laying out names in many scripts is most of the page's layout
 * time. They stay in the accessibility tree, in find-in-page and in the tab order.
 */
export function MemberCardView({ card, eventId, to, regionLabel }: { card: MemberCard; eventId: number; to: string; regionLabel: string | undefined }) {
  const { t } = useTranslation();
  const name = fullName(card.user, t('members.unnamed'));
  return (
    <li
      data-testid="member-card"
      data-highlight={card.highlight ? 'true' : undefined}
      className={cn('relative flex items-start gap-3 rounded-2xl border bg-surface p-4 [contain-intrinsic-size:auto_128px] [content-visibility:auto]', card.highlight ? 'border-brand bg-brand/5 shadow-md ring-2 ring-brand' : 'border-line')}
    >
      <Avatar name={name} src={card.user.avatar_url} size={56} />
      <div className="min-w-0 flex-1">
        <Link to={to} className="block truncate font-semibold hover:underline focus-visible:outline-2">
          {name}
        </Link>
        {card.user.job ? <p className="truncate text-sm text-fg-muted">{card.user.job}</p> : null}
        {card.user.company ? <p className="truncate text-sm">{card.user.company.name}</p> : null}
        {regionLabel ? <p className="text-xs text-fg-muted">{regionLabel}</p> : null}
        <div className="mt-1 flex flex-wrap gap-1">
          {card.highlight ? <Badge tone="brand">{t('members.highlighted')}</Badge> : null}
          <MemberBadges card={card} />
        </div>
      </div>
      <FavoriteStar eventId={eventId} type="users" id={card.id} initial={card.is_favorite} name={name} />
    </li>
  );
}
