// profile/settings/company-vacancies (issue 17): the company's vacancies for its admins: the list,
// create and edit, delete, and each vacancy's responses. The company is the person's own (their
// profile's company); vacancies are company-wide, so these pages sit outside any event.
import { routes } from '@lobby/contract';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Route, Routes } from 'react-router';
import { apiQuery } from '../../../api/client.ts';
import { Alert } from '../../../ui/Alert.tsx';
import { Button } from '../../../ui/Button.tsx';
import { EmptyState } from '../../../ui/EmptyState.tsx';
import { Skeleton } from '../../../ui/Skeleton.tsx';
import { signedInOnly } from '../../auth/guards.ts';
import { useMe } from '../../auth/session.ts';
import { NoCompany } from '../../companies/NoCompany.tsx';
import { NotFoundPage } from '../../errors/pages.tsx';
import { SettingsFrame } from '../../profile/SettingsTabs.tsx';
import { VacancyList } from './VacancyList.tsx';

export const loader = signedInOnly;

const VacancyEditor = lazy(() => import('./VacancyEditor.tsx').then((m) => ({ default: m.VacancyEditor })));
const ResponsesList = lazy(() => import('./ResponsesList.tsx').then((m) => ({ default: m.ResponsesList })));

function ForAdmins({ companyId }: { companyId: number }) {
  const { t } = useTranslation();
  const company = useQuery(apiQuery(routes.getOwnCompany, { params: { id: companyId } }));
  if (company.isPending) return <Skeleton className="h-64" />;
  if (company.isError || !company.data) {
    return <EmptyState title={t('errors.server_error_title')} text={t('errors.server_error_text')} action={<Button onClick={() => void company.refetch()}>{t('errors.retry')}</Button>} />;
  }
  if (!company.data.data.abilities.edit) return <Alert testId="vacancies-admins-only">{t('vacancies.errors.forbidden')}</Alert>;
  return (
    <Suspense fallback={<Skeleton className="h-64" />}>
      <Routes>
        <Route index element={<VacancyList companyId={companyId} />} />
        <Route path="new" element={<VacancyEditor companyId={companyId} />} />
        <Route path=":vacancyId/edit" element={<VacancyEditor companyId={companyId} />} />
        <Route path=":vacancyId/responses" element={<ResponsesList companyId={companyId} />} />
        <Route path="*" element={<NotFoundPage />} />
      </Routes>
    </Suspense>
  );
}

export function Component() {
  const { t } = useTranslation();
  const me = useMe();
  return (
    <SettingsFrame title={t('vacancies.settings_title')}>
      <div data-testid="company-vacancies-settings">{!me ? <Skeleton className="h-64" /> : me.company_id === null ? <NoCompany create={false} /> : <ForAdmins companyId={me.company_id} />}</div>
    </SettingsFrame>
  );
}
