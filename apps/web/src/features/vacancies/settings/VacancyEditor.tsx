// Creating and editing a vacancy of the company (its admins): every field, checked here with the
// server's rules; a server refusal names the field it is about.
import { routes, VACANCY_DESCRIPTION_MAX, VACANCY_LOCATION_MAX, VACANCY_SENIORITIES, VACANCY_TITLE_MAX, type CompanyVacancy, type VacancyInput } from '@lobby/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { toast } from 'sonner';
import { apiQuery, callApi } from '../../../api/client.ts';
import { browserTimezone } from '../../../lib/format.ts';
import { Button, ButtonLink } from '../../../ui/Button.tsx';
import { Checkbox, SelectField } from '../../../ui/Controls.tsx';
import { EmptyState } from '../../../ui/EmptyState.tsx';
import { Field } from '../../../ui/Field.tsx';
import { Skeleton } from '../../../ui/Skeleton.tsx';
import { MarkdownField } from '../../academy-admin/MarkdownField.tsx';
import { fieldErrorsOf } from '../../auth/api-error.ts';
import { useMe } from '../../auth/session.ts';
import { vacancyErrorText } from '../errors.ts';
import { SkillPicker } from '../SkillPicker.tsx';
import { VACANCY_FIELDS, vacancyInputOf, vacancyValuesOf, type VacancyField, type VacancyProblems, type VacancyValues } from './vacancy-form.ts';

const BASE = '/profile/settings/company-vacancies';

