// The back office's jobs feed (issue 17; contract.md section 7, "external services for jobs"): one
// JSON Feed, RSS or Atom address per event, imported on save, on demand and every 30 minutes.
import { routes, type JobFeed } from '@lobby/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { apiQuery, callApi } from '../../api/client.ts';
import { browserTimezone, formatDate, formatTime } from '../../lib/format.ts';
import { Alert } from '../../ui/Alert.tsx';
import { Button } from '../../ui/Button.tsx';
import { Field } from '../../ui/Field.tsx';
import { Skeleton } from '../../ui/Skeleton.tsx';
import { vacancyErrorText } from './errors.ts';

function FeedState({ feed, timeZone }: { feed: JobFeed; timeZone: string }) {
  const { t } = useTranslation();
  if (!feed.url) return null;
  if (!feed.fetched_at) return <p className="text-sm text-fg-muted">{t('vacancies.feed_waiting')}</p>;
  const when = `${formatDate(feed.fetched_at, timeZone)} ${formatTime(feed.fetched_at, timeZone)}`;
  return feed.error ? <Alert tone="error">{t('vacancies.feed_failed', { when, reason: feed.error, count: feed.jobs })}</Alert> : <p className="text-sm text-fg-muted">{t('vacancies.feed_ok', { when, count: feed.jobs })}</p>;
}

export function JobFeedPanel({ eventId, timeZone = browserTimezone() }: { eventId: number; timeZone?: string }) {
  const { t } = useTranslation();
  const id = useId();
  const client = useQueryClient();
  const [watchUntil, setWatchUntil] = useState(0);
  const options = apiQuery(routes.adminGetJobFeed, { params: { eventId } });
  const query = useQuery({ ...options, refetchInterval: () => (Date.now() < watchUntil ? 2000 : false) });
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (query.isSuccess && url === null) setUrl(query.data.data.url ?? '');
  }, [query.isSuccess, query.data, url]);
  const watch = () => setWatchUntil(Date.now() + 30_000);
  const save = useMutation({
    mutationFn: (next: string | null) => callApi(routes.adminSetJobFeed, { params: { eventId }, body: { url: next } }),
    onSuccess: (answer) => {
      client.setQueryData(options.queryKey, answer);
      setUrl(answer.data.url ?? '');
      watch();
    },
  });
  const refresh = useMutation({ mutationFn: () => callApi(routes.adminRefreshJobFeed, { params: { eventId } }), onSuccess: watch });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate((url ?? '').trim() || null);
  };
  const feed = query.data?.data;
  return (
    <section className="flex flex-col gap-3 rounded-2xl border border-line bg-surface p-5" aria-labelledby={`${id}-title`} data-testid="job-feed">
      <h2 id={`${id}-title`} className="text-lg font-bold">
        {t('vacancies.feed_title')}
      </h2>
      <p className="text-sm text-fg-muted">{t('vacancies.feed_text')}</p>
      {query.isError ? <Alert tone="error">{vacancyErrorText(t, query.error)}</Alert> : null}
      {save.isError ? <Alert tone="error">{vacancyErrorText(t, save.error)}</Alert> : null}
      {refresh.isError ? <Alert tone="error">{vacancyErrorText(t, refresh.error)}</Alert> : null}
      {url === null ? (
        <Skeleton className="h-20" />
      ) : (
        <form noValidate onSubmit={submit} className="flex flex-col gap-3">
          <Field label={t('vacancies.feed_url')} type="url" value={url} maxLength={2000} onChange={(e) => setUrl(e.target.value)} placeholder="https://example.org/jobs.json" hint={t('vacancies.feed_url_hint')} data-testid="job-feed-url" />
          {feed ? <FeedState feed={feed} timeZone={timeZone} /> : null}
          <div className="flex flex-wrap gap-3">
            <Button type="submit" disabled={save.isPending}>
              {t('vacancies.feed_save')}
            </Button>
            <Button variant="secondary" onClick={() => refresh.mutate()} disabled={refresh.isPending || !feed?.url}>
              {t('vacancies.feed_refresh')}
            </Button>
          </div>
          {refresh.isSuccess && Date.now() < watchUntil ? <p role="status" className="text-sm text-fg-muted">{t('vacancies.feed_queued')}</p> : null}
        </form>
      )}
    </section>
  );
}
