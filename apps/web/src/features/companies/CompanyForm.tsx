import { COMPANY_OPTIONS_MAX, isPublisherCompany, PUBLISHER_GENRES, ZCompanyInput, type Company, type CompanyInput, type PublisherGenre } from '@lobby/contract';
import { useMutation } from '@tanstack/react-query';
import { Controller, useForm, type FieldError, type Merge } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { contractResolver, formErrorText } from '../../lib/form.ts';
import { Alert } from '../../ui/Alert.tsx';
import { Button } from '../../ui/Button.tsx';
import { Checkbox, Group, SelectField, TextareaField } from '../../ui/Controls.tsx';
import { Field } from '../../ui/Field.tsx';
import { apiErrorText, applyFieldErrors, fieldErrorsOf } from '../auth/api-error.ts';
import { useDictionaries, type Option } from '../dictionaries/use-dictionaries.ts';
import { CompanyPictures } from './CompanyPictures.tsx';

export type CompanyValues = z.output<typeof ZCompanyInput>;
const FIELDS = ['name', 'site', 'description', 'business', 'tags', 'size', 'geo', 'email', 'location', 'has_chat', 'publisher_looking_for', 'publisher_genres'] as const;

/** An array field's own error (at least one, at most N), not its items'. */
const listError = (error: FieldError | Merge<FieldError, (FieldError | undefined)[]> | undefined): FieldError | undefined => (error?.message ? { type: error.type ?? 'invalid', message: error.message, ...(error.types ? { types: error.types } : {}) } : undefined);

/** The body as the API takes it (an emptied website is sent as '', which clears it). */
export const companyBody = (values: CompanyValues) => ({ ...values, site: values.site ?? '' });

const initialOf = (company: Company | null): CompanyInput => ({
  name: company?.name ?? '',
  site: company?.site ?? '',
  description: company?.description ?? '',
  business: company?.business.map((b) => b.id) ?? [],
  tags: company?.tags.map((tag) => tag.id) ?? [],
  size: company?.size?.id ?? null,
  geo: company?.geo ?? null,
  email: '',
  location: company?.location ?? '',
  has_chat: company?.has_chat ?? false,
  publisher_looking_for: company?.publisher_looking_for.map((ref) => ref.id) ?? [],
  publisher_genres: company?.publisher_genres ?? [],
});

function Choices({ legend, options, value, onChange, error }: { legend: string; options: Option[]; value: number[]; onChange: (next: number[]) => void; error?: string | undefined }) {
  return (
    <Group legend={legend}>
      <div className="grid grid-cols-1 gap-2 sm:grid-cols-2">
        {options.map((o) => {
          const id = Number(o.value);
          return <Checkbox key={o.value} label={o.label} checked={value.includes(id)} onChange={(e) => onChange(e.target.checked ? [...value, id] : value.filter((v) => v !== id))} />;
        })}
      </div>
      {error ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          {error}
        </p>
      ) : null}
    </Group>
  );
}

/** A publisher's profile for the publishers pavilion: what it looks for and the genres it publishes (business Publisher only). */
function PublisherFields({ lookingFor, genres, error }: { lookingFor: { value: number[]; onChange: (next: number[]) => void }; genres: { value: PublisherGenre[]; onChange: (next: PublisherGenre[]) => void }; error?: string | undefined }) {
  const { t } = useTranslation();
  const dictionaries = useDictionaries();
  return (
    <section className="flex flex-col gap-4 rounded-2xl border border-line p-4" aria-labelledby="company-publisher" data-testid="company-publisher">
      <div>
        <h2 id="company-publisher" className="font-bold">
          {t('companies.publisher_title')}
        </h2>
        <p className="text-sm text-fg-muted">{t('companies.publisher_hint')}</p>
      </div>
      <Choices legend={t('companies.publisher_looking_for')} options={dictionaries.options('publisher.looking_for')} value={lookingFor.value} onChange={lookingFor.onChange} error={error} />
      <Group legend={t('companies.publisher_genres')}>
        <div className="grid grid-cols-1 gap-2 sm:grid-cols-2">
          {PUBLISHER_GENRES.map((genre) => (
            <Checkbox
              key={genre}
              label={dictionaries.label('publisher.genres', genre) ?? t(`expo.genre_${genre}`)}
              checked={genres.value.includes(genre)}
              onChange={(e) => genres.onChange(e.target.checked ? [...genres.value, genre] : genres.value.filter((g) => g !== genre))}
              data-testid={`company-genre-${genre}`}
            />
          ))}
        </div>
      </Group>
    </section>
  );
}

