import type { Me } from '@lobby/contract';
import { useQuery } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../ui/Alert.tsx';
import { Button } from '../../ui/Button.tsx';
import { Skeleton } from '../../ui/Skeleton.tsx';
import { apiErrorText } from '../auth/api-error.ts';
import { meQuery } from '../auth/session.ts';
import { SettingsFrame } from './SettingsTabs.tsx';

export function FormSkeleton() {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col gap-4" aria-busy="true" aria-label={t('common.loading')}>
      <Skeleton className="h-24 w-full" />
      <Skeleton className="h-11 w-full" />
      <Skeleton className="h-11 w-full" />
      <Skeleton className="h-32 w-full" />
    </div>
  );
}

export function LoadError({ error, retry }: { error: unknown; retry: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col gap-3">
      <Alert tone="error">{apiErrorText(t, error)}</Alert>
      <Button variant="secondary" className="self-start" onClick={retry}>
        {t('errors.retry')}
      </Button>
    </div>
  );
}

/** A settings page of the signed-in person: loads them, then shows the form with a skeleton and a retry on failure. */
export function MeSettingsPage({ Form }: { Form: ComponentType<{ me: Me }> }) {
  const { t } = useTranslation();
  const me = useQuery(meQuery());
  return (
    <SettingsFrame title={t('profile.settings_title')}>
      {me.isPending ? <FormSkeleton /> : me.isError ? <LoadError error={me.error} retry={() => void me.refetch()} /> : <Form me={me.data.data} />}
    </SettingsFrame>
  );
}
