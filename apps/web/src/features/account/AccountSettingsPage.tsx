import { LANGUAGE_NAMES, LANGUAGES, routes, type Language, type Me } from '@lobby/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { apiQuery, callApi } from '../../api/client.ts';
import { queryClient } from '../../api/query-client.ts';
import { currentLanguage, switchLanguage } from '../../i18n/index.ts';
import { Alert } from '../../ui/Alert.tsx';
import { Button } from '../../ui/Button.tsx';
import { Checkbox, SelectField } from '../../ui/Controls.tsx';
import { apiErrorText } from '../auth/api-error.ts';
import { signedInOnly } from '../auth/guards.ts';
import { meQuery } from '../auth/session.ts';
import { MeSettingsPage } from '../profile/load-state.tsx';
import { PushSettings } from '../push/PushSettings.tsx';

export const loader = signedInOnly;

function AccountForm({ me }: { me: Me }) {
  const { t } = useTranslation();
  const zones = useQuery({ ...apiQuery(routes.listTimezones, { query: {} }), staleTime: Number.POSITIVE_INFINITY });
  const [notifications, setNotifications] = useState(!me.disable_email_notifications);
  const [language, setLanguage] = useState<Language>(me.language);
  const [timezone, setTimezone] = useState(me.timezone);
  const save = useMutation({
    mutationFn: () => callApi(routes.updateMe, { body: { disable_email_notifications: !notifications, language, timezone } }),
    onSuccess: (answer) => {
      queryClient.setQueryData(meQuery().queryKey, answer);
      // The interface follows the profile's language; changing it reloads the app.
      if (answer.data.language !== currentLanguage()) switchLanguage(answer.data.language);
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate();
  };
  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-5 rounded-2xl border border-line bg-surface p-5 sm:p-6" data-testid="account-form">
      <Checkbox label={t('profile.email_notifications')} checked={notifications} onChange={(event) => setNotifications(event.target.checked)} />
      <SelectField label={t('profile.language')} value={language} onChange={(event) => setLanguage(event.target.value as Language)}>
        {LANGUAGES.map((lang) => (
          <option key={lang} value={lang}>
            {LANGUAGE_NAMES[lang]}
          </option>
        ))}
      </SelectField>
      <SelectField label={t('profile.timezone')} value={timezone} onChange={(event) => setTimezone(event.target.value)} disabled={!zones.isSuccess} hint={zones.isError ? apiErrorText(t, zones.error) : undefined}>
        {zones.isSuccess ? null : <option value={timezone}>{timezone}</option>}
        {(zones.data?.data ?? []).map((zone) => (
          <option key={zone.id} value={zone.id}>
            {zone.label}
          </option>
        ))}
      </SelectField>
      {save.isSuccess ? <Alert tone="success">{t('profile.saved')}</Alert> : null}
      {save.isError ? <Alert tone="error">{apiErrorText(t, save.error)}</Alert> : null}
      <Button type="submit" className="self-start" disabled={save.isPending}>
        {t('profile.save')}
      </Button>
    </form>
  );
}

/** The account's settings, then this device's push notifications (issue 18). */
function AccountSettings({ me }: { me: Me }) {
  return (
    <div className="flex flex-col gap-5">
      <AccountForm me={me} />
      <PushSettings />
    </div>
  );
}

/** profile/settings/account: e-mail notifications, language, timezone and push notifications on this device. */
export function Component() {
  return <MeSettingsPage Form={AccountSettings} />;
}
