import { dayIn, LECTURE_PREVIEW_MAX_BYTES, routes, ZLectureInput, type AdminHall, type AdminLecture, type LectureInput, type ProgramImportReport } from '@lobby/contract';
import { useMutation, useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useFieldArray, useForm, type FieldError } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { apiQuery, callApi } from '../../api/client.ts';
import { queryClient } from '../../api/query-client.ts';
import { formatDate, formatTime, isoToZoned, zonedToIso } from '../../lib/format.ts';
import { contractResolver, formErrorText } from '../../lib/form.ts';
import { Alert } from '../../ui/Alert.tsx';
import { Button } from '../../ui/Button.tsx';
import { Checkbox, Group, SelectField, TextareaField } from '../../ui/Controls.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { Field } from '../../ui/Field.tsx';
import { Skeleton } from '../../ui/Skeleton.tsx';
import { apiErrorText, applyFieldErrors } from '../auth/api-error.ts';
import { useDictionaries } from '../dictionaries/use-dictionaries.ts';
import { eventIdOf } from './AdminEventLayout.tsx';
import { ImportFailures } from './ImportCsv.tsx';
import { NoDeleteNote, RecordImageInput, SpeakerPicker, useVideoCheck, VideoCheckNote, type PickedPerson } from './program-parts.tsx';
import { adminEventQuery } from './queries.ts';

const hallsQuery = (eventId: number) => apiQuery(routes.adminListHalls, { params: { eventId } });
const lecturesQuery = (eventId: number) => apiQuery(routes.adminListLectures, { params: { eventId } });
const settingsQuery = (eventId: number) => apiQuery(routes.adminGetProgramSettings, { params: { eventId } });
const refreshProgram = () => queryClient.invalidateQueries({ predicate: (q) => [routes.adminListHalls.id, routes.adminListLectures.id].includes(String(q.queryKey[0])) });

const absolute = (address: string) => (address.startsWith('/') ? `${window.location.origin}${address}` : address);

/** The "share the program" switch with the guest page and the calendar file. */
function ShareSection({ eventId }: { eventId: number }) {
  const { t } = useTranslation();
  const id = useId();
  const query = useQuery(settingsQuery(eventId));
  const save = useMutation({
    mutationFn: (shared: boolean) => callApi(routes.adminUpdateProgramSettings, { params: { eventId }, body: { shared } }),
    onSuccess: (answer) => queryClient.setQueryData(settingsQuery(eventId).queryKey, answer),
  });
  const settings = query.data?.data;
  return (
    <section className="flex flex-col gap-3 rounded-2xl border border-line bg-surface p-5" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="text-lg font-bold">
        {t('admin_program.share_title')}
      </h2>
      {query.isError ? <Alert tone="error">{apiErrorText(t, query.error)}</Alert> : null}
      {save.isError ? <Alert tone="error">{apiErrorText(t, save.error)}</Alert> : null}
      {settings ? (
        <>
          <div className="flex items-center gap-3">
            <input id={id} type="checkbox" role="switch" className="size-5 accent-[var(--brand-solid)]" checked={settings.shared} disabled={save.isPending} onChange={(e) => save.mutate(e.target.checked)} data-testid="program-shared" />
            <label htmlFor={id} className="text-sm font-semibold">
              {t('admin_program.share_switch')}
            </label>
          </div>
          <p className="text-sm text-fg-muted">{t('admin_program.share_text')}</p>
          {settings.shared ? (
            <dl className="flex flex-col gap-1 text-sm">
              <div className="flex flex-wrap gap-x-2">
                <dt className="font-semibold">{t('admin_program.share_page')}</dt>
                <dd className="min-w-0 break-all">
                  <a href={absolute(settings.share_path)} target="_blank" rel="noopener noreferrer" className="text-brand-ink underline">
                    {absolute(settings.share_path)}
                  </a>
                </dd>
              </div>
              <div className="flex flex-wrap gap-x-2">
                <dt className="font-semibold">{t('admin_program.share_ics')}</dt>
                <dd className="min-w-0 break-all">
                  <a href={absolute(settings.ics_url)} className="text-brand-ink underline">
                    {absolute(settings.ics_url)}
                  </a>
                </dd>
              </div>
            </dl>
          ) : null}
        </>
      ) : query.isPending ? (
        <Skeleton className="h-10" />
      ) : null}
    </section>
  );
}

