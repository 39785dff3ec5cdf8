// The Record control (product.md section 4: stream recording start, stop, saved after processing):
// a button that asks for a name (and, without a stream of the caller's, the camera or the screen),
// then a panel with a red "Recording" mark, the time recorded and Stop. The group call page gives
// it its composite stream; the stream records page lets it open the camera or the screen.
import type { Recording } from '@lobby/contract';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { currentLanguage } from '../../i18n/index.ts';
import { Alert } from '../../ui/Alert.tsx';
import { Button } from '../../ui/Button.tsx';
import { Field } from '../../ui/Field.tsx';
import { Modal } from '../../ui/Modal.tsx';
import { mediaErrorText, recordingErrorText } from './errors.ts';
import { formatElapsed } from './frame.ts';
import { closeStream, openSource, type RecordSource } from './media.ts';
import { startRecording, type RecordingHandle } from './recorder.ts';
import { useElapsed, useRecorderState } from './use-recording.ts';

export interface RecordButtonProps {
  eventId: number;
  /** The event's room (eventRoomName). */
  room: string;
  /** The group call being recorded. */
  callId?: string | null;
  /** The stream to record (a call's composite); without it the camera or a screen is asked for. */
  stream?: () => MediaStream | null;
  /** A recording is saved (processed): the list of recordings may be read again. */
  onSaved?: (recording: Recording) => void;
}

const NAME_MAX = 120;

function defaultName(t: (key: string, options: Record<string, string>) => string): string {
  const date = new Intl.DateTimeFormat(currentLanguage(), { dateStyle: 'medium', timeStyle: 'short' }).format(new Date());
  return t('recordings.name_default', { date });
}

function StartDialog({ ownSource, onStart, onClose }: { ownSource: boolean; onStart: (name: string, source: RecordSource) => Promise<string | null>; onClose: () => void }) {
  const { t } = useTranslation();
  const [name, setName] = useState(() => defaultName(t));
  const [source, setSource] = useState<RecordSource>('camera');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (name.trim() === '') return setProblem(t('recordings.name_required'));
    setBusy(true);
    setProblem(await onStart(name.trim(), source));
    setBusy(false);
  };
  return (
    <Modal title={t('recordings.start_title')} onClose={onClose} size="md" testId="recorder-dialog">
      <form className="flex flex-col gap-4" onSubmit={(event) => void submit(event)} noValidate>
        <Field label={t('recordings.name_label')} value={name} maxLength={NAME_MAX} required onChange={(event) => setName(event.target.value)} data-testid="recorder-name" />
        {ownSource ? (
          <fieldset className="flex flex-col gap-2">
            <legend className="mb-1 text-sm font-semibold">{t('recordings.source_label')}</legend>
            {(['camera', 'screen'] as const).map((option) => (
              <label key={option} className="flex min-h-11 cursor-pointer items-center gap-3 rounded-xl border border-line px-3">
                <input type="radio" name="recorder-source" value={option} checked={source === option} onChange={() => setSource(option)} data-testid={`recorder-source-${option}`} />
                {t(`recordings.source_${option}`)}
              </label>
            ))}
          </fieldset>
        ) : null}
        {problem ? <Alert tone="error">{problem}</Alert> : null}
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>
            {t('recordings.cancel')}
          </Button>
          <Button type="submit" disabled={busy} data-testid="recorder-start">
            {busy ? t('recordings.starting') : t('recordings.start')}
          </Button>
        </div>
      </form>
    </Modal>
  );
}

