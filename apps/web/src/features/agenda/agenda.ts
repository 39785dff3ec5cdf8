// A person's agenda in one event (issue 18): accepted meetings and starred lectures, by day in the
// reader's timezone. Pure, so the page reads the same offline from what the service worker kept.
import { dayIn, type Lecture, type Meeting, type Program } from '@lobby/contract';
import { lecturePath } from '../program/schedule.ts';
import { meetingListPath, otherSide } from '../meetings/format.ts';

export type AgendaItem =
  | { kind: 'meeting'; key: string; startsAt: string; endsAt: string; with: string; company: string | null; place: string; online: boolean; path: string }
  | { kind: 'lecture'; key: string; startsAt: string; endsAt: string; title: string; place: string; speakers: string; path: string };

export interface AgendaDay {
  /** YYYY-MM-DD in the reader's timezone. */
  day: string;
  items: AgendaItem[];
}

const fullName = (person: { first_name: string; last_name: string }) => `${person.first_name} ${person.last_name}`.trim();

function meetingItem(meeting: Meeting): AgendaItem {
  const other = otherSide(meeting);
  return {
    kind: 'meeting',
    key: `meeting-${meeting.id}`,
    startsAt: meeting.starts_at,
    endsAt: meeting.ends_at,
    with: fullName(other),
    company: other.company_name,
    place: meeting.location.name,
    online: meeting.is_online,
    path: meetingListPath(meeting),
  };
}

function lectureItem(lecture: Lecture, halls: ReadonlyMap<number, string>): AgendaItem {
  return {
    kind: 'lecture',
    key: `lecture-${lecture.id}`,
    startsAt: lecture.starts_at,
    endsAt: lecture.ends_at,
    title: lecture.title,
    place: halls.get(lecture.hall_id) ?? '',
    speakers: lecture.speakers.map(fullName).join(', '),
    path: lecturePath(lecture),
  };
}

const byTime = (a: AgendaItem, b: AgendaItem) => Date.parse(a.startsAt) - Date.parse(b.startsAt) || Date.parse(a.endsAt) - Date.parse(b.endsAt) || (a.key < b.key ? -1 : 1);

/**
 * The agenda: accepted meetings (never declined or cancelled ones, whatever the list holds) and the
 * program's starred lectures, ordered by start and grouped by the day they start on.
 */
export function buildAgenda(meetings: readonly Meeting[], program: Program | null, timeZone: string): AgendaDay[] {
  const halls = new Map((program?.halls ?? []).map((hall) => [hall.id, hall.name]));
  const items = [
    ...meetings.filter((meeting) => meeting.status === 'accepted').map(meetingItem),
    ...(program?.lectures ?? []).filter((lecture) => lecture.is_favorite).map((lecture) => lectureItem(lecture, halls)),
  ].sort(byTime);
  const days: AgendaDay[] = [];
  for (const item of items) {
    const day = dayIn(new Date(item.startsAt), timeZone);
    const last = days.at(-1);
    if (last?.day === day) last.items.push(item);
    else days.push({ day, items: [item] });
  }
  return days;
}

/** Where the reader is in the agenda: what runs now, or else what comes next (for the marker and the scroll). */
export function currentKey(days: readonly AgendaDay[], now: number): string | null {
  const items = days.flatMap((day) => day.items);
  const running = items.find((item) => Date.parse(item.startsAt) <= now && now < Date.parse(item.endsAt));
  return (running ?? items.find((item) => Date.parse(item.startsAt) > now))?.key ?? null;
}
