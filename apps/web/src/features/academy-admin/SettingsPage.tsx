// academy-admin/settings (course admins): the course timezone, in which every academy date is
// entered and shown, and the certificate text; saved with a toast either way.
import { CERTIFICATE_TEXT_MAX, routes, type AcademySettings } from '@lobby/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { callApi } from '../../api/client.ts';
import { ApiError } from '../../api/errors.ts';
import { queryClient } from '../../api/query-client.ts';
import { Button } from '../../ui/Button.tsx';
import { SelectField, TextareaField } from '../../ui/Controls.tsx';
import { apiErrorText } from '../auth/api-error.ts';
import { timezonesQuery } from '../admin/queries.ts';
import { useAcademyAdmin } from './context.ts';
import { ListLoading, LoadError, PageTitle } from './parts.tsx';
import { refreshAcademy, settingsQuery } from './queries.ts';
import { useCourseSettings } from './use-course-timezone.ts';

function SettingsForm({ eventId, initial }: { eventId: number; initial: AcademySettings }) {
  const { t } = useTranslation();
  const [timezone, setTimezone] = useState(initial.timezone);
  const [text, setText] = useState(initial.certificate_text);
  const [problems, setProblems] = useState<{ timezone?: string; certificate_text?: string }>({});
  const zones = useQuery(timezonesQuery());
  const save = useMutation({
    mutationFn: (body: AcademySettings) => callApi(routes.updateAcademySettings, { params: { eventId }, body }),
    onSuccess: async (answer) => {
      queryClient.setQueryData(settingsQuery(eventId).queryKey, answer);
      toast.success(t('academy_admin.settings_saved'));
      await refreshAcademy();
    },
    onError: (error) => {
      if (error instanceof ApiError && error.code === 'timezone.unknown') setProblems({ timezone: apiErrorText(t, error) });
      toast.error(t('academy_admin.settings_failed', { reason: apiErrorText(t, error) }));
    },
  });
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const certificate = text.trim();
    if (certificate.length > CERTIFICATE_TEXT_MAX) {
      setProblems({ certificate_text: t('form.max_length', { max: CERTIFICATE_TEXT_MAX }) });
      return;
    }
    setProblems({});
    save.mutate({ timezone, certificate_text: certificate });
  };
  // The saved zone stays offered while the list loads (or if it is not in the list).
  const options = zones.data?.data ?? [];
  const listed = options.some((zone) => zone.id === timezone);
  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4 rounded-2xl border border-line bg-surface p-4 sm:p-6" data-testid="academy-settings-form">
      <SelectField label={t('academy_admin.f_timezone')} value={timezone} onChange={(event) => setTimezone(event.target.value)} hint={t('academy_admin.f_timezone_hint')} error={problems.timezone} data-testid="academy-timezone">
        {listed ? null : <option value={timezone}>{timezone}</option>}
        {options.map((zone) => (
          <option key={zone.id} value={zone.id}>
            {zone.label}
          </option>
        ))}
      </SelectField>
      {zones.isError ? <p className="text-sm text-fg-muted">{t('academy_admin.timezones_failed')}</p> : null}
      <TextareaField label={t('academy_admin.f_certificate_text')} value={text} onChange={(event) => setText(event.target.value)} rows={6} maxLength={CERTIFICATE_TEXT_MAX} hint={t('academy_admin.f_certificate_hint', { max: CERTIFICATE_TEXT_MAX })} error={problems.certificate_text} data-testid="academy-certificate" />
      <Button type="submit" className="self-start" disabled={save.isPending} data-testid="academy-settings-save">
        {save.isPending ? t('academy_admin.saving') : t('academy_admin.save')}
      </Button>
    </form>
  );
}

export function SettingsPage() {
  const { t } = useTranslation();
  const { eventId } = useAcademyAdmin();
  const { settings } = useCourseSettings(eventId);
  return (
    <section data-testid="academy-settings">
      <PageTitle title={t('academy_admin.nav_settings')} />
      {settings.isPending ? <ListLoading rows={2} /> : null}
      {settings.isError ? <LoadError error={settings.error} onRetry={() => void settings.refetch()} /> : null}
      {settings.data ? <SettingsForm eventId={eventId} initial={settings.data.data} /> : null}
    </section>
  );
}