/** Company fields with the contract's rules (company needs at least one business, at most 5 of each list). */
export function CompanyForm({ company, submit, onSaved, submitLabel }: { company: Company | null; submit: (values: CompanyValues) => Promise<{ data: Company }>; onSaved: (company: Company) => void; submitLabel: string }) {
  const { t } = useTranslation();
  const dictionaries = useDictionaries();
  const form = useForm<CompanyInput, unknown, CompanyValues>({ resolver: contractResolver(ZCompanyInput), defaultValues: initialOf(company) });
  const save = useMutation({
    mutationFn: submit,
    onSuccess: (result) => onSaved(result.data),
    onError: (error) => applyFieldErrors(t, error, form.setError, FIELDS),
  });
  const error = save.error;
  const pending = save.isPending;
  const { errors } = form.formState;
  const numberOrNull = (value: string) => (value === '' ? null : Number(value));
  const business = form.watch('business');
  return (
    <form
      noValidate
      data-testid="company-form"
      className="flex flex-col gap-4"
      onSubmit={form.handleSubmit((values) => save.mutate(values))}
    >
      {error && fieldErrorsOf(error, FIELDS).length === 0 ? <Alert tone="error">{apiErrorText(t, error)}</Alert> : null}
      {save.isSuccess ? <Alert tone="success">{t('companies.saved')}</Alert> : null}
      <Field label={t('companies.name')} autoComplete="organization" error={formErrorText(t, errors.name)} {...form.register('name')} />
      <CompanyPictures company={company} />
      <Field label={t('companies.site')} inputMode="url" error={formErrorText(t, errors.site)} {...form.register('site')} />
      <Controller control={form.control} name="business" render={({ field }) => <Choices legend={t('companies.business_hint', { max: COMPANY_OPTIONS_MAX })} options={dictionaries.options('company.business')} value={field.value} onChange={field.onChange} error={formErrorText(t, listError(errors.business))} />} />
      <Controller control={form.control} name="tags" render={({ field }) => <Choices legend={t('companies.tags_hint', { max: COMPANY_OPTIONS_MAX })} options={dictionaries.options('company.tag')} value={field.value ?? []} onChange={field.onChange} error={formErrorText(t, listError(errors.tags))} />} />
      {isPublisherCompany(business ?? []) ? (
        <PublisherFields
          lookingFor={{ value: form.watch('publisher_looking_for') ?? [], onChange: (next) => form.setValue('publisher_looking_for', next, { shouldDirty: true }) }}
          genres={{ value: form.watch('publisher_genres') ?? [], onChange: (next) => form.setValue('publisher_genres', next, { shouldDirty: true }) }}
          error={formErrorText(t, listError(errors.publisher_looking_for))}
        />
      ) : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <Controller
          control={form.control}
          name="size"
          render={({ field }) => (
            <SelectField label={t('companies.size')} value={field.value ?? ''} onChange={(e) => field.onChange(numberOrNull(e.target.value))} error={formErrorText(t, errors.size)}>
              <option value="">{t('companies.not_set')}</option>
              {dictionaries.options('company.size').map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </SelectField>
          )}
        />
        <Controller
          control={form.control}
          name="geo"
          render={({ field }) => (
            <SelectField label={t('companies.country')} value={field.value ?? ''} onChange={(e) => field.onChange(numberOrNull(e.target.value))} error={formErrorText(t, errors.geo)}>
              <option value="">{t('companies.not_set')}</option>
              {dictionaries.countries.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name}
                </option>
              ))}
            </SelectField>
          )}
        />
      </div>
      <Field label={t('companies.location')} error={formErrorText(t, errors.location)} {...form.register('location')} />
      <Field label={t('companies.email')} type="email" hint={t('companies.email_hint')} error={formErrorText(t, errors.email)} {...form.register('email')} />
      <TextareaField label={t('companies.description')} hint={t('companies.description_hint')} rows={6} error={formErrorText(t, errors.description)} {...form.register('description')} />
      <Checkbox label={t('companies.has_chat_label')} {...form.register('has_chat')} />
      <Button type="submit" disabled={pending} className="self-start" data-testid="company-save">
        {submitLabel}
      </Button>
    </form>
  );
}
