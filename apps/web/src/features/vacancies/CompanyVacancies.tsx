import { routes } from '@lobby/contract';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { apiQuery } from '../../api/client.ts';
import { ButtonLink } from '../../ui/Button.tsx';
import { Skeleton } from '../../ui/Skeleton.tsx';
import { eventPath } from '../events/context.ts';
import { VacancyCardView } from './VacancyCard.tsx';

const SHOWN = 4;

/** The company page's open vacancies in this event; nothing at all when it has none. */
export function CompanyVacancies({ eventId, slug, companyId }: { eventId: number; slug: string; companyId: number }) {
  const { t } = useTranslation();
  const query = useQuery(apiQuery(routes.listVacancies, { params: { eventId }, query: { 'filter[company_id]': companyId, per_page: SHOWN, sort: 'newest' } }));
  if (query.isPending) return <Skeleton className="h-32" />;
  const list = query.data;
  if (!list || list.data.length === 0) return null;
  return (
    <section className="flex flex-col gap-3 rounded-2xl border border-line bg-surface p-5" aria-labelledby="company-vacancies" data-testid="company-vacancies">
      <h2 id="company-vacancies" className="text-lg font-bold">
        {t('vacancies.company_open', { count: list.meta.total })}
      </h2>
      <ul className="grid gap-3 sm:grid-cols-2">
        {list.data.map((card) => (
          <VacancyCardView key={card.id} card={card} to={eventPath(slug, `vacancies/${card.id}`)} showCompany={false} />
        ))}
      </ul>
      {list.meta.total > SHOWN ? (
        <ButtonLink to={`${eventPath(slug, 'vacancies')}?company=${companyId}`} variant="secondary" className="self-start">
          {t('vacancies.company_all', { count: list.meta.total })}
        </ButtonLink>
      ) : null}
    </section>
  );
}
