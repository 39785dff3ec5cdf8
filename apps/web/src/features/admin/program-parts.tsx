import { buildPath, routes, VIDEO_SOURCE_LABELS, type Video } from '@lobby/contract';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiQuery, callApi } from '../../api/client.ts';
import { ApiError } from '../../api/errors.ts';
import { ImageInput } from '../../ui/ImageInput.tsx';
import { PeoplePicker, type PickedPerson } from '../../ui/PeoplePicker.tsx';
import { apiErrorText } from '../auth/api-error.ts';
import { postMedia } from './upload.ts';

export type { PickedPerson };

/** Speakers picked from the event's members by name (members autocomplete), shown as removable chips. */
export function SpeakerPicker({ eventId, value, onChange, store, label }: { eventId: number; value: PickedPerson[]; onChange: (next: PickedPerson[]) => void; store: 'member' | 'user'; label: string }) {
  const { t } = useTranslation();
  return (
    <PeoplePicker
      value={value}
      onChange={onChange}
      search={(text) => apiQuery(routes.autocompleteMembers, { params: { eventId }, query: { 'filter[query]': text } })}
      toOption={(item) => ({ id: store === 'member' ? item.id : item.user_id, name: item.name, job: item.job, avatar: item.avatar_url })}
      searchTestId="speaker-search"
      texts={{
        label,
        placeholder: t('admin_program.speakers_search'),
        chosen: t('admin_program.speakers_chosen'),
        found: t('admin_program.speakers_found'),
        none: t('admin_program.speakers_none'),
        failed: t('admin_program.speakers_failed'),
        remove: (name) => t('admin_program.speaker_remove', { name }),
      }}
    />
  );
}

type Check = { state: 'idle' } | { state: 'checking' } | { state: 'ok'; video: Video } | { state: 'bad'; text: string };

/** A video link checked with GET /{eventId}/video-url as it is typed (after a pause) and on blur. */
export function useVideoCheck(eventId: number, url: string): Check {
  const { t } = useTranslation();
  const [check, setCheck] = useState<Check>({ state: 'idle' });
  useEffect(() => {
    const value = url.trim();
    if (value === '') {
      setCheck({ state: 'idle' });
      return;
    }
    const controller = new AbortController();
    setCheck({ state: 'checking' });
    const handle = window.setTimeout(() => {
      callApi(routes.videoUrl, { params: { eventId }, query: { url: value.slice(0, 2000) } }, controller.signal).then(
        (answer) => setCheck({ state: 'ok', video: answer.data }),
        (error: unknown) => {
          if (!controller.signal.aborted) setCheck({ state: 'bad', text: apiErrorText(t, error) });
        },
      );
    }, 400);
    return () => {
      window.clearTimeout(handle);
      controller.abort();
    };
  }, [eventId, url, t]);
  return check;
}

export function VideoCheckNote({ check }: { check: Check }) {
  const { t } = useTranslation();
  if (check.state === 'idle') return null;
  if (check.state === 'checking') return <p className="text-xs text-fg-muted">{t('admin_program.video_checking')}</p>;
  if (check.state === 'bad')
    return (
      <p role="alert" className="text-sm text-red-700 dark:text-red-400" data-testid="video-check">
        {check.text}
      </p>
    );
  return (
    <p className="text-sm text-emerald-700 dark:text-emerald-300" data-testid="video-check">
      {t('admin_program.video_ok', { source: VIDEO_SOURCE_LABELS[check.video.source] })}
    </p>
  );
}

/** The "upload failed" text of a preview or cover: the server's own (lecture preview too big, wrong type). */
export function useUploadErrorText() {
  const { t } = useTranslation();
  return (error: unknown) => (error instanceof ApiError ? apiErrorText(t, error) : t('image_input.upload_failed'));
}

/** A picture sent to a route that answers the record it belongs to. */
export function RecordImageInput<T>({ label, value, path, params, maxBytes, tooLargeText, onSaved, testId }: { label: string; value: string | null; path: string; params: Record<string, number>; maxBytes: number; tooLargeText?: string; onSaved: (answer: T) => void; testId?: string }) {
  const errorText = useUploadErrorText();
  const target = buildPath(path, params);
  return (
    <ImageInput
      label={label}
      value={value}
      uploadPath={target}
      category="preview"
      maxBytes={maxBytes}
      onUploaded={() => {}}
      upload={async (file, onProgress) => onSaved(await postMedia<T>(target, file, onProgress))}
      errorText={errorText}
      {...(tooLargeText ? { tooLargeText } : {})}
      {...(testId ? { testId } : {})}
    />
  );
}

/** Where an organiser would look for a delete button: lectures are deleted by a platform manager. */
export function NoDeleteNote() {
  const { t } = useTranslation();
  return <p className="text-xs text-fg-muted" data-testid="no-delete-note">{t('admin_program.no_delete')}</p>;
}