function HallRow({ eventId, hall, index, count, onMove }: { eventId: number; hall: AdminHall; index: number; count: number; onMove: (from: number, to: number) => void }) {
  const { t } = useTranslation();
  const [name, setName] = useState(hall.name);
  const [stream, setStream] = useState(hall.stream_url ?? '');
  const check = useVideoCheck(eventId, stream === (hall.stream_url ?? '') ? '' : stream);
  const save = useMutation({
    mutationFn: () => callApi(routes.adminUpdateHall, { params: { eventId, hallId: hall.id }, body: { name: name.trim(), sort: hall.sort, stream_url: stream.trim() || null } }),
    onSuccess: () => refreshProgram(),
  });
  const remove = useMutation({ mutationFn: () => callApi(routes.adminDeleteHall, { params: { eventId, hallId: hall.id } }), onSuccess: () => refreshProgram() });
  const dirty = name.trim() !== hall.name || (stream.trim() || null) !== hall.stream_url;
  return (
    <li className="flex flex-col gap-3 rounded-2xl border border-line bg-surface p-4" data-testid="hall">
      {save.isError ? <Alert tone="error">{apiErrorText(t, save.error)}</Alert> : null}
      {remove.isError ? <Alert tone="error">{apiErrorText(t, remove.error)}</Alert> : null}
      <div className="grid gap-3 sm:grid-cols-2">
        <Field label={t('admin_program.hall_name', { n: index + 1 })} value={name} maxLength={100} onChange={(e) => setName(e.target.value)} />
        <div className="flex flex-col gap-1">
          <Field label={t('admin_program.hall_stream', { n: index + 1 })} value={stream} onChange={(e) => setStream(e.target.value)} placeholder="https://youtu.be/…" />
          <VideoCheckNote check={check} />
        </div>
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <span className="text-sm text-fg-muted">{t('admin_program.hall_lectures', { count: hall.lectures })}</span>
        <span className="flex-1" />
        <Button variant="secondary" disabled={index === 0} onClick={() => onMove(index, index - 1)} aria-label={t('admin_program.hall_up', { name: hall.name })}>
          ↑
        </Button>
        <Button variant="secondary" disabled={index === count - 1} onClick={() => onMove(index, index + 1)} aria-label={t('admin_program.hall_down', { name: hall.name })}>
          ↓
        </Button>
        <Button variant="secondary" disabled={!dirty || name.trim() === '' || save.isPending} onClick={() => save.mutate()}>
          {t('admin.save')}
        </Button>
        <Button variant="ghost" disabled={remove.isPending} onClick={() => remove.mutate()} aria-label={t('admin_program.hall_delete', { name: hall.name })}>
          {t('admin.delete')}
        </Button>
      </div>
    </li>
  );
}

