import { routes, type MeetingSettings } from '@lobby/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useFieldArray, useForm, type FieldError } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { apiQuery, callApi } from '../../api/client.ts';
import { queryClient } from '../../api/query-client.ts';
import { contractResolver, formErrorText } from '../../lib/form.ts';
import { Alert } from '../../ui/Alert.tsx';
import { Button } from '../../ui/Button.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { Field } from '../../ui/Field.tsx';
import { Skeleton } from '../../ui/Skeleton.tsx';
import { apiErrorText } from '../auth/api-error.ts';
import { eventIdOf } from './AdminEventLayout.tsx';

interface Values {
  slot_minutes: string;
  days: { date: string; start: string; end: string }[];
  points: { id: number; name: string; capacity: string }[];
}

const valuesOf = (settings: MeetingSettings): Values => ({
  slot_minutes: String(settings.slot_minutes),
  days: settings.days.map((day) => ({ ...day })),
  points: settings.points.map((point) => ({ id: point.id, name: point.name, capacity: String(point.capacity) })),
});

const toBody = (values: Values) => ({
  slot_minutes: Number(values.slot_minutes),
  days: values.days,
  points: values.points.map((point) => ({ id: point.id, capacity: Number(point.capacity) })),
});

const check = contractResolver(routes.adminUpdateMeetingSettings.body!);

function SettingsForm({ eventId, settings }: { eventId: number; settings: MeetingSettings }) {
  const { t } = useTranslation();
  const form = useForm<Values>({ defaultValues: valuesOf(settings) });
  const days = useFieldArray({ control: form.control, name: 'days' });
  const save = useMutation({
    mutationFn: (body: ReturnType<typeof toBody>) => callApi(routes.adminUpdateMeetingSettings, { params: { eventId }, body }),
    onSuccess: (saved) => {
      queryClient.setQueryData(apiQuery(routes.adminGetMeetingSettings, { params: { eventId } }).queryKey, saved);
      form.reset(valuesOf(saved.data));
    },
  });
  const onSubmit = form.handleSubmit(async (values) => {
    const body = toBody(values);
    const result = await check(body, undefined, { fields: {}, shouldUseNativeValidation: false });
    const errors = Object.entries(result.errors) as [string, FieldError][];
    for (const [name, problem] of errors) form.setError(name as keyof Values, { type: problem.type, message: problem.message ?? 'invalid', types: problem.types ?? {} });
    if (errors.length === 0) save.mutate(body);
  });
  const error = (name: string) => {
    const parts = name.split('.');
    let node: unknown = form.formState.errors;
    for (const part of parts) node = (node as Record<string, unknown> | undefined)?.[part];
    return formErrorText(t, node as FieldError | undefined);
  };
  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-6" data-testid="meeting-settings-form">
      {save.isError ? <Alert tone="error">{apiErrorText(t, save.error)}</Alert> : null}
      {save.isSuccess && !form.formState.isDirty ? <Alert tone="success">{t('admin_meetings.saved')}</Alert> : null}
      <p className="text-sm text-fg-muted">{t('admin_meetings.timezone', { zone: settings.timezone })}</p>
      <Field label={t('admin_meetings.slot_minutes')} type="number" min={5} max={240} step={5} className="max-w-xs" error={error('slot_minutes')} {...form.register('slot_minutes')} />
      <fieldset className="flex flex-col gap-3">
        <legend className="mb-2 text-lg font-semibold">{t('admin_meetings.days')}</legend>
        {days.fields.length === 0 ? <p className="text-sm text-fg-muted">{t('admin_meetings.no_days')}</p> : null}
        {days.fields.map((field, index) => (
          <div key={field.id} className="grid items-end gap-3 rounded-2xl border border-line bg-surface p-4 sm:grid-cols-[1fr_1fr_1fr_auto]" data-testid="meeting-day">
            <Field label={t('admin_meetings.date', { n: index + 1 })} type="date" error={error(`days.${index}.date`)} {...form.register(`days.${index}.date`)} />
            <Field label={t('admin_meetings.start', { n: index + 1 })} type="time" error={error(`days.${index}.start`)} {...form.register(`days.${index}.start`)} />
            <Field label={t('admin_meetings.end', { n: index + 1 })} type="time" error={error(`days.${index}.end`)} {...form.register(`days.${index}.end`)} />
            <Button variant="ghost" onClick={() => days.remove(index)} aria-label={t('admin_meetings.remove_day', { n: index + 1 })}>
              {t('admin.delete')}
            </Button>
          </div>
        ))}
        <Button variant="secondary" className="self-start" onClick={() => days.append({ date: days.fields.at(-1)?.date ?? '', start: '10:00', end: '18:00' })}>
          {t('admin_meetings.add_day')}
        </Button>
      </fieldset>
      <fieldset className="flex flex-col gap-3">
        <legend className="mb-2 text-lg font-semibold">{t('admin_meetings.points')}</legend>
        {settings.points.length === 0 ? <p className="text-sm text-fg-muted">{t('admin_meetings.no_points')}</p> : null}
        <div className="grid gap-3 sm:grid-cols-2">
          {settings.points.map((point, index) => (
            <Field key={point.id} label={t('admin_meetings.capacity', { name: point.name })} type="number" min={1} max={500} error={error(`points.${index}.capacity`)} {...form.register(`points.${index}.capacity`)} />
          ))}
        </div>
      </fieldset>
      <Button type="submit" className="self-start" disabled={save.isPending}>
        {t('admin.save')}
      </Button>
    </form>
  );
}

/** /admin/events/{id}/meetings: meeting days and hours, slot length, tables per meeting point. */
export function Component() {
  const { t } = useTranslation();
  const eventId = eventIdOf(useParams());
  const query = useQuery(apiQuery(routes.adminGetMeetingSettings, { params: { eventId } }));
  if (query.isPending) return <Skeleton className="h-96" />;
  if (query.isError) return <EmptyState title={t('errors.server_error_title')} text={apiErrorText(t, query.error)} action={<Button onClick={() => void query.refetch()}>{t('errors.retry')}</Button>} />;
  return <SettingsForm eventId={eventId} settings={query.data.data} />;
}
