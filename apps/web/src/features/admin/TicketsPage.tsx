import { DEFAULT_MEETING_QUOTA, TICKET_FEATURES, TICKET_KINDS, ZTicketTypeInput, routes, type TicketType, type TicketTypeInput } from '@lobby/contract';
import { useMutation, useSuspenseQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { callApi } from '../../api/client.ts';
import { queryClient } from '../../api/query-client.ts';
import { contractResolver, formErrorText } from '../../lib/form.ts';
import { Alert } from '../../ui/Alert.tsx';
import { Badge } from '../../ui/Badge.tsx';
import { Button } from '../../ui/Button.tsx';
import { Checkbox, Group, SelectField } from '../../ui/Controls.tsx';
import { Field } from '../../ui/Field.tsx';
import { apiErrorText, applyFieldErrors } from '../auth/api-error.ts';
import { eventIdOf } from './AdminEventLayout.tsx';
import { adminEventQuery } from './queries.ts';

interface TicketFormValues {
  code: string;
  name: string;
  kind: TicketTypeInput['kind'];
  features: TicketTypeInput['features'];
  quota: string;
  meeting_quota: string;
  self_service: boolean;
  upgrade_url: string;
}

const toInput = (v: TicketFormValues): TicketTypeInput => ({
  code: v.code.trim(),
  name: v.name.trim(),
  kind: v.kind,
  features: v.features,
  quota: v.quota.trim() === '' ? null : Number(v.quota),
  meeting_quota: v.meeting_quota.trim() === '' ? null : Number(v.meeting_quota),
  self_service: v.self_service,
  upgrade_url: v.upgrade_url.trim() || null,
});

const valuesOf = (type?: TicketType): TicketFormValues => ({
  code: type?.code ?? '',
  name: type?.name ?? '',
  kind: type?.kind ?? 'standard',
  features: type?.features ?? [],
  quota: type?.quota === null || type?.quota === undefined ? '' : String(type.quota),
  meeting_quota: type?.meeting_quota === null || type?.meeting_quota === undefined ? '' : String(type.meeting_quota),
  self_service: type?.self_service ?? false,
  upgrade_url: type?.upgrade_url ?? '',
});

const FIELDS = ['code', 'name', 'kind', 'features', 'quota', 'meeting_quota', 'self_service', 'upgrade_url'] as const;

function TicketForm({ eventId, type, onDone }: { eventId: number; type?: TicketType; onDone: () => void }) {
  const { t } = useTranslation();
  const form = useForm<TicketFormValues>({ defaultValues: valuesOf(type) });
  const check = contractResolver(ZTicketTypeInput);
  const save = useMutation({
    mutationFn: (input: TicketTypeInput) =>
      type ? callApi(routes.adminUpdateTicketType, { params: { id: eventId, ticketTypeId: type.id }, body: input }) : callApi(routes.adminCreateTicketType, { params: { id: eventId }, body: input }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: adminEventQuery(eventId).queryKey });
      onDone();
    },
    onError: (error) => applyFieldErrors(t, error, form.setError, FIELDS),
  });
  const onSubmit = form.handleSubmit(async (values) => {
    const input = toInput(values);
    const result = await check(input, undefined, { fields: {}, shouldUseNativeValidation: false });
    const errors = Object.entries(result.errors) as [keyof TicketFormValues, { message?: string; type?: string; types?: Record<string, string> }][];
    for (const [name, problem] of errors) form.setError(name, { type: problem.type ?? 'invalid', message: problem.message ?? 'invalid', types: problem.types ?? {} });
    if (errors.length === 0) save.mutate(input);
  });
  const error = (name: keyof TicketFormValues) => formErrorText(t, form.formState.errors[name] as Parameters<typeof formErrorText>[1]);
  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4 rounded-2xl border border-line bg-surface p-5" data-testid="ticket-form">
      {save.isError ? <Alert tone="error">{apiErrorText(t, save.error)}</Alert> : null}
      <div className="grid gap-4 sm:grid-cols-3">
        <Field label={t('admin.t_name')} error={error('name')} {...form.register('name')} />
        <Field label={t('admin.t_code')} hint={t('admin.f_slug_hint')} error={error('code')} {...form.register('code')} />
        <SelectField label={t('admin.t_kind')} error={error('kind')} {...form.register('kind')}>
          {TICKET_KINDS.map((kind) => (
            <option key={kind} value={kind}>
              {t(`admin.kind_${kind}`)}
            </option>
          ))}
        </SelectField>
      </div>
      <Group legend={t('admin.t_features')}>
        <div className="grid gap-2 sm:grid-cols-3">
          {TICKET_FEATURES.map((feature) => (
            <Checkbox key={feature} value={feature} label={t(`admin.feature_${feature}`)} {...form.register('features')} />
          ))}
        </div>
      </Group>
      <div className="grid gap-4 sm:grid-cols-3">
        <Field label={t('admin.t_quota')} hint={t('admin.t_quota_hint')} inputMode="numeric" error={error('quota')} {...form.register('quota')} />
        <Field
          label={t('admin.t_meeting_quota')}
          hint={t('admin.t_meeting_quota_hint')}
          type="number"
          inputMode="numeric"
          min={0}
          max={10_000}
          step={1}
          placeholder={String(DEFAULT_MEETING_QUOTA)}
          error={error('meeting_quota')}
          {...form.register('meeting_quota')}
        />
        <Field label={t('admin.t_upgrade_url')} hint={t('admin.t_upgrade_url_hint')} error={error('upgrade_url')} {...form.register('upgrade_url')} />
      </div>
      <Checkbox label={t('admin.t_self_service')} {...form.register('self_service')} />
      <div className="flex gap-3">
        <Button type="submit" disabled={save.isPending}>
          {type ? t('admin.save') : t('admin.t_add')}
        </Button>
        <Button variant="ghost" onClick={onDone}>
          {t('admin.cancel')}
        </Button>
      </div>
    </form>
  );
}