function Form({ companyId, vacancy }: { companyId: number; vacancy: CompanyVacancy | undefined }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const navigate = useNavigate();
  const timeZone = useMe()?.timezone ?? browserTimezone();
  const [values, setValues] = useState<VacancyValues>(() => vacancyValuesOf(vacancy, timeZone));
  const [problems, setProblems] = useState<VacancyProblems>({});
  const save = useMutation({
    mutationFn: (input: VacancyInput) =>
      vacancy ? callApi(routes.updateVacancy, { params: { id: companyId, vacancyId: vacancy.id }, body: input }) : callApi(routes.createVacancy, { params: { id: companyId }, body: input }),
    onSuccess: async () => {
      toast.success(t(vacancy ? 'vacancies.saved' : 'vacancies.created'));
      await client.invalidateQueries({ queryKey: [routes.listCompanyVacancies.id] });
      await client.invalidateQueries({ queryKey: [routes.getCompanyVacancy.id] });
      await navigate(BASE);
    },
    onError: (error) => {
      const fields = fieldErrorsOf(error, [...VACANCY_FIELDS, 'closes_at']);
      if (fields.length > 0) {
        const next: VacancyProblems = {};
        for (const field of fields) next[(field.name === 'closes_at' ? 'closes_on' : field.name) as VacancyField] = { key: '', params: {}, text: vacancyErrorText(t, error) };
        setProblems(next);
      }
      toast.error(t(vacancy ? 'vacancies.save_failed' : 'vacancies.create_failed', { reason: vacancyErrorText(t, error) }));
    },
  });
  const set = <K extends keyof VacancyValues>(name: K, value: VacancyValues[K]) => {
    setValues((current) => ({ ...current, [name]: value }));
    setProblems((current) => ({ ...current, [name]: undefined }));
  };
  const error = (name: VacancyField): string | undefined => {
    const problem = problems[name];
    return problem ? (problem.text ?? t(problem.key, problem.params)) : undefined;
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const { input, problems: found } = vacancyInputOf(values, timeZone);
    setProblems(found);
    if (Object.values(found).some(Boolean)) return;
    save.mutate(input);
  };
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-5 rounded-2xl border border-line bg-surface p-4 sm:p-6" data-testid="vacancy-form">
      <Field label={t('vacancies.f_title')} value={values.title} onChange={(e) => set('title', e.target.value)} maxLength={VACANCY_TITLE_MAX} required aria-required="true" error={error('title')} data-testid="vacancy-title" />
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField label={t('vacancies.seniority')} value={values.seniority} onChange={(e) => set('seniority', e.target.value as VacancyValues['seniority'])} error={error('seniority')} data-testid="vacancy-seniority">
          {VACANCY_SENIORITIES.map((level) => (
            <option key={level} value={level}>
              {t(`vacancies.seniority_${level}`)}
            </option>
          ))}
        </SelectField>
        <Field label={t('vacancies.f_location')} value={values.location} onChange={(e) => set('location', e.target.value)} maxLength={VACANCY_LOCATION_MAX} error={error('location')} data-testid="vacancy-location" />
      </div>
      <Checkbox label={t('vacancies.f_remote')} checked={values.remote} onChange={(e) => set('remote', e.target.checked)} data-testid="vacancy-remote-input" />
      <SkillPicker legend={t('vacancies.f_skills')} hint={t('vacancies.f_skills_hint')} value={values.skills} onChange={(next) => set('skills', next)} error={error('skills')} testId="vacancy-skills" />
      <fieldset className="flex flex-col gap-3">
        <legend className="mb-1 text-sm font-semibold">{t('vacancies.f_salary')}</legend>
        <p className="text-xs text-fg-muted">{t('vacancies.f_salary_hint')}</p>
        <div className="grid gap-4 sm:grid-cols-3">
          <Field label={t('vacancies.f_salary_min')} inputMode="numeric" value={values.salary_min} onChange={(e) => set('salary_min', e.target.value)} error={error('salary_min')} data-testid="vacancy-salary-min" />
          <Field label={t('vacancies.f_salary_max')} inputMode="numeric" value={values.salary_max} onChange={(e) => set('salary_max', e.target.value)} error={error('salary_max')} data-testid="vacancy-salary-max" />
          <Field label={t('vacancies.f_currency')} value={values.salary_currency} onChange={(e) => set('salary_currency', e.target.value.toUpperCase())} maxLength={3} autoCapitalize="characters" hint={t('vacancies.f_currency_hint')} error={error('salary_currency')} data-testid="vacancy-currency" />
        </div>
      </fieldset>
      <Field type="date" label={t('vacancies.closing_date')} value={values.closes_on} onChange={(e) => set('closes_on', e.target.value)} hint={t('vacancies.f_closes_hint', { zone: timeZone })} error={error('closes_on')} className="sm:max-w-xs" data-testid="vacancy-closes" />
      <MarkdownField label={t('vacancies.description')} value={values.description} onChange={(value) => set('description', value)} maxLength={VACANCY_DESCRIPTION_MAX} error={error('description')} testId="vacancy-description" />
      <Checkbox label={t('vacancies.f_published')} checked={values.published} onChange={(e) => set('published', e.target.checked)} data-testid="vacancy-published" />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={save.isPending} data-testid="vacancy-save">
          {vacancy ? t('vacancies.save') : t('vacancies.publish')}
        </Button>
        <ButtonLink to={BASE} variant="ghost">
          {t('vacancies.cancel')}
        </ButtonLink>
      </div>
    </form>
  );
}

/** new, or {vacancyId}/edit. */
export function VacancyEditor({ companyId }: { companyId: number }) {
  const { t } = useTranslation();
  const raw = useParams().vacancyId;
  const id = raw === undefined ? null : Number(raw);
  const query = useQuery({ ...apiQuery(routes.getCompanyVacancy, { params: { id: companyId, vacancyId: id ?? 0 } }), enabled: id !== null && Number.isInteger(id) && id > 0 });
  const title = <h2 className="text-xl font-bold">{id === null ? t('vacancies.new') : t('vacancies.edit_title')}</h2>;
  if (id === null) {
    return (
      <div className="flex flex-col gap-4">
        {title}
        <Form companyId={companyId} vacancy={undefined} />
      </div>
    );
  }
  if (query.isPending && query.fetchStatus !== 'idle') return <Skeleton className="h-96" />;
  if (!query.data) return <EmptyState title={t('vacancies.not_found_title')} text={query.isError ? vacancyErrorText(t, query.error) : t('vacancies.not_found_text')} action={<ButtonLink to={BASE}>{t('vacancies.back_to_list')}</ButtonLink>} />;
  return (
    <div className="flex flex-col gap-4">
      {title}
      <Form key={query.data.data.id} companyId={companyId} vacancy={query.data.data} />
    </div>
  );
}
