import { MemberRole, type TicketFeature } from './constants.ts';

/** Named permissions (DESIGN section 4). Responses carry the ones a person holds as `abilities`. */
export const PERMISSIONS = [
  'event.view',
  'event.manage',
  'event.create',
  /** Sets the event's analytics tags, which run scripts on its pages: staff, or people staff trust. */
  'event.analytics',
  'members.view',
  'chat.send',
  'chat.moderate',
  'meetings.request',
  'meetings.offline',
  'calls.video',
  /** Records group calls and streams into the event's room (organisers, course admins and teachers). */
  'calls.record',
  'lectures.watch',
  'voting.vote',
  'voting.jury',
  'profile.highlight',
  'volunteer.badges',
  'academy.view',
  'academy.admin.view',
  'academy.lesson.edit',
  'academy.homework.review',
  'company.edit',
  'company.chat',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

export const TICKET_KINDS = ['general', 'standard', 'business', 'service_provider', 'staff'] as const;
export type TicketKind = (typeof TICKET_KINDS)[number];

/** What a ticket feature grants (product.md section 6: features gate chats, meetings, calls, ...). */
const FEATURE_GRANTS: Record<TicketFeature, Permission[]> = {
  limited_chats: ['chat.send', 'members.view'],
  unlimited_chats: ['chat.send', 'members.view'],
  limited_meetings: ['meetings.request', 'members.view'],
  unlimited_meetings: ['meetings.request', 'members.view'],
  limited_video_call: ['calls.video'],
  unlimited_video_call: ['calls.video'],
  highlight: ['profile.highlight'],
  game_poll: ['voting.vote'],
  jury: ['voting.jury'],
  watch_lecture: ['lectures.watch'],
  offline: ['meetings.offline'],
};

/** What a member role grants, on top of the ticket. */
const ROLE_GRANTS: Record<number, Permission[]> = {
  [MemberRole.Member]: [],
  [MemberRole.Moderator]: ['chat.moderate', 'members.view', 'chat.send'],
  [MemberRole.Helper]: ['volunteer.badges'],
  [MemberRole.CourseAdmin]: ['academy.view', 'academy.admin.view', 'academy.lesson.edit', 'academy.homework.review', 'calls.record'],
  [MemberRole.CourseTeacher]: ['academy.view', 'academy.admin.view', 'academy.homework.review', 'calls.record'],
  [MemberRole.CourseStudent]: ['academy.view'],
  [MemberRole.Sponsor]: ['members.view', 'profile.highlight'],
  [MemberRole.Speaker]: ['members.view', 'chat.send'],
  [MemberRole.Developer]: ['members.view', 'chat.send', 'lectures.watch'],
  [MemberRole.AnalyticsManager]: ['event.analytics'],
};

const COMPANY_GRANTS: Record<string, Permission[]> = { chat: ['company.chat'], admin: ['company.edit', 'company.chat'] };

/**
 * Everything inside an event except running it. Analytics is left out: a tag container runs any
 * script on every page, so organisers get it only through the staff-given role.
 */
const EVENT_WIDE = PERMISSIONS.filter((p) => p !== 'event.create' && p !== 'event.manage' && p !== 'event.analytics');

export interface GrantInput {
  isStaff: boolean;
  /** May create events. */
  isPlatformOrganizer: boolean;
  member: { isOrganizer: boolean; roleIds: readonly number[]; features: readonly string[]; ticketKind: TicketKind | null } | null;
  companyRoles: readonly string[];
}

/** The one rule: grants from platform staff, organisers, roles, ticket features and company roles. */
export function resolvePermissions(input: GrantInput): Set<Permission> {
  if (input.isStaff) return new Set(PERMISSIONS);
  const granted = new Set<Permission>();
  if (input.isPlatformOrganizer) granted.add('event.create');
  for (const role of input.companyRoles) for (const p of COMPANY_GRANTS[role] ?? []) granted.add(p);
  const member = input.member;
  if (!member) return granted;
  granted.add('event.view');
  if (member.isOrganizer) {
    granted.add('event.manage');
    for (const p of EVENT_WIDE) granted.add(p);
  }
  for (const role of member.roleIds) for (const p of ROLE_GRANTS[role] ?? []) granted.add(p);
  for (const feature of member.features) for (const p of FEATURE_GRANTS[feature as TicketFeature] ?? []) granted.add(p);
  return granted;
}

/**
 * Sections of an event gated by tickets. `forbiddenOnGeneral` sections are closed to the general
 * ticket type and in general mode without an event (product.md section 2).
 */
export const SECTIONS = {
  members: { requires: ['members.view'], forbiddenOnGeneral: true },
  meetings: { requires: ['meetings.request'], forbiddenOnGeneral: false },
  chats: { requires: ['chat.send'], forbiddenOnGeneral: false },
  lectures: { requires: ['lectures.watch'], forbiddenOnGeneral: true },
  program: { requires: [], forbiddenOnGeneral: true },
  /** voting/{id?}: jury voting (showcase voting by attendees is on the showcase pages). */
  voting: { requires: ['voting.jury'], forbiddenOnGeneral: true },
  publishers: { requires: [], forbiddenOnGeneral: true },
  media: { requires: [], forbiddenOnGeneral: true },
  /** stub/{id?}, frame/{id?}, partyspace: the organisers' own pages (issue 14). */
  pages: { requires: [], forbiddenOnGeneral: true },
  academy: { requires: ['academy.view'], forbiddenOnGeneral: false },
  /** academy-admin/*: teachers and course admins (and the event's organisers). */
  academy_admin: { requires: ['academy.admin.view'], forbiddenOnGeneral: false },
  /** volunteer/badges: the badge desk (Helpers, role 3; organisers and staff). */
  volunteer: { requires: ['volunteer.badges'], forbiddenOnGeneral: false },
} as const satisfies Record<string, { requires: readonly Permission[]; forbiddenOnGeneral: boolean }>;
export type Section = keyof typeof SECTIONS;
export const SECTION_NAMES = Object.keys(SECTIONS) as Section[];

/** ok; sign_in (guest); not_member; upgrade (a business pass would open it); unavailable (no ticket does). */
export type SectionAccess = 'ok' | 'sign_in' | 'not_member' | 'upgrade' | 'unavailable';

export function sectionAccess(
  section: Section,
  who: { signedIn: boolean; isMember: boolean; ticketKind: TicketKind | null; permissions: ReadonlySet<Permission>; upgradeGrants: ReadonlySet<Permission> | null },
): SectionAccess {
  if (!who.signedIn) return 'sign_in';
  const rule = SECTIONS[section];
  const allows = (granted: ReadonlySet<Permission>) => rule.requires.length === 0 || rule.requires.some((p) => granted.has(p));
  if (who.permissions.has('event.manage')) return 'ok';
  if (!who.isMember) return 'not_member';
  const blockedByGeneral = rule.forbiddenOnGeneral && who.ticketKind === 'general';
  if (!blockedByGeneral && allows(who.permissions)) return 'ok';
  return who.upgradeGrants && allows(who.upgradeGrants) ? 'upgrade' : 'unavailable';
}

/** The features of a ticket as grants, for "would the business pass open this?". */
export const grantsOfFeatures = (features: readonly string[]): Set<Permission> =>
  resolvePermissions({ isStaff: false, isPlatformOrganizer: false, member: { isOrganizer: false, roleIds: [], features, ticketKind: 'business' }, companyRoles: [] });
