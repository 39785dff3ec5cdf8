import { ZInviteInput, routes, type AdminMember, type TicketType } from '@lobby/contract';
import { keepPreviousData, useMutation, useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { apiQuery, callApi } from '../../api/client.ts';
import { queryClient } from '../../api/query-client.ts';
import { contractResolver, formErrorText } from '../../lib/form.ts';
import { useDebouncedSearch } from '../../lib/use-debounced-search.ts';
import { Alert } from '../../ui/Alert.tsx';
import { Button } from '../../ui/Button.tsx';
import { Checkbox, SelectField } from '../../ui/Controls.tsx';
import { Field } from '../../ui/Field.tsx';
import { Pager } from '../../ui/Pager.tsx';
import { Skeleton } from '../../ui/Skeleton.tsx';
import { apiErrorText, applyFieldErrors } from '../auth/api-error.ts';
import { eventIdOf } from './AdminEventLayout.tsx';
import { ImportCsv } from './ImportCsv.tsx';
import { CheckInStats } from '../volunteer/CheckInStats.tsx';
import { adminEventQuery } from './queries.ts';

const ROLES = [1, 2, 3, 4, 5, 6, 7, 8, 9] as const;

function InviteForm({ eventId, types }: { eventId: number; types: TicketType[] }) {
  const { t } = useTranslation();
  const form = useForm({ resolver: contractResolver(ZInviteInput), defaultValues: { email: '', first_name: '', last_name: '', ticket_type_id: types[0]?.id ?? 0 } });
  const invite = useMutation({
    mutationFn: (body: { email: string; first_name?: string | undefined; last_name?: string | undefined; ticket_type_id: number }) => callApi(routes.adminInviteMember, { params: { id: eventId }, body }),
    onSuccess: async () => {
      form.reset({ email: '', first_name: '', last_name: '', ticket_type_id: form.getValues('ticket_type_id') });
      await queryClient.invalidateQueries({ queryKey: [routes.adminListMembers.id] });
    },
    onError: (error) => applyFieldErrors(t, error, form.setError, ['email', 'first_name', 'last_name', 'ticket_type_id']),
  });
  const { errors } = form.formState;
  return (
    <form noValidate onSubmit={form.handleSubmit((values) => invite.mutate(values))} className="flex flex-col gap-4 rounded-2xl border border-line bg-surface p-5" data-testid="invite-form">
      <h2 className="text-lg font-bold">{t('admin.invite_title')}</h2>
      {invite.isSuccess ? <Alert tone="success">{t('admin.invited', { email: invite.data.data.user.email })}</Alert> : null}
      {invite.isError ? <Alert tone="error">{apiErrorText(t, invite.error)}</Alert> : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label={t('auth.email')} type="email" error={formErrorText(t, errors.email)} {...form.register('email')} />
        <SelectField label={t('admin.ticket')} error={formErrorText(t, errors.ticket_type_id)} {...form.register('ticket_type_id', { valueAsNumber: true })}>
          {types.map((type) => (
            <option key={type.id} value={type.id}>
              {type.name}
            </option>
          ))}
        </SelectField>
        <Field label={t('auth.first_name')} error={formErrorText(t, errors.first_name)} {...form.register('first_name')} />
        <Field label={t('auth.last_name')} error={formErrorText(t, errors.last_name)} {...form.register('last_name')} />
      </div>
      <Button type="submit" disabled={invite.isPending || types.length === 0} className="self-start">
        {t('admin.invite')}
      </Button>
    </form>
  );
}

function MemberRow({ eventId, member, types }: { eventId: number; member: AdminMember; types: TicketType[] }) {
  const { t } = useTranslation();
  const update = useMutation({
    mutationFn: (body: { ticket_type_id?: number | null; role_ids?: number[]; is_organizer?: boolean }) => callApi(routes.adminUpdateMember, { params: { id: eventId, memberId: member.id }, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [routes.adminListMembers.id] }),
  });
  const remove = useMutation({
    mutationFn: () => callApi(routes.adminRemoveMember, { params: { id: eventId, memberId: member.id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [routes.adminListMembers.id] }),
  });
  const name = [member.user.first_name, member.user.last_name].filter(Boolean).join(' ');
  const toggleRole = (role: number) => {
    const next = member.role_ids.includes(role) ? member.role_ids.filter((r) => r !== role) : [...member.role_ids, role];
    if (next.length > 0) update.mutate({ role_ids: next });
  };
  return (
    <li className="flex flex-col gap-3 rounded-2xl border border-line bg-surface p-4" data-testid="attendee">
      <div className="flex flex-wrap items-center gap-3">
        <div className="min-w-0 flex-1">
          <p className="truncate font-semibold">{name || member.user.email}</p>
          <p className="truncate text-sm text-fg-muted">{member.user.email}</p>
        </div>
        <SelectField label={t('admin.ticket')} className="w-48" value={member.ticket_type_id ?? ''} onChange={(e) => update.mutate({ ticket_type_id: e.target.value ? Number(e.target.value) : null })}>
          <option value="">{t('event.no_ticket')}</option>
          {types.map((type) => (
            <option key={type.id} value={type.id}>
              {type.name}
            </option>
          ))}
        </SelectField>
        <Button variant="ghost" onClick={() => remove.mutate()} disabled={remove.isPending}>
          {t('admin.remove')}
        </Button>
      </div>
      <div className="flex flex-wrap gap-x-4 gap-y-2">
        {ROLES.map((role) => (
          <Checkbox key={role} label={t(`roles.${role}`)} checked={member.role_ids.includes(role)} onChange={() => toggleRole(role)} />
        ))}
        <Checkbox label={t('event.organiser')} checked={member.is_organizer} onChange={() => update.mutate({ is_organizer: !member.is_organizer })} />
      </div>
      {update.isError ? <Alert tone="error">{apiErrorText(t, update.error)}</Alert> : null}
      {remove.isError ? <Alert tone="error">{apiErrorText(t, remove.error)}</Alert> : null}
    </li>
  );
}

function MemberList({ eventId, types }: { eventId: number; types: TicketType[] }) {
  const { t } = useTranslation();
  const id = useId();
  const { text, setText, search, page, setPage } = useDebouncedSearch();
  const list = useQuery({ ...apiQuery(routes.adminListMembers, { params: { id: eventId }, query: { page, ...(search ? { 'filter[query]': search } : {}) } }), placeholderData: keepPreviousData });
  return (
    <section className="flex flex-col gap-3">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 className="text-lg font-bold">{t('admin.attendees', { count: list.data?.meta.total ?? 0 })}</h2>
        <label htmlFor={id} className="sr-only">
          {t('admin.search_attendees')}
        </label>
        <input id={id} type="search" value={text} onChange={(e) => setText(e.target.value)} placeholder={t('admin.search_attendees')} className="min-h-11 w-full rounded-xl border border-line bg-surface px-4 text-sm sm:w-72" />
      </div>
      {list.isPending ? <Skeleton className="h-24" /> : null}
      {list.isError ? <Alert tone="error">{apiErrorText(t, list.error)}</Alert> : null}
      <ul className="flex flex-col gap-3" data-testid="attendees">
        {list.data?.data.map((member) => (
          <MemberRow key={member.id} eventId={eventId} member={member} types={types} />
        ))}
      </ul>
      {list.data ? <Pager page={page} pages={list.data.meta.last_page} onPage={setPage} /> : null}
    </section>
  );
}

/** /admin/events/{id}/attendees: issue tickets one by one or from CSV; set tickets and roles. */
export function Component() {
  const eventId = eventIdOf(useParams());
  const { data } = useSuspenseQuery(adminEventQuery(eventId));
  const types = data.data.ticket_types;
  return (
    <div className="flex flex-col gap-6">
      <div className="grid gap-6 lg:grid-cols-2">
        <InviteForm eventId={eventId} types={types} />
        <ImportCsv eventId={eventId} />
      </div>
      <CheckInStats eventId={eventId} />
      <MemberList eventId={eventId} types={types} />
    </div>
  );
}
