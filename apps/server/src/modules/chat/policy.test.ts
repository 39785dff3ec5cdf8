import { CHAT_LIMITED_START, resolvePermissions, type ChatCustomType } from '@lobby/contract';
import { describe, expect, it } from 'vitest';
import { canModerate, canRead, customTypeAllowed, sendRefusal, startsLeft, type ChannelShape, type ChatViewer } from './policy.ts';

/** A person as the service sees them in the channel's event: grants from the same rule the server uses. */
interface Who {
  id?: number;
  features?: string[];
  roleIds?: number[];
  organiser?: boolean;
  staff?: boolean;
  /** Not a member of the channel's event. */
  outsider?: boolean;
  /** Roles in the channel's company. */
  companyRoles?: string[];
  banned?: boolean;
}
const viewer = (who: Who = {}): ChatViewer => ({
  userId: who.id ?? 1,
  permissions: resolvePermissions({
    isStaff: who.staff ?? false,
    isPlatformOrganizer: false,
    companyRoles: who.companyRoles ?? [],
    member: who.outsider ? null : { isOrganizer: who.organiser ?? false, roleIds: who.roleIds ?? [1], features: who.features ?? [], ticketKind: 'standard' },
  }),
  companyRoles: who.companyRoles ?? [],
  banned: who.banned ?? false,
});

const shape = (over: Partial<ChannelShape>): ChannelShape => ({ access: 'private', entityType: null, entityId: null, ownerId: null, pairLow: null, pairHigh: null, path: null, ...over });
const channels = {
  pair: shape({ pairLow: 1, pairHigh: 2 }),
  company: shape({ entityType: 'company', ownerId: 1 }),
  lesson: shape({ entityType: 'lesson', ownerId: 1 }),
  promo: shape({ access: 'public', entityType: 'promo_company', entityId: 9 }),
  academyPromo: shape({ access: 'public', entityType: 'promo_company', entityId: null }),
  notices: shape({ access: 'notifications', ownerId: 1 }),
  page: shape({ access: 'public', path: '/lectures/12' }),
};
type Kind = keyof typeof channels;

const chats = ['limited_chats'];
const STUDENT = 6;
const TEACHER = 5;
const COURSE_ADMIN = 4;
const MODERATOR = 2;
const SPEAKER = 8;

describe('canRead', () => {
  it.each<[string, Kind, Who, boolean]>([
    ['private: the lower of the pair', 'pair', { id: 1 }, true],
    ['private: the higher of the pair', 'pair', { id: 2 }, true],
    ['private: a third person', 'pair', { id: 3, features: chats }, false],
    ['private: the organiser is not in it', 'pair', { id: 3, organiser: true }, false],
    ['private: a moderator is not in it', 'pair', { id: 3, roleIds: [MODERATOR] }, false],
    ['company: the attendee who opened it', 'company', { id: 1 }, true],
    ['company: its person with the chat role', 'company', { id: 5, companyRoles: ['chat'] }, true],
    ['company: its admin', 'company', { id: 5, companyRoles: ['admin'] }, true],
    ['company: its person without a role', 'company', { id: 5, companyRoles: [] }, false],
    ['company: a stranger', 'company', { id: 5, features: chats }, false],
    ['company: the organiser', 'company', { id: 5, organiser: true }, false],
    ['lesson: the student who owns it', 'lesson', { id: 1, roleIds: [STUDENT] }, true],
    ['lesson: a teacher', 'lesson', { id: 5, roleIds: [TEACHER] }, true],
    ['lesson: a course admin', 'lesson', { id: 5, roleIds: [COURSE_ADMIN] }, true],
    ['lesson: the organiser (reviews homework)', 'lesson', { id: 5, organiser: true }, true],
    ['lesson: another student', 'lesson', { id: 5, roleIds: [STUDENT] }, false],
    ['promo: a member of the event', 'promo', { id: 5 }, true],
    ['promo: the company admin in the event', 'promo', { id: 5, companyRoles: ['admin'] }, true],
    ['promo: the company admin outside the event', 'promo', { id: 5, companyRoles: ['admin'], outsider: true }, false],
    ['promo: an employee with the chat role', 'promo', { id: 5, companyRoles: ['chat'] }, true],
    ['promo: the organiser', 'promo', { id: 5, organiser: true }, true],
    ['promo: someone outside the event', 'promo', { id: 5, outsider: true }, false],
    ['academy promo: a student', 'academyPromo', { id: 5, roleIds: [STUDENT] }, true],
    ['academy promo: a teacher', 'academyPromo', { id: 5, roleIds: [TEACHER] }, true],
    ['academy promo: a course admin', 'academyPromo', { id: 5, roleIds: [COURSE_ADMIN] }, true],
    ['academy promo: the organiser', 'academyPromo', { id: 5, organiser: true }, true],
    ['academy promo: a member outside the academy', 'academyPromo', { id: 5, features: chats }, false],
    ['academy promo: a company admin outside the academy', 'academyPromo', { id: 5, companyRoles: ['admin'] }, false],
    ['academy promo: someone outside the event', 'academyPromo', { id: 5, outsider: true }, false],
    ['notices: their owner', 'notices', { id: 1 }, true],
    ['notices: the organiser', 'notices', { id: 5, organiser: true }, false],
    ['notices: platform staff', 'notices', { id: 5, staff: true, outsider: true }, false],
    ['page chat: a member', 'page', { id: 5 }, true],
    ['page chat: the organiser', 'page', { id: 5, organiser: true }, true],
    ['page chat: platform staff outside the event', 'page', { id: 5, staff: true, outsider: true }, true],
    ['page chat: someone outside the event', 'page', { id: 5, outsider: true }, false],
  ])('%s: %s reads %s', (_, kind, who, expected) => {
    expect(canRead(channels[kind], viewer(who))).toBe(expected);
  });
});

