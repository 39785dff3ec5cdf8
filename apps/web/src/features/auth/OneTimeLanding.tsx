import type { AuthSession } from '@lobby/contract';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Alert } from '../../ui/Alert.tsx';
import { FormCard } from '../../ui/Card.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { apiErrorText } from './api-error.ts';
import { useAfterSignIn } from './forms.tsx';

/** A one-time secret must be spent once, even if React mounts the page twice. */
const attempts = new Map<string, Promise<AuthSession>>();

/** Trades a one-time secret from a link (magic link, Google ticket) for a session, then moves on. */
export function OneTimeLanding({ secret, redeem, title }: { secret: string; redeem: (secret: string) => Promise<AuthSession>; title: string }) {
  const { t } = useTranslation();
  const afterSignIn = useAfterSignIn();
  const [error, setError] = useState<unknown>(null);
  useEffect(() => {
    let attempt = attempts.get(secret);
    if (!attempt) {
      attempt = redeem(secret);
      attempts.set(secret, attempt);
    }
    attempt.then(afterSignIn, setError);
    // afterSignIn changes identity on every render; the secret is what matters.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [secret]);
  return (
    <FormCard title={title}>
      {error ? (
        <div className="flex flex-col gap-4" data-testid="one-time-error">
          <Alert tone="error">{apiErrorText(t, error)}</Alert>
          <Link to="/auth/login" className="font-semibold text-brand-ink underline">
            {t('auth.to_login')}
          </Link>
        </div>
      ) : (
        <div className="flex items-center gap-3 text-fg-muted">
          <Spinner label={t('common.loading')} />
          {t('auth.signing_in')}
        </div>
      )}
    </FormCard>
  );
}
