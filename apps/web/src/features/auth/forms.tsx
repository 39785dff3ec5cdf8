import { ZEmailForm, ZLoginForm, routes } from '@lobby/contract';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { callApi } from '../../api/client.ts';
import { appConfig } from '../../app/config.ts';
import { contractResolver, formErrorText } from '../../lib/form.ts';
import { Alert } from '../../ui/Alert.tsx';
import { Button } from '../../ui/Button.tsx';
import { Field } from '../../ui/Field.tsx';
import { apiErrorText, applyFieldErrors } from './api-error.ts';
import { completeSignIn, safeRedirect } from './session.ts';

/** After any sign-in: save the session and go where the person was heading. */
export function useAfterSignIn() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  return async (session: Parameters<typeof completeSignIn>[0]) => {
    await completeSignIn(session);
    await navigate(safeRedirect(params.get('redirect')), { replace: true });
  };
}

export function PasswordForm() {
  const { t } = useTranslation();
  const afterSignIn = useAfterSignIn();
  const form = useForm({ resolver: contractResolver(ZLoginForm), defaultValues: { email: '', password: '' } });
  const login = useMutation({
    mutationFn: (body: { email: string; password: string }) => callApi(routes.login, { body }),
    onSuccess: (result) => afterSignIn(result.data),
    onError: (error) => applyFieldErrors(t, error, form.setError, ['email', 'password']),
  });
  const { errors } = form.formState;
  return (
    <form noValidate onSubmit={form.handleSubmit((values) => login.mutate(values))} className="flex flex-col gap-4">
      {login.isError ? <Alert tone="error">{apiErrorText(t, login.error)}</Alert> : null}
      <Field label={t('auth.email')} type="email" autoComplete="email" error={formErrorText(t, errors.email)} {...form.register('email')} />
      <Field label={t('auth.password')} type="password" autoComplete="current-password" error={formErrorText(t, errors.password)} {...form.register('password')} />
      <Button type="submit" disabled={login.isPending}>
        {t('auth.sign_in')}
      </Button>
    </form>
  );
}

/** One e-mail field that sends something (a link, a code, a recovery mail); shows "sent" after. */
export function EmailRequestForm({
  send,
  submitLabel,
  sentText,
  onSent,
  testId,
}: {
  send: (email: string) => Promise<unknown>;
  submitLabel: string;
  sentText: (email: string) => string;
  onSent?: (email: string) => void;
  testId?: string;
}) {
  const { t } = useTranslation();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useForm({ resolver: contractResolver(ZEmailForm), defaultValues: { email: '' } });
  const request = useMutation({
    mutationFn: (email: string) => send(email),
    onSuccess: (_result, email) => (onSent ? onSent(email) : setSentTo(email)),
    onError: (error) => applyFieldErrors(t, error, form.setError, ['email']),
  });
  if (sentTo) {
    return (
      <div className="flex flex-col gap-3" data-testid={testId ? `${testId}-sent` : undefined}>
        <Alert tone="success">{sentText(sentTo)}</Alert>
        {appConfig.mailbox === 'open' ? (
          <a href="/mailbox" className="text-sm font-semibold text-brand-ink underline">
            {t('mailbox.open')}
          </a>
        ) : null}
      </div>
    );
  }
  return (
    <form noValidate data-testid={testId} onSubmit={form.handleSubmit((values) => request.mutate(values.email))} className="flex flex-col gap-4">
      {request.isError ? <Alert tone="error">{apiErrorText(t, request.error)}</Alert> : null}
      <Field label={t('auth.email')} type="email" autoComplete="email" error={formErrorText(t, form.formState.errors.email)} {...form.register('email')} />
      <Button type="submit" disabled={request.isPending}>
        {submitLabel}
      </Button>
    </form>
  );
}

export function GoogleButton() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  if (!appConfig.google_sign_in) return null;
  const redirect = safeRedirect(params.get('redirect'));
  return (
    <a href={`${routes.startGoogleSignIn.path}?redirect=${encodeURIComponent(redirect)}`} data-testid="google-sign-in" className="inline-flex min-h-11 items-center justify-center gap-3 rounded-xl border border-line bg-surface px-4 text-sm font-semibold hover:bg-surface-muted">
      <svg viewBox="0 0 48 48" aria-hidden="true" className="size-5">
        <path fill="#FFC107" d="M43.6 20.5H42V20H24v8h11.3C33.7 32.7 29.3 36 24 36c-6.6 0-12-5.4-12-12s5.4-12 12-12c3.1 0 5.8 1.2 7.9 3.1l5.7-5.7C34 6.1 29.3 4 24 4 12.9 4 4 12.9 4 24s8.9 20 20 20 20-8.9 20-20c0-1.3-.1-2.4-.4-3.5z" />
        <path fill="#FF3D00" d="M6.3 14.7l6.6 4.8C14.7 15.1 19 12 24 12c3.1 0 5.8 1.2 7.9 3.1l5.7-5.7C34 6.1 29.3 4 24 4 16.3 4 9.7 8.3 6.3 14.7z" />
        <path fill="#4CAF50" d="M24 44c5.2 0 9.9-2 13.4-5.2l-6.2-5.2C29.2 35.1 26.7 36 24 36c-5.3 0-9.7-3.3-11.3-8l-6.5 5C9.5 39.6 16.2 44 24 44z" />
        <path fill="#1976D2" d="M43.6 20.5H42V20H24v8h11.3c-.8 2.2-2.2 4.2-4.1 5.6l6.2 5.2C37 39.2 44 34 44 24c0-1.3-.1-2.4-.4-3.5z" />
      </svg>
      {t('auth.google')}
    </a>
  );
}
