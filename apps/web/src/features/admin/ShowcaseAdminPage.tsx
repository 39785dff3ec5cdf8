import {
  REQUEST_STATUSES,
  routes,
  SHOWCASE_CATEGORIES_MAX,
  SHOWCASE_MIN_VOTES_DEFAULT,
  SHOWCASE_TOP_DEFAULT,
  ZShowcaseInput,
  type ZAdminShowcaseEntry,
  type RequestStatus,
  type Showcase,
  type ShowcaseInput,
} from '@lobby/contract';
import type { z } from 'zod';
import { useMutation, useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useFieldArray, useForm, type FieldError } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { apiQuery, callApi } from '../../api/client.ts';
import { queryClient } from '../../api/query-client.ts';
import { formatDate, formatTime, isoToZoned, zonedToIso } from '../../lib/format.ts';
import { contractResolver, formErrorText } from '../../lib/form.ts';
import { Alert } from '../../ui/Alert.tsx';
import { Badge } from '../../ui/Badge.tsx';
import { Button } from '../../ui/Button.tsx';
import { Checkbox, TextareaField } from '../../ui/Controls.tsx';
import { Field } from '../../ui/Field.tsx';
import { Skeleton } from '../../ui/Skeleton.tsx';
import { apiErrorText, fieldErrorsOf } from '../auth/api-error.ts';
import { eventIdOf } from './AdminEventLayout.tsx';
import { JuryAdminPanel } from './JuryAdminPanel.tsx';
import { adminEventQuery } from './queries.ts';

type AdminShowcaseEntry = z.infer<typeof ZAdminShowcaseEntry>;
const showcasesQuery = (eventId: number) => apiQuery(routes.adminListShowcases, { params: { eventId } });
const refresh = () =>
  queryClient.invalidateQueries({
    predicate: (q) => [routes.adminListShowcases.id, routes.adminListShowcaseEntries.id, routes.listShowcases.id, routes.getShowcase.id, routes.listShowcaseEntries.id, routes.getShowcaseTop.id].includes(String(q.queryKey[0])),
  });

interface ShowcaseValues {
  slug: string;
  title: string;
  description: string;
  categories: { id?: number; name: string }[];
  submissions_open: boolean;
  voting_starts_at: string;
  voting_ends_at: string;
  min_votes: string;
  top_count: string;
}

const FIELDS = ['slug', 'title', 'description', 'categories', 'submissions_open', 'voting_starts_at', 'voting_ends_at', 'min_votes', 'top_count'];
const checkShowcase = contractResolver(ZShowcaseInput);

