import type { CompanyCard as Card } from '@lobby/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Badge } from '../../ui/Badge.tsx';
import { cn } from '../../ui/cn.ts';
import { eventPath } from '../events/context.ts';
import { FavoriteStar } from '../favorites/FavoriteStar.tsx';
import { CompanyLogo } from './CompanyLogo.tsx';
import { tierStyle } from './tier.ts';

export function CompanyCard({ card, eventId, slug, tierLabel }: { card: Card; eventId: number; slug: string; tierLabel: string | undefined }) {
  const { t } = useTranslation();
  const tier = tierStyle(card.sponsor_type);
  return (
    <li className={cn('relative flex gap-3 rounded-2xl border bg-surface p-4', tier.card)} data-testid="company-card" data-tier={tier.level}>
      <CompanyLogo name={card.name} src={card.logo_thumb_url ?? card.logo_url} size={tier.level === 'top' ? 72 : 56} />
      <div className="min-w-0 flex-1">
        {card.sponsor_type !== null ? (
          <span className={cn('mb-1 inline-flex rounded-full px-2.5 py-0.5 text-xs font-bold', tier.badge)} data-testid="company-tier">
            {tierLabel ?? t('companies.sponsor')}
          </span>
        ) : null}
        <h2 className="truncate font-semibold">
          {/* The whole card is the link's target (after::), the star stays its own button. */}
          <Link to={eventPath(slug, `companies/${card.id}`)} className="after:absolute after:inset-0 after:rounded-2xl focus-visible:outline-2">
            {card.name}
          </Link>
        </h2>
        {card.business.length > 0 ? <p className="truncate text-sm text-fg-muted">{card.business.map((b) => b.name).join(', ')}</p> : null}
        <div className="mt-1 flex flex-wrap gap-1">
          {card.tags.map((tag) => (
            <Badge key={tag.id}>{tag.name}</Badge>
          ))}
          {card.country ? <Badge>{card.country}</Badge> : null}
        </div>
        <p className="mt-1 text-xs text-fg-muted">{t('companies.people_count', { count: card.members_count })}</p>
      </div>
      <FavoriteStar eventId={eventId} type="companies" id={card.id} initial={card.is_favorite} name={card.name} className="relative z-10 -mr-2 -mt-2" />
    </li>
  );
}
