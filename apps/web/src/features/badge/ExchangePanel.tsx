import { routes } from '@lobby/contract';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { callApi } from '../../api/client.ts';
import { queryClient } from '../../api/query-client.ts';
import { Alert } from '../../ui/Alert.tsx';
import { ButtonLink } from '../../ui/Button.tsx';
import { apiErrorText } from '../auth/api-error.ts';
import { eventPath } from '../events/context.ts';
import { ScanForm } from '../volunteer/ScanForm.tsx';

/** "Scan a badge": someone else's badge makes the two of you contacts. */
export function ExchangePanel({ eventId, slug }: { eventId: number; slug: string }) {
  const { t } = useTranslation();
  const exchange = useMutation({
    mutationFn: (qr: string) => callApi(routes.exchangeContacts, { params: { eventId }, body: { qr } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [routes.listContacts.id] }),
  });
  const done = exchange.data?.data;
  const name = done ? `${done.contact.user.first_name} ${done.contact.user.last_name}`.trim() : '';
  return (
    <section aria-labelledby="exchange-title" className="flex flex-col gap-4 rounded-2xl border border-line bg-surface p-5" data-testid="exchange">
      <h2 id="exchange-title" className="text-lg font-bold">
        {t('badge.scan_title')}
      </h2>
      <p className="text-sm text-fg-muted">{t('badge.scan_text')}</p>
      <ScanForm testId="exchange-form" label={t('badge.scan_label')} submitLabel={t('badge.scan_submit')} busy={exchange.isPending} onScan={(qr) => exchange.mutate(qr)} />
      <div aria-live="polite">
        {exchange.isError ? <Alert tone="error">{apiErrorText(t, exchange.error)}</Alert> : null}
        {done ? (
          <Alert tone="success" testId="exchange-result">
            <p className="font-semibold">{t(done.created ? 'badge.exchanged' : 'badge.exchanged_before', { name })}</p>
            <ButtonLink to={eventPath(slug, 'contacts')} variant="secondary" className="mt-2">
              {t('badge.to_contacts')}
            </ButtonLink>
          </Alert>
        ) : null}
      </div>
    </section>
  );
}
