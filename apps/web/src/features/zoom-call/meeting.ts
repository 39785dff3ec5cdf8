import { meetingHost, type ExternalMeeting, type LectureDetail } from '@lobby/contract';

/** The lecture id of zoom-call?lecture={id}: a positive 32-bit integer, else none was asked for; 'bad' for anything else. */
export function lectureIdOf(raw: string | null): number | null | 'bad' {
  if (raw === null || raw === '') return null;
  return /^[1-9]\d{0,9}$/.test(raw) && Number(raw) <= 2_147_483_647 ? Number(raw) : 'bad';
}

export interface MeetingChoice {
  url: string;
  host: string;
  /** Whose link it is: the lecture's own, or the event's. */
  from: 'lecture' | 'event';
}

/** The lecture's own meeting first, else the event's; only an https link is ever offered. */
export function chooseMeeting(lecture: Pick<LectureDetail, 'external_url'> | null, event: ExternalMeeting | null): MeetingChoice | null {
  const own = meetingHost(lecture?.external_url);
  if (own && lecture?.external_url) return { url: lecture.external_url, host: own, from: 'lecture' };
  const shared = meetingHost(event?.url);
  if (shared && event?.url) return { url: event.url, host: shared, from: 'event' };
  return null;
}