/** /admin/events/{id}/tickets: ticket types with features and quotas. */
export function Component() {
  const { t } = useTranslation();
  const eventId = eventIdOf(useParams());
  const { data } = useSuspenseQuery(adminEventQuery(eventId));
  const [editing, setEditing] = useState<number | 'new' | null>(null);
  const remove = useMutation({
    mutationFn: (ticketTypeId: number) => callApi(routes.adminDeleteTicketType, { params: { id: eventId, ticketTypeId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminEventQuery(eventId).queryKey }),
  });
  const types = data.data.ticket_types;
  return (
    <div className="flex flex-col gap-4">
      {remove.isError ? <Alert tone="error">{apiErrorText(t, remove.error)}</Alert> : null}
      {types.length === 0 && editing === null ? <Alert>{t('admin.t_empty')}</Alert> : null}
      <ul className="flex flex-col gap-3" data-testid="ticket-types">
        {types.map((type) =>
          editing === type.id ? (
            <li key={type.id}>
              <TicketForm eventId={eventId} type={type} onDone={() => setEditing(null)} />
            </li>
          ) : (
            <li key={type.id} className="flex flex-wrap items-center gap-3 rounded-2xl border border-line bg-surface p-4">
              <div className="min-w-0 flex-1">
                <p className="font-semibold">
                  {type.name} <span className="text-sm font-normal text-fg-muted">({type.code})</span>
                </p>
                <p className="text-sm text-fg-muted">
                  {t(`admin.kind_${type.kind}`)} · {type.quota === null ? t('admin.t_issued_unlimited', { issued: type.issued }) : t('admin.t_issued', { issued: type.issued, quota: type.quota })}
                  {type.features.includes('limited_meetings') ? ` · ${t('admin.t_meeting_quota_value', { n: type.meeting_quota ?? DEFAULT_MEETING_QUOTA })}` : null}
                </p>
                <div className="mt-1 flex flex-wrap gap-1">
                  {type.features.map((feature) => (
                    <Badge key={feature}>{t(`admin.feature_${feature}`)}</Badge>
                  ))}
                </div>
              </div>
              <Button variant="secondary" onClick={() => setEditing(type.id)}>
                {t('admin.edit')}
              </Button>
              <Button variant="ghost" onClick={() => remove.mutate(type.id)} disabled={remove.isPending}>
                {t('admin.delete')}
              </Button>
            </li>
          ),
        )}
      </ul>
      {editing === 'new' ? (
        <TicketForm eventId={eventId} onDone={() => setEditing(null)} />
      ) : (
        <Button variant="secondary" className="self-start" onClick={() => setEditing('new')} data-testid="add-ticket-type">
          {t('admin.t_add')}
        </Button>
      )}
    </div>
  );
}
