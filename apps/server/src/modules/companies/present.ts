// How companies read in the API: dictionary labels in the request language, signed file addresses, never the e-mail.
import { countryName, PUBLISHER_GENRES, type Company, type CompanyCard, type CompanyPerson, type Language, type PublisherGenre } from '@lobby/contract';
import type { users } from '../../db/schema/index.ts';
import type { FileUrls } from '../../files/urls.ts';
import { labelsOf, type DictionarySet } from '../dictionaries/service.ts';
import { normaliseRoles } from './policy.ts';
import type { CompanyRow, listCompanyMedia } from './repo.ts';

export interface Presenter {
  dictionaries: DictionarySet;
  language: Language;
  files: FileUrls;
}

export interface CardFacts {
  sponsorType: number | null;
  membersCount: number;
  isFavorite: boolean;
}

export function presentCard(company: CompanyRow, facts: CardFacts, p: Presenter): CompanyCard {
  return {
    id: company.id,
    name: company.name,
    logo_url: p.files.url(company.logoKey),
    logo_thumb_url: p.files.url(company.logoThumbKey ?? company.logoKey),
    sponsor_type: facts.sponsorType,
    business: labelsOf(p.dictionaries, 'company.business', p.language, company.business),
    tags: labelsOf(p.dictionaries, 'company.tag', p.language, company.tags),
    size: company.size === null ? null : (labelsOf(p.dictionaries, 'company.size', p.language, [company.size])[0] ?? null),
    geo: company.geo,
    country: countryName(company.geo, p.language),
    has_chat: company.hasChat,
    is_favorite: facts.isFavorite,
    members_count: facts.membersCount,
  };
}

type UserRow = typeof users.$inferSelect;

export const presentPerson = (user: UserRow, roles: readonly string[], memberId: number | null, files: FileUrls): CompanyPerson => ({
  user_id: user.id,
  member_id: memberId,
  first_name: user.firstName,
  last_name: user.lastName,
  job: user.job,
  avatar_url: files.url(user.avatarThumbKey ?? user.avatarKey),
  roles: normaliseRoles(roles),
});

type MediaRow = Awaited<ReturnType<typeof listCompanyMedia>>[number];

export interface CompanyFacts extends CardFacts {
  media: MediaRow[];
  people: CompanyPerson[];
  abilities: Company['abilities'];
  wnManager: { id: number; name: string } | null;
}

export function presentCompany(company: CompanyRow, facts: CompanyFacts, p: Presenter): Company {
  return {
    ...presentCard(company, facts, p),
    site: company.site,
    description: company.description,
    cover_url: p.files.url(company.coverKey),
    media: facts.media.map((m) => ({
      id: m.id,
      category: m.category,
      url: p.files.url(m.storageKey ?? m.url) ?? m.url,
      thumb_url: p.files.url(m.thumbStorageKey ?? m.thumbUrl),
      mime_type: m.mimeType,
    })),
    primary_business: company.primaryBusiness === null ? null : (labelsOf(p.dictionaries, 'company.business', p.language, [company.primaryBusiness])[0] ?? null),
    location: company.location,
    publisher_looking_for: labelsOf(p.dictionaries, 'publisher.looking_for', p.language, company.publisherLookingFor),
    publisher_genres: company.publisherGenres.filter((genre): genre is PublisherGenre => (PUBLISHER_GENRES as readonly string[]).includes(genre)),
    wn_manager: facts.wnManager,
    members: facts.people,
    abilities: facts.abilities,
  };
}