function HallsSection({ eventId }: { eventId: number }) {
  const { t } = useTranslation();
  const id = useId();
  const query = useQuery(hallsQuery(eventId));
  const [name, setName] = useState('');
  const add = useMutation({
    mutationFn: () => callApi(routes.adminCreateHall, { params: { eventId }, body: { name: name.trim(), sort: (query.data?.data.length ?? 0) * 10 } }),
    onSuccess: async () => {
      setName('');
      await refreshProgram();
    },
  });
  const move = useMutation({
    mutationFn: async ({ from, to }: { from: number; to: number }) => {
      const order = [...(query.data?.data ?? [])];
      const [hall] = order.splice(from, 1);
      if (!hall) return;
      order.splice(to, 0, hall);
      // Sort values 0, 10, 20, ... in the new order; only the halls that moved are saved.
      for (const [index, item] of order.entries()) {
        if (item.sort !== index * 10) await callApi(routes.adminUpdateHall, { params: { eventId, hallId: item.id }, body: { name: item.name, sort: index * 10, stream_url: item.stream_url } });
      }
    },
    onSettled: () => refreshProgram(),
  });
  const halls = query.data?.data ?? [];
  return (
    <section className="flex flex-col gap-3" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="text-lg font-bold">
        {t('admin_program.halls_title')}
      </h2>
      {query.isError ? <Alert tone="error">{apiErrorText(t, query.error)}</Alert> : null}
      {move.isError ? <Alert tone="error">{apiErrorText(t, move.error)}</Alert> : null}
      {query.isPending ? <Skeleton className="h-24" /> : null}
      {query.isSuccess && halls.length === 0 ? <p className="text-sm text-fg-muted">{t('admin_program.halls_empty')}</p> : null}
      <ul className="flex flex-col gap-3" data-testid="halls">
        {halls.map((hall, index) => (
          <HallRow key={`${hall.id}-${hall.sort}-${hall.name}-${hall.stream_url ?? ''}`} eventId={eventId} hall={hall} index={index} count={halls.length} onMove={(from, to) => move.mutate({ from, to })} />
        ))}
      </ul>
      <form
        className="flex flex-wrap items-end gap-3"
        onSubmit={(e) => {
          e.preventDefault();
          if (name.trim()) add.mutate();
        }}
      >
        <Field label={t('admin_program.hall_new')} value={name} maxLength={100} onChange={(e) => setName(e.target.value)} className="min-w-0 flex-1" />
        <Button type="submit" variant="secondary" disabled={add.isPending || name.trim() === ''}>
          {t('admin_program.hall_add')}
        </Button>
      </form>
      {add.isError ? <Alert tone="error">{apiErrorText(t, add.error)}</Alert> : null}
    </section>
  );
}

interface LectureValues {
  title: string;
  description: string;
  hall_id: string;
  section_id: string;
  starts_at: string;
  ends_at: string;
  categories: string[];
  language: string;
  video_url: string;
  materials: { title: string; url: string }[];
}

const FIELDS = ['title', 'description', 'hall_id', 'section_id', 'starts_at', 'ends_at', 'categories', 'language', 'video_url', 'materials', 'speaker_member_ids'] as const;
const checkLecture = contractResolver(ZLectureInput);

const lectureValues = (lecture: AdminLecture | undefined, halls: AdminHall[], timeZone: string): LectureValues => ({
  title: lecture?.title ?? '',
  description: lecture?.description ?? '',
  hall_id: String(lecture?.hall_id ?? halls[0]?.id ?? ''),
  section_id: lecture?.section_id ? String(lecture.section_id) : '',
  starts_at: lecture ? isoToZoned(lecture.starts_at, timeZone) : '',
  ends_at: lecture ? isoToZoned(lecture.ends_at, timeZone) : '',
  categories: (lecture?.categories ?? []).map(String),
  language: lecture?.language ?? 'en',
  video_url: lecture?.video_url ?? '',
  materials: lecture?.materials.map((m) => ({ ...m })) ?? [],
});

const toLectureInput = (values: LectureValues, speakers: PickedPerson[], timeZone: string): LectureInput => ({
  title: values.title.trim(),
  description: values.description,
  hall_id: Number(values.hall_id),
  section_id: values.section_id ? Number(values.section_id) : null,
  starts_at: zonedToIso(values.starts_at, timeZone),
  ends_at: zonedToIso(values.ends_at, timeZone),
  categories: values.categories.map(Number),
  language: values.language.trim(),
  speaker_member_ids: speakers.map((s) => s.id),
  video_url: values.video_url.trim() || null,
  materials: values.materials.map((m) => ({ title: m.title.trim(), url: m.url.trim() })).filter((m) => m.title || m.url),
});

