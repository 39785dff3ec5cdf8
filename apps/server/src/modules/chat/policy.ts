// Who may read and write in a chat channel (product.md section 6, contract.md section 6; the table
// in docs/authorization.md). Pure: the service gathers the facts, these rules decide.
import { CHAT_REVIEWER_TYPES, chatStartQuota, type ChatAccess, type ChatCustomType, type ChatEntityType, type Permission } from '@lobby/contract';

export interface ChannelShape {
  access: ChatAccess;
  entityType: ChatEntityType | null;
  /** The company (company, promo_company), the lesson; a promo channel without one is the academy's. */
  entityId: number | null;
  ownerId: number | null;
  pairLow: number | null;
  pairHigh: number | null;
  path: string | null;
}

export interface ChatViewer {
  userId: number;
  /** Grants in the channel's event. */
  permissions: ReadonlySet<Permission>;
  /** The viewer's roles in the channel's company (company and promo channels). */
  companyRoles: readonly string[];
  /** The viewer's ban in the channel's event, while it lasts. */
  banned: boolean;
}

const inEvent = (viewer: ChatViewer) => viewer.permissions.has('event.view') || viewer.permissions.has('event.manage');
const speaksForCompany = (viewer: ChatViewer) => viewer.companyRoles.includes('chat') || viewer.companyRoles.includes('admin');
const reviewsLessons = (viewer: ChatViewer) => viewer.permissions.has('academy.homework.review');
/** The academy's promo channel (a promo channel of no company): its students, teachers and course admins. */
export const isAcademyPromo = (channel: Pick<ChannelShape, 'entityType' | 'entityId'>) => channel.entityType === 'promo_company' && channel.entityId === null;

/** Whether the viewer is in the channel: may read it, mark it, download from it. */
export function canRead(channel: ChannelShape, viewer: ChatViewer): boolean {
  if (channel.access === 'notifications') return channel.ownerId === viewer.userId;
  switch (channel.entityType) {
    case 'company':
      return channel.ownerId === viewer.userId || speaksForCompany(viewer);
    case 'lesson':
      return channel.ownerId === viewer.userId || reviewsLessons(viewer);
    case 'promo_company':
      return isAcademyPromo(channel) ? viewer.permissions.has('academy.view') : inEvent(viewer);
    default:
      if (channel.path !== null) return inEvent(viewer);
      return channel.pairLow === viewer.userId || channel.pairHigh === viewer.userId;
  }
}

export type SendRefusal = 'read_only' | 'banned' | 'not_allowed';

/**
 * Why the viewer may not write here (null: they may), for a viewer who can read the channel.
 * Notices and promo channels are read-only (a company's employees cannot reply to its promo
 * messages; its admins and the organisers post them; the academy's, its course admins and the
 * organisers); a ban stops everyone but moderators.
 */
export function sendRefusal(channel: ChannelShape, viewer: ChatViewer): SendRefusal | null {
  if (channel.access === 'notifications') return 'read_only';
  const postsPromo = viewer.permissions.has('event.manage') || (isAcademyPromo(channel) ? viewer.permissions.has('academy.lesson.edit') : viewer.companyRoles.includes('admin'));
  if (channel.entityType === 'promo_company' && !postsPromo) return 'read_only';
  // A banned company admin may not post promo messages either.
  if (viewer.banned && !viewer.permissions.has('chat.moderate')) return 'banned';
  switch (channel.entityType) {
    case 'promo_company':
      return null;
    case 'company':
      if (channel.ownerId !== viewer.userId) return null;
      return viewer.permissions.has('chat.send') ? null : 'not_allowed';
    case 'lesson':
      if (channel.ownerId !== viewer.userId) return null;
      return viewer.permissions.has('academy.view') || viewer.permissions.has('chat.send') ? null : 'not_allowed';
    default:
      return viewer.permissions.has('chat.send') || viewer.permissions.has('event.manage') ? null : 'not_allowed';
  }
}

/** Whether a custom type may be sent here: homework types belong to lesson chats, verdicts to reviewers. */
export function customTypeAllowed(type: ChatCustomType, channel: ChannelShape, viewer: ChatViewer): boolean {
  if (type === 'homework' || CHAT_REVIEWER_TYPES.includes(type)) {
    if (channel.entityType !== 'lesson') return false;
    return CHAT_REVIEWER_TYPES.includes(type) ? reviewsLessons(viewer) : channel.ownerId === viewer.userId || reviewsLessons(viewer);
  }
  // A call: 1:1 in a private chat, a group call in a company's or a lesson's chat (modules/calls).
  if (type === 'call') return channel.path === null && (channel.entityType === null ? channel.access === 'private' : channel.entityType === 'company' || channel.entityType === 'lesson');
  return true;
}

/** May delete anybody's message and ban in this event. */
export const canModerate = (permissions: ReadonlySet<Permission>): boolean => permissions.has('chat.moderate');

/**
 * How many more private and company chats the viewer may start: null = no limit. Chat through a
 * role (speakers, moderators) or unlimited_chats has no limit; limited_chats has CHAT_LIMITED_START.
 */
export function startsLeft(permissions: ReadonlySet<Permission>, features: readonly string[], started: number): number | null {
  const quota = chatStartQuota(features, permissions.has('chat.send'), permissions.has('event.manage'));
  return quota === null ? null : Math.max(0, quota - started);
}
