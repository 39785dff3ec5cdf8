import { ZRegisterForm, routes } from '@lobby/contract';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { callApi } from '../../api/client.ts';
import { contractResolver, formErrorText } from '../../lib/form.ts';
import { Alert } from '../../ui/Alert.tsx';
import { Button } from '../../ui/Button.tsx';
import { FormCard } from '../../ui/Card.tsx';
import { Field } from '../../ui/Field.tsx';
import { apiErrorText, applyFieldErrors } from './api-error.ts';
import { EmailRequestForm, useAfterSignIn } from './forms.tsx';
import { guestOnly } from './guards.ts';

export const loader = guestOnly;

const FIELDS = ['first_name', 'last_name', 'password', 'password_confirmation'] as const;

/** Registration completion: name and password from the mailed link. */
function CompleteForm({ token }: { token: string }) {
  const { t } = useTranslation();
  const afterSignIn = useAfterSignIn();
  const form = useForm({ resolver: contractResolver(ZRegisterForm), defaultValues: { first_name: '', last_name: '', password: '', password_confirmation: '' } });
  const complete = useMutation({
    mutationFn: (values: { first_name: string; last_name: string; password: string; password_confirmation: string }) => callApi(routes.completeRegistration, { body: { ...values, token } }),
    onSuccess: (result) => afterSignIn(result.data),
    onError: (error) => applyFieldErrors(t, error, form.setError, FIELDS),
  });
  const { errors } = form.formState;
  return (
    <form noValidate onSubmit={form.handleSubmit((values) => complete.mutate(values))} className="flex flex-col gap-4" data-testid="register-complete-form">
      {complete.isError ? <Alert tone="error">{apiErrorText(t, complete.error)}</Alert> : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label={t('auth.first_name')} autoComplete="given-name" error={formErrorText(t, errors.first_name)} {...form.register('first_name')} />
        <Field label={t('auth.last_name')} autoComplete="family-name" error={formErrorText(t, errors.last_name)} {...form.register('last_name')} />
      </div>
      <Field label={t('auth.password')} type="password" autoComplete="new-password" hint={t('auth.password_hint')} error={formErrorText(t, errors.password)} {...form.register('password')} />
      <Field label={t('auth.password_repeat')} type="password" autoComplete="new-password" error={formErrorText(t, errors.password_confirmation)} {...form.register('password_confirmation')} />
      <Button type="submit" disabled={complete.isPending}>
        {t('auth.register_complete')}
      </Button>
    </form>
  );
}

export function Component() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('token');
  return (
    <FormCard
      title={token ? t('auth.register_complete_title') : t('auth.register_title')}
      subtitle={token ? t('auth.register_complete_subtitle') : t('auth.register_subtitle')}
      footer={
        <Link to="/auth/login" className="font-semibold text-brand-ink underline">
          {t('auth.to_login')}
        </Link>
      }
    >
      {token ? (
        <CompleteForm token={token} />
      ) : (
        <EmailRequestForm
          testId="register-form"
          submitLabel={t('auth.register_send')}
          sentText={(email) => t('auth.register_sent', { email })}
          send={(email) => callApi(routes.register, { body: { email } })}
        />
      )}
    </FormCard>
  );
}