function LectureForm({ eventId, lecture, halls, timeZone, onDone }: { eventId: number; lecture?: AdminLecture; halls: AdminHall[]; timeZone: string; onDone: () => void }) {
  const { t } = useTranslation();
  const dictionaries = useDictionaries(eventId);
  const form = useForm<LectureValues>({ defaultValues: lectureValues(lecture, halls, timeZone) });
  const materials = useFieldArray({ control: form.control, name: 'materials' });
  const [speakers, setSpeakers] = useState<PickedPerson[]>(lecture?.speakers.map((s) => ({ id: s.member_id, name: `${s.first_name} ${s.last_name}`.trim() })) ?? []);
  const videoUrl = form.watch('video_url');
  const check = useVideoCheck(eventId, videoUrl);
  const [preview, setPreview] = useState(lecture?.preview_url ?? null);
  const save = useMutation({
    mutationFn: (input: LectureInput) =>
      lecture ? callApi(routes.adminUpdateLecture, { params: { eventId, lectureId: lecture.id }, body: input }) : callApi(routes.adminCreateLecture, { params: { eventId }, body: input }),
    onSuccess: async () => {
      await refreshProgram();
      onDone();
    },
    onError: (error) => applyFieldErrors(t, error, form.setError, FIELDS),
  });
  const onSubmit = form.handleSubmit(async (values) => {
    const input = toLectureInput(values, speakers, timeZone);
    const result = await checkLecture(input, undefined, { fields: {}, shouldUseNativeValidation: false });
    const errors = Object.entries(result.errors) as [string, FieldError][];
    for (const [name, problem] of errors) form.setError(name as keyof LectureValues, { type: problem.type, message: problem.message ?? 'invalid', types: problem.types ?? {} });
    const backwards = errors.length === 0 && new Date(input.ends_at).getTime() <= new Date(input.starts_at).getTime();
    if (backwards) form.setError('ends_at', { type: 'order', message: t('admin_program.l_ends_after') });
    if (errors.length === 0 && !backwards) save.mutate(input);
  });
  const error = (name: string) => {
    let node: unknown = form.formState.errors;
    for (const part of name.split('.')) node = (node as Record<string, unknown> | undefined)?.[part];
    return formErrorText(t, node as FieldError | undefined);
  };
  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4 rounded-2xl border border-line bg-surface p-5" data-testid="lecture-form">
      {save.isError ? <Alert tone="error">{apiErrorText(t, save.error)}</Alert> : null}
      <Field label={t('admin_program.l_title')} error={error('title')} {...form.register('title')} />
      <TextareaField label={t('admin_program.l_description')} hint={t('admin.f_description_hint')} error={error('description')} rows={4} {...form.register('description')} />
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField label={t('admin_program.l_hall')} error={error('hall_id')} {...form.register('hall_id')}>
          {halls.map((hall) => (
            <option key={hall.id} value={hall.id}>
              {hall.name}
            </option>
          ))}
        </SelectField>
        <SelectField label={t('admin_program.l_section')} error={error('section_id')} {...form.register('section_id')}>
          <option value="">{t('admin_program.l_no_section')}</option>
          {dictionaries.options('program.section').map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </SelectField>
        <Field label={t('admin_program.l_starts', { zone: timeZone })} type="datetime-local" error={error('starts_at')} {...form.register('starts_at')} />
        <Field label={t('admin_program.l_ends', { zone: timeZone })} type="datetime-local" error={error('ends_at')} {...form.register('ends_at')} />
        <Field label={t('admin_program.l_language')} hint={t('admin_program.l_language_hint')} error={error('language')} {...form.register('language')} />
        <div className="flex flex-col gap-1">
          <Field label={t('admin_program.l_video')} hint={t('admin_program.l_video_hint')} error={error('video_url')} {...form.register('video_url')} />
          <VideoCheckNote check={check} />
        </div>
      </div>
      <Group legend={t('admin_program.l_categories')}>
        <div className="grid gap-2 sm:grid-cols-3">
          {dictionaries.options('lecture.category').map((option) => (
            <Checkbox key={option.value} value={String(option.value)} label={option.label} {...form.register('categories')} />
          ))}
        </div>
      </Group>
      <SpeakerPicker eventId={eventId} value={speakers} onChange={setSpeakers} store="member" label={t('admin_program.l_speakers')} />
      {error('speaker_member_ids') ? <p role="alert" className="text-sm text-red-700 dark:text-red-400">{error('speaker_member_ids')}</p> : null}
      <fieldset className="flex flex-col gap-3">
        <legend className="mb-1 text-sm font-semibold">{t('admin_program.l_materials')}</legend>
        {materials.fields.map((field, index) => (
          <div key={field.id} className="grid items-end gap-3 sm:grid-cols-[1fr_2fr_auto]">
            <Field label={t('admin_program.m_title', { n: index + 1 })} error={error(`materials.${index}.title`)} {...form.register(`materials.${index}.title`)} />
            <Field label={t('admin_program.m_url', { n: index + 1 })} error={error(`materials.${index}.url`)} {...form.register(`materials.${index}.url`)} />
            <Button variant="ghost" onClick={() => materials.remove(index)} aria-label={t('admin_program.m_remove', { n: index + 1 })}>
              {t('admin.remove')}
            </Button>
          </div>
        ))}
        <Button variant="secondary" className="self-start" onClick={() => materials.append({ title: '', url: '' })}>
          {t('admin_program.m_add')}
        </Button>
      </fieldset>
      {lecture ? (
        <RecordImageInput<{ data: AdminLecture }>
          label={t('admin_program.l_preview')}
          value={preview}
          path={routes.adminUploadLecturePreview.path}
          params={{ eventId, lectureId: lecture.id }}
          maxBytes={LECTURE_PREVIEW_MAX_BYTES}
          tooLargeText={t('api.lecture_preview_too_big')}
          onSaved={(answer) => {
            setPreview(answer.data.preview_url);
            void refreshProgram();
          }}
          testId="lecture-preview"
        />
      ) : (
        <p className="text-sm text-fg-muted">{t('admin_program.l_preview_after')}</p>
      )}
      <div className="flex flex-wrap gap-3">
        <Button type="submit" disabled={save.isPending}>
          {lecture ? t('admin.save') : t('admin_program.l_add')}
        </Button>
        <Button variant="ghost" onClick={onDone}>
          {t('admin.cancel')}
        </Button>
      </div>
      {lecture ? <NoDeleteNote /> : null}
    </form>
  );
}

