import { ErrorCode, routes, type PushSegment, type TicketType } from '@lobby/contract';
import { keepPreviousData, useMutation, useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { useForm, useWatch, type FieldError } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { apiQuery, callApi } from '../../api/client.ts';
import { ApiError } from '../../api/errors.ts';
import { queryClient } from '../../api/query-client.ts';
import { contractResolver, formErrorText } from '../../lib/form.ts';
import { Alert } from '../../ui/Alert.tsx';
import { Button } from '../../ui/Button.tsx';
import { Checkbox, Group, SelectField, TextareaField } from '../../ui/Controls.tsx';
import { Field } from '../../ui/Field.tsx';
import { apiErrorText, applyFieldErrors } from '../auth/api-error.ts';
import { eventIdOf } from './AdminEventLayout.tsx';
import { PushHistory } from './PushHistory.tsx';
import { segmentOf, type SegmentChoice } from './push-segment.ts';
import { adminEventQuery } from './queries.ts';

/** Member roles an organiser may aim at (contract roles 1-9). */
export const PUSH_ROLES = [1, 2, 3, 4, 5, 6, 7, 8, 9] as const;

interface Values {
  title: string;
  text: string;
  url: string;
  ticket_type_ids: string[];
  role_ids: string[];
  checked_in: SegmentChoice['checked_in'];
}

const EMPTY: Values = { title: '', text: '', url: '', ticket_type_ids: [], role_ids: [], checked_in: 'all' };

const check = contractResolver(routes.sendCustomPush.body!);

function Reach({ eventId, segment }: { eventId: number; segment: PushSegment }) {
  const { t } = useTranslation();
  const preview = useQuery({
    queryKey: ['push-preview', eventId, segment],
    queryFn: () => callApi(routes.previewCustomPush, { params: { eventId }, body: { segment } }),
    placeholderData: keepPreviousData,
  });
  return (
    <p className="text-sm font-semibold" aria-live="polite" data-testid="push-reach">
      {preview.isError ? apiErrorText(t, preview.error) : preview.data ? t('admin_push.reach', { count: preview.data.data.recipients }) : t('admin_push.reach_counting')}
    </p>
  );
}

function PushForm({ eventId, types }: { eventId: number; types: TicketType[] }) {
  const { t } = useTranslation();
  const form = useForm<Values>({ defaultValues: EMPTY });
  const chosen = useWatch({ control: form.control });
  const segment = segmentOf(chosen);
  const send = useMutation({
    mutationFn: (body: { title: string; text: string; url: string | null; segment: PushSegment }) => callApi(routes.sendCustomPush, { params: { eventId }, body }),
    onSuccess: () => {
      form.reset(EMPTY);
      void queryClient.invalidateQueries({ queryKey: apiQuery(routes.listCustomPushes, { params: { eventId } }).queryKey });
    },
    onError: (error) => {
      // The link's own rule has its own words (api.push_url_invalid), not the generic "invalid".
      if (error instanceof ApiError && error.code === ErrorCode.pushUrlInvalid) form.setError('url', { type: 'server', message: apiErrorText(t, error) });
      else applyFieldErrors(t, error, form.setError, ['title', 'text']);
    },
  });
  const onSubmit = form.handleSubmit(async (values) => {
    const body = { title: values.title.trim(), text: values.text.trim(), url: values.url.trim() === '' ? null : values.url.trim(), segment: segmentOf(values) };
    const result = await check(body, undefined, { fields: {}, shouldUseNativeValidation: false });
    const errors = Object.entries(result.errors) as [string, FieldError][];
    for (const [name, problem] of errors) form.setError(name as keyof Values, { type: problem.type, message: problem.message ?? 'invalid', types: problem.types ?? {} });
    if (errors.length === 0) send.mutate(body);
  });
  const error = (name: 'title' | 'text' | 'url') => formErrorText(t, form.formState.errors[name]);
  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-5 rounded-2xl border border-line bg-surface p-5" data-testid="push-form">
      <div>
        <h2 className="text-xl font-semibold">{t('admin_push.new_title')}</h2>
        <p className="mt-1 text-sm text-fg-muted">{t('admin_push.intro')}</p>
      </div>
      {send.isError && !Object.keys(form.formState.errors).length ? <Alert tone="error">{apiErrorText(t, send.error)}</Alert> : null}
      {send.isSuccess && !form.formState.isDirty ? <Alert tone="success">{t('admin_push.sent', { count: send.data.data.recipients })}</Alert> : null}
      <Field label={t('admin_push.f_title')} maxLength={120} required error={error('title')} {...form.register('title')} />
      <TextareaField label={t('admin_push.f_text')} rows={4} maxLength={1000} required error={error('text')} {...form.register('text')} />
      <Field label={t('admin_push.f_link')} hint={t('admin_push.f_link_hint')} inputMode="url" error={error('url')} {...form.register('url')} />
      <div className="grid gap-4 md:grid-cols-2">
        <Group legend={t('admin_push.f_ticket_types')}>
          {types.length === 0 ? <p className="text-sm text-fg-muted">{t('admin_push.no_ticket_types')}</p> : null}
          {types.map((type) => (
            <Checkbox key={type.id} label={type.name} value={String(type.id)} {...form.register('ticket_type_ids')} />
          ))}
        </Group>
        <Group legend={t('admin_push.f_roles')}>
          {PUSH_ROLES.map((role) => (
            <Checkbox key={role} label={t(`roles.${role}`)} value={String(role)} {...form.register('role_ids')} />
          ))}
        </Group>
      </div>
      <SelectField label={t('admin_push.f_checked_in')} className="max-w-sm" {...form.register('checked_in')}>
        <option value="all">{t('admin_push.checked_in_all')}</option>
        <option value="yes">{t('admin_push.checked_in_yes')}</option>
        <option value="no">{t('admin_push.checked_in_no')}</option>
      </SelectField>
      <p className="text-xs text-fg-muted">{t('admin_push.segment_hint')}</p>
      <div className="flex flex-wrap items-center gap-4">
        <Button type="submit" disabled={send.isPending}>
          {t('admin_push.send')}
        </Button>
        <Reach eventId={eventId} segment={segment} />
      </div>
    </form>
  );
}

/** /admin/events/{id}/pushes: a message to a segment of the event's people, and the messages sent. */
export function Component() {
  const eventId = eventIdOf(useParams());
  const event = useSuspenseQuery(adminEventQuery(eventId)).data.data;
  return (
    <div className="flex flex-col gap-8">
      <PushForm eventId={eventId} types={event.ticket_types} />
      <PushHistory eventId={eventId} types={event.ticket_types} timeZone={event.timezone} />
    </div>
  );
}
