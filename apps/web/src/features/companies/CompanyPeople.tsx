import type { CompanyPerson } from '@lobby/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Avatar } from '../../ui/Avatar.tsx';
import { Badge } from '../../ui/Badge.tsx';

export const personName = (p: CompanyPerson, fallback: string): string => [p.first_name, p.last_name].filter(Boolean).join(' ') || fallback;

/** A company's people with their roles; linkTo gives a person's page when they have one. */
export function CompanyPeople({ people, linkTo, actions }: { people: CompanyPerson[]; linkTo?: (p: CompanyPerson) => string | null; actions?: (p: CompanyPerson) => ReactNode }) {
  const { t } = useTranslation();
  if (people.length === 0) return <p className="text-sm text-fg-muted">{t('companies.no_people')}</p>;
  return (
    <ul className="flex flex-col divide-y divide-line" data-testid="company-people">
      {people.map((person) => {
        const name = personName(person, t('members.unnamed'));
        const href = linkTo?.(person) ?? null;
        return (
          <li key={person.user_id} className="flex flex-wrap items-center gap-3 py-3" data-testid="company-person" data-user-id={person.user_id}>
            <Avatar name={name} src={person.avatar_url} size={40} />
            <div className="min-w-0 flex-1">
              <p className="truncate font-semibold">{href ? <Link to={href} className="underline-offset-2 hover:underline">{name}</Link> : name}</p>
              {person.job ? <p className="truncate text-sm text-fg-muted">{person.job}</p> : null}
              <div className="mt-1 flex flex-wrap gap-1" data-testid="person-roles">
                {person.roles.map((role) => (
                  <Badge key={role} tone={role === 'admin' ? 'brand' : 'neutral'}>
                    {t(`companies.role_${role}`)}
                  </Badge>
                ))}
              </div>
            </div>
            {actions?.(person)}
          </li>
        );
      })}
    </ul>
  );
}