describe('sendRefusal', () => {
  it.each<[string, Kind, Who, ReturnType<typeof sendRefusal>]>([
    ['private with a chat ticket', 'pair', { id: 1, features: chats }, null],
    ['private without one', 'pair', { id: 1 }, 'not_allowed'],
    ['private for a speaker (chat by role)', 'pair', { id: 1, roleIds: [SPEAKER] }, null],
    ['private for the organiser', 'pair', { id: 1, organiser: true }, null],
    ['private while banned', 'pair', { id: 1, features: chats, banned: true }, 'banned'],
    ['private for a banned person without a ticket: the ban first', 'pair', { id: 1, banned: true }, 'banned'],
    ['private for a banned moderator', 'pair', { id: 1, roleIds: [MODERATOR], banned: true }, null],
    ['private for a banned organiser', 'pair', { id: 1, organiser: true, banned: true }, null],
    ['company: the owner with a chat ticket', 'company', { id: 1, features: chats }, null],
    ['company: the owner without one', 'company', { id: 1 }, 'not_allowed'],
    ['company: its chat person needs no ticket', 'company', { id: 5, companyRoles: ['chat'] }, null],
    ['company: its admin', 'company', { id: 5, companyRoles: ['admin'] }, null],
    ['company: its chat person while banned', 'company', { id: 5, companyRoles: ['chat'], banned: true }, 'banned'],
    ['company: the owner while banned', 'company', { id: 1, features: chats, banned: true }, 'banned'],
    ['lesson: the student', 'lesson', { id: 1, roleIds: [STUDENT] }, null],
    ['lesson: the owner with a chat ticket only', 'lesson', { id: 1, features: chats }, null],
    ['lesson: the owner with neither', 'lesson', { id: 1 }, 'not_allowed'],
    ['lesson: a teacher', 'lesson', { id: 5, roleIds: [TEACHER] }, null],
    ['lesson: the student while banned', 'lesson', { id: 1, roleIds: [STUDENT], banned: true }, 'banned'],
    ['promo: a reader', 'promo', { id: 5, features: chats }, 'read_only'],
    ['promo: an employee with the chat role cannot reply', 'promo', { id: 5, companyRoles: ['chat'], features: chats }, 'read_only'],
    ['promo: the company admin posts', 'promo', { id: 5, companyRoles: ['admin'] }, null],
    ['promo: the organiser posts', 'promo', { id: 5, organiser: true }, null],
    ['promo: a banned company admin', 'promo', { id: 5, companyRoles: ['admin'], banned: true }, 'banned'],
    ['promo: a banned reader is still read-only', 'promo', { id: 5, banned: true }, 'read_only'],
    ['academy promo: a student cannot reply', 'academyPromo', { id: 5, roleIds: [STUDENT], features: chats }, 'read_only'],
    ['academy promo: a teacher cannot post', 'academyPromo', { id: 5, roleIds: [TEACHER] }, 'read_only'],
    ['academy promo: a company admin cannot post', 'academyPromo', { id: 5, roleIds: [STUDENT], companyRoles: ['admin'] }, 'read_only'],
    ['academy promo: a course admin posts', 'academyPromo', { id: 5, roleIds: [COURSE_ADMIN] }, null],
    ['academy promo: the organiser posts', 'academyPromo', { id: 5, organiser: true }, null],
    ['notices: their owner', 'notices', { id: 1, features: chats }, 'read_only'],
    ['notices: even for the organiser', 'notices', { id: 1, organiser: true }, 'read_only'],
    ['page chat with a chat ticket', 'page', { id: 5, features: chats }, null],
    ['page chat without one', 'page', { id: 5 }, 'not_allowed'],
    ['page chat while banned', 'page', { id: 5, features: chats, banned: true }, 'banned'],
    ['page chat for a banned moderator', 'page', { id: 5, roleIds: [MODERATOR], banned: true }, null],
  ])('%s: %s', (_, kind, who, expected) => {
    expect(sendRefusal(channels[kind], viewer(who))).toBe(expected);
  });
});