function ShowcaseForm({ eventId, showcase, timeZone, onDone }: { eventId: number; showcase: Showcase | null; timeZone: string; onDone: (saved: Showcase) => void }) {
  const { t } = useTranslation();
  const form = useForm<ShowcaseValues>({
    defaultValues: {
      slug: showcase?.slug ?? '',
      title: showcase?.title ?? '',
      description: showcase?.description ?? '',
      categories: showcase?.categories.map((c) => ({ id: c.id, name: c.name })) ?? [{ name: '' }],
      submissions_open: showcase?.submissions_open ?? true,
      voting_starts_at: showcase?.voting_starts_at ? isoToZoned(showcase.voting_starts_at, timeZone) : '',
      voting_ends_at: showcase?.voting_ends_at ? isoToZoned(showcase.voting_ends_at, timeZone) : '',
      min_votes: String(showcase?.min_votes ?? SHOWCASE_MIN_VOTES_DEFAULT),
      top_count: String(showcase?.top_count ?? SHOWCASE_TOP_DEFAULT),
    },
  });
  const categories = useFieldArray({ control: form.control, name: 'categories' });
  const save = useMutation({
    mutationFn: (input: ShowcaseInput) =>
      showcase ? callApi(routes.adminUpdateShowcase, { params: { eventId, showcaseId: showcase.id }, body: input }) : callApi(routes.adminCreateShowcase, { params: { eventId }, body: input }),
    onSuccess: async (result) => {
      await refresh();
      onDone(result.data);
    },
    onError: (problem) => {
      for (const item of fieldErrorsOf(problem, FIELDS)) form.setError(item.name as keyof ShowcaseValues, { type: 'server', message: item.message });
    },
  });
  const onSubmit = form.handleSubmit(async (values) => {
    const input: ShowcaseInput = {
      slug: values.slug.trim(),
      title: values.title,
      description: values.description,
      categories: values.categories.map((c) => (c.id ? { id: c.id, name: c.name } : { name: c.name })),
      submissions_open: values.submissions_open,
      voting_starts_at: values.voting_starts_at ? zonedToIso(values.voting_starts_at, timeZone) : null,
      voting_ends_at: values.voting_ends_at ? zonedToIso(values.voting_ends_at, timeZone) : null,
      min_votes: Number(values.min_votes),
      top_count: Number(values.top_count),
    };
    const result = await checkShowcase(input, undefined, { fields: {}, shouldUseNativeValidation: false });
    const found = Object.entries(result.errors) as [string, FieldError][];
    for (const [name, problem] of found) form.setError(name as keyof ShowcaseValues, { type: problem.type, message: problem.message ?? 'invalid', types: problem.types ?? {} });
    if (found.length === 0) save.mutate(input);
  });
  const error = (name: string) => formErrorText(t, form.getFieldState(name as keyof ShowcaseValues).error as FieldError | undefined);
  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4 rounded-2xl border border-line bg-surface p-5" data-testid="showcase-form">
      {save.isError && fieldErrorsOf(save.error, FIELDS).length === 0 ? <Alert tone="error">{apiErrorText(t, save.error)}</Alert> : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label={t('admin_showcase.f_title')} error={error('title')} {...form.register('title')} />
        <Field label={t('admin_showcase.f_slug')} hint={t('admin_showcase.f_slug_hint')} error={error('slug')} {...form.register('slug')} />
      </div>
      <TextareaField label={t('admin_showcase.f_description')} hint={t('admin.f_description_hint')} rows={4} error={error('description')} {...form.register('description')} />
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 text-sm font-semibold">{t('admin_showcase.f_categories', { max: SHOWCASE_CATEGORIES_MAX })}</legend>
        {categories.fields.map((item, index) => (
          <div key={item.id} className="flex items-end gap-2">
            <Field className="flex-1" label={t('admin_showcase.f_category', { n: index + 1 })} error={error(`categories.${index}.name`)} {...form.register(`categories.${index}.name`)} />
            <Button variant="ghost" disabled={categories.fields.length <= 1} onClick={() => categories.remove(index)} aria-label={t('admin_showcase.category_remove', { n: index + 1 })}>
              {t('admin_showcase.remove')}
            </Button>
          </div>
        ))}
        {error('categories') ? (
          <p role="alert" className="text-sm text-red-700 dark:text-red-400">
            {error('categories')}
          </p>
        ) : null}
        <Button variant="secondary" className="self-start" disabled={categories.fields.length >= SHOWCASE_CATEGORIES_MAX} onClick={() => categories.append({ name: '' })}>
          {t('admin_showcase.category_add')}
        </Button>
      </fieldset>
      <Checkbox label={t('admin_showcase.f_submissions_open')} {...form.register('submissions_open')} />
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label={t('admin_showcase.f_voting_starts_at', { zone: timeZone })} type="datetime-local" hint={t('admin_showcase.f_voting_hint')} error={error('voting_starts_at')} {...form.register('voting_starts_at')} />
        <Field label={t('admin_showcase.f_voting_ends_at', { zone: timeZone })} type="datetime-local" error={error('voting_ends_at')} {...form.register('voting_ends_at')} />
        <Field label={t('admin_showcase.f_min_votes')} type="number" min={0} inputMode="numeric" hint={t('admin_showcase.f_min_votes_hint')} error={error('min_votes')} {...form.register('min_votes')} />
        <Field label={t('admin_showcase.f_top_count')} type="number" min={1} inputMode="numeric" error={error('top_count')} {...form.register('top_count')} />
      </div>
      <Button type="submit" className="self-start" disabled={save.isPending} data-testid="showcase-save">
        {showcase ? t('admin_showcase.save') : t('admin_showcase.create')}
      </Button>
    </form>
  );
}

function EntryRow({ eventId, entry, timeZone }: { eventId: number; entry: AdminShowcaseEntry; timeZone: string }) {
  const { t } = useTranslation();
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState('');
  const decide = useMutation({
    mutationFn: (body: { status: 'accepted' | 'rejected'; reason?: string }) => callApi(routes.adminDecideShowcaseEntry, { params: { eventId, requestId: entry.id }, body }),
    onSuccess: () => {
      setRejecting(false);
      return refresh();
    },
  });
  return (
    <li className="flex flex-col gap-2 rounded-2xl border border-line p-4" data-testid="admin-entry">
      <div className="flex flex-wrap items-center gap-3">
        {entry.game.icon_url ? <img src={entry.game.icon_url} alt="" className="size-12 rounded-xl object-cover" /> : null}
        <div className="min-w-0 flex-1">
          <p className="font-semibold break-words">{entry.game.name}</p>
          <p className="text-sm text-fg-muted break-words">
            {entry.game.company.name} · {t('admin_showcase.submitted_at', { at: `${formatDate(entry.submitted_at, timeZone)} ${formatTime(entry.submitted_at, timeZone)}` })}
          </p>
        </div>
        <Badge tone={entry.status === 'accepted' ? 'brand' : entry.status === 'rejected' ? 'warning' : 'neutral'}>{t(`showcase.status_${entry.status}`)}</Badge>
      </div>
      {entry.reason ? <p className="text-sm">{t('admin_showcase.reason_was', { reason: entry.reason })}</p> : null}
      {decide.isError ? <Alert tone="error">{apiErrorText(t, decide.error)}</Alert> : null}
      <div className="flex flex-wrap gap-2">
        {entry.status !== 'accepted' ? (
          <Button disabled={decide.isPending} onClick={() => decide.mutate({ status: 'accepted' })} aria-label={t('admin_showcase.accept_named', { name: entry.game.name })} data-testid="entry-accept">
            {t('admin_showcase.accept')}
          </Button>
        ) : null}
        {entry.status !== 'rejected' && !rejecting ? (
          <Button variant="secondary" onClick={() => setRejecting(true)} aria-label={t('admin_showcase.reject_named', { name: entry.game.name })} data-testid="entry-reject">
            {t('admin_showcase.reject')}
          </Button>
        ) : null}
      </div>
      {rejecting ? (
        <form
          className="flex flex-col gap-2"
          onSubmit={(event) => {
            event.preventDefault();
            decide.mutate({ status: 'rejected', ...(reason.trim() ? { reason: reason.trim() } : {}) });
          }}
        >
          <TextareaField label={t('admin_showcase.reason')} rows={2} maxLength={500} value={reason} onChange={(e) => setReason(e.target.value)} />
          <div className="flex gap-2">
            <Button type="submit" disabled={decide.isPending} data-testid="entry-reject-confirm">
              {t('admin_showcase.reject_confirm')}
            </Button>
            <Button variant="ghost" onClick={() => setRejecting(false)}>
              {t('admin_showcase.cancel')}
            </Button>
          </div>
        </form>
      ) : null}
    </li>
  );
}

