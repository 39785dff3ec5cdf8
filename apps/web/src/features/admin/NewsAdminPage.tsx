import { NEWS_FEEDS_MAX, routes, ZNewsInput, type AdminNewsItem, type NewsFeed, type NewsInput } from '@lobby/contract';
import { keepPreviousData, useMutation, useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { useForm, type FieldError } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { apiQuery, callApi } from '../../api/client.ts';
import { queryClient } from '../../api/query-client.ts';
import { formatDate, formatTime, isoToZoned, zonedToIso } from '../../lib/format.ts';
import { contractResolver, formErrorText } from '../../lib/form.ts';
import { Alert } from '../../ui/Alert.tsx';
import { Badge } from '../../ui/Badge.tsx';
import { Button } from '../../ui/Button.tsx';
import { Checkbox, SelectField, TextareaField } from '../../ui/Controls.tsx';
import { Field } from '../../ui/Field.tsx';
import { Pager } from '../../ui/Pager.tsx';
import { Skeleton } from '../../ui/Skeleton.tsx';
import { apiErrorText, applyFieldErrors } from '../auth/api-error.ts';
import { eventIdOf } from './AdminEventLayout.tsx';
import { RecordImageInput } from './program-parts.tsx';
import { adminEventQuery } from './queries.ts';
import { JobFeedPanel } from '../vacancies/JobFeedPanel.tsx';

const PER_PAGE = 20;
/** News covers: png, jpg, gif up to 10 MB (the cover route's limit). */
const COVER_MAX_BYTES = 10 * 1024 * 1024;
const feedsQuery = (eventId: number) => apiQuery(routes.adminListNewsFeeds, { params: { eventId } });
const refreshNews = () => queryClient.invalidateQueries({ predicate: (q) => [routes.adminListNews.id, routes.listNews.id, routes.getNews.id].includes(String(q.queryKey[0])) });

interface NewsValues {
  title: string;
  body: string;
  published_at: string;
  pinned: boolean;
}

const FIELDS = ['title', 'body', 'published_at', 'pinned'] as const;
const checkNews = contractResolver(ZNewsInput);

function NewsForm({ eventId, item, timeZone, onDone }: { eventId: number; item?: AdminNewsItem; timeZone: string; onDone: () => void }) {
  const { t } = useTranslation();
  const form = useForm<NewsValues>({ defaultValues: { title: item?.title ?? '', body: item?.body ?? '', published_at: isoToZoned(item?.published_at ?? new Date().toISOString(), timeZone), pinned: item?.pinned ?? false } });
  const [cover, setCover] = useState(item?.cover_url ?? null);
  const save = useMutation({
    mutationFn: (input: NewsInput) =>
      item ? callApi(routes.adminUpdateNews, { params: { eventId, newsId: Number(item.id) }, body: input }) : callApi(routes.adminCreateNews, { params: { eventId }, body: input }),
    onSuccess: async () => {
      await refreshNews();
      onDone();
    },
    onError: (error) => applyFieldErrors(t, error, form.setError, FIELDS),
  });
  const onSubmit = form.handleSubmit(async (values) => {
    const input: NewsInput = { title: values.title.trim(), body: values.body, published_at: zonedToIso(values.published_at, timeZone), pinned: values.pinned };
    const result = await checkNews(input, undefined, { fields: {}, shouldUseNativeValidation: false });
    const errors = Object.entries(result.errors) as [keyof NewsValues, FieldError][];
    for (const [name, problem] of errors) form.setError(name, { type: problem.type, message: problem.message ?? 'invalid', types: problem.types ?? {} });
    if (errors.length === 0) save.mutate(input);
  });
  const error = (name: keyof NewsValues) => formErrorText(t, form.formState.errors[name] as FieldError | undefined);
  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4 rounded-2xl border border-line bg-surface p-5" data-testid="news-form">
      {save.isError ? <Alert tone="error">{apiErrorText(t, save.error)}</Alert> : null}
      <Field label={t('admin_news.f_title')} error={error('title')} {...form.register('title')} />
      <TextareaField label={t('admin_news.f_body')} hint={t('admin.f_description_hint')} rows={8} error={error('body')} {...form.register('body')} />
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label={t('admin_news.f_published_at', { zone: timeZone })} hint={t('admin_news.f_published_hint')} type="datetime-local" error={error('published_at')} {...form.register('published_at')} />
        <Checkbox label={t('admin_news.f_pinned')} className="sm:mt-8" {...form.register('pinned')} />
      </div>
      {item ? (
        <RecordImageInput<{ data: AdminNewsItem }>
          label={t('admin_news.f_cover')}
          value={cover}
          path={routes.adminUploadNewsCover.path}
          params={{ eventId, newsId: Number(item.id) }}
          maxBytes={COVER_MAX_BYTES}
          onSaved={(answer) => {
            setCover(answer.data.cover_url);
            void refreshNews();
          }}
          testId="news-cover"
        />
      ) : (
        <p className="text-sm text-fg-muted">{t('admin_news.cover_after')}</p>
      )}
      <div className="flex flex-wrap gap-3">
        <Button type="submit" disabled={save.isPending}>
          {item ? t('admin.save') : t('admin_news.publish')}
        </Button>
        <Button variant="ghost" onClick={onDone}>
          {t('admin.cancel')}
        </Button>
      </div>
    </form>
  );
}

