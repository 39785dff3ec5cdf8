import { routes } from '@lobby/contract';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { callApi } from '../../api/client.ts';
import { OneTimeLanding } from './OneTimeLanding.tsx';

/** magic/{id}: also allowed when already signed in (product.md section 2). */
export function Component() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  return <OneTimeLanding title={t('auth.magic_title')} secret={id} redeem={async (token) => (await callApi(routes.consumeMagicLink, { body: { token } })).data} />;
}
