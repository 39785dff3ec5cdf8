import { missingProfileFields, MemberRole, publicRoleIds, type Me, type RequiredField, SECTION_NAMES, sectionAccess, type EventMember, type Language, type Section, type SectionAccess, type TicketKind, type TicketType } from '@lobby/contract';
import { upgradeOffer, type EventAccess, type MemberRow, type TicketTypeRow } from '../../access/access.ts';

export function presentTicketType(row: TicketTypeRow): TicketType {
  return {
    id: row.id,
    event_id: row.eventId,
    code: row.code,
    name: row.name,
    kind: row.kind,
    features: row.features as TicketType['features'],
    quota: row.quota,
    issued: row.issued,
    self_service: row.selfService,
    upgrade_url: row.upgradeUrl,
    meeting_quota: row.meetingQuota,
    sort: row.sort,
  };
}

/** The highest role counts as the member's role_id (Developer 9 ... Member 1). */
const primaryRole = (roleIds: number[]): number => {
  const shown = publicRoleIds(roleIds);
  return shown.length > 0 ? Math.max(...shown) : MemberRole.Member;
};

/** The event's completeness rule applied to the person (product.md section 5). */
export const profileMissing = (me: Me, event: { requiredFields: RequiredField[]; config: { audience?: 'b2b' | 'b2c' | undefined } }) =>
  missingProfileFields({ ...me, avatar_url: me.avatar_url }, event.requiredFields, event.config.audience ?? 'b2b');

export function presentMember(
  member: MemberRow,
  access: EventAccess,
  types: TicketTypeRow[],
  event: { isOnsite: boolean; requiredFields: RequiredField[]; config: { audience?: 'b2b' | 'b2c' | undefined } },
  me: Me,
): EventMember {
  const ticketType = access.ticketType;
  const offer = upgradeOffer(types, ticketType);
  const sections = Object.fromEntries(
    SECTION_NAMES.map((section) => [
      section,
      sectionAccess(section, { signedIn: true, isMember: true, ticketKind: (ticketType?.kind as TicketKind | undefined) ?? null, permissions: access.permissions, upgradeGrants: offer?.grants ?? null }),
    ]),
  ) as Record<Section, SectionAccess>;
  const language = member.language === 'ru' || member.language === 'en' || member.language === 'zh' ? (member.language as Language) : null;
  return {
    id: member.id,
    event_id: member.eventId,
    user_id: member.userId,
    ticket_type: ticketType ? presentTicketType(ticketType) : null,
    ticket: ticketType ? { id: ticketType.id, event_id: ticketType.eventId, features: ticketType.features } : null,
    role_id: primaryRole(member.roleIds),
    role_ids: member.roleIds,
    employee_roles: access.companyRoles,
    is_organizer: member.isOrganizer,
    can_chat: access.can('chat.send'),
    can_meeting: access.can('meetings.request'),
    can_offline_meeting: event.isOnsite && access.can('meetings.offline'),
    can_vote: access.can('voting.vote') || access.can('voting.jury'),
    can_upgrade: offer !== null,
    is_sponsor: member.roleIds.includes(MemberRole.Sponsor),
    // Partners are companies with sponsor type 9; company sponsorship arrives with the companies area.
    is_partner: false,
    is_speaker: member.roleIds.includes(MemberRole.Speaker),
    is_business: ticketType?.kind === 'business',
    settings: member.settings,
    language,
    abilities: [...access.permissions].sort(),
    sections,
    upgrade: offer ? { ticket_type_id: offer.type.id, name: offer.type.name, upgrade_url: offer.type.upgradeUrl } : null,
    user: me,
    profile_missing: profileMissing(me, event),
  };
}
