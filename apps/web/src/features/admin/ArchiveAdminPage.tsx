import { LECTURE_PREVIEW_MAX_BYTES, routes, VISIBILITY_TYPES, VIDEO_SOURCE_LABELS, ZArchiveVideoInput, type AdminArchiveVideo, type ArchiveVideoInput } from '@lobby/contract';
import { keepPreviousData, useMutation, useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm, type FieldError } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { apiQuery, callApi } from '../../api/client.ts';
import { queryClient } from '../../api/query-client.ts';
import { useDebouncedSearch } from '../../lib/use-debounced-search.ts';
import { formatDate, isoToZoned, zonedToIso } from '../../lib/format.ts';
import { contractResolver, formErrorText } from '../../lib/form.ts';
import { Alert } from '../../ui/Alert.tsx';
import { Badge } from '../../ui/Badge.tsx';
import { Button } from '../../ui/Button.tsx';
import { SelectField, TextareaField } from '../../ui/Controls.tsx';
import { Field } from '../../ui/Field.tsx';
import { Pager } from '../../ui/Pager.tsx';
import { Skeleton } from '../../ui/Skeleton.tsx';
import { apiErrorText, applyFieldErrors } from '../auth/api-error.ts';
import { useDictionaries } from '../dictionaries/use-dictionaries.ts';
import { eventIdOf } from './AdminEventLayout.tsx';
import { NoDeleteNote, RecordImageInput, SpeakerPicker, useVideoCheck, VideoCheckNote, type PickedPerson } from './program-parts.tsx';
import { adminEventQuery } from './queries.ts';

const PER_PAGE = 20;
const refreshVideos = () => queryClient.invalidateQueries({ predicate: (q) => [routes.adminListArchive.id, routes.listArchive.id, routes.archiveFilters.id].includes(String(q.queryKey[0])) });

interface VideoValues {
  title: string;
  description: string;
  date: string;
  video_url: string;
  category: string;
  tags: string;
  visibility_type: string;
  duration: string;
}

const FIELDS = ['title', 'description', 'date', 'video_url', 'category', 'tags', 'visibility_type', 'duration', 'speakerIds'] as const;
const checkVideo = contractResolver(ZArchiveVideoInput);

const valuesOf = (video: AdminArchiveVideo | undefined, timeZone: string): VideoValues => ({
  title: video?.title ?? '',
  description: video?.description ?? '',
  date: video ? isoToZoned(video.date, timeZone) : '',
  video_url: video?.link ?? '',
  category: String(video?.category ?? 1),
  tags: video?.tags.join(', ') ?? '',
  visibility_type: String(video?.visibility_type ?? 1),
  duration: String(video?.duration ?? 0),
});

const toInput = (values: VideoValues, speakers: PickedPerson[], timeZone: string): ArchiveVideoInput => ({
  title: values.title.trim(),
  description: values.description,
  date: zonedToIso(values.date, timeZone),
  video_url: values.video_url.trim(),
  speakerIds: speakers.map((s) => s.id),
  category: Number(values.category),
  tags: [...new Set(values.tags.split(',').map((tag) => tag.trim()).filter(Boolean))],
  visibility_type: Number(values.visibility_type) as ArchiveVideoInput['visibility_type'],
  duration: values.duration.trim() === '' ? 0 : Number(values.duration),
});

