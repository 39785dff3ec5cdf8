import type { Company } from '@lobby/contract';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../ui/Button.tsx';
import { eventPath, useEventContext } from '../events/context.ts';

/** On a company's page, for its people with a role: the way to its booth's leads. */
export function BoothLeadsLink({ company }: { company: Company }) {
  const { t } = useTranslation();
  const { member, slug } = useEventContext();
  const mine = member ? company.members.find((person) => person.user_id === member.user.id) : undefined;
  if (!mine || mine.roles.length === 0) return null;
  return (
    <ButtonLink to={eventPath(slug, `companies/${company.id}/leads`)} variant="secondary" className="self-start" data-testid="booth-leads-link">
      {t('leads.open')}
    </ButtonLink>
  );
}
