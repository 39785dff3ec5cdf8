import { routes, type Me } from '@lobby/contract';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Controller, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { apiQuery } from '../../api/client.ts';
import { queryClient } from '../../api/query-client.ts';
import { formErrorText } from '../../lib/form.ts';
import { Button } from '../../ui/Button.tsx';
import { Checkbox, Group, SelectField, TextareaField } from '../../ui/Controls.tsx';
import { Field } from '../../ui/Field.tsx';
import { ImageInput } from '../../ui/ImageInput.tsx';
import type { Option } from '../dictionaries/use-dictionaries.ts';
import { useDictionaries } from '../dictionaries/use-dictionaries.ts';
import { meQuery } from '../auth/session.ts';
import { OPTIONS_MAX, type ProfileFormOutput, type ProfileFormValues } from './profile-form.ts';

type Form = UseFormReturn<ProfileFormValues, unknown, ProfileFormOutput>;

/** The avatar: uploaded at once (1:1 crop), the person's cached profile updated with it. */
export function AvatarInput({ me }: { me: Me }) {
  const { t } = useTranslation();
  return (
    <ImageInput
      label={t('profile.avatar')}
      value={me.avatar_thumb_url ?? me.avatar_url}
      uploadPath={routes.uploadMyMedia.path}
      category="logo"
      ratios={['1:1']}
      round
      testId="avatar-input"
      onUploaded={() => void queryClient.invalidateQueries({ queryKey: meQuery().queryKey })}
    />
  );
}

export function NameFields({ form }: { form: Form }) {
  const { t } = useTranslation();
  const { errors } = form.formState;
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <Field label={t('profile.first_name')} autoComplete="given-name" error={formErrorText(t, errors.first_name)} {...form.register('first_name')} />
      <Field label={t('profile.last_name')} autoComplete="family-name" error={formErrorText(t, errors.last_name)} {...form.register('last_name')} />
    </div>
  );
}

export function JobField({ form }: { form: Form }) {
  const { t } = useTranslation();
  return <Field label={t('profile.job')} autoComplete="organization-title" error={formErrorText(t, form.formState.errors.job)} {...form.register('job')} />;
}

export function CityField({ form }: { form: Form }) {
  const { t } = useTranslation();
  return <Field label={t('profile.city')} autoComplete="address-level2" error={formErrorText(t, form.formState.errors.city)} {...form.register('city')} />;
}

export function CountryField({ form, eventId }: { form: Form; eventId?: number | undefined }) {
  const { t } = useTranslation();
  const { countries } = useDictionaries(eventId);
  return (
    <SelectField
      label={t('profile.country')}
      autoComplete="country"
      error={formErrorText(t, form.formState.errors.geo)}
      {...form.register('geo', { setValueAs: (value: unknown) => (value === '' || value === null || value === undefined ? null : Number(value)) })}
    >
      <option value="">{t('profile.country_none')}</option>
      {countries.map((country) => (
        <option key={country.id} value={country.id}>
          {country.name}
        </option>
      ))}
    </SelectField>
  );
}

/** Up to five options, as checkboxes; the rest are disabled once five are chosen. */
function OptionsField({ form, name, legend, options }: { form: Form; name: 'offer_ids' | 'looking_ids'; legend: string; options: Option[] }) {
  const { t } = useTranslation();
  return (
    <Controller
      control={form.control}
      name={name}
      render={({ field, fieldState }) => {
        const chosen = field.value ?? [];
        return (
          <Group legend={`${legend} (${t('profile.up_to', { count: OPTIONS_MAX })})`}>
            <div className="grid gap-2 sm:grid-cols-2">
              {options.map((option) => {
                const value = Number(option.value);
                const checked = chosen.includes(value);
                return (
                  <Checkbox
                    key={option.value}
                    label={option.label}
                    checked={checked}
                    disabled={!checked && chosen.length >= OPTIONS_MAX}
                    onChange={() => field.onChange(checked ? chosen.filter((id) => id !== value) : [...chosen, value])}
                  />
                );
              })}
            </div>
            {fieldState.error ? (
              <p role="alert" className="text-sm text-red-700 dark:text-red-400">
                {formErrorText(t, fieldState.error)}
              </p>
            ) : null}
          </Group>
        );
      }}
    />
  );
}

