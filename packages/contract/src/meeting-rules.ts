// Pure meeting rules (product.md section 4: meeting states, views, time slots). No zod, no I/O:
// the server and the web app both decide with these.

export const MEETING_STATUSES = ['invited', 'accepted', 'rejected', 'canceled'] as const;
export type MeetingStatus = (typeof MEETING_STATUSES)[number];

/**
 * The five views of the spec plus cancelled ones, with the numbers the meetings list route carries
 * (`/meetings/list/{id}?status=N`; the spec leaves the values out, docs/decisions.md).
 */
export const MeetingView = {
  waiting_for_me: 1,
  waiting_for_other: 2,
  accepted: 3,
  declined_by_me: 4,
  declined_by_other: 5,
  canceled: 6,
} as const;
export type MeetingViewName = keyof typeof MeetingView;
export const MEETING_VIEWS = Object.keys(MeetingView) as MeetingViewName[];

/** The state of a meeting that the rules need, seen by one of its two participants. */
export interface MeetingFacts {
  status: MeetingStatus;
  organizerId: number;
  inviteeId: number;
  /** Who has to answer the current proposal (the invitee first, the other side after a reschedule). */
  awaitingId: number | null;
  /** Who declined or cancelled. */
  closedById: number | null;
}

export function meetingView(meeting: MeetingFacts, me: number): MeetingViewName {
  switch (meeting.status) {
    case 'invited':
      return meeting.awaitingId === me ? 'waiting_for_me' : 'waiting_for_other';
    case 'accepted':
      return 'accepted';
    case 'rejected':
      return meeting.closedById === me ? 'declined_by_me' : 'declined_by_other';
    case 'canceled':
      return 'canceled';
  }
}

export type MeetingAction = 'accept' | 'decline' | 'reschedule' | 'cancel';

/**
 * What a participant may do now. Only a pending request moves: the one who must answer accepts or
 * declines, either side proposes another time or place, either side withdraws. An accepted or
 * declined meeting cannot change again; an accepted one can still be called off (docs/decisions.md).
 */
export function meetingActions(meeting: MeetingFacts, me: number): MeetingAction[] {
  if (me !== meeting.organizerId && me !== meeting.inviteeId) return [];
  if (meeting.status === 'invited') return meeting.awaitingId === me ? ['accept', 'decline', 'reschedule', 'cancel'] : ['reschedule', 'cancel'];
  if (meeting.status === 'accepted') return ['cancel'];
  return [];
}

/** The other participant. */
export const otherParticipant = (meeting: Pick<MeetingFacts, 'organizerId' | 'inviteeId'>, me: number): number => (meeting.organizerId === me ? meeting.inviteeId : meeting.organizerId);

/** Meeting days of an event: a date in the event's timezone and the hours meetings run that day. */
export interface MeetingDay {
  /** YYYY-MM-DD */
  date: string;
  /** HH:mm */
  start: string;
  /** HH:mm, after start */
  end: string;
}

export interface SlotRange {
  starts_at: string;
  ends_at: string;
}

const parts = (date: string, time: string) => {
  const [y, m, d] = date.split('-').map(Number);
  const [hh, mm] = time.split(':').map(Number);
  return { y: y ?? 0, m: m ?? 1, d: d ?? 1, hh: hh ?? 0, mm: mm ?? 0 };
};

/** Offset of `zone` from UTC at the instant `utcMs`, in minutes (Intl knows every IANA zone). */
export function zoneOffsetMinutes(zone: string, utcMs: number): number {
  const fmt = new Intl.DateTimeFormat('en-US', { timeZone: zone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit' });
  const values = new Map<string, string>(fmt.formatToParts(new Date(utcMs)).map((p) => [p.type, p.value]));
  const num = (key: string) => Number(values.get(key));
  const asUtc = Date.UTC(num('year'), num('month') - 1, num('day'), num('hour') % 24, num('minute'), num('second'));
  return Math.round((asUtc - Math.floor(utcMs / 1000) * 1000) / 60_000);
}

/** The UTC instant of a wall-clock time in a zone (two passes settle daylight-saving edges). */
export function zonedToUtc(date: string, time: string, zone: string): Date {
  const p = parts(date, time);
  const naive = Date.UTC(p.y, p.m - 1, p.d, p.hh, p.mm);
  let utc = naive - zoneOffsetMinutes(zone, naive) * 60_000;
  utc = naive - zoneOffsetMinutes(zone, utc) * 60_000;
  return new Date(utc);
}

/** Every slot of the schedule, in time order, as UTC instants. */
export function meetingSlots(days: readonly MeetingDay[], slotMinutes: number, zone: string): SlotRange[] {
  const slots: SlotRange[] = [];
  if (slotMinutes < 5) return slots;
  for (const day of [...days].sort((a, b) => a.date.localeCompare(b.date))) {
    const start = zonedToUtc(day.date, day.start, zone).getTime();
    const end = zonedToUtc(day.date, day.end, zone).getTime();
    for (let at = start; at + slotMinutes * 60_000 <= end; at += slotMinutes * 60_000) {
      slots.push({ starts_at: new Date(at).toISOString(), ends_at: new Date(at + slotMinutes * 60_000).toISOString() });
    }
  }
  return slots;
}

/** The slot that starts at `startsAt`, if the schedule has one. */
export const findSlot = (slots: readonly SlotRange[], startsAt: string): SlotRange | undefined => {
  const at = Date.parse(startsAt);
  return slots.find((slot) => Date.parse(slot.starts_at) === at);
};

/** The schedule's slot nearest to a wanted instant that is still ahead of `now` (the "nearest is chosen" notice). */
export function nearestSlot(slots: readonly SlotRange[], wantedMs: number, nowMs: number, isFree: (slot: SlotRange) => boolean = () => true): SlotRange | undefined {
  let best: SlotRange | undefined;
  let bestDistance = Infinity;
  for (const slot of slots) {
    const at = Date.parse(slot.starts_at);
    if (at <= nowMs || !isFree(slot)) continue;
    const distance = Math.abs(at - wantedMs);
    if (distance < bestDistance) {
      best = slot;
      bestDistance = distance;
    }
  }
  return best;
}

/** Minutes before the start at which the reminder goes out (contract.md section 9). */
export const MEETING_REMINDER_MINUTES = 10;
/** Meetings a `limited_meetings` ticket may have pending or accepted as their requester, unless the ticket type says otherwise. */
export const DEFAULT_MEETING_QUOTA = 10;
export const MEETING_AGENDA_MAX = 1000;
export const MEETING_REASON_MAX = 500;
