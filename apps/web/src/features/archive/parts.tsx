import { VIDEO_SOURCE_LABELS, type ArchiveVideo } from '@lobby/contract';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../ui/Badge.tsx';

export const speakerNames = (video: Pick<ArchiveVideo, 'speakers'>): string => video.speakers.map((s) => `${s.first_name} ${s.last_name}`.trim()).join(', ');

/** What the viewer gets, as a small badge on a card: nothing for a video that plays. */
export function PlayBadge({ play }: { play: ArchiveVideo['play'] }) {
  const { t } = useTranslation();
  if (play === 'play') return null;
  return <Badge tone={play === 'closed' ? 'neutral' : 'warning'}>{t(`archive.play_${play}`)}</Badge>;
}

/** Source, category, duration and tags of a video. */
export function VideoFacts({ video, categoryLabel }: { video: ArchiveVideo; categoryLabel: string | undefined }) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-wrap items-center gap-1.5 text-xs">
      <Badge tone="brand">{VIDEO_SOURCE_LABELS[video.video_source]}</Badge>
      {categoryLabel ? <Badge>{categoryLabel}</Badge> : null}
      {video.duration > 0 ? <Badge>{t('archive.minutes', { count: video.duration })}</Badge> : null}
      {video.tags.map((tag) => (
        <Badge key={tag}>#{tag}</Badge>
      ))}
    </div>
  );
}
