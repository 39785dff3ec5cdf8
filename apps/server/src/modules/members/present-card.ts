import { MemberRole, publicRoleIds, REGIONS, type MemberCard } from '@lobby/contract';
import type { FileUrls } from '../../files/urls.ts';
import type { CardRow } from './directory-query.ts';

const asRegion = (value: string | null): MemberCard['user']['region'] => ((REGIONS as readonly string[]).includes(value ?? '') ? (value as MemberCard['user']['region']) : null);

export function presentCard(row: CardRow, files: FileUrls): MemberCard {
  return {
    id: row.id,
    user: {
      id: row.userId,
      first_name: row.firstName,
      last_name: row.lastName,
      job: row.job,
      avatar_url: files.url(row.avatarThumbKey ?? row.avatarKey),
      company: row.companyId !== null && row.companyName !== null ? { id: row.companyId, name: row.companyName, logo_url: files.url(row.companyLogo) } : null,
      region: asRegion(row.region),
    },
    // Whom staff trust with analytics is not for other attendees to see.
    role_ids: publicRoleIds(row.roleIds),
    is_speaker: row.roleIds.includes(MemberRole.Speaker),
    is_sponsor: row.roleIds.includes(MemberRole.Sponsor),
    is_organizer: row.isOrganizer,
    highlight: row.highlight,
    is_favorite: row.isFavorite,
    last_seen_at: new Date(row.lastSeenAt).toISOString(),
  };
}
