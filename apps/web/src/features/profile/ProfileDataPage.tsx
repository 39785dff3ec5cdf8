import { routes, type EventMember, type Me, type ProfileField } from '@lobby/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { callApi } from '../../api/client.ts';
import { queryClient } from '../../api/query-client.ts';
import { contractResolver } from '../../lib/form.ts';
import { Alert } from '../../ui/Alert.tsx';
import { Button } from '../../ui/Button.tsx';
import { applyFieldErrors, apiErrorText, fieldErrorsOf } from '../auth/api-error.ts';
import { signedInOnly } from '../auth/guards.ts';
import { meQuery, safeRedirect } from '../auth/session.ts';
import { eventPath, memberQuery, useEventContext } from '../events/context.ts';
import { FormSkeleton, LoadError } from './load-state.tsx';
import { AvatarInput, CityField, CompanyField, CountryField, JobField, NameFields } from './ProfileFields.tsx';
import { PROFILE_FORM_FIELDS, profileDefaults, ZProfileForm, type ProfileFormValues } from './profile-form.ts';

export const loader = signedInOnly;

/** The form's fields for each missing profile field (avatar and e-mail are not form values). */
const FORM_KEYS: Partial<Record<ProfileField, (keyof ProfileFormValues)[]>> = {
  first_name: ['first_name'],
  last_name: ['last_name'],
  job: ['job'],
  company: ['company_id'],
  country: ['geo'],
  city: ['city'],
};

/** The event's required fields are required here, on top of the usual rules. */
const requiredSchema = (missing: readonly ProfileField[]) =>
  ZProfileForm.superRefine((value, ctx) => {
    const blank = (text: string | null | undefined) => !text?.trim();
    const need = (field: keyof ProfileFormValues, empty: boolean) => {
      if (empty) ctx.addIssue({ code: 'custom', path: [field], message: 'required', params: { rule: 'required' } });
    };
    if (missing.includes('job')) need('job', blank(value.job));
    if (missing.includes('city')) need('city', blank(value.city));
    if (missing.includes('country')) need('geo', value.geo === null || value.geo === undefined);
    if (missing.includes('company')) need('company_id', value.company_id === null || value.company_id === undefined);
  });

function FillForm({ me, member, next }: { me: Me; member: EventMember; next: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [missing] = useState(member.profile_missing);
  const [avatarMissing, setAvatarMissing] = useState(false);
  const form = useForm({ resolver: contractResolver(requiredSchema(missing)), defaultValues: profileDefaults(me) });
  const save = useMutation({
    mutationFn: () => {
      const values = form.getValues();
      const keys = missing.flatMap((field) => FORM_KEYS[field] ?? []);
      const body = Object.fromEntries(keys.map((key) => [key, values[key]]));
      return callApi(routes.updateMyMembership, { params: { eventId: member.event_id }, body });
    },
    onSuccess: async (answer) => {
      queryClient.setQueryData(memberQuery(member.event_id).queryKey, answer.data);
      queryClient.setQueryData(meQuery().queryKey, { data: answer.data.user });
      if (answer.data.profile_missing.length === 0) await navigate(next, { replace: true });
    },
    onError: (error) => applyFieldErrors(t, error, form.setError, PROFILE_FORM_FIELDS),
  });
  const submit = form.handleSubmit(() => {
    const noAvatar = missing.includes('avatar') && !queryClient.getQueryData<{ data: Me }>(meQuery().queryKey)?.data.avatar_url;
    setAvatarMissing(noAvatar);
    if (!noAvatar) save.mutate();
  });
  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-5 rounded-2xl border border-line bg-surface p-5 sm:p-6" data-testid="profile-data-form">
      {missing.includes('avatar') ? (
        <div className="flex flex-col gap-1">
          <AvatarInput me={me} />
          {avatarMissing && !me.avatar_url ? (
            <p role="alert" className="text-sm text-red-700 dark:text-red-400">
              {t('profile.avatar_required')}
            </p>
          ) : null}
        </div>
      ) : null}
      {missing.includes('first_name') || missing.includes('last_name') ? <NameFields form={form} /> : null}
      {missing.includes('job') ? <JobField form={form} /> : null}
      {missing.includes('company') ? <CompanyField form={form} current={me.company} /> : null}
      {missing.includes('country') ? <CountryField form={form} eventId={member.event_id} /> : null}
      {missing.includes('city') ? <CityField form={form} /> : null}
      {missing.includes('email') ? <Alert tone="info">{t('profile.email_missing')}</Alert> : null}
      {save.isSuccess && save.data.data.profile_missing.length > 0 ? <Alert tone="error">{t('profile.still_missing')}</Alert> : null}
      {save.isError && fieldErrorsOf(save.error, PROFILE_FORM_FIELDS).length === 0 ? <Alert tone="error">{apiErrorText(t, save.error)}</Alert> : null}
      <Button type="submit" className="self-start" disabled={save.isPending}>
        {t('profile.continue')}
      </Button>
    </form>
  );
}

/**
 * profile-data (fill-profile): the fields the event requires that the profile lacks
 * (member.profile_missing), then back to where the person was going.
 */
export function Component() {
  const { t } = useTranslation();
  const { event, member, slug } = useEventContext();
  const [search] = useSearchParams();
  const me = useQuery(meQuery());
  const next = safeRedirect(search.get('next') ?? eventPath(slug));
  if (!member) return <Navigate to={eventPath(slug)} replace />;
  if (member.profile_missing.length === 0) return <Navigate to={next} replace />;
  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-6 px-4 py-8">
      <div>
        <h1 className="text-3xl font-bold tracking-tight">{t('profile.data_title')}</h1>
        <p className="mt-1 text-fg-muted">{t('profile.data_text', { event: event.title })}</p>
      </div>
      {me.isPending ? <FormSkeleton /> : me.isError ? <LoadError error={me.error} retry={() => void me.refetch()} /> : <FillForm me={me.data.data} member={member} next={next} />}
    </div>
  );
}
