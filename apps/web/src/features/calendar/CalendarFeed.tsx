import { routes } from '@lobby/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { apiQuery, callApi } from '../../api/client.ts';
import { queryClient } from '../../api/query-client.ts';
import { Alert } from '../../ui/Alert.tsx';
import { Button } from '../../ui/Button.tsx';
import { Field } from '../../ui/Field.tsx';
import { apiErrorText } from '../auth/api-error.ts';

const feedQuery = () => apiQuery(routes.getCalendarFeed, {});

/** The secret ICS address of the person's accepted meetings, made on first ask; a new one revokes the old. */
export function CalendarFeed() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const feed = useQuery({ ...feedQuery(), enabled: open, staleTime: Number.POSITIVE_INFINITY });
  const reset = useMutation({
    mutationFn: () => callApi(routes.resetCalendarFeed, {}),
    onSuccess: (fresh) => {
      queryClient.setQueryData(feedQuery().queryKey, fresh);
      toast.success(t('calendar.feed_reset_done'));
    },
  });
  const url = feed.data ? new URL(feed.data.data.url, window.location.origin).toString() : '';
  return (
    <section aria-labelledby="calendar-feed" className="flex flex-col gap-3 rounded-2xl border border-line bg-surface p-4" data-testid="calendar-feed">
      <h2 id="calendar-feed" className="text-lg font-semibold">
        {t('calendar.feed_title')}
      </h2>
      <p className="text-sm text-fg-muted">{t('calendar.feed_text')}</p>
      {!open ? (
        <Button variant="secondary" onClick={() => setOpen(true)}>
          {t('calendar.feed_show')}
        </Button>
      ) : feed.isError ? (
        <Alert tone="error">{apiErrorText(t, feed.error)}</Alert>
      ) : (
        <>
          <Field label={t('calendar.feed_address')} value={url} readOnly onFocus={(event) => event.target.select()} />
          <div className="flex flex-wrap gap-2">
            <Button variant="secondary" disabled={!url} onClick={() => void navigator.clipboard?.writeText(url).then(() => toast.success(t('calendar.feed_copied')))}>
              {t('calendar.feed_copy')}
            </Button>
            <Button variant="ghost" disabled={!url || reset.isPending} onClick={() => reset.mutate()}>
              {t('calendar.feed_reset')}
            </Button>
          </div>
          {reset.isError ? <Alert tone="error">{apiErrorText(t, reset.error)}</Alert> : null}
        </>
      )}
    </section>
  );
}
