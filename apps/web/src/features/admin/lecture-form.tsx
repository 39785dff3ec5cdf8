// The back office's lecture form (create and edit): times in the event's timezone, speakers,
// video link with its check, the external meeting link, materials and the preview picture.
import { LECTURE_PREVIEW_MAX_BYTES, routes, ZLectureInput, type AdminHall, type AdminLecture, type LectureInput } from '@lobby/contract';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useFieldArray, useForm, type FieldError } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { callApi } from '../../api/client.ts';
import { queryClient } from '../../api/query-client.ts';
import { isoToZoned, zonedToIso } from '../../lib/format.ts';
import { contractResolver, formErrorText } from '../../lib/form.ts';
import { Alert } from '../../ui/Alert.tsx';
import { Button } from '../../ui/Button.tsx';
import { Checkbox, Group, SelectField, TextareaField } from '../../ui/Controls.tsx';
import { Field } from '../../ui/Field.tsx';
import { apiErrorText, applyFieldErrors } from '../auth/api-error.ts';
import { useDictionaries } from '../dictionaries/use-dictionaries.ts';
import { NoDeleteNote, RecordImageInput, SpeakerPicker, useVideoCheck, VideoCheckNote, type PickedPerson } from './program-parts.tsx';

export const refreshProgram = () => queryClient.invalidateQueries({ predicate: (q) => [routes.adminListHalls.id, routes.adminListLectures.id].includes(String(q.queryKey[0])) });

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
  external_url: string;
  materials: { title: string; url: string }[];
}

const FIELDS = ['title', 'description', 'hall_id', 'section_id', 'starts_at', 'ends_at', 'categories', 'language', 'video_url', 'external_url', 'materials', 'speaker_member_ids'] as const;
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
  external_url: lecture?.external_url ?? '',
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
  external_url: values.external_url.trim() || null,
  materials: values.materials.map((m) => ({ title: m.title.trim(), url: m.url.trim() })).filter((m) => m.title || m.url),
});

export function LectureForm({ eventId, lecture, halls, timeZone, onDone }: { eventId: number; lecture?: AdminLecture; halls: AdminHall[]; timeZone: string; onDone: () => void }) {
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
      <Field label={t('zoom_call.admin_lecture_link')} hint={t('zoom_call.admin_lecture_hint')} type="url" inputMode="url" placeholder="https://zoom.us/j/…" error={error('external_url')} {...form.register('external_url')} />
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
