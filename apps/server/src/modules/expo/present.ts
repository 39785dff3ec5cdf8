// How publishers, booths, media partners, press kit items and deal suggestions read in the API.
import { PUBLISHER_GENRES, type Booth, type BoothPerson, type GameCard, type PressKitItem, type Publisher, type PublisherGenre, type Ref } from '@lobby/contract';
import type { pressKitItems } from '../../db/schema/index.ts';
import type { FileUrls } from '../../files/urls.ts';
import { summaryOf } from './policy.ts';
import type { HeadRow, PersonRow } from './repo.ts';

export type PressKitRow = typeof pressKitItems.$inferSelect;

export const presentHead = (row: HeadRow, files: FileUrls) => ({
  id: row.company.id,
  name: row.company.name,
  logo_url: files.url(row.company.logoThumbKey ?? row.company.logoKey),
  sponsor_type: row.sponsorType,
  summary: summaryOf(row.company.description),
  site: row.company.site,
  has_chat: row.company.hasChat,
});

export const presentPerson = (person: Pick<PersonRow, 'userId' | 'memberId' | 'firstName' | 'lastName' | 'job' | 'avatarKey' | 'avatarThumbKey'>, files: FileUrls): BoothPerson => ({
  member_id: person.memberId,
  user_id: person.userId,
  first_name: person.firstName,
  last_name: person.lastName,
  job: person.job,
  avatar_url: files.url(person.avatarThumbKey ?? person.avatarKey),
});

const genresOf = (stored: readonly string[]): PublisherGenre[] => stored.filter((genre): genre is PublisherGenre => (PUBLISHER_GENRES as readonly string[]).includes(genre));

export const presentPublisher = (row: HeadRow, facts: { lookingFor: Ref[]; contacts: BoothPerson[] }, files: FileUrls): Publisher => ({
  ...presentHead(row, files),
  looking_for: facts.lookingFor,
  genres: genresOf(row.company.publisherGenres),
  contacts: facts.contacts,
});

export const presentBooth = (row: HeadRow, facts: { games: GameCard[]; contacts: BoothPerson[] }, files: FileUrls): Booth => ({
  ...presentHead(row, files),
  location: row.location,
  games: facts.games,
  contacts: facts.contacts,
});

/** A file's address is the download call of its event (same origin, checked on every download). */
export const pressKitFileUrl = (eventId: number, itemId: number) => `/api/expo/${eventId}/press-kit/${itemId}/file`;

export const presentItem = (row: PressKitRow): PressKitItem => ({
  id: row.id,
  title: row.title,
  description: row.description,
  kind: row.kind,
  url: row.kind === 'file' ? pressKitFileUrl(row.eventId, row.id) : (row.url ?? ''),
  file_name: row.kind === 'file' ? row.fileName : null,
  file_size: row.kind === 'file' ? row.fileSize : null,
  content_type: row.kind === 'file' ? row.contentType : null,
  position: row.position,
  created_at: row.createdAt.toISOString(),
});
