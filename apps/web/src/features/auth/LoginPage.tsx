import { routes } from '@lobby/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { callApi } from '../../api/client.ts';
import { Alert } from '../../ui/Alert.tsx';
import { FormCard } from '../../ui/Card.tsx';
import { cn } from '../../ui/cn.ts';
import { EmailRequestForm, GoogleButton, PasswordForm } from './forms.tsx';
import { guestOnly } from './guards.ts';

export const loader = guestOnly;

type Method = 'password' | 'link' | 'code';
const METHODS: Method[] = ['password', 'link', 'code'];

/** auth-login: password, magic link, magic code and Google (product.md section 2, other screens). */
export function Component() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [method, setMethod] = useState<Method>('password');
  const providerError = params.get('error');
  const suffix = params.get('redirect') ? `?redirect=${encodeURIComponent(params.get('redirect') ?? '/')}` : '';
  return (
    <FormCard
      title={t('auth.login_title')}
      subtitle={t('auth.login_subtitle')}
      footer={
        <span className="flex flex-wrap justify-center gap-x-4 gap-y-2">
          <Link to="/auth/register" className="font-semibold text-brand-ink underline">
            {t('auth.to_register')}
          </Link>
          <Link to="/auth/recovery" className="font-semibold text-brand-ink underline">
            {t('auth.to_recovery')}
          </Link>
        </span>
      }
    >
      <div className="flex flex-col gap-5">
        {providerError ? <Alert tone="error">{t(providerError === 'google_cancelled' ? 'auth.google_cancelled' : 'auth.google_failed')}</Alert> : null}
        <div role="tablist" aria-label={t('auth.method_label')} className="grid grid-cols-3 gap-1 rounded-xl bg-surface-muted p-1">
          {METHODS.map((item) => (
            <button
              key={item}
              type="button"
              role="tab"
              aria-selected={method === item}
              onClick={() => setMethod(item)}
              className={cn('min-h-10 rounded-lg px-2 text-sm font-semibold', method === item ? 'bg-surface shadow-sm' : 'text-fg-muted hover:text-fg')}
            >
              {t(`auth.method_${item}`)}
            </button>
          ))}
        </div>
        <div role="tabpanel">
          {method === 'password' ? <PasswordForm /> : null}
          {method === 'link' ? (
            <EmailRequestForm
              testId="magic-link-form"
              submitLabel={t('auth.send_link')}
              sentText={(email) => t('auth.link_sent', { email })}
              send={(email) => callApi(routes.requestMagicLink, { body: { email } })}
            />
          ) : null}
          {method === 'code' ? (
            <EmailRequestForm
              testId="magic-code-form"
              submitLabel={t('auth.send_code')}
              sentText={(email) => t('auth.code_sent', { email })}
              send={(email) => callApi(routes.requestMagicCode, { body: { email } })}
              onSent={(email) => void navigate(`/auth/magic-code?email=${encodeURIComponent(email)}${suffix ? `&${suffix.slice(1)}` : ''}`)}
            />
          ) : null}
        </div>
        <GoogleButton />
      </div>
    </FormCard>
  );
}
