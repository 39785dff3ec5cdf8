import { routes } from '@lobby/contract';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { redirect, useSearchParams, type LoaderFunctionArgs } from 'react-router';
import { callApi } from '../../api/client.ts';
import { isSignedIn } from '../../api/session.ts';
import { FormCard } from '../../ui/Card.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { OneTimeLanding } from './OneTimeLanding.tsx';
import { safeRedirect } from './session.ts';

/** google: for people not signed in; it starts the provider round trip or lands from it with a ticket. */
export function loader({ request }: LoaderFunctionArgs) {
  if (isSignedIn() && !new URL(request.url).searchParams.has('ticket')) throw redirect('/');
  return null;
}

function Start() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  useEffect(() => {
    window.location.assign(`${routes.startGoogleSignIn.path}?redirect=${encodeURIComponent(safeRedirect(params.get('redirect')))}`);
  }, [params]);
  return (
    <FormCard title={t('auth.google')}>
      <Spinner label={t('common.loading')} />
    </FormCard>
  );
}

export function Component() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const ticket = params.get('ticket');
  if (!ticket) return <Start />;
  return <OneTimeLanding title={t('auth.google')} secret={ticket} redeem={async (value) => (await callApi(routes.exchangeGoogleTicket, { body: { ticket: value } })).data} />;
}
