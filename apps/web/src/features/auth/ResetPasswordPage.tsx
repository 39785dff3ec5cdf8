import { ZNewPasswordForm, routes } from '@lobby/contract';
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
import { useAfterSignIn } from './forms.tsx';
import { guestOnly } from './guards.ts';

export const loader = guestOnly;

export function Component() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const afterSignIn = useAfterSignIn();
  const form = useForm({ resolver: contractResolver(ZNewPasswordForm), defaultValues: { password: '', password_confirmation: '' } });
  const reset = useMutation({
    mutationFn: (values: { password: string; password_confirmation: string }) => callApi(routes.resetPassword, { body: { ...values, token } }),
    onSuccess: (result) => afterSignIn(result.data),
    onError: (error) => applyFieldErrors(t, error, form.setError, ['password', 'password_confirmation']),
  });
  const { errors } = form.formState;
  return (
    <FormCard
      title={t('auth.reset_title')}
      subtitle={t('auth.reset_subtitle')}
      footer={
        <Link to="/auth/recovery" className="font-semibold text-brand-ink underline">
          {t('auth.to_recovery')}
        </Link>
      }
    >
      {token ? (
        <form noValidate onSubmit={form.handleSubmit((values) => reset.mutate(values))} className="flex flex-col gap-4">
          {reset.isError ? <Alert tone="error">{apiErrorText(t, reset.error)}</Alert> : null}
          <Field label={t('auth.new_password')} type="password" autoComplete="new-password" hint={t('auth.password_hint')} error={formErrorText(t, errors.password)} {...form.register('password')} />
          <Field label={t('auth.password_repeat')} type="password" autoComplete="new-password" error={formErrorText(t, errors.password_confirmation)} {...form.register('password_confirmation')} />
          <Button type="submit" disabled={reset.isPending}>
            {t('auth.reset_submit')}
          </Button>
        </form>
      ) : (
        <Alert tone="error">{t('api.auth_magic_expired')}</Alert>
      )}
    </FormCard>
  );
}
