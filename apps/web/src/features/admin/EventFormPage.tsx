import { LANGUAGE_NAMES, LANGUAGES, REQUIRED_FIELD_TYPES, routes, type AdminEvent, type EventInput } from '@lobby/contract';
import { useMutation, useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { useForm, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, type LoaderFunctionArgs } from 'react-router';
import { callApi } from '../../api/client.ts';
import { ApiError } from '../../api/errors.ts';
import { queryClient } from '../../api/query-client.ts';
import { asTypes, formErrorText } from '../../lib/form.ts';
import { Alert } from '../../ui/Alert.tsx';
import { Button } from '../../ui/Button.tsx';
import { Checkbox, Group, SelectField, TextareaField } from '../../ui/Controls.tsx';
import { Field } from '../../ui/Field.tsx';
import { apiErrorText } from '../auth/api-error.ts';
import { signedInOnly } from '../auth/guards.ts';
import { eventIdOf } from './AdminEventLayout.tsx';
import { checkInput, emptyValues, formFieldOf, inputOf, valuesOf, type EventFormValues } from './event-form-values.ts';
import { adminEventQuery, adminEventsQuery, timezonesQuery } from './queries.ts';

export function loader(args: LoaderFunctionArgs) {
  signedInOnly(args);
  void queryClient.prefetchQuery(timezonesQuery());
  return null;
}

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section className="flex flex-col gap-4 rounded-2xl border border-line bg-surface p-5">
      <h2 className="text-lg font-bold">{title}</h2>
      {children}
    </section>
  );
}