function Entries({ eventId, showcase, timeZone }: { eventId: number; showcase: Showcase; timeZone: string }) {
  const { t } = useTranslation();
  const [status, setStatus] = useState<RequestStatus>('pending');
  const query = useQuery(apiQuery(routes.adminListShowcaseEntries, { params: { eventId, showcaseId: showcase.id }, query: { 'filter[status]': status, per_page: 100 } }));
  return (
    <section className="flex flex-col gap-3">
      <h2 className="text-xl font-bold">{t('admin_showcase.entries')}</h2>
      <div role="group" aria-label={t('admin_showcase.status_filter')} className="flex flex-wrap gap-2">
        {REQUEST_STATUSES.map((s) => (
          <Button key={s} variant={status === s ? 'primary' : 'secondary'} aria-pressed={status === s} onClick={() => setStatus(s)} data-testid={`entries-${s}`}>
            {t(`showcase.status_${s}`)}
          </Button>
        ))}
      </div>
      {query.isPending ? (
        <Skeleton className="h-32" />
      ) : query.isError ? (
        <Alert tone="error">{apiErrorText(t, query.error)}</Alert>
      ) : query.data.data.length === 0 ? (
        <p className="text-sm text-fg-muted">{t('admin_showcase.entries_none')}</p>
      ) : (
        <ul className="flex flex-col gap-3">
          {query.data.data.map((entry) => (
            <EntryRow key={entry.id} eventId={eventId} entry={entry} timeZone={timeZone} />
          ))}
        </ul>
      )}
    </section>
  );
}

/** The back office's showcases: open one with categories and a voting window, change it, accept or reject its entries, set its jury. */
export function Component() {
  const { t } = useTranslation();
  const eventId = eventIdOf(useParams());
  const timeZone = useSuspenseQuery(adminEventQuery(eventId)).data.data.timezone;
  const list = useQuery(showcasesQuery(eventId));
  const [chosen, setChosen] = useState<number | 'new' | null>(null);
  const showcases = list.data?.data ?? [];
  const current = chosen === 'new' ? null : (showcases.find((s) => s.id === chosen) ?? showcases[0] ?? null);
  const creating = chosen === 'new' || (list.isSuccess && showcases.length === 0);
  return (
    <div className="flex flex-col gap-6" data-testid="showcase-admin">
      <div className="flex flex-wrap items-center gap-2">
        <h2 className="mr-auto text-2xl font-bold">{t('admin_showcase.title')}</h2>
        <Button variant="secondary" onClick={() => setChosen('new')} data-testid="showcase-new">
          {t('admin_showcase.new')}
        </Button>
      </div>
      {list.isPending ? <Skeleton className="h-32" /> : null}
      {list.isError ? <Alert tone="error">{apiErrorText(t, list.error)}</Alert> : null}
      {showcases.length > 0 ? (
        <div role="group" aria-label={t('admin_showcase.list')} className="flex flex-wrap gap-2">
          {showcases.map((s) => (
            <Button key={s.id} variant={!creating && current?.id === s.id ? 'primary' : 'secondary'} aria-pressed={!creating && current?.id === s.id} onClick={() => setChosen(s.id)}>
              {s.title}
            </Button>
          ))}
        </div>
      ) : null}
      {creating ? (
        <ShowcaseForm key="new" eventId={eventId} showcase={null} timeZone={timeZone} onDone={(saved) => setChosen(saved.id)} />
      ) : current ? (
        <>
          <ShowcaseForm key={current.id} eventId={eventId} showcase={current} timeZone={timeZone} onDone={(saved) => setChosen(saved.id)} />
          <Entries eventId={eventId} showcase={current} timeZone={timeZone} />
          <JuryAdminPanel key={`jury-${current.id}`} eventId={eventId} showcase={current} timeZone={timeZone} />
        </>
      ) : null}
    </div>
  );
}
