import { PAGE_VIDEO_SOURCES, VIDEO_SOURCE_LABELS } from '@lobby/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../ui/Button.tsx';
import { RecordingsModal } from './RecordingsModal.tsx';
import type { WidgetProps } from './types.ts';
import { acceptVideo, type PageVideoSource, type VideoValue } from './widget-rules.ts';
import { controlClass, describedBy, WidgetField } from './WidgetField.tsx';

const sourceOf = (value: VideoValue | undefined): PageVideoSource => value?.source ?? 'youtube';

/**
 * A page video: its source (YouTube, Gcore, Google Drive, WN Meet) and its link; the id comes from
 * the link. A link the source does not read shows the spec's message and is not sent; a blank link
 * clears the video. For WN Meet, 'Choose a recording' opens the room's recordings.
 */
export function VideoWidget({ id, label, value, onChange, context }: WidgetProps<VideoValue>) {
  const { t } = useTranslation();
  const [source, setSource] = useState<PageVideoSource>(sourceOf(value));
  const [link, setLink] = useState(value?.videoUrl ?? '');
  const [shown, setShown] = useState(value);
  const [picking, setPicking] = useState(false);
  const [openings, setOpenings] = useState(0);
  // A value changed from outside (undo, a chosen recording) replaces what the fields say.
  if (value !== shown) {
    setShown(value);
    const current = acceptVideo(source, link);
    const same = current.ok && current.value?.videoUrl === value?.videoUrl && current.value?.source === value?.source;
    if (!same) {
      setSource(sourceOf(value));
      setLink(value?.videoUrl ?? '');
    }
  }
  const accepted = acceptVideo(source, link);
  const error = accepted.ok ? null : t('page_editor_widgets.video_invalid');
  const sourceId = `${id}-source`;

  const update = (nextSource: PageVideoSource, nextLink: string) => {
    setSource(nextSource);
    setLink(nextLink);
    const next = acceptVideo(nextSource, nextLink);
    if (!next.ok) return;
    const same = next.value?.source === value?.source && next.value?.videoId === value?.videoId && next.value?.videoUrl === value?.videoUrl;
    if (!same) onChange(next.value);
  };

  return (
    <WidgetField id={id} label={label} error={error} testId={`video-widget-${id}`}>
      <div className="flex flex-col gap-2 sm:flex-row">
        <div className="flex flex-col gap-1 sm:w-44">
          <label htmlFor={sourceId} className="text-xs font-semibold text-fg-muted">
            {t('page_editor_widgets.video_source')}
          </label>
          <select id={sourceId} value={source} onChange={(event) => update(event.target.value as PageVideoSource, link)} className={controlClass(false)} data-testid="video-source">
            {PAGE_VIDEO_SOURCES.map((item) => (
              <option key={item} value={item}>
                {VIDEO_SOURCE_LABELS[item]}
              </option>
            ))}
          </select>
        </div>
        <input
          id={id}
          type="url"
          inputMode="url"
          value={link}
          onChange={(event) => update(source, event.target.value)}
          placeholder="https://"
          spellCheck={false}
          autoComplete="off"
          maxLength={2000}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(id, error)}
          className={controlClass(error !== null, 'w-full sm:self-end')}
          data-testid="video-url"
        />
      </div>
      {source === 'jitsi' ? (
        <Button variant="secondary" className="self-start" onClick={() => {
            setOpenings((count) => count + 1);
            setPicking(true);
          }} data-testid="choose-recording">
          {t('page_editor_widgets.choose_recording')}
        </Button>
      ) : null}
      {picking ? (
        <RecordingsModal
          eventId={context.eventId}
          opening={openings}
          onClose={() => setPicking(false)}
          onChoose={(recording) => {
            // A recording is a WN Meet video: its link, and the link's last part as its id.
            setPicking(false);
            update('jitsi', recording);
          }}
        />
      ) : null}
    </WidgetField>
  );
}