/** The event form, for creating and for editing (product.md section 3, Event). */
function EventForm({ initial, submit, submitLabel }: { initial: EventFormValues; submit: (input: EventInput) => Promise<unknown>; submitLabel: string }) {
  const { t } = useTranslation();
  const form: UseFormReturn<EventFormValues> = useForm<EventFormValues>({ defaultValues: initial });
  const { register, formState, setError } = form;
  const timezones = useQuery(timezonesQuery());
  const save = useMutation({
    mutationFn: submit,
    onError: (error) => {
      if (!(error instanceof ApiError)) return;
      for (const item of (error.details?.fields ?? []) as { field: string; key?: string; message: string; params?: Record<string, string | number> }[]) {
        const field = formFieldOf(item.field);
        if (field) setError(field, { type: item.key ?? 'server', message: item.key ?? item.message, types: asTypes(item.params) });
      }
    },
  });
  const onSubmit = form.handleSubmit((values) => {
    const input = inputOf(values);
    const problems = checkInput(input);
    const fields = Object.entries(problems) as [keyof EventFormValues, { key: string; params: Record<string, string | number> }][];
    for (const [field, problem] of fields) setError(field, { type: problem.key, message: problem.key, types: asTypes(problem.params) });
    if (fields.length === 0) save.mutate(input);
  });
  const error = (name: keyof EventFormValues) => formErrorText(t, formState.errors[name] as Parameters<typeof formErrorText>[1]);

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-6" data-testid="event-form">
      {save.isError ? <Alert tone="error">{apiErrorText(t, save.error)}</Alert> : null}
      {save.isSuccess ? <Alert tone="success">{t('admin.saved')}</Alert> : null}
      <Section title={t('admin.section_main')}>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label={t('admin.f_name')} error={error('name')} {...register('name')} />
          <Field label={t('admin.f_slug')} hint={t('admin.f_slug_hint')} error={error('slug')} {...register('slug')} />
        </div>
        <Field label={t('admin.f_tagline')} error={error('tagline')} {...register('tagline')} />
        <TextareaField label={t('admin.f_preview')} error={error('preview_description')} {...register('preview_description')} />
        <TextareaField label={t('admin.f_description')} hint={t('admin.f_description_hint')} rows={6} error={error('description')} {...register('description')} />
      </Section>
      <Section title={t('admin.section_dates')}>
        <SelectField label={t('admin.f_timezone')} error={error('timezone')} {...register('timezone')}>
          {(timezones.data?.data ?? [{ id: initial.timezone, label: initial.timezone }]).map((zone) => (
            <option key={zone.id} value={zone.id}>
              {zone.label}
            </option>
          ))}
        </SelectField>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field type="datetime-local" label={t('admin.f_date_from')} error={error('date_from')} {...register('date_from')} />
          <Field type="datetime-local" label={t('admin.f_date_to')} error={error('date_to')} {...register('date_to')} />
          <Field type="datetime-local" label={t('admin.f_hub_from')} error={error('hub_date_from')} {...register('hub_date_from')} />
          <Field type="datetime-local" label={t('admin.f_hub_to')} error={error('hub_date_to')} {...register('hub_date_to')} />
        </div>
      </Section>
      <Section title={t('admin.section_access')}>
        <div className="grid gap-3 sm:grid-cols-2">
          <Checkbox label={t('admin.f_online')} {...register('is_online')} />
          <Checkbox label={t('admin.f_onsite')} {...register('is_onsite')} />
          <Checkbox label={t('admin.f_all_users')} {...register('is_all_users')} />
          <Checkbox label={t('admin.f_auto_reg')} {...register('auto_reg')} />
          <Checkbox label={t('admin.f_active')} {...register('active')} />
        </div>
        <Group legend={t('admin.f_required')}>
          <div className="grid gap-2 sm:grid-cols-3">
            {REQUIRED_FIELD_TYPES.map((type) => (
              <Checkbox key={type} value={type} label={t(`admin.required_${type}`)} {...register('required')} />
            ))}
          </div>
        </Group>
      </Section>
      <Section title={t('admin.section_place')}>
        <Field label={t('admin.f_address')} error={error('full_address')} {...register('full_address')} />
        <Field label={t('admin.f_address_link')} error={error('address_link')} {...register('address_link')} />
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label={t('admin.f_latitude')} inputMode="decimal" error={error('latitude')} {...register('latitude')} />
          <Field label={t('admin.f_longitude')} inputMode="decimal" error={error('longitude')} {...register('longitude')} />
        </div>
        <TextareaField label={t('admin.f_points')} hint={t('admin.f_points_hint')} error={error('points_text')} {...register('points_text')} />
      </Section>
      <Section title={t('admin.section_look')}>
        <Group legend={t('admin.f_languages')}>
          <div className="flex flex-wrap gap-4">
            {LANGUAGES.map((lang) => (
              <Checkbox key={lang} value={lang} label={LANGUAGE_NAMES[lang]} {...register('languages')} />
            ))}
          </div>
          {error('languages') ? <p className="text-sm text-red-700">{error('languages')}</p> : null}
        </Group>
        <div className="grid gap-4 sm:grid-cols-3">
          <Field type="color" label={t('admin.f_color')} className="[&_input]:h-11 [&_input]:p-1" error={error('theme_color')} {...register('theme_color')} />
          <Field label={t('admin.f_font')} error={error('theme_font')} {...register('theme_font')} />
          <Field label={t('admin.f_theme_name')} error={error('theme_name')} {...register('theme_name')} />
        </div>
        <Field label={t('admin.f_palette')} hint={t('admin.f_palette_hint')} error={error('palette_text')} {...register('palette_text')} />
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label={t('admin.f_logo')} hint={t('admin.f_picture_hint')} error={error('logo_url')} {...register('logo_url')} />
          <Field label={t('admin.f_background')} hint={t('admin.f_picture_hint')} error={error('background_url')} {...register('background_url')} />
          <Field label={t('admin.f_logo_ru')} error={error('logo_ru')} {...register('logo_ru')} />
          <Field label={t('admin.f_background_ru')} error={error('background_ru')} {...register('background_ru')} />
          <Field label={t('admin.f_logo_zh')} error={error('logo_zh')} {...register('logo_zh')} />
          <Field label={t('admin.f_background_zh')} error={error('background_zh')} {...register('background_zh')} />
        </div>
      </Section>
      <Section title={t('admin.section_integrations')}>
        <div className="grid gap-4 sm:grid-cols-3">
          <Field label={t('admin.f_metrika')} error={error('yandex')} {...register('yandex')} />
          <Field label={t('admin.f_gtag')} error={error('gtag')} {...register('gtag')} />
          <Field label={t('admin.f_wnmeet')} error={error('wnmeet_room')} {...register('wnmeet_room')} />
        </div>
        <Field label={t('zoom_call.admin_event_link')} hint={t('zoom_call.admin_event_hint')} type="url" inputMode="url" placeholder="https://zoom.us/j/…" error={error('zoom_url')} {...register('zoom_url')} />
      </Section>
      <Button type="submit" disabled={save.isPending} className="self-start">
        {submitLabel}
      </Button>
    </form>
  );
}

/** /admin/events/new */
export function CreateEventPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <div className="mx-auto max-w-5xl px-4 py-8">
      <h1 className="mb-6 text-3xl font-bold tracking-tight">{t('admin.create_event')}</h1>
      <EventForm
        initial={emptyValues()}
        submitLabel={t('admin.create')}
        submit={async (input) => {
          const created = await callApi(routes.adminCreateEvent, { body: input });
          await queryClient.invalidateQueries({ queryKey: adminEventsQuery().queryKey });
          queryClient.setQueryData(adminEventQuery(created.data.id).queryKey, created);
          await navigate(`/admin/events/${created.data.id}/tickets`);
        }}
      />
    </div>
  );
}

/** /admin/events/{id}/settings */
export function SettingsPage() {
  const { t } = useTranslation();
  const id = eventIdOf(useParams());
  const { data } = useSuspenseQuery(adminEventQuery(id));
  return (
    <EventForm
      key={data.data.id}
      initial={valuesOf(data.data)}
      submitLabel={t('admin.save')}
      submit={async (input) => {
        const updated: { data: AdminEvent } = await callApi(routes.adminUpdateEvent, { params: { id }, body: input });
        queryClient.setQueryData(adminEventQuery(id).queryKey, updated);
        await queryClient.invalidateQueries({ queryKey: [routes.getEvent.id] });
      }}
    />
  );
}
