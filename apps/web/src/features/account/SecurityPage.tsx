import { ZChangePasswordForm, routes } from '@lobby/contract';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { callApi } from '../../api/client.ts';
import { contractResolver, formErrorText } from '../../lib/form.ts';
import { Alert } from '../../ui/Alert.tsx';
import { Button } from '../../ui/Button.tsx';
import { Field } from '../../ui/Field.tsx';
import { apiErrorText, applyFieldErrors, fieldErrorsOf } from '../auth/api-error.ts';
import { signedInOnly } from '../auth/guards.ts';
import { useMe } from '../auth/session.ts';
import { SettingsFrame } from '../profile/SettingsTabs.tsx';

export const loader = signedInOnly;

const FIELDS = ['current_password', 'password', 'password_confirmation'] as const;

function ChangePassword({ hasPassword }: { hasPassword: boolean }) {
  const { t } = useTranslation();
  const form = useForm({ resolver: contractResolver(ZChangePasswordForm), defaultValues: { current_password: '', password: '', password_confirmation: '' } });
  const change = useMutation({
    mutationFn: (body: { current_password: string; password: string; password_confirmation: string }) => callApi(routes.changePassword, { body }),
    onSuccess: () => form.reset(),
    onError: (error) => applyFieldErrors(t, error, form.setError, FIELDS),
  });
  const { errors } = form.formState;
  return (
    <section className="rounded-2xl border border-line bg-surface p-5 sm:p-6" aria-labelledby="change-password">
      <h2 id="change-password" className="text-lg font-bold">
        {hasPassword ? t('account.change_password') : t('account.set_password')}
      </h2>
      <p className="mt-1 text-sm text-fg-muted">{t('account.change_password_text')}</p>
      <form noValidate onSubmit={form.handleSubmit((values) => change.mutate(values))} className="mt-5 flex flex-col gap-4" data-testid="change-password-form">
        {change.isSuccess ? <Alert tone="success">{t('account.password_changed', { count: change.data.data.revoked })}</Alert> : null}
        {change.isError && fieldErrorsOf(change.error, FIELDS).length === 0 ? <Alert tone="error">{apiErrorText(t, change.error)}</Alert> : null}
        {hasPassword ? <Field label={t('account.current_password')} type="password" autoComplete="current-password" error={formErrorText(t, errors.current_password)} {...form.register('current_password')} /> : null}
        <Field label={t('auth.new_password')} type="password" autoComplete="new-password" hint={t('auth.password_hint')} error={formErrorText(t, errors.password)} {...form.register('password')} />
        <Field label={t('auth.password_repeat')} type="password" autoComplete="new-password" error={formErrorText(t, errors.password_confirmation)} {...form.register('password_confirmation')} />
        <Button type="submit" disabled={change.isPending} className="self-start">
          {t('account.save_password')}
        </Button>
      </form>
    </section>
  );
}

function OtherSessions() {
  const { t } = useTranslation();
  const revoke = useMutation({ mutationFn: () => callApi(routes.logoutOthers, {}) });
  return (
    <section className="rounded-2xl border border-line bg-surface p-5 sm:p-6" aria-labelledby="other-sessions">
      <h2 id="other-sessions" className="text-lg font-bold">
        {t('account.sessions')}
      </h2>
      <p className="mt-1 text-sm text-fg-muted">{t('account.sessions_text')}</p>
      <div className="mt-4 flex flex-col gap-3">
        {revoke.isSuccess ? <Alert tone="success">{t('account.sessions_revoked', { count: revoke.data.data.revoked })}</Alert> : null}
        {revoke.isError ? <Alert tone="error">{apiErrorText(t, revoke.error)}</Alert> : null}
        <Button variant="secondary" className="self-start" disabled={revoke.isPending} onClick={() => revoke.mutate()}>
          {t('account.sign_out_others')}
        </Button>
      </div>
    </section>
  );
}

/** profile/settings/security: change password, sign out other sessions. */
export function Component() {
  const { t } = useTranslation();
  const me = useMe();
  return (
    <SettingsFrame title={t('account.security_title')}>
      {me ? <p className="-mt-4 text-fg-muted">{me.email}</p> : null}
      <ChangePassword hasPassword={me?.is_password_set ?? true} />
      <OtherSessions />
    </SettingsFrame>
  );
}
