import { lectureState, meetingHost, normaliseVideoUrl, type AdminHall, type AdminLecture, type Hall, type Lecture, type LectureSpeaker, type Video } from '@lobby/contract';
import type { FileUrls } from '../../files/urls.ts';
import type { HallRow, LectureListRow, LectureRow, SpeakerCardRow } from './repo.ts';

/**
 * The player of a stored link, made again from the link with today's allowed hosts: only the fixed
 * https players reach a page, and a WN Meet host removed from JITSI_HOSTS stops playing.
 */
export const videoOf = (link: string | null, jitsiHosts: readonly string[]): Video | null => (link ? normaliseVideoUrl(link, jitsiHosts) : null);

/** A stored external meeting link, when it is an https address (the input checks it; older rows are not trusted blindly). */
export const externalUrlOf = (link: string | null): string | null => (meetingHost(link) ? link : null);

export function presentSpeaker(row: SpeakerCardRow, files: FileUrls): LectureSpeaker {
  return {
    member_id: row.memberId,
    user_id: row.userId,
    first_name: row.firstName,
    last_name: row.lastName,
    job: row.job,
    company_name: row.companyName,
    avatar_url: files.url(row.avatarThumbKey ?? row.avatarKey),
  };
}

export function presentHall(row: HallRow, canWatch: boolean, jitsiHosts: readonly string[]): Hall {
  return { id: row.id, name: row.name, sort: row.sort, stream: canWatch ? videoOf(row.streamUrl, jitsiHosts) : null };
}

export const presentAdminHall = (row: HallRow, lectures: number, jitsiHosts: readonly string[]): AdminHall => ({ ...presentHall(row, true, jitsiHosts), stream_url: row.streamUrl, lectures });

export function presentLecture(item: LectureListRow, speakers: SpeakerCardRow[], files: FileUrls, now: Date): Lecture {
  const row = item.lecture;
  return {
    id: row.id,
    event_id: row.eventId,
    hall_id: row.hallId,
    section_id: row.sectionId,
    title: row.title,
    starts_at: row.startsAt.toISOString(),
    ends_at: row.endsAt.toISOString(),
    categories: row.categories,
    language: row.language,
    speakers: speakers.map((speaker) => presentSpeaker(speaker, files)),
    preview_url: files.url(row.previewKey),
    source: row.videoSource ?? null,
    state: lectureState(now, row.startsAt, row.endsAt),
    is_favorite: item.isFavorite,
    attendees: item.attendees,
  };
}

export function presentAdminLecture(item: LectureListRow, speakers: SpeakerCardRow[], files: FileUrls, now: Date, jitsiHosts: readonly string[]): AdminLecture {
  const row: LectureRow = item.lecture;
  return { ...presentLecture(item, speakers, files, now), description: row.description, materials: row.materials, video_url: row.videoUrl, video: videoOf(row.videoUrl, jitsiHosts), external_url: externalUrlOf(row.externalUrl) };
}
