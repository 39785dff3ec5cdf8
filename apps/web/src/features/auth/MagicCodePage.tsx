import { ZCodeForm, routes } from '@lobby/contract';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
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

function CodeForm({ email }: { email: string }) {
  const { t } = useTranslation();
  const afterSignIn = useAfterSignIn();
  const form = useForm({ resolver: contractResolver(ZCodeForm), defaultValues: { email, code: '' } });
  const verify = useMutation({
    mutationFn: (body: { email: string; code: string }) => callApi(routes.verifyMagicCode, { body }),
    onSuccess: (result) => afterSignIn(result.data),
    onError: (error) => applyFieldErrors(t, error, form.setError, ['code']),
  });
  const resend = useMutation({ mutationFn: () => callApi(routes.requestMagicCode, { body: { email } }) });
  const codeError = form.formState.errors.code;
  return (
    <form noValidate onSubmit={form.handleSubmit((values) => verify.mutate(values))} className="flex flex-col gap-4" data-testid="code-form">
      <Alert tone="info">{t('auth.code_sent', { email })}</Alert>
      {verify.isError ? <Alert tone="error">{apiErrorText(t, verify.error)}</Alert> : null}
      {resend.isSuccess ? <Alert tone="success">{t('auth.code_resent')}</Alert> : null}
      <Field
        label={t('auth.code')}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={4}
        className="[&_input]:text-center [&_input]:text-2xl [&_input]:tracking-[0.5em]"
        hint={t('auth.code_hint')}
        error={codeError ? (codeError.message === 'invalid_characters' ? t('auth.code_hint') : formErrorText(t, codeError)) : undefined}
        {...form.register('code')}
      />
      <Button type="submit" disabled={verify.isPending}>
        {t('auth.sign_in')}
      </Button>
      <Button variant="ghost" disabled={resend.isPending} onClick={() => resend.mutate()}>
        {t('auth.send_again')}
      </Button>
    </form>
  );
}

/** magic-code: request a 4-digit code by mail, then enter it. */
export function Component() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const email = params.get('email');
  return (
    <FormCard
      title={t('auth.code_title')}
      footer={
        <Link to="/auth/login" className="font-semibold text-brand-ink underline">
          {t('auth.to_login')}
        </Link>
      }
    >
      {email ? (
        <CodeForm key={email} email={email} />
      ) : (
        <EmailRequestForm
          submitLabel={t('auth.send_code')}
          sentText={(to) => t('auth.code_sent', { email: to })}
          send={(to) => callApi(routes.requestMagicCode, { body: { email: to } })}
          onSent={(to) => void navigate(`/auth/magic-code?email=${encodeURIComponent(to)}`, { replace: true })}
        />
      )}
    </FormCard>
  );
}