describe('customTypeAllowed', () => {
  it.each<[ChatCustomType, Kind, Who, boolean]>([
    ['homework', 'lesson', { id: 1, roleIds: [STUDENT] }, true],
    ['homework', 'lesson', { id: 5, roleIds: [TEACHER] }, true],
    ['homework', 'lesson', { id: 5, roleIds: [STUDENT] }, false],
    ['homework', 'pair', { id: 1, roleIds: [TEACHER] }, false],
    ['homework_approved', 'lesson', { id: 5, roleIds: [TEACHER] }, true],
    ['homework_approved', 'lesson', { id: 5, roleIds: [COURSE_ADMIN] }, true],
    ['homework_approved', 'lesson', { id: 5, organiser: true }, true],
    ['homework_approved', 'lesson', { id: 1, roleIds: [STUDENT] }, false],
    ['homework_declined', 'lesson', { id: 1, roleIds: [STUDENT] }, false],
    ['homework_declined', 'lesson', { id: 5, roleIds: [TEACHER] }, true],
    ['homework_approved', 'company', { id: 5, roleIds: [TEACHER], companyRoles: ['chat'] }, false],
    ['homework_approved', 'pair', { id: 1, roleIds: [TEACHER] }, false],
    ['call', 'pair', { id: 1 }, true],
    ['call', 'company', { id: 1 }, true],
    ['call', 'lesson', { id: 1 }, true],
    ['call', 'page', { id: 1 }, false],
    ['call', 'promo', { id: 1, organiser: true }, false],
    ['call', 'notices', { id: 1 }, false],
    ['call', 'academyPromo', { id: 1, organiser: true }, false],
    ['question', 'page', { id: 1 }, true],
    ['question', 'pair', { id: 1 }, true],
    ['important', 'promo', { id: 1, organiser: true }, true],
    ['important', 'company', { id: 1 }, true],
  ])('%s in %s by %o: %s', (type, kind, who, expected) => {
    expect(customTypeAllowed(type, channels[kind], viewer(who))).toBe(expected);
  });
});

describe('startsLeft and canModerate', () => {
  const grants = (who: Who) => viewer(who).permissions;
  it.each<[string, Who, number, number | null]>([
    ['limited, none started', { features: ['limited_chats'] }, 0, CHAT_LIMITED_START],
    ['limited, one left', { features: ['limited_chats'] }, CHAT_LIMITED_START - 1, 1],
    ['limited, all started', { features: ['limited_chats'] }, CHAT_LIMITED_START, 0],
    ['limited, more than the quota (never negative)', { features: ['limited_chats'] }, CHAT_LIMITED_START + 5, 0],
    ['unlimited', { features: ['unlimited_chats'] }, 500, null],
    ['limited and unlimited', { features: ['limited_chats', 'unlimited_chats'] }, 500, null],
    ['no chat feature', { features: ['limited_meetings'] }, 0, 0],
    ['outside the event', { outsider: true }, 0, 0],
    ['a speaker: chat by role, no limit', { roleIds: [SPEAKER] }, 100, null],
    ['a moderator without a ticket', { roleIds: [MODERATOR] }, 100, null],
    ['the organiser with a limited ticket', { organiser: true, features: ['limited_chats'] }, 100, null],
  ])('%s: %s started leaves %s', (_, who, started, expected) => {
    expect(startsLeft(grants(who), who.features ?? [], started)).toBe(expected);
  });

  it.each<[string, Who, boolean]>([
    ['moderator', { roleIds: [MODERATOR] }, true],
    ['organiser', { organiser: true }, true],
    ['platform staff', { staff: true, outsider: true }, true],
    ['attendee', { features: ['unlimited_chats'] }, false],
    ['teacher', { roleIds: [TEACHER] }, false],
    ['company admin', { companyRoles: ['admin'] }, false],
  ])('%s moderates: %s', (_, who, expected) => {
    expect(canModerate(grants(who))).toBe(expected);
  });
});
