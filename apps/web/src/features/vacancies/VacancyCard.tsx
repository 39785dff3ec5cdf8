import type { VacancyCard as Card } from '@lobby/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { browserTimezone, formatDate } from '../../lib/format.ts';
import { Badge } from '../../ui/Badge.tsx';
import { useMe } from '../auth/session.ts';
import { CompanyLogo } from '../companies/CompanyLogo.tsx';
import { salaryText } from './format.ts';
import { SkillList } from './SkillList.tsx';

/** Where a vacancy is: the place, remote, or both. */
export function placeText(t: (key: string) => string, card: Pick<Card, 'location' | 'remote'>): string {
  if (card.remote && card.location) return `${card.location} · ${t('vacancies.remote')}`;
  if (card.remote) return t('vacancies.remote');
  return card.location || t('vacancies.on_site');
}

export function VacancyCardView({ card, to, showCompany = true }: { card: Card; to: string; showCompany?: boolean }) {
  const { t, i18n } = useTranslation();
  const timeZone = useMe()?.timezone ?? browserTimezone();
  const salary = salaryText(t, card.salary, i18n.language);
  return (
    <li className="relative flex flex-col gap-3 rounded-2xl border border-line bg-surface p-4 focus-within:ring-2 focus-within:ring-brand" data-testid="vacancy-card">
      <div className="flex items-start gap-3">
        {showCompany ? <CompanyLogo name={card.company.name} src={card.company.logo_url} size={48} /> : null}
        <div className="min-w-0 flex-1">
          <h2 className="text-lg font-semibold leading-snug break-words">
            <Link to={to} className="after:absolute after:inset-0 focus:outline-none">
              {card.title}
            </Link>
          </h2>
          {showCompany ? <p className="text-sm text-fg-muted">{card.company.name}</p> : null}
        </div>
        <Badge tone="brand">{t(`vacancies.seniority_${card.seniority}`)}</Badge>
      </div>
      <p className="text-sm">{placeText(t, card)}</p>
      {salary ? <p className="text-sm font-semibold">{salary}</p> : null}
      <SkillList skills={card.skills} matches={card.matches} label={t('vacancies.skills')} />
      {card.matches.length > 0 ? <p className="text-xs font-semibold text-emerald-800 dark:text-emerald-300">{t('vacancies.matches_count', { count: card.matches.length })}</p> : null}
      {card.closes_at ? <p className="text-xs text-fg-muted">{t(card.state === 'closed' ? 'vacancies.closed_on' : 'vacancies.closes_on', { date: formatDate(card.closes_at, timeZone) })}</p> : null}
    </li>
  );
}
