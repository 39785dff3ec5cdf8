// Favorites and contacts answer the directory's member cards and the companies list's company
// cards; these adapt their rows to those presenters.
import type { CompanyCard, Language, MemberCard } from '@lobby/contract';
import type { Db } from '../../db/client.ts';
import type { companies, eventMembers, users } from '../../db/schema/index.ts';
import { fileUrls } from '../../files/urls.ts';
import { presentCard as presentCompanyCard } from '../companies/present.ts';
import { loadDictionaries } from '../dictionaries/service.ts';
import { presentCard } from '../members/present-card.ts';

export interface MemberCardRow {
  member: typeof eventMembers.$inferSelect;
  user: typeof users.$inferSelect;
  company: { id: number; name: string; logoKey: string | null } | null;
  features: string[] | null;
}

export function presentMemberCard(secret: string, { member, user, company, features }: MemberCardRow, isFavorite: boolean): MemberCard {
  return presentCard(
    {
      id: member.id,
      eventId: member.eventId,
      roleIds: member.roleIds,
      isOrganizer: member.isOrganizer,
      lastSeenAt: member.lastSeenAt,
      userId: user.id,
      firstName: user.firstName,
      lastName: user.lastName,
      job: user.job,
      avatarKey: user.avatarKey,
      avatarThumbKey: user.avatarThumbKey,
      region: user.region,
      companyId: company?.id ?? null,
      companyName: company?.name ?? null,
      companyLogo: company?.logoKey ?? null,
      highlight: (features ?? []).includes('highlight'),
      isFavorite,
    },
    fileUrls(secret),
  );
}

export interface CompanyCardRow {
  company: typeof companies.$inferSelect;
  sponsorType: number | null;
  membersCount: number;
}

export async function presentCompanyCards(db: Db, secret: string, eventId: number, language: Language, rows: CompanyCardRow[], isFavorite: boolean): Promise<CompanyCard[]> {
  if (rows.length === 0) return [];
  const presenter = { dictionaries: await loadDictionaries(db, eventId), language, files: fileUrls(secret) };
  return rows.map(({ company, sponsorType, membersCount }) => presentCompanyCard(company, { sponsorType, membersCount: Number(membersCount), isFavorite }, presenter));
}
