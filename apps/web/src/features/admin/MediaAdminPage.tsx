import { PRESS_KIT_DESCRIPTION_MAX, PRESS_KIT_FILE_MAX_BYTES, PRESS_KIT_ITEMS_MAX, PRESS_KIT_TITLE_MAX, routes, type PressKitItem } from '@lobby/contract';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { apiQuery, callApi } from '../../api/client.ts';
import { currentLanguage } from '../../i18n/index.ts';
import { useDebouncedSearch } from '../../lib/use-debounced-search.ts';
import { Alert } from '../../ui/Alert.tsx';
import { Badge } from '../../ui/Badge.tsx';
import { Button } from '../../ui/Button.tsx';
import { Checkbox, TextareaField } from '../../ui/Controls.tsx';
import { Field } from '../../ui/Field.tsx';
import { Pager } from '../../ui/Pager.tsx';
import { Skeleton } from '../../ui/Skeleton.tsx';
import { apiErrorText } from '../auth/api-error.ts';
import { adminPressKitQuery, refreshPressKit, uploadPressKitFile } from '../expo/api.ts';
import { fileKind, formatBytes, safeLinkUrl } from '../expo/press-kit.ts';
import { eventIdOf } from './AdminEventLayout.tsx';

const TYPES = '.pdf,.zip,.png,.jpg,.jpeg,.mp4,application/pdf,application/zip,image/png,image/jpeg,video/mp4';

