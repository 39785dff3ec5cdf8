import { COMPANY_ROLES, routes, type CompanyPerson, type CompanyRole } from '@lobby/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiQuery, callApi } from '../../api/client.ts';
import { Alert } from '../../ui/Alert.tsx';
import { Button } from '../../ui/Button.tsx';
import { Checkbox } from '../../ui/Controls.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { Pager } from '../../ui/Pager.tsx';
import { Skeleton } from '../../ui/Skeleton.tsx';
import { apiErrorText } from '../auth/api-error.ts';
import { signedInOnly } from '../auth/guards.ts';
import { meQuery, useMe } from '../auth/session.ts';
import { CompanyPeople, personName } from './CompanyPeople.tsx';
import { NoCompany } from './NoCompany.tsx';

export const loader = signedInOnly;

/** An admin's controls for one person: the roles as checkboxes (saved at once) and removal. */
function PersonActions({ companyId, person, onError }: { companyId: number; person: CompanyPerson; onError: (error: unknown) => void }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  // One's own roles may have changed too (an admin stepping down), and the page follows them.
  const refresh = () => Promise.all([client.invalidateQueries({ queryKey: [routes.listCompanyUsers.id] }), client.invalidateQueries({ queryKey: meQuery().queryKey })]);
  // The boxes follow a change at once and go back when the server refuses it (last admin, not an admin).
  const [roles, setRoles] = useState<CompanyRole[]>(person.roles);
  const setRole = useMutation({
    mutationFn: (next: CompanyRole[]) => callApi(routes.setCompanyRole, { params: { id: companyId }, body: { user_id: person.user_id, roles: next } }),
    onMutate: (next) => setRoles(next),
    onSuccess: () => refresh(),
    onError: (error) => {
      setRoles(person.roles);
      onError(error);
    },
  });
  const remove = useMutation({
    mutationFn: () => callApi(routes.removeCompanyUser, { params: { id: companyId, userId: person.user_id } }),
    onSuccess: () => refresh(),
    onError,
  });
  const name = personName(person, t('members.unnamed'));
  return (
    <div className="flex flex-wrap items-center gap-3">
      {COMPANY_ROLES.map((role) => (
        <Checkbox
          key={role}
          label={t(`companies.role_${role}`)}
          aria-label={t('companies.role_for', { role: t(`companies.role_${role}`), name })}
          data-testid={`role-${role}`}
          checked={roles.includes(role)}
          disabled={setRole.isPending}
          onChange={(e) => setRole.mutate(e.target.checked ? [...roles, role] : roles.filter((r) => r !== role))}
        />
      ))}
      <Button variant="secondary" disabled={remove.isPending} onClick={() => remove.mutate()} aria-label={t('companies.remove_person', { name })} data-testid="remove-person">
        {t('companies.remove')}
      </Button>
    </div>
  );
}

function People({ companyId, admin, meId }: { companyId: number; admin: boolean; meId: number }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [page, setPage] = useState(1);
  const [failure, setFailure] = useState<unknown>(null);
  const query = useQuery({ ...apiQuery(routes.listCompanyUsers, { params: { id: companyId }, query: { page } }), placeholderData: keepPreviousData });
  const leave = useMutation({
    mutationFn: () => callApi(routes.removeCompanyUser, { params: { id: companyId, userId: meId } }),
    onSuccess: () => void client.invalidateQueries({ queryKey: meQuery().queryKey }),
    onError: setFailure,
  });
  if (query.isPending) return <Skeleton className="h-64" />;
  if (query.isError || !query.data) {
    return <EmptyState title={t('errors.server_error_title')} text={t('errors.server_error_text')} action={<Button onClick={() => void query.refetch()}>{t('errors.retry')}</Button>} />;
  }
  return (
    <div className="flex flex-col gap-4">
      {admin ? null : (
        <Alert tone="info" testId="company-edit-forbidden">
          {t('api.company_edit_forbidden')}
        </Alert>
      )}
      {failure ? (
        <div role="status">
          <Alert tone="error" testId="company-members-error">
            {apiErrorText(t, failure)}
          </Alert>
        </div>
      ) : null}
      <CompanyPeople people={query.data.data} {...(admin ? { actions: (person: CompanyPerson) => <PersonActions key={`${person.user_id}:${person.roles.join()}`} companyId={companyId} person={person} onError={setFailure} /> } : {})} />
      <Pager page={page} pages={query.data.meta.last_page} onPage={setPage} />
      {admin ? null : (
        <Button variant="secondary" className="self-start" disabled={leave.isPending} onClick={() => leave.mutate()}>
          {t('companies.leave')}
        </Button>
      )}
    </div>
  );
}

/** profile/settings/company-members: the people of the person's company; admins change roles and remove people. */
export function Component() {
  const { t } = useTranslation();
  const me = useMe();
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6 px-4 py-8" data-testid="company-members">
      <h1 className="text-3xl font-bold tracking-tight">{t('companies.members_title')}</h1>
      <section className="rounded-2xl border border-line bg-surface p-5 sm:p-6">
        {!me ? <Skeleton className="h-64" /> : me.company_id === null ? <NoCompany create={false} /> : <People companyId={me.company_id} admin={me.company_roles.includes('admin')} meId={me.id} />}
      </section>
    </div>
  );
}