export function OfferLookingFields({ form, eventId }: { form: Form; eventId?: number | undefined }) {
  const { t } = useTranslation();
  const dictionaries = useDictionaries(eventId);
  return (
    <>
      <OptionsField form={form} name="offer_ids" legend={t('profile.offer')} options={dictionaries.options('user.can_offer')} />
      <OptionsField form={form} name="looking_ids" legend={t('profile.looking')} options={dictionaries.options('user.looking_for')} />
    </>
  );
}

/** Search a company by name and pick it; "no company" clears it. */
export function CompanyField({ form, current }: { form: Form; current: { id: number; name: string } | null }) {
  const { t } = useTranslation();
  const searchId = useId();
  const [query, setQuery] = useState('');
  const [picked, setPicked] = useState(current);
  const found = useQuery({ ...apiQuery(routes.autocompleteCompanies, { query: { query } }), enabled: query.trim().length >= 2 });
  const choose = (company: { id: number; name: string } | null) => {
    setPicked(company);
    form.setValue('company_id', company?.id ?? null, { shouldDirty: true, shouldValidate: true });
    setQuery('');
  };
  return (
    <div className="flex flex-col gap-2">
      <Field id={searchId} label={t('profile.company')} hint={picked ? t('profile.company_current', { name: picked.name }) : t('profile.company_none')} value={query} onChange={(event) => setQuery(event.target.value)} placeholder={t('profile.company_search')} error={formErrorText(t, form.formState.errors.company_id)} />
      {picked ? (
        <Button variant="ghost" className="self-start" onClick={() => choose(null)}>
          {t('profile.company_clear')}
        </Button>
      ) : null}
      {found.data && query.trim().length >= 2 ? (
        <ul className="flex flex-col gap-1" aria-label={t('profile.company_results')}>
          {found.data.data.length === 0 ? <li className="text-sm text-fg-muted">{t('profile.company_not_found')}</li> : null}
          {found.data.data.map((company) => (
            <li key={company.id}>
              <Button variant="secondary" className="w-full justify-start" onClick={() => choose(company)}>
                {company.name}
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

export function AboutFields({ form }: { form: Form }) {
  const { t } = useTranslation();
  const { errors } = form.formState;
  return (
    <>
      <TextareaField label={t('profile.bio')} error={formErrorText(t, errors.bio)} {...form.register('bio')} />
      <Field label={t('profile.portfolio')} type="url" inputMode="url" hint={t('profile.website_hint')} error={formErrorText(t, errors.portfolio)} {...form.register('portfolio')} />
    </>
  );
}

export function ContactFields({ form }: { form: Form }) {
  const { t } = useTranslation();
  const { errors } = form.formState;
  return (
    <Group legend={t('profile.contacts')}>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label={t('profile.phone')} type="tel" autoComplete="tel" error={formErrorText(t, errors.phone)} {...form.register('phone')} />
        <Field label={t('profile.whatsapp')} type="tel" error={formErrorText(t, errors.whatsapp)} {...form.register('whatsapp')} />
        <Field label={t('profile.linkedin')} inputMode="url" error={formErrorText(t, errors.linkedin)} {...form.register('linkedin')} />
        <Field label={t('profile.facebook')} inputMode="url" error={formErrorText(t, errors.contacts?.facebook)} {...form.register('contacts.facebook')} />
        <Field label={t('profile.telegram')} error={formErrorText(t, errors.contacts?.telegram)} {...form.register('contacts.telegram')} />
        <Field label={t('profile.wechat')} error={formErrorText(t, errors.contacts?.wechat)} {...form.register('contacts.wechat')} />
      </div>
      <Checkbox label={t('profile.show_email')} {...form.register('show_email')} />
      <Checkbox label={t('profile.show_phone')} {...form.register('show_phone')} />
    </Group>
  );
}