function LecturesSection({ eventId, timeZone }: { eventId: number; timeZone: string }) {
  const { t } = useTranslation();
  const id = useId();
  const halls = useQuery(hallsQuery(eventId));
  const lectures = useQuery(lecturesQuery(eventId));
  const [editing, setEditing] = useState<number | 'new' | null>(null);
  const hallList = halls.data?.data ?? [];
  const hallName = new Map(hallList.map((hall) => [hall.id, hall.name]));
  const days = new Map<string, AdminLecture[]>();
  for (const lecture of lectures.data?.data ?? []) {
    const day = dayIn(new Date(lecture.starts_at), timeZone);
    days.set(day, [...(days.get(day) ?? []), lecture]);
  }
  return (
    <section className="flex flex-col gap-3" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="text-lg font-bold">
        {t('admin_program.lectures_title')}
      </h2>
      <NoDeleteNote />
      {lectures.isError ? <Alert tone="error">{apiErrorText(t, lectures.error)}</Alert> : null}
      {lectures.isPending || halls.isPending ? <Skeleton className="h-32" /> : null}
      {lectures.isSuccess && days.size === 0 ? <p className="text-sm text-fg-muted">{t('admin_program.lectures_empty')}</p> : null}
      {[...days.entries()].map(([day, items]) => (
        <div key={day} className="flex flex-col gap-2">
          <h3 className="font-semibold">{formatDate(items[0]?.starts_at ?? day, timeZone)}</h3>
          <ul className="flex flex-col gap-2" data-testid="admin-lectures">
            {items.map((lecture) =>
              editing === lecture.id ? (
                <li key={lecture.id}>
                  <LectureForm eventId={eventId} lecture={lecture} halls={hallList} timeZone={timeZone} onDone={() => setEditing(null)} />
                </li>
              ) : (
                <li key={lecture.id} className="flex flex-wrap items-center gap-3 rounded-2xl border border-line bg-surface p-4" data-testid="admin-lecture">
                  <div className="min-w-0 flex-1">
                    <p className="font-semibold">{lecture.title}</p>
                    <p className="text-sm text-fg-muted">
                      {formatTime(lecture.starts_at, timeZone)}–{formatTime(lecture.ends_at, timeZone)} · {hallName.get(lecture.hall_id) ?? '—'}
                      {lecture.speakers.length > 0 ? ` · ${lecture.speakers.map((s) => `${s.first_name} ${s.last_name}`.trim()).join(', ')}` : ''}
                    </p>
                  </div>
                  <Button variant="secondary" onClick={() => setEditing(lecture.id)} aria-label={t('admin_program.l_edit', { title: lecture.title })}>
                    {t('admin.edit')}
                  </Button>
                </li>
              ),
            )}
          </ul>
        </div>
      ))}
      {editing === 'new' ? (
        <LectureForm eventId={eventId} halls={hallList} timeZone={timeZone} onDone={() => setEditing(null)} />
      ) : halls.isSuccess && hallList.length === 0 ? (
        <p className="text-sm text-fg-muted">{t('admin_program.lectures_need_hall')}</p>
      ) : (
        <Button variant="secondary" className="self-start" onClick={() => setEditing('new')} disabled={!halls.isSuccess} data-testid="add-lecture">
          {t('admin_program.l_add')}
        </Button>
      )}
    </section>
  );
}