/** The archive's video form: the same component serves the back office and, later, academy-admin. */
export function ArchiveVideoForm({ eventId, video, timeZone, onDone }: { eventId: number; video?: AdminArchiveVideo; timeZone: string; onDone: () => void }) {
  const { t } = useTranslation();
  const dictionaries = useDictionaries(eventId);
  const form = useForm<VideoValues>({ defaultValues: valuesOf(video, timeZone) });
  const [speakers, setSpeakers] = useState<PickedPerson[]>(video?.speakers.map((s) => ({ id: s.user_id, name: `${s.first_name} ${s.last_name}`.trim() })) ?? []);
  const link = form.watch('video_url');
  const check = useVideoCheck(eventId, link === (video?.link ?? '') ? '' : link);
  const [preview, setPreview] = useState(video?.preview ?? null);
  const save = useMutation({
    mutationFn: (input: ArchiveVideoInput) =>
      video ? callApi(routes.adminUpdateArchiveVideo, { params: { eventId, videoId: video.id }, body: input }) : callApi(routes.adminCreateArchiveVideo, { params: { eventId }, body: input }),
    onSuccess: async () => {
      await refreshVideos();
      onDone();
    },
    onError: (error) => applyFieldErrors(t, error, form.setError, FIELDS),
  });
  const onSubmit = form.handleSubmit(async (values) => {
    const input = toInput(values, speakers, timeZone);
    const result = await checkVideo(input, undefined, { fields: {}, shouldUseNativeValidation: false });
    const errors = Object.entries(result.errors) as [string, FieldError][];
    for (const [name, problem] of errors) form.setError(name.split('.')[0] as keyof VideoValues, { type: problem.type, message: problem.message ?? 'invalid', types: problem.types ?? {} });
    if (errors.length === 0) save.mutate(input);
  });
  const error = (name: keyof VideoValues | 'speakerIds') => formErrorText(t, (form.formState.errors as Record<string, FieldError | undefined>)[name]);
  const categories = dictionaries.options('lecture.category');
  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4 rounded-2xl border border-line bg-surface p-5" data-testid="archive-video-form">
      {save.isError ? <Alert tone="error">{apiErrorText(t, save.error)}</Alert> : null}
      <Field label={t('admin_archive.f_title')} error={error('title')} {...form.register('title')} />
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label={t('admin_archive.f_date', { zone: timeZone })} type="datetime-local" error={error('date')} {...form.register('date')} />
        <div className="flex flex-col gap-1">
          <Field label={t('admin_archive.f_link')} hint={t('admin_program.l_video_hint')} error={error('video_url')} {...form.register('video_url')} />
          <VideoCheckNote check={check} />
        </div>
        <SelectField label={t('admin_archive.f_category')} error={error('category')} {...form.register('category')}>
          {(categories.length > 0 ? categories : Array.from({ length: 16 }, (_, i) => ({ value: i + 1, label: String(i + 1) }))).map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </SelectField>
        <SelectField label={t('admin_archive.f_visibility')} error={error('visibility_type')} {...form.register('visibility_type')}>
          {VISIBILITY_TYPES.map((type) => (
            <option key={type} value={type}>
              {t(`admin_archive.visibility_${type}`)}
            </option>
          ))}
        </SelectField>
        <Field label={t('admin_archive.f_tags')} hint={t('admin_archive.f_tags_hint')} error={error('tags')} {...form.register('tags')} />
        <Field label={t('admin_archive.f_duration')} type="number" inputMode="numeric" min={0} max={1440} error={error('duration')} {...form.register('duration')} />
      </div>
      <SpeakerPicker eventId={eventId} value={speakers} onChange={setSpeakers} store="user" label={t('admin_archive.f_speakers')} />
      {error('speakerIds') ? <p role="alert" className="text-sm text-red-700 dark:text-red-400">{error('speakerIds')}</p> : null}
      <TextareaField label={t('admin_archive.f_description')} hint={t('admin.f_description_hint')} rows={4} error={error('description')} {...form.register('description')} />
      {video ? (
        <RecordImageInput<{ data: AdminArchiveVideo }>
          label={t('admin_archive.f_preview')}
          value={preview}
          path={routes.adminUploadArchivePreview.path}
          params={{ eventId, videoId: video.id }}
          maxBytes={LECTURE_PREVIEW_MAX_BYTES}
          tooLargeText={t('api.lecture_preview_too_big')}
          onSaved={(answer) => {
            setPreview(answer.data.preview);
            void refreshVideos();
          }}
          testId="archive-preview"
        />
      ) : (
        <p className="text-sm text-fg-muted">{t('admin_program.l_preview_after')}</p>
      )}
      <div className="flex flex-wrap gap-3">
        <Button type="submit" disabled={save.isPending}>
          {video ? t('admin.save') : t('admin_archive.add')}
        </Button>
        <Button variant="ghost" onClick={onDone}>
          {t('admin.cancel')}
        </Button>
      </div>
      {video ? <NoDeleteNote /> : null}
    </form>
  );
}