function LinkForm({ eventId, full }: { eventId: number; full: boolean }) {
  const { t } = useTranslation();
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const [url, setUrl] = useState('');
  const [missing, setMissing] = useState(false);
  const add = useMutation({
    mutationFn: () => callApi(routes.adminAddPressKitLink, { params: { eventId }, body: { title: title.trim(), url: url.trim(), ...(description.trim() ? { description: description.trim() } : {}) } }),
    onSuccess: async () => {
      setTitle('');
      setDescription('');
      setUrl('');
      await refreshPressKit();
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setMissing(!title.trim() || !url.trim());
    if (title.trim() && url.trim()) add.mutate();
  };
  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-3 rounded-2xl border border-line bg-surface p-4" aria-labelledby="press-kit-add-link" data-testid="press-kit-link-form">
      <h3 id="press-kit-add-link" className="font-bold">
        {t('admin_media.add_link')}
      </h3>
      <Field label={t('admin_media.f_title')} value={title} maxLength={PRESS_KIT_TITLE_MAX} onChange={(e) => setTitle(e.target.value)} error={missing && !title.trim() ? t('form.required') : undefined} data-testid="link-title" />
      <Field label={t('admin_media.f_url')} type="url" inputMode="url" placeholder="https://" value={url} onChange={(e) => setUrl(e.target.value)} error={missing && !url.trim() ? t('form.required') : undefined} data-testid="link-url" />
      <TextareaField label={t('admin_media.f_description')} rows={2} maxLength={PRESS_KIT_DESCRIPTION_MAX} value={description} onChange={(e) => setDescription(e.target.value)} />
      {add.isError ? <Alert tone="error">{apiErrorText(t, add.error)}</Alert> : null}
      <Button type="submit" disabled={add.isPending || full} className="self-start" data-testid="link-add">
        {t('admin_media.add_link_button')}
      </Button>
    </form>
  );
}

function FileForm({ eventId, full }: { eventId: number; full: boolean }) {
  const { t } = useTranslation();
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [missing, setMissing] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const fileId = useId();
  const upload = useMutation({
    mutationFn: (input: { title: string; description: string; file: File }) => uploadPressKitFile(eventId, input, setProgress),
    onSuccess: async () => {
      setTitle('');
      setDescription('');
      setFile(null);
      if (inputRef.current) inputRef.current.value = '';
      await refreshPressKit();
    },
    onSettled: () => setProgress(null),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setProblem(null);
    setMissing(!title.trim() || !file);
    if (!title.trim() || !file) return;
    if (file.size > PRESS_KIT_FILE_MAX_BYTES) {
      setProblem(t('admin_media.too_big', { max: formatBytes(PRESS_KIT_FILE_MAX_BYTES, currentLanguage()) }));
      return;
    }
    upload.mutate({ title: title.trim(), description: description.trim(), file });
  };
  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-3 rounded-2xl border border-line bg-surface p-4" aria-labelledby="press-kit-add-file" data-testid="press-kit-file-form">
      <h3 id="press-kit-add-file" className="font-bold">
        {t('admin_media.add_file')}
      </h3>
      <Field label={t('admin_media.f_title')} value={title} maxLength={PRESS_KIT_TITLE_MAX} onChange={(e) => setTitle(e.target.value)} error={missing && !title.trim() ? t('form.required') : undefined} data-testid="file-title" />
      <div className="flex flex-col gap-1.5">
        <label htmlFor={fileId} className="text-sm font-semibold">
          {t('admin_media.f_file')}
        </label>
        <input
          ref={inputRef}
          id={fileId}
          type="file"
          accept={TYPES}
          aria-describedby={`${fileId}-hint`}
          onChange={(e) => setFile(e.target.files?.[0] ?? null)}
          className="min-h-11 rounded-xl border border-line bg-surface px-3 py-2 text-sm file:mr-3 file:rounded-lg file:border-0 file:bg-surface-muted file:px-3 file:py-1.5 file:font-semibold"
          data-testid="file-input"
        />
        <p id={`${fileId}-hint`} className="text-xs text-fg-muted">
          {t('admin_media.file_hint', { max: formatBytes(PRESS_KIT_FILE_MAX_BYTES, currentLanguage()) })}
        </p>
        {missing && !file ? (
          <p role="alert" className="text-sm text-red-700 dark:text-red-400">
            {t('admin_media.file_required')}
          </p>
        ) : null}
      </div>
      <TextareaField label={t('admin_media.f_description')} rows={2} maxLength={PRESS_KIT_DESCRIPTION_MAX} value={description} onChange={(e) => setDescription(e.target.value)} />
      {problem ? <Alert tone="error">{problem}</Alert> : null}
      {upload.isError ? <Alert tone="error">{apiErrorText(t, upload.error)}</Alert> : null}
      {progress !== null ? (
        <progress max={1} value={progress} className="w-full" aria-label={t('admin_media.uploading')}>
          {Math.round(progress * 100)}%
        </progress>
      ) : null}
      <Button type="submit" disabled={upload.isPending || full} className="self-start" data-testid="file-add">
        {t('admin_media.add_file_button')}
      </Button>
    </form>
  );
}

function ItemRow({ item, index, count, busy, onMove, onDelete }: { item: PressKitItem; index: number; count: number; busy: boolean; onMove: (from: number, to: number) => void; onDelete: () => void }) {
  const { t } = useTranslation();
  const [confirming, setConfirming] = useState(false);
  const safe = safeLinkUrl(item.url);
  const facts = item.kind === 'file' ? [item.file_name, fileKind(item.content_type, item.file_name), item.file_size !== null ? formatBytes(item.file_size, currentLanguage()) : null] : [safe && !safe.sameOrigin ? safe.href : item.url];
  return (
    <li className="flex flex-col gap-2 rounded-2xl border border-line bg-surface p-3 sm:flex-row sm:items-center" data-testid="admin-press-kit-item">
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-center gap-2 font-semibold break-words">
          <span data-testid="admin-press-kit-title">{item.title}</span>
          <Badge>{t(`admin_media.kind_${item.kind}`)}</Badge>
        </p>
        <p className="text-xs text-fg-muted break-all">{facts.filter(Boolean).join(' · ')}</p>
        {item.description ? <p className="text-sm text-fg-muted break-words">{item.description}</p> : null}
      </div>
      <div className="flex flex-wrap items-center gap-1">
        <Button variant="ghost" disabled={index === 0} title={t('admin_media.move_up', { title: item.title })} onClick={() => onMove(index, index - 1)} aria-label={t('admin_media.move_up', { title: item.title })} data-move={`${item.id}-up`} data-testid="press-kit-up">
          <span aria-hidden="true">↑</span>
        </Button>
        <Button variant="ghost" disabled={index === count - 1} title={t('admin_media.move_down', { title: item.title })} onClick={() => onMove(index, index + 1)} aria-label={t('admin_media.move_down', { title: item.title })} data-move={`${item.id}-down`} data-testid="press-kit-down">
          <span aria-hidden="true">↓</span>
        </Button>
        {confirming ? (
          <span className="flex flex-wrap items-center gap-1" role="group" aria-label={t('admin_media.delete_confirm', { title: item.title })}>
            <Button variant="secondary" onClick={onDelete} disabled={busy} data-testid="press-kit-delete-confirm">
              {t('admin_media.delete_yes')}
            </Button>
            <Button variant="ghost" onClick={() => setConfirming(false)}>
              {t('admin_media.delete_no')}
            </Button>
          </span>
        ) : (
          <Button variant="ghost" onClick={() => setConfirming(true)} aria-label={t('admin_media.delete_of', { title: item.title })} data-testid="press-kit-delete">
            {t('admin_media.delete')}
          </Button>
        )}
      </div>
    </li>
  );
}

function PressKit({ eventId, items }: { eventId: number; items: PressKitItem[] }) {
  const { t } = useTranslation();
  const ordered = [...items].sort((a, b) => a.position - b.position);
  const [order, setOrder] = useState<number[] | null>(null);
  const [focus, setFocus] = useState<string | null>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const sort = useMutation({
    mutationFn: (ids: number[]) => callApi(routes.adminSortPressKit, { params: { eventId }, body: { ids } }),
    onSettled: async () => {
      await refreshPressKit();
      setOrder(null);
    },
  });
  const remove = useMutation({
    mutationFn: (itemId: number) => callApi(routes.adminDeletePressKitItem, { params: { eventId, itemId } }),
    onSuccess: () => refreshPressKit(),
  });
  const shown = order ? order.map((id) => ordered.find((item) => item.id === id)).filter((item): item is PressKitItem => item !== undefined) : ordered;
  // The moved item's arrow keeps the focus (or its other arrow once it reached an end): moving the
  // row in the page takes the focus away from it.
  useEffect(() => {
    if (!focus || !listRef.current) return;
    const [id, dir] = focus.split('-');
    const wanted = listRef.current.querySelector<HTMLButtonElement>(`[data-move="${id}-${dir}"]`);
    const other = listRef.current.querySelector<HTMLButtonElement>(`[data-move="${id}-${dir === 'up' ? 'down' : 'up'}"]`);
    (wanted && !wanted.disabled ? wanted : other)?.focus();
    setFocus(null);
  }, [focus]);
  const move = (from: number, to: number) => {
    if (sort.isPending) return;
    const ids = shown.map((item) => item.id);
    const [moved] = ids.splice(from, 1);
    if (moved === undefined) return;
    ids.splice(to, 0, moved);
    setOrder(ids);
    setFocus(`${moved}-${to < from ? 'up' : 'down'}`);
    sort.mutate(ids);
  };
  return (
    <section className="flex flex-col gap-3" aria-labelledby="admin-press-kit">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="admin-press-kit" className="text-xl font-bold">
          {t('admin_media.press_kit')}
        </h2>
        <span className="text-sm text-fg-muted">{t('admin_media.count', { count: items.length, max: PRESS_KIT_ITEMS_MAX })}</span>
      </div>
      {sort.isError ? <Alert tone="error">{apiErrorText(t, sort.error)}</Alert> : null}
      {remove.isError ? <Alert tone="error">{apiErrorText(t, remove.error)}</Alert> : null}
      {shown.length === 0 ? (
        <p className="text-sm text-fg-muted">{t('admin_media.press_kit_empty')}</p>
      ) : (
        <ul ref={listRef} className="flex flex-col gap-2" data-testid="admin-press-kit">
          {shown.map((item, index) => (
            <ItemRow key={item.id} item={item} index={index} count={shown.length} busy={sort.isPending || remove.isPending} onMove={move} onDelete={() => remove.mutate(item.id)} />
          ))}
        </ul>
      )}
      <div className="grid gap-4 lg:grid-cols-2">
        <LinkForm eventId={eventId} full={items.length >= PRESS_KIT_ITEMS_MAX} />
        <FileForm eventId={eventId} full={items.length >= PRESS_KIT_ITEMS_MAX} />
      </div>
    </section>
  );
}

function Partners({ eventId, partnerIds }: { eventId: number; partnerIds: number[] }) {
  const { t } = useTranslation();
  const searchId = useId();
  const [chosen, setChosen] = useState<number[]>(partnerIds);
  const { text, setText, search, page, setPage } = useDebouncedSearch();
  const companies = useQuery({
    ...apiQuery(routes.listCompanies, { params: { eventId }, query: { page, per_page: 50, sort: 'name', order: 'asc', ...(search ? { 'filter[query]': search } : {}) } }),
    placeholderData: keepPreviousData,
  });
  const save = useMutation({
    mutationFn: () => callApi(routes.adminSetMediaPartners, { params: { eventId }, body: { company_ids: chosen } }),
    onSuccess: async (result) => {
      setChosen(result.data.partner_ids);
      await refreshPressKit();
    },
  });
  const changed = chosen.length !== partnerIds.length || chosen.some((id) => !partnerIds.includes(id));
  return (
    <section className="flex flex-col gap-3" aria-labelledby="admin-media-partners">
      <h2 id="admin-media-partners" className="text-xl font-bold">
        {t('admin_media.partners')}
      </h2>
      <p className="text-sm text-fg-muted">{t('admin_media.partners_hint', { count: chosen.length })}</p>
      <div className="flex flex-col gap-1.5">
        <label htmlFor={searchId} className="text-sm font-semibold">
          {t('admin_media.partners_search')}
        </label>
        <input id={searchId} type="search" value={text} onChange={(e) => setText(e.target.value)} className="min-h-11 w-full rounded-xl border border-line bg-surface px-4 text-base sm:w-80" />
      </div>
      {companies.isPending ? (
        <Skeleton className="h-32" />
      ) : companies.isError ? (
        <Alert tone="error">{apiErrorText(t, companies.error)}</Alert>
      ) : companies.data.data.length === 0 ? (
        <p className="text-sm text-fg-muted">{t('admin_media.partners_none')}</p>
      ) : (
        <fieldset className="rounded-2xl border border-line bg-surface p-4">
          <legend className="px-1 text-sm font-semibold">{t('admin_media.partners_legend')}</legend>
          <div className="grid grid-cols-1 gap-2 sm:grid-cols-2 lg:grid-cols-3" data-testid="media-partner-choices">
            {companies.data.data.map((company) => (
              <Checkbox
                key={company.id}
                label={company.name}
                checked={chosen.includes(company.id)}
                onChange={(e) => setChosen((current) => (e.target.checked ? [...current.filter((id) => id !== company.id), company.id] : current.filter((id) => id !== company.id)))}
              />
            ))}
          </div>
          <div className="mt-3">
            <Pager page={page} pages={companies.data.meta.last_page} onPage={setPage} />
          </div>
        </fieldset>
      )}
      {save.isError ? <Alert tone="error">{apiErrorText(t, save.error)}</Alert> : null}
      {save.isSuccess && !changed ? <Alert tone="success">{t('admin_media.partners_saved')}</Alert> : null}
      <Button onClick={() => save.mutate()} disabled={save.isPending || !changed} className="self-start" data-testid="media-partners-save">
        {t('admin_media.partners_save')}
      </Button>
    </section>
  );
}

/** admin/events/{id}/media: the press kit (links and files, ordered) and the media partners. */
export function Component() {
  const { t } = useTranslation();
  const eventId = eventIdOf(useParams());
  const query = useQuery(adminPressKitQuery(eventId));
  if (query.isPending) return <Skeleton className="h-96" />;
  if (query.isError) {
    return (
      <Alert tone="error">
        {apiErrorText(t, query.error)}{' '}
        <button type="button" className="font-semibold underline" onClick={() => void query.refetch()}>
          {t('errors.retry')}
        </button>
      </Alert>
    );
  }
  return (
    <div className="flex flex-col gap-8" data-testid="admin-media">
      <p className="text-sm text-fg-muted">{t('admin_media.lead')}</p>
      <PressKit eventId={eventId} items={query.data.data.items} />
      <Partners key={query.data.data.partner_ids.join(',')} eventId={eventId} partnerIds={query.data.data.partner_ids} />
    </div>
  );
}