function NewsRow({ eventId, item, timeZone, onEdit }: { eventId: number; item: AdminNewsItem; timeZone: string; onEdit: () => void }) {
  const { t } = useTranslation();
  const hide = useMutation({ mutationFn: () => callApi(routes.adminSetNewsHidden, { params: { eventId, newsId: Number(item.id) }, body: { hidden: !item.hidden } }), onSuccess: () => refreshNews() });
  const remove = useMutation({ mutationFn: () => callApi(routes.adminDeleteNews, { params: { eventId, newsId: Number(item.id) } }), onSuccess: () => refreshNews() });
  const [confirming, setConfirming] = useState(false);
  return (
    <li className="flex flex-col gap-2 rounded-2xl border border-line bg-surface p-4" data-testid="admin-news">
      {hide.isError ? <Alert tone="error">{apiErrorText(t, hide.error)}</Alert> : null}
      {remove.isError ? <Alert tone="error">{apiErrorText(t, remove.error)}</Alert> : null}
      <div className="flex flex-wrap items-center gap-3">
        <div className="min-w-0 flex-1">
          <p className="font-semibold break-words">{item.title}</p>
          <p className="text-sm text-fg-muted">
            {formatDate(item.published_at, timeZone)} {formatTime(item.published_at, timeZone)} · {item.source === 'feed' ? (item.feed_name ?? t('admin_news.source_feed')) : t('admin_news.source_organiser')}
          </p>
          <div className="mt-1 flex flex-wrap gap-1">
            {item.pinned ? <Badge tone="brand">{t('news.pinned')}</Badge> : null}
            {item.hidden ? <Badge tone="warning">{t('admin_news.hidden')}</Badge> : null}
            {!item.published ? <Badge tone="warning">{t('admin_news.scheduled')}</Badge> : null}
          </div>
        </div>
        {item.source === 'organiser' ? (
          <Button variant="secondary" onClick={onEdit} aria-label={t('admin_news.edit', { title: item.title })}>
            {t('admin.edit')}
          </Button>
        ) : null}
        <Button variant="secondary" onClick={() => hide.mutate()} disabled={hide.isPending} aria-label={t(item.hidden ? 'admin_news.show_named' : 'admin_news.hide_named', { title: item.title })}>
          {item.hidden ? t('admin_news.show') : t('admin_news.hide')}
        </Button>
        {item.source === 'organiser' && !confirming ? (
          <Button variant="ghost" onClick={() => setConfirming(true)} aria-label={t('admin_news.delete_named', { title: item.title })}>
            {t('admin.delete')}
          </Button>
        ) : null}
      </div>
      {confirming ? (
        <div className="flex flex-wrap items-center gap-2" role="group" aria-label={t('admin_news.delete_confirm')}>
          <span className="text-sm">{t('admin_news.delete_confirm')}</span>
          <Button variant="secondary" onClick={() => remove.mutate()} disabled={remove.isPending}>
            {t('admin.delete')}
          </Button>
          <Button variant="ghost" onClick={() => setConfirming(false)}>
            {t('admin.cancel')}
          </Button>
        </div>
      ) : null}
    </li>
  );
}