/** /admin/events/{id}/archive: this event's videos in the lecture archive; add and edit them (never delete). */
export function Component() {
  const { t } = useTranslation();
  const eventId = eventIdOf(useParams());
  const timeZone = useSuspenseQuery(adminEventQuery(eventId)).data.data.timezone;
  const search = useDebouncedSearch();
  const dictionaries = useDictionaries(eventId);
  const query = useQuery({
    ...apiQuery(routes.adminListArchive, { params: { eventId }, query: { page: search.page, per_page: PER_PAGE, ...(search.search ? { 'filter[query]': search.search } : {}) } }),
    placeholderData: keepPreviousData,
  });
  const [editing, setEditing] = useState<number | 'new' | null>(null);
  const list = query.data;
  return (
    <div className="flex flex-col gap-4" data-testid="archive-admin">
      <p className="text-sm text-fg-muted">{t('admin_archive.intro')}</p>
      <NoDeleteNote />
      {editing === 'new' ? (
        <ArchiveVideoForm eventId={eventId} timeZone={timeZone} onDone={() => setEditing(null)} />
      ) : (
        <Button variant="secondary" className="self-start" onClick={() => setEditing('new')} data-testid="add-video">
          {t('admin_archive.add')}
        </Button>
      )}
      <Field label={t('admin_archive.search')} type="search" value={search.text} onChange={(e) => search.setText(e.target.value)} className="max-w-md" />
      {query.isError ? <Alert tone="error">{apiErrorText(t, query.error)}</Alert> : null}
      {query.isPending ? <Skeleton className="h-40" /> : null}
      {list && list.data.length === 0 ? <p className="text-sm text-fg-muted">{t('admin_archive.empty')}</p> : null}
      <ul className="flex flex-col gap-3" data-testid="admin-videos" aria-busy={query.isFetching}>
        {(list?.data ?? []).map((video) =>
          editing === video.id ? (
            <li key={video.id}>
              <ArchiveVideoForm eventId={eventId} video={video} timeZone={timeZone} onDone={() => setEditing(null)} />
            </li>
          ) : (
            <li key={video.id} className="flex flex-wrap items-center gap-3 rounded-2xl border border-line bg-surface p-4" data-testid="admin-video">
              {video.preview ? <img src={video.preview} alt="" className="h-14 w-24 rounded-lg object-cover" /> : null}
              <div className="min-w-0 flex-1">
                <p className="font-semibold">{video.title}</p>
                <p className="text-sm text-fg-muted">
                  {formatDate(video.date, timeZone)} · {VIDEO_SOURCE_LABELS[video.video_source]} · {dictionaries.label('lecture.category', video.category) ?? video.category}
                </p>
                <div className="mt-1 flex flex-wrap gap-1">
                  <Badge tone={video.visibility_type === 4 ? 'neutral' : 'brand'}>{t(`admin_archive.visibility_${video.visibility_type}`)}</Badge>
                  {video.tags.map((tag) => (
                    <Badge key={tag}>#{tag}</Badge>
                  ))}
                </div>
              </div>
              <Button variant="secondary" onClick={() => setEditing(video.id)} aria-label={t('admin_archive.edit', { title: video.title })}>
                {t('admin.edit')}
              </Button>
            </li>
          ),
        )}
      </ul>
      {list ? <Pager page={search.page} pages={list.meta.last_page} onPage={search.setPage} /> : null}
    </div>
  );
}
