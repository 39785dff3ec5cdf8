import { eventRoomName, type RoomVideo } from '@lobby/contract';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../../i18n/index.ts';
import { browserTimezone } from '../../../lib/format.ts';
import { Alert } from '../../../ui/Alert.tsx';
import { Button } from '../../../ui/Button.tsx';
import { Modal } from '../../../ui/Modal.tsx';
import { Spinner } from '../../../ui/Spinner.tsx';
import { useMe } from '../../auth/session.ts';
import { editorEventQuery, roomRecordingsQuery } from './queries.ts';
import { formatRecordingDate } from './widget-rules.ts';

export interface RecordingsModalProps {
  eventId: number;
  /** A number of its own for each opening (the opener counts them): a new opening reads the recordings again. */
  opening: number;
  onChoose: (link: string) => void;
  onClose: () => void;
}

/**
 * The WN Meet recordings picker (contract.md section 4): a modal that reads the event's room
 * recordings once per opening, with a loading state, 'no records' when there are none; each video
 * loads only once it is visible. Choosing one, or closing, closes it.
 */
export function RecordingsModal({ eventId, opening, onChoose, onClose }: RecordingsModalProps) {
  const { t } = useTranslation();
  return (
    <Modal title={t('page_editor_widgets.recordings_title')} onClose={onClose} size="xl" testId="recordings-modal">
      <RecordingsOfEvent eventId={eventId} opening={opening} onChoose={onChoose} />
    </Modal>
  );
}

/** Reads the event's room (its WN Meet room, or its slug when it names none), then that room's recordings. */
export function RecordingsOfEvent({ eventId, opening, onChoose }: { eventId: number; opening: number; onChoose: (link: string) => void }) {
  const { t } = useTranslation();
  const event = useQuery(editorEventQuery(eventId));
  const room = event.data ? eventRoomName(event.data.data) : null;
  const recordings = useQuery({ ...roomRecordingsQuery(eventId, room ?? '', opening), enabled: room !== null });

  if (event.isPending || (room !== null && recordings.isPending)) return <Spinner label={t('page_editor_widgets.recordings_loading')} className="self-center py-8" />;
  const failed = event.isError ? event : recordings.isError ? recordings : null;
  if (failed) {
    return (
      <div className="flex flex-col items-start gap-3">
        <Alert tone="error">{t('page_editor_widgets.recordings_failed')}</Alert>
        <Button variant="secondary" onClick={() => void failed.refetch()}>
          {t('page_editor_widgets.retry')}
        </Button>
      </div>
    );
  }
  return <RecordingList recordings={recordings.data?.data ?? []} onChoose={onChoose} />;
}

export function RecordingList({ recordings, onChoose }: { recordings: readonly RoomVideo[]; onChoose: (link: string) => void }) {
  const { t } = useTranslation();
  const timeZone = useMe()?.timezone ?? browserTimezone();
  const language = currentLanguage();
  if (recordings.length === 0) {
    return (
      <p className="rounded-2xl border border-dashed border-line px-6 py-10 text-center text-sm text-fg-muted" data-testid="recordings-empty">
        {t('page_editor_widgets.recordings_empty')}
      </p>
    );
  }
  return (
    <ul className="flex max-h-[65dvh] flex-col gap-4 overflow-y-auto" data-testid="recordings-list">
      {recordings.map((recording) => {
        const date = formatRecordingDate(recording.created_at, language, timeZone);
        return (
          <li key={recording.link} className="flex flex-col gap-2 rounded-2xl border border-line p-3" data-testid="recording">
            <p className="text-sm">
              <span className="font-semibold">{recording.name}</span> · {date}
            </p>
            <LazyVideo src={recording.link} poster={recording.preview} label={t('page_editor_widgets.recording_of', { date })} />
            <Button className="self-start" onClick={() => onChoose(recording.link)} aria-label={`${t('page_editor_widgets.use_recording')}: ${recording.name}, ${date}`}>
              {t('page_editor_widgets.use_recording')}
            </Button>
          </li>
        );
      })}
    </ul>
  );
}

/** A 16:9 video that gets its address (and its poster) only once it is visible: nothing is fetched for the ones scrolled away. */
export function LazyVideo({ src, label, poster }: { src: string; label: string; poster?: string | null }) {
  const video = useRef<HTMLVideoElement>(null);
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    const node = video.current;
    if (!node || visible) return undefined;
    if (typeof IntersectionObserver === 'undefined') {
      setVisible(true);
      return undefined;
    }
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) {
        setVisible(true);
        observer.disconnect();
      }
    });
    observer.observe(node);
    return () => observer.disconnect();
  }, [visible]);
  return (
    <video
      ref={video}
      src={visible ? src : undefined}
      poster={visible && poster ? poster : undefined}
      preload="none"
      controls
      aria-label={label}
      className="aspect-video w-full rounded-xl bg-black"
      data-testid="recording-video"
    />
  );
}