function FeedState({ feed, timeZone }: { feed: NewsFeed; timeZone: string }) {
  const { t } = useTranslation();
  return (
    <p className="text-xs text-fg-muted" data-testid="feed-state">
      {feed.last_fetched_at ? t('admin_news.feed_fetched', { date: formatDate(feed.last_fetched_at, timeZone), time: formatTime(feed.last_fetched_at, timeZone), count: feed.items }) : t('admin_news.feed_never')}
      {feed.last_error ? (
        <span className="block text-red-700 dark:text-red-400">{t('admin_news.feed_error', { error: feed.last_error })}</span>
      ) : null}
    </p>
  );
}

/** Up to two RSS or Atom feeds: their names, addresses, last refresh and "refresh now". */
function FeedsSection({ eventId, timeZone }: { eventId: number; timeZone: string }) {
  const { t } = useTranslation();
  const id = useId();
  const [watchUntil, setWatchUntil] = useState(0);
  const query = useQuery({ ...feedsQuery(eventId), refetchInterval: () => (Date.now() < watchUntil ? 2000 : false) });
  const [rows, setRows] = useState<{ name: string; url: string }[] | null>(null);
  const feeds = query.data?.data ?? [];
  useEffect(() => {
    if (query.isSuccess && rows === null) setRows(query.data.data.map((feed) => ({ name: feed.name, url: feed.url })));
  }, [query.isSuccess, query.data, rows]);
  // While a refresh runs, the list of news follows the feeds' state.
  const itemsSeen = feeds.reduce((sum, feed) => sum + feed.items, 0);
  useEffect(() => {
    void refreshNews();
  }, [itemsSeen]);
  const watch = () => setWatchUntil(Date.now() + 30_000);
  const save = useMutation({
    mutationFn: (next: { name: string; url: string }[]) => callApi(routes.adminSetNewsFeeds, { params: { eventId }, body: { feeds: next } }),
    onSuccess: (answer) => {
      queryClient.setQueryData(feedsQuery(eventId).queryKey, answer);
      setRows(answer.data.map((feed) => ({ name: feed.name, url: feed.url })));
      watch();
    },
  });
  const refresh = useMutation({ mutationFn: () => callApi(routes.adminRefreshNewsFeeds, { params: { eventId } }), onSuccess: watch });
  const current = rows ?? [];
  const setRow = (index: number, patch: Partial<{ name: string; url: string }>) => setRows(current.map((row, i) => (i === index ? { ...row, ...patch } : row)));
  return (
    <section className="flex flex-col gap-3 rounded-2xl border border-line bg-surface p-5" aria-labelledby={`${id}-title`} data-testid="news-feeds">
      <h2 id={`${id}-title`} className="text-lg font-bold">
        {t('admin_news.feeds_title')}
      </h2>
      <p className="text-sm text-fg-muted">{t('admin_news.feeds_text', { max: NEWS_FEEDS_MAX })}</p>
      {query.isError ? <Alert tone="error">{apiErrorText(t, query.error)}</Alert> : null}
      {save.isError ? <Alert tone="error">{apiErrorText(t, save.error)}</Alert> : null}
      {refresh.isError ? <Alert tone="error">{apiErrorText(t, refresh.error)}</Alert> : null}
      {rows === null ? <Skeleton className="h-20" /> : null}
      <form
        noValidate
        className="flex flex-col gap-3"
        onSubmit={(e) => {
          e.preventDefault();
          save.mutate(current.map((row) => ({ name: row.name.trim(), url: row.url.trim() })).filter((row) => row.name || row.url));
        }}
      >
        {current.map((row, index) => {
          const saved = feeds.find((feed) => feed.url === row.url);
          return (
            <div key={index} className="flex flex-col gap-2 rounded-xl border border-line p-3" data-testid="feed-row">
              <div className="grid items-end gap-3 sm:grid-cols-[1fr_2fr_auto]">
                <Field label={t('admin_news.feed_name', { n: index + 1 })} value={row.name} maxLength={100} onChange={(e) => setRow(index, { name: e.target.value })} />
                <Field label={t('admin_news.feed_url', { n: index + 1 })} value={row.url} type="url" maxLength={2000} onChange={(e) => setRow(index, { url: e.target.value })} placeholder="https://example.org/feed.xml" />
                <Button variant="ghost" onClick={() => setRows(current.filter((_, i) => i !== index))} aria-label={t('admin_news.feed_remove', { n: index + 1 })}>
                  {t('admin.remove')}
                </Button>
              </div>
              {saved ? <FeedState feed={saved} timeZone={timeZone} /> : null}
            </div>
          );
        })}
        <div className="flex flex-wrap gap-3">
          {current.length < NEWS_FEEDS_MAX ? (
            <Button variant="secondary" onClick={() => setRows([...current, { name: '', url: '' }])} data-testid="add-feed">
              {t('admin_news.feed_add')}
            </Button>
          ) : null}
          <Button type="submit" disabled={save.isPending || rows === null}>
            {t('admin_news.feeds_save')}
          </Button>
          <Button variant="secondary" onClick={() => refresh.mutate()} disabled={refresh.isPending || feeds.length === 0} data-testid="refresh-feeds">
            {t('admin_news.refresh')}
          </Button>
        </div>
        {refresh.isSuccess && Date.now() < watchUntil ? <p role="status" className="text-sm text-fg-muted">{t('admin_news.refresh_queued')}</p> : null}
      </form>
    </section>
  );
}

