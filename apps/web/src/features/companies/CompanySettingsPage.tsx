import { routes, type Company } from '@lobby/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { apiQuery, callApi } from '../../api/client.ts';
import { Alert } from '../../ui/Alert.tsx';
import { Button } from '../../ui/Button.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { Markdown } from '../../ui/Markdown.tsx';
import { Skeleton } from '../../ui/Skeleton.tsx';
import { signedInOnly } from '../auth/guards.ts';
import { meQuery, useMe } from '../auth/session.ts';
import { CompanyForm, companyBody } from './CompanyForm.tsx';
import { CompanyLogo } from './CompanyLogo.tsx';
import { NoCompany } from './NoCompany.tsx';

export const loader = signedInOnly;

/** What a person who is not an admin sees of their company: its card and the refusal. */
function ReadOnly({ company }: { company: Company }) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col gap-4" data-testid="company-read-only">
      <Alert tone="info" testId="company-edit-forbidden">
        {t('api.company_edit_forbidden')}
      </Alert>
      <div className="flex items-center gap-3">
        <CompanyLogo name={company.name} src={company.logo_url} />
        <div>
          <p className="text-lg font-semibold">{company.name}</p>
          <p className="text-sm text-fg-muted">{company.business.map((b) => b.name).join(', ')}</p>
        </div>
      </div>
      {company.description ? <Markdown>{company.description}</Markdown> : null}
    </div>
  );
}

function Editor({ companyId }: { companyId: number }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const query = useQuery(apiQuery(routes.getOwnCompany, { params: { id: companyId } }));
  if (query.isPending) return <Skeleton className="h-96" />;
  if (query.isError || !query.data) {
    return <EmptyState title={t('errors.server_error_title')} text={t('errors.server_error_text')} action={<Button onClick={() => void query.refetch()}>{t('errors.retry')}</Button>} />;
  }
  const company = query.data.data;
  if (!company.abilities.edit) return <ReadOnly company={company} />;
  return (
    <CompanyForm
      key={company.id}
      company={company}
      submitLabel={t('companies.save')}
      submit={(body) => callApi(routes.updateCompany, { params: { id: company.id }, body: companyBody(body) })}
      onSaved={(saved) => {
        client.setQueryData(apiQuery(routes.getOwnCompany, { params: { id: company.id } }).queryKey, { data: saved });
        void client.invalidateQueries({ queryKey: meQuery().queryKey });
      }}
    />
  );
}

/** profile/settings/company: create a company when the person has none, edit it as its admin, read it otherwise. */
export function Component() {
  const { t } = useTranslation();
  const me = useMe();
  const client = useQueryClient();
  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-6 px-4 py-8" data-testid="company-settings">
      <h1 className="text-3xl font-bold tracking-tight">{t('companies.settings_title')}</h1>
      <section className="rounded-2xl border border-line bg-surface p-5 sm:p-6">
        {!me ? (
          <Skeleton className="h-64" />
        ) : me.company_id === null ? (
          <div className="flex flex-col gap-6">
            <NoCompany create />
            <h2 className="text-lg font-bold">{t('companies.create_title')}</h2>
            <CompanyForm company={null} submitLabel={t('companies.create')} submit={(body) => callApi(routes.createCompany, { body: companyBody(body) })} onSaved={() => void client.invalidateQueries({ queryKey: meQuery().queryKey })} />
          </div>
        ) : (
          <Editor companyId={me.company_id} />
        )}
      </section>
    </div>
  );
}
