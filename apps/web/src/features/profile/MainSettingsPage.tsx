import type { Me } from '@lobby/contract';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { contractResolver } from '../../lib/form.ts';
import { Alert } from '../../ui/Alert.tsx';
import { Button } from '../../ui/Button.tsx';
import { apiErrorText, fieldErrorsOf } from '../auth/api-error.ts';
import { signedInOnly } from '../auth/guards.ts';
import { MeSettingsPage } from './load-state.tsx';
import { AboutFields, AvatarInput, CityField, CompanyField, ContactFields, CountryField, JobField, NameFields, OfferLookingFields } from './ProfileFields.tsx';
import { PROFILE_FORM_FIELDS, profileDefaults, ZProfileForm } from './profile-form.ts';
import { useSaveProfile } from './use-save-profile.ts';

export const loader = signedInOnly;

const section = 'flex flex-col gap-4 rounded-2xl border border-line bg-surface p-5 sm:p-6';

function MainForm({ me }: { me: Me }) {
  const { t } = useTranslation();
  const form = useForm({ resolver: contractResolver(ZProfileForm), defaultValues: profileDefaults(me) });
  const save = useSaveProfile(form, (saved) => form.reset(profileDefaults(saved)));
  return (
    <form noValidate className="flex flex-col gap-6" data-testid="profile-main-form" onSubmit={form.handleSubmit(() => save.mutate(form.getValues()))}>
      <section className={section} aria-labelledby="profile-about">
        <h2 id="profile-about" className="text-lg font-bold">
          {t('profile.section_about')}
        </h2>
        <AvatarInput me={me} />
        <NameFields form={form} />
        <JobField form={form} />
        <CompanyField form={form} current={me.company} />
        <div className="grid gap-4 sm:grid-cols-2">
          <CountryField form={form} />
          <CityField form={form} />
        </div>
        <AboutFields form={form} />
      </section>
      <section className={section} aria-labelledby="profile-networking">
        <h2 id="profile-networking" className="text-lg font-bold">
          {t('profile.section_networking')}
        </h2>
        <OfferLookingFields form={form} />
      </section>
      <section className={section} aria-labelledby="profile-contacts">
        <h2 id="profile-contacts" className="sr-only">
          {t('profile.contacts')}
        </h2>
        <ContactFields form={form} />
      </section>
      {save.isSuccess && !form.formState.isDirty ? <Alert tone="success">{t('profile.saved')}</Alert> : null}
      {save.isError && fieldErrorsOf(save.error, PROFILE_FORM_FIELDS).length === 0 ? <Alert tone="error">{apiErrorText(t, save.error)}</Alert> : null}
      <Button type="submit" className="self-start" disabled={save.isPending}>
        {t('profile.save')}
      </Button>
    </form>
  );
}

/** profile/settings/main: every User field, the avatar, what the person offers and looks for. */
export function Component() {
  return <MeSettingsPage Form={MainForm} />;
}
