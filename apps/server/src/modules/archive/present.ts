import { DEFAULT_JITSI_HOSTS, embedUrlOf, type AdminArchiveVideo, type ArchiveVideo, type PlayState, type VisibilityType } from '@lobby/contract';
import type { FileUrls } from '../../files/urls.ts';
import type { SpeakerRow, VideoWithEvent } from './repo.ts';

export interface ArchivePresenter {
  files: FileUrls;
  /** WN Meet hosts of the deployment; the first one plays stored jitsi rooms. */
  jitsiHosts: readonly string[];
  speakers: Map<number, SpeakerRow>;
}

export const presentSpeaker = (files: FileUrls, user: SpeakerRow) => ({
  user_id: user.id,
  first_name: user.firstName,
  last_name: user.lastName,
  avatar_url: files.url(user.avatarThumbKey ?? user.avatarKey),
});

/** The player address goes out only when the video plays for this reader. */
export function presentVideo({ video, event }: VideoWithEvent, play: PlayState, p: ArchivePresenter): ArchiveVideo {
  const speakers = video.speakerIds.flatMap((id) => {
    const user = p.speakers.get(id);
    return user ? [presentSpeaker(p.files, user)] : [];
  });
  return {
    id: video.id,
    title: video.title,
    description: video.description,
    date: video.date.toISOString(),
    event: { id: event.id, name: event.name },
    video_source: video.videoSource,
    video_id: video.videoId,
    video_url: play === 'play' ? embedUrlOf(video.videoSource, video.videoId, p.jitsiHosts[0] ?? DEFAULT_JITSI_HOSTS[0]) : null,
    speakerIds: [...video.speakerIds],
    speakers,
    category: video.category,
    tags: [...video.tags],
    visibility_type: video.visibilityType as VisibilityType,
    duration: video.duration,
    preview: p.files.url(video.previewKey),
    play,
  };
}

/** Organisers see every type with its player, and the link as it was pasted. */
export const presentAdminVideo = (row: VideoWithEvent, p: ArchivePresenter): AdminArchiveVideo => ({ ...presentVideo(row, 'play', p), link: row.video.link });
