import { effectiveStatus, type Call, type CallPerson } from '@lobby/contract';
import type { FileUrls } from '../../files/urls.ts';
import type { PersonRow } from '../chat/repo.ts';
import type { CallAbilities } from './policy.ts';
import type { CallRow } from './repo.ts';

export function presentPerson(id: number, people: ReadonlyMap<number, PersonRow>, files: FileUrls): CallPerson {
  const person = people.get(id);
  if (!person) return { id, name: '', avatar_url: null };
  return { id, name: `${person.firstName} ${person.lastName}`.trim(), avatar_url: files.url(person.avatarThumbKey ?? person.avatarKey) };
}

export function presentCall(row: CallRow, seated: readonly number[], people: ReadonlyMap<number, PersonRow>, files: FileUrls, abilities: CallAbilities, now = Date.now()): Call {
  return {
    id: row.id,
    event_id: row.eventId,
    kind: row.kind,
    status: effectiveStatus(row.status, row.kind, row.createdAt.getTime(), now),
    channel_id: row.channelId,
    meeting_id: row.meetingId,
    created_by: presentPerson(row.createdBy, people, files),
    callee: row.kind === 'direct' && row.calleeId !== null ? presentPerson(row.calleeId, people, files) : null,
    max_people: row.maxPeople,
    participants: seated.map((id) => presentPerson(id, people, files)),
    created_at: row.createdAt.toISOString(),
    ended_at: row.endedAt?.toISOString() ?? null,
    abilities,
  };
}
