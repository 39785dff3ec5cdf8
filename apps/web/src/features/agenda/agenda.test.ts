import type { Lecture, Meeting, MeetingParticipant, Program } from '@lobby/contract';
import { describe, expect, it } from 'vitest';
import { buildAgenda, currentKey } from './agenda.ts';

const person = (over: Partial<MeetingParticipant>): MeetingParticipant => ({ member_id: 1, user_id: 1, first_name: 'Ada', last_name: 'Lovelace', job: null, avatar_url: null, company_name: 'Nebula Games', timezone: 'UTC', ...over });

function meeting(id: number, startsAt: string, over: Partial<Meeting> = {}): Meeting {
  const ends = new Date(Date.parse(startsAt) + 30 * 60_000).toISOString();
  return {
    id,
    event_id: 1,
    status: 'accepted',
    view: 'accepted',
    view_id: 3,
    is_invite: true,
    agenda: '',
    starts_at: startsAt,
    ends_at: ends,
    is_online: false,
    location: { id: 2, name: 'Table 4', is_online: false },
    organizer: person({ user_id: 10, first_name: 'Grace', last_name: 'Hopper', company_name: 'Compiler Co' }),
    invitee: person({ user_id: 11 }),
    awaiting_user_id: null,
    rescheduled: false,
    reason: null,
    closed_by_user_id: null,
    reminder_at: startsAt,
    created_at: startsAt,
    updated_at: startsAt,
    abilities: [],
    ...over,
  };
}

function lecture(id: number, startsAt: string, endsAt: string, over: Partial<Lecture> = {}): Lecture {
  return {
    id,
    event_id: 1,
    hall_id: 5,
    section_id: null,
    title: `Talk ${id}`,
    starts_at: startsAt,
    ends_at: endsAt,
    categories: [],
    language: 'en',
    speakers: [{ member_id: 3, user_id: 3, first_name: 'Linus', last_name: 'T', job: null, company_name: null, avatar_url: null }],
    preview_url: null,
    source: null,
    state: 'upcoming',
    is_favorite: true,
    attendees: 0,
    ...over,
  };
}

const program = (lectures: Lecture[]): Program => ({ timezone: 'UTC', now: '2026-11-24T08:00:00.000Z', halls: [{ id: 5, name: 'Main hall', sort: 1, stream: null }], languages: ['en'], lectures });

describe('the agenda', () => {
  it('puts accepted meetings and starred lectures in one list by start, grouped by the reader’s day', () => {
    const days = buildAgenda(
      [meeting(1, '2026-11-24T10:00:00.000Z'), meeting(2, '2026-11-24T23:30:00.000Z')],
      program([lecture(7, '2026-11-24T09:00:00.000Z', '2026-11-24T09:45:00.000Z'), lecture(8, '2026-11-24T11:00:00.000Z', '2026-11-24T12:00:00.000Z', { is_favorite: false })]),
      'Europe/Moscow',
    );
    expect(days.map((day) => [day.day, day.items.map((item) => item.key)])).toEqual([
      ['2026-11-24', ['lecture-7', 'meeting-1']],
      // 23:30 UTC is 02:30 the next day in Moscow.
      ['2026-11-25', ['meeting-2']],
    ]);
  });

  it('shows the other participant, the place and the ways back to the meeting and the lecture', () => {
    const [day] = buildAgenda([meeting(1, '2026-11-24T10:00:00.000Z')], program([lecture(7, '2026-11-24T09:00:00.000Z', '2026-11-24T09:45:00.000Z')]), 'UTC');
    expect(day?.items).toEqual([
      { kind: 'lecture', key: 'lecture-7', startsAt: '2026-11-24T09:00:00.000Z', endsAt: '2026-11-24T09:45:00.000Z', title: 'Talk 7', place: 'Main hall', speakers: 'Linus T', path: 'lectures/5/7' },
      { kind: 'meeting', key: 'meeting-1', startsAt: '2026-11-24T10:00:00.000Z', endsAt: '2026-11-24T10:30:00.000Z', with: 'Grace Hopper', company: 'Compiler Co', place: 'Table 4', online: false, path: 'meetings/list/1?status=3&isInvite=true' },
    ]);
    const [mine] = buildAgenda([meeting(2, '2026-11-24T10:00:00.000Z', { is_invite: false })], null, 'UTC');
    expect(mine?.items[0]).toMatchObject({ with: 'Ada Lovelace', company: 'Nebula Games', path: 'meetings/list/2?status=3&isInvite=false' });
  });

  it('leaves out meetings that are not accepted, and lectures of halls it does not know keep no place', () => {
    const days = buildAgenda(
      [meeting(1, '2026-11-24T10:00:00.000Z', { status: 'canceled' }), meeting(2, '2026-11-24T11:00:00.000Z', { status: 'invited' }), meeting(3, '2026-11-24T12:00:00.000Z', { status: 'rejected' })],
      program([lecture(7, '2026-11-24T09:00:00.000Z', '2026-11-24T09:45:00.000Z', { hall_id: 99 })]),
      'UTC',
    );
    expect(days.flatMap((day) => day.items.map((item) => [item.key, item.place]))).toEqual([['lecture-7', '']]);
  });

  it('is empty without meetings or stars', () => {
    expect(buildAgenda([], null, 'UTC')).toEqual([]);
    expect(buildAgenda([], program([lecture(7, '2026-11-24T09:00:00.000Z', '2026-11-24T09:45:00.000Z', { is_favorite: false })]), 'UTC')).toEqual([]);
  });

  it('finds what runs now, else what comes next', () => {
    const days = buildAgenda([meeting(1, '2026-11-24T10:00:00.000Z')], program([lecture(7, '2026-11-24T09:00:00.000Z', '2026-11-24T09:45:00.000Z')]), 'UTC');
    expect(currentKey(days, Date.parse('2026-11-24T09:10:00.000Z'))).toBe('lecture-7');
    expect(currentKey(days, Date.parse('2026-11-24T09:50:00.000Z'))).toBe('meeting-1');
    expect(currentKey(days, Date.parse('2026-11-24T11:00:00.000Z'))).toBeNull();
  });
});
