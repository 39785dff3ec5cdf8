import { routes } from '@lobby/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { callApi } from '../../api/client.ts';
import { FormCard } from '../../ui/Card.tsx';
import { EmailRequestForm } from './forms.tsx';
import { guestOnly } from './guards.ts';

export const loader = guestOnly;

export function Component() {
  const { t } = useTranslation();
  return (
    <FormCard
      title={t('auth.recovery_title')}
      subtitle={t('auth.recovery_subtitle')}
      footer={
        <Link to="/auth/login" className="font-semibold text-brand-ink underline">
          {t('auth.to_login')}
        </Link>
      }
    >
      <EmailRequestForm
        testId="recovery-form"
        submitLabel={t('auth.recovery_send')}
        sentText={(email) => t('auth.recovery_sent', { email })}
        send={(email) => callApi(routes.requestRecovery, { body: { email } })}
      />
    </FormCard>
  );
}
