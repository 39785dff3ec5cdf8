import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../ui/Button.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';

/** The "no company" state: the person belongs to no company yet ("no company specified"). */
export function NoCompany({ create }: { create: boolean }) {
  const { t } = useTranslation();
  return (
    <div data-testid="no-company">
      <EmptyState
        title={t('companies.no_company_title')}
        text={t('api.company_not_specified')}
        action={create ? null : <ButtonLink to="/profile/settings/company">{t('companies.create_title')}</ButtonLink>}
      />
    </div>
  );
}