/** /admin/events/{id}/news: the organisers' news and the feeds' items; news sources. */
export function Component() {
  const { t } = useTranslation();
  const eventId = eventIdOf(useParams());
  const timeZone = useSuspenseQuery(adminEventQuery(eventId)).data.data.timezone;
  const [source, setSource] = useState<'' | 'organiser' | 'feed'>('');
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<string | 'new' | null>(null);
  const query = useQuery({
    ...apiQuery(routes.adminListNews, { params: { eventId }, query: { page, per_page: PER_PAGE, ...(source ? { 'filter[source]': source } : {}) } }),
    placeholderData: keepPreviousData,
  });
  const list = query.data;
  return (
    <div className="flex flex-col gap-6" data-testid="news-admin">
      {editing === 'new' ? (
        <NewsForm eventId={eventId} timeZone={timeZone} onDone={() => setEditing(null)} />
      ) : (
        <Button className="self-start" onClick={() => setEditing('new')} data-testid="add-news">
          {t('admin_news.write')}
        </Button>
      )}
      <section className="flex flex-col gap-3" aria-labelledby="news-admin-list">
        <div className="flex flex-wrap items-end justify-between gap-3">
          <h2 id="news-admin-list" className="text-lg font-bold">
            {t('admin_news.list_title')}
          </h2>
          <SelectField
            label={t('admin_news.filter_source')}
            value={source}
            onChange={(e) => {
              setSource(e.target.value as typeof source);
              setPage(1);
            }}
          >
            <option value="">{t('admin_news.source_all')}</option>
            <option value="organiser">{t('admin_news.source_organiser')}</option>
            <option value="feed">{t('admin_news.source_feed')}</option>
          </SelectField>
        </div>
        {query.isError ? <Alert tone="error">{apiErrorText(t, query.error)}</Alert> : null}
        {query.isPending ? <Skeleton className="h-32" /> : null}
        {list && list.data.length === 0 ? <p className="text-sm text-fg-muted">{t('admin_news.empty')}</p> : null}
        <ul className="flex flex-col gap-3" aria-busy={query.isFetching}>
          {(list?.data ?? []).map((item) =>
            editing === item.id ? (
              <li key={item.id}>
                <NewsForm eventId={eventId} item={item} timeZone={timeZone} onDone={() => setEditing(null)} />
              </li>
            ) : (
              <NewsRow key={item.id} eventId={eventId} item={item} timeZone={timeZone} onEdit={() => setEditing(item.id)} />
            ),
          )}
        </ul>
        {list ? <Pager page={page} pages={list.meta.last_page} onPage={setPage} /> : null}
      </section>
      <FeedsSection eventId={eventId} timeZone={timeZone} />
      <JobFeedPanel eventId={eventId} timeZone={timeZone} />
    </div>
  );
}