/** The program as CSV, with the per-row report (like the attendee import). */
function ProgramImport({ eventId }: { eventId: number }) {
  const { t } = useTranslation();
  const id = useId();
  const upload = useMutation({
    mutationFn: async (file: File) => (await callApi(routes.adminImportProgram, { params: { eventId }, body: { csv: await file.text() } })).data,
    onSettled: () => refreshProgram(),
  });
  const report: ProgramImportReport | undefined = upload.data;
  return (
    <section className="flex flex-col gap-3 rounded-2xl border border-line bg-surface p-5" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="text-lg font-bold">
        {t('admin_program.import_title')}
      </h2>
      <p className="text-sm text-fg-muted">{t('admin_program.import_text')}</p>
      <pre tabIndex={0} aria-label={t('admin_program.import_example')} className="overflow-x-auto rounded-xl bg-surface-muted p-3 text-xs">
        title,starts_at,ends_at,hall,section,categories,language,speakers,description,video_url{'\n'}Opening,2026-11-24T10:00:00+03:00,2026-11-24T10:45:00+03:00,Main hall,1,1|4,en,ann@example.org,Welcome,https://youtu.be/dQw4w9WgXcQ
      </pre>
      <label htmlFor={id} className="text-sm font-semibold">
        {t('admin_program.import_file')}
      </label>
      <input
        id={id}
        type="file"
        accept=".csv,text/csv"
        data-testid="program-import-file"
        disabled={upload.isPending}
        onChange={(event) => {
          const file = event.target.files?.[0];
          if (file) upload.mutate(file);
          event.target.value = '';
        }}
        className="text-sm"
      />
      {upload.isPending ? <p role="status" className="text-sm text-fg-muted">{t('admin_program.import_running')}</p> : null}
      {upload.isError ? <Alert tone="error">{apiErrorText(t, upload.error)}</Alert> : null}
      {report ? (
        <div className="flex flex-col gap-3" data-testid="program-import-report">
          <Alert tone={report.failed.length > 0 ? 'info' : 'success'}>
            {t('admin_program.import_summary', { rows: report.rows, added: report.added, updated: report.updated, halls: report.halls_added, failed: report.failed.length })}
          </Alert>
          <ImportFailures
            subject={t('admin_program.l_title')}
            rows={report.failed.map((row) => ({ row: row.row, subject: row.title, reason: t(`api.${row.code.replace(/\./g, '_')}`, { defaultValue: row.reason }) }))}
          />
        </div>
      ) : null}
    </section>
  );
}

/** /admin/events/{id}/program: sharing, halls, lectures by day and the CSV upload. */
export function Component() {
  const { t } = useTranslation();
  const eventId = eventIdOf(useParams());
  const event = useSuspenseQuery(adminEventQuery(eventId)).data.data;
  const probe = useQuery(hallsQuery(eventId));
  if (probe.isError) return <EmptyState title={t('errors.server_error_title')} text={apiErrorText(t, probe.error)} action={<Button onClick={() => void probe.refetch()}>{t('errors.retry')}</Button>} />;
  return (
    <div className="flex flex-col gap-8" data-testid="program-admin">
      <p className="text-sm text-fg-muted">{t('admin_program.timezone', { zone: event.timezone })}</p>
      <ShareSection eventId={eventId} />
      <HallsSection eventId={eventId} />
      <LecturesSection eventId={eventId} timeZone={event.timezone} />
      <ProgramImport eventId={eventId} />
    </div>
  );
}
