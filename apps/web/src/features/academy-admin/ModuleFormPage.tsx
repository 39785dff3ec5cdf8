// academy-admin/modules/create and modules/{id}/edit: the module's title (short_description), its
// Markdown description, the dates in the course timezone, and whether it is open, active and
// blocks on homework. Refusals show on their fields; other failures as a toast and above the form.
import { MODULE_DESCRIPTION_MAX, MODULE_TITLE_MAX, routes, type AcademyModule, type ModuleInput } from '@lobby/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { callApi } from '../../api/client.ts';
import { Alert } from '../../ui/Alert.tsx';
import { Button, ButtonLink } from '../../ui/Button.tsx';
import { Checkbox } from '../../ui/Controls.tsx';
import { Field } from '../../ui/Field.tsx';
import { apiErrorText } from '../auth/api-error.ts';
import { Breadcrumbs } from './Breadcrumbs.tsx';
import { useAcademyAdmin } from './context.ts';
import { onFieldsOnly, serverFieldProblems } from './field-errors.ts';
import { fieldProblemText, MODULE_FORM_FIELDS, moduleInputOf, moduleValuesOf, type ModuleField, type ModuleValues, type Problems } from './forms.ts';
import { MarkdownField } from './MarkdownField.tsx';
import { ListLoading, LoadError, PageTitle } from './parts.tsx';
import { moduleQuery, refreshAcademy } from './queries.ts';
import { useCourseSettings } from './use-course-timezone.ts';

export function ModuleForm({ module, timeZone, onSaved, cancelTo, submit }: { module: AcademyModule | undefined; timeZone: string; onSaved: (saved: AcademyModule) => void; cancelTo: string; submit: (input: ModuleInput) => Promise<{ data: AcademyModule }> }) {
  const { t } = useTranslation();
  const [values, setValues] = useState<ModuleValues>(() => moduleValuesOf(module, timeZone));
  const [problems, setProblems] = useState<Problems<ModuleField>>({});
  const save = useMutation({
    mutationFn: submit,
    onSuccess: async (answer) => {
      toast.success(t(module ? 'academy_admin.module_saved' : 'academy_admin.module_created'));
      await refreshAcademy();
      onSaved(answer.data);
    },
    onError: (error) => {
      const found = serverFieldProblems(error, MODULE_FORM_FIELDS);
      setProblems(found);
      if (!onFieldsOnly(error, found)) toast.error(t(module ? 'academy_admin.module_update_failed' : 'academy_admin.module_create_failed', { reason: apiErrorText(t, error) }));
    },
  });
  const set = <K extends keyof ModuleValues>(name: K, value: ModuleValues[K]) => {
    setValues((current) => ({ ...current, [name]: value }));
    setProblems((current) => ({ ...current, [name]: undefined }));
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const { input, problems: found } = moduleInputOf(values, timeZone);
    setProblems(found);
    if (Object.values(found).some(Boolean)) return;
    save.mutate(input);
  };
  const error = (name: ModuleField) => fieldProblemText(t, problems[name]);
  const failed = save.isError && !onFieldsOnly(save.error, problems) ? apiErrorText(t, save.error) : null;
  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4 rounded-2xl border border-line bg-surface p-4 sm:p-6" data-testid="module-form">
      {failed ? <Alert tone="error">{failed}</Alert> : null}
      <Field label={t('academy_admin.f_module_title')} value={values.short_description} onChange={(event) => set('short_description', event.target.value)} maxLength={MODULE_TITLE_MAX} required aria-required="true" error={error('short_description')} data-testid="module-title" />
      <MarkdownField label={t('academy_admin.f_full_description')} value={values.full_description} onChange={(value) => set('full_description', value)} maxLength={MODULE_DESCRIPTION_MAX} error={error('full_description')} testId="module-description" />
      <fieldset className="flex flex-col gap-3">
        <legend className="mb-1 text-sm font-semibold">{t('academy_admin.dates_in_zone', { zone: timeZone })}</legend>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field type="datetime-local" label={t('academy_admin.f_start_date')} value={values.start_date} onChange={(event) => set('start_date', event.target.value)} error={error('start_date')} hint={t('academy_admin.f_start_date_hint')} data-testid="module-start" />
          <Field type="datetime-local" label={t('academy_admin.f_end_date')} value={values.end_date} onChange={(event) => set('end_date', event.target.value)} error={error('end_date')} data-testid="module-end" />
        </div>
      </fieldset>
      <div className="flex flex-col gap-3">
        <Checkbox label={t('academy_admin.f_is_open')} checked={values.is_open} onChange={(event) => set('is_open', event.target.checked)} data-testid="module-open" />
        <Checkbox label={t('academy_admin.f_active')} checked={values.active} onChange={(event) => set('active', event.target.checked)} data-testid="module-active" />
        <Checkbox label={t('academy_admin.f_block_homework')} checked={values.block_homework} onChange={(event) => set('block_homework', event.target.checked)} data-testid="module-block" />
        <p className="text-xs text-fg-muted">{t('academy_admin.f_block_homework_hint')}</p>
      </div>
      <div className="flex flex-wrap gap-3">
        <Button type="submit" disabled={save.isPending} data-testid="module-save">
          {save.isPending ? t('academy_admin.saving') : module ? t('academy_admin.save') : t('academy_admin.module_create_submit')}
        </Button>
        <ButtonLink variant="ghost" to={cancelTo}>
          {t('academy_admin.cancel')}
        </ButtonLink>
      </div>
    </form>
  );
}

export function ModuleFormPage({ moduleId }: { moduleId: number | null }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { eventId, path } = useAcademyAdmin();
  const { settings, timeZone } = useCourseSettings(eventId);
  const module = useQuery({ ...moduleQuery(eventId, moduleId ?? 0), enabled: moduleId !== null });
  const title = moduleId === null ? t('academy_admin.module_create') : t('academy_admin.module_edit');
  const trail = [{ label: t('academy_admin.nav_modules'), to: path('modules') }, ...(module.data ? [{ label: module.data.data.short_description, to: path(`modules/${moduleId}`) }] : []), { label: title }];
  const loading = settings.isPending || (moduleId !== null && module.isPending);
  const failed = settings.isError ? settings : moduleId !== null && module.isError ? module : null;
  return (
    <section data-testid="academy-module-form">
      <Breadcrumbs trail={trail} />
      <PageTitle title={title} />
      {failed ? <LoadError error={failed.error} onRetry={() => void failed.refetch()} /> : loading ? <ListLoading rows={4} /> : (
        <ModuleForm
          module={module.data?.data}
          timeZone={timeZone}
          cancelTo={moduleId === null ? path('modules') : path(`modules/${moduleId}`)}
          submit={(input) => (moduleId === null ? callApi(routes.createModule, { params: { eventId }, body: input }) : callApi(routes.updateModule, { params: { eventId, id: moduleId }, body: input }))}
          onSaved={(saved) => void navigate(path(`modules/${saved.id}`))}
        />
      )}
    </section>
  );
}