function RecordingPanel({ handle, preview, onStop }: { handle: RecordingHandle; preview: MediaStream | null; onStop: () => void }) {
  const { t } = useTranslation();
  const state = useRecorderState(handle);
  const elapsed = formatElapsed(useElapsed(handle, state === 'recording'));
  const video = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    if (video.current) video.current.srcObject = state === 'recording' ? preview : null;
  }, [preview, state]);
  const label = state === 'recording' ? t('recordings.recording') : state === 'stopping' ? t('recordings.stopping') : t('recordings.processing');
  return (
    <section aria-label={t('recordings.panel_label')} className="flex flex-col gap-3 rounded-2xl border border-red-300 bg-surface p-4 dark:border-red-900" data-testid="recorder-panel" data-state={state}>
      {preview && state === 'recording' ? <video ref={video} autoPlay muted playsInline aria-label={t('recordings.preview_label')} className="aspect-video w-full max-w-xl rounded-xl bg-black object-contain" /> : null}
      <div className="flex flex-wrap items-center gap-3">
        <p role="status" aria-live="polite" className="flex items-center gap-2 font-semibold text-red-700 dark:text-red-300" data-testid="recorder-status">
          {state === 'recording' ? <span aria-hidden="true" className="size-3 animate-pulse rounded-full bg-red-600" /> : <span aria-hidden="true" className="size-4 animate-spin rounded-full border-2 border-current border-t-transparent" />}
          {label}
        </p>
        <p className="font-mono text-sm tabular-nums" data-testid="recorder-elapsed">
          <span className="sr-only">{t('recordings.elapsed_label')} </span>
          {elapsed}
        </p>
        <Button variant="secondary" onClick={onStop} disabled={state !== 'recording'} className="ml-auto" data-testid="recorder-stop">
          <span aria-hidden="true" className="size-3 rounded-sm bg-current" />
          {t('recordings.stop')}
        </Button>
      </div>
    </section>
  );
}

/** Record, then the running recording's panel; toasts for failures and for "saved". */
export function RecordButton({ eventId, room, callId, stream, onSaved }: RecordButtonProps) {
  const { t } = useTranslation();
  const [asking, setAsking] = useState(false);
  const [handle, setHandle] = useState<RecordingHandle | null>(null);
  const [own, setOwn] = useState<MediaStream | null>(null);
  const state = useRecorderState(handle);
  const stopAsked = useRef(false);
  const saved = useRef(onSaved);
  saved.current = onSaved;
  const live = useRef<{ handle: RecordingHandle | null; own: MediaStream | null }>({ handle: null, own: null });
  live.current = { handle, own };

  // Leaving the page stops the recording (it keeps what was sent) and gives the camera back.
  useEffect(
    () => () => {
      void live.current.handle?.stop().catch(() => undefined);
      closeStream(live.current.own);
    },
    [],
  );

  useEffect(() => {
    if (!handle || !state) return;
    if (state !== 'recording') {
      closeStream(own);
      setOwn(null);
    }
    if (state === 'processing') toast.success(t('recordings.saved'));
    if (state === 'saved') {
      saved.current?.(handle.recording());
      setHandle(null);
    }
    if (state === 'failed') {
      toast.error(t(stopAsked.current ? 'recordings.stop_failed' : 'recordings.failed'), { description: recordingErrorText(t, handle.problem()) });
      setHandle(null);
    }
  }, [handle, state, own, t]);

  const start = async (name: string, source: RecordSource): Promise<string | null> => {
    let input = stream?.() ?? null;
    let opened: MediaStream | null = null;
    if (!input) {
      try {
        opened = await openSource(source);
        input = opened;
      } catch (error) {
        const text = mediaErrorText(t, error, source);
        toast.error(t('recordings.start_failed'), { description: text });
        return text;
      }
    }
    try {
      const started = await startRecording({ eventId, room, name, stream: input, callId: callId ?? null });
      stopAsked.current = false;
      setOwn(opened);
      setHandle(started);
      setAsking(false);
      return null;
    } catch (error) {
      closeStream(opened);
      const text = recordingErrorText(t, error);
      toast.error(t('recordings.start_failed'), { description: text });
      return text;
    }
  };

  // A failed stop ends in the 'failed' state, whose toast says the stop failed.
  const stop = () => {
    stopAsked.current = true;
    void handle?.stop().catch(() => undefined);
  };

  if (handle) return <RecordingPanel handle={handle} preview={own} onStop={stop} />;
  return (
    <>
      <Button variant="secondary" onClick={() => setAsking(true)} data-testid="record-button">
        <span aria-hidden="true" className="size-3 rounded-full bg-red-600" />
        {t('recordings.record')}
      </Button>
      {asking ? <StartDialog ownSource={!stream} onStart={start} onClose={() => setAsking(false)} /> : null}
    </>
  );
}
