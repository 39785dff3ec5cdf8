// COMPACT PRESENTERS (favorites, contacts): the lead swaps these for the full MemberCard and
// CompanyCard presenters of the members directory and the companies list after merging.
import { countryName, MemberRole, publicRoleIds, REGIONS, type CompanyCard, type Language, type MemberCard, type Region } from '@lobby/contract';
import type { Db } from '../../db/client.ts';
import type { companies, eventMembers, users } from '../../db/schema/index.ts';
import { fileUrls } from '../../files/urls.ts';
import { labelsOf, loadDictionaries } from '../dictionaries/service.ts';

export interface MemberCardRow {
  member: typeof eventMembers.$inferSelect;
  user: typeof users.$inferSelect;
  company: { id: number; name: string; logoKey: string | null } | null;
  features: string[] | null;
}

const asRegion = (value: string | null): Region | null => ((REGIONS as readonly string[]).includes(value ?? '') ? (value as Region) : null);

export function presentMemberCard(secret: string, row: MemberCardRow, isFavorite: boolean): MemberCard {
  const urls = fileUrls(secret);
  const { member, user, company } = row;
  return {
    id: member.id,
    user: {
      id: user.id,
      first_name: user.firstName,
      last_name: user.lastName,
      job: user.job,
      avatar_url: urls.url(user.avatarThumbKey ?? user.avatarKey),
      company: company ? { id: company.id, name: company.name, logo_url: urls.url(company.logoKey) } : null,
      region: asRegion(user.region),
    },
    role_ids: publicRoleIds(member.roleIds),
    is_speaker: member.roleIds.includes(MemberRole.Speaker),
    is_sponsor: member.roleIds.includes(MemberRole.Sponsor),
    is_organizer: member.isOrganizer,
    highlight: (row.features ?? []).includes('highlight'),
    is_favorite: isFavorite,
    last_seen_at: member.lastSeenAt.toISOString(),
  };
}

export interface CompanyCardRow {
  company: typeof companies.$inferSelect;
  sponsorType: number | null;
  membersCount: number;
}

export async function presentCompanyCards(db: Db, secret: string, eventId: number, language: Language, rows: CompanyCardRow[], isFavorite: boolean): Promise<CompanyCard[]> {
  if (rows.length === 0) return [];
  const urls = fileUrls(secret);
  const dictionaries = await loadDictionaries(db, eventId);
  return rows.map(({ company, sponsorType, membersCount }) => ({
    id: company.id,
    name: company.name,
    logo_url: urls.url(company.logoKey),
    logo_thumb_url: urls.url(company.logoThumbKey),
    sponsor_type: sponsorType,
    business: labelsOf(dictionaries, 'company.business', language, company.business),
    tags: labelsOf(dictionaries, 'company.tag', language, company.tags),
    size: company.size === null ? null : (labelsOf(dictionaries, 'company.size', language, [company.size])[0] ?? null),
    geo: company.geo,
    country: countryName(company.geo, language),
    has_chat: company.hasChat,
    is_favorite: isFavorite,
    members_count: Number(membersCount),
  }));
}
