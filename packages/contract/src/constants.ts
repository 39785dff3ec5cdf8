/** Business constants and enumerations of product.md sections 3-4 and contract.md section 9. */

export const LANGUAGES = ['ru', 'en', 'zh'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';

/** Slug of the injected configuration that means general (multi-event) mode. */
export const GENERAL_SLUG = 'general';

export const AUTH_STORAGE_KEY = 'gateway-auth';
export const PAGE_RELOAD_RETRY_LIMIT = 1;
export const TOAST_DURATION_MS = 8000;
/** The longest search text a list takes (characters, after trimming). */
export const SEARCH_TEXT_MAX = 100;

export const MemberRole = {
  Member: 1,
  Moderator: 2,
  Helper: 3,
  CourseAdmin: 4,
  CourseTeacher: 5,
  CourseStudent: 6,
  Sponsor: 7,
  Speaker: 8,
  Developer: 9,
  /** Trusted with the event's analytics tags; only platform staff give or take it (docs/decisions.md). */
  AnalyticsManager: 10,
} as const;
export type MemberRole = (typeof MemberRole)[keyof typeof MemberRole];

/** Roles shown as a person's role: AnalyticsManager is a trust staff gave, not a role in the event. */
export const publicRoleIds = (roleIds: readonly number[]): number[] => roleIds.filter((id) => id !== MemberRole.AnalyticsManager);

export const TICKET_FEATURES = [
  'limited_chats',
  'limited_meetings',
  'limited_video_call',
  'unlimited_chats',
  'unlimited_meetings',
  'unlimited_video_call',
  'highlight',
  'game_poll',
  'watch_lecture',
  'jury',
  'offline',
] as const;
export type TicketFeature = (typeof TICKET_FEATURES)[number];

export const SponsorType = {
  Exhibitor: 0,
  Bronze: 1,
  Silver: 2,
  Gold: 3,
  Platinum: 4,
  Organizer: 5,
  GeneralSponsor: 6,
  Diamond: 7,
  Sponsor: 8,
  Partner: 9,
} as const;

export const REGIONS = ['EU', 'EEU', 'NA', 'AS', 'SCA', 'ME', 'AF', 'OC'] as const;

export const EVENT_GROUPS = ['past', 'current', 'upcoming'] as const;

/** Profile fields an event may require (product.md section 5). */
export const REQUIRED_FIELD_TYPES = ['job', 'company', 'country', 'city', 'avatar'] as const;

export const MEDIA_CATEGORIES = ['logo', 'background', 'cover'] as const;

/** Meeting location value of "Online"; event meeting points add others. */
export const ONLINE_LOCATION_ID = 1;

/** Sessions and one-time sign-in secrets (contract.md sections 3 and 9; limits decided in docs/decisions.md). */
export const ACCESS_TOKEN_TTL_S = 15 * 60;
export const REFRESH_TOKEN_TTL_S = 30 * 24 * 60 * 60;
export const MAGIC_CODE_TTL_S = 10 * 60;
export const MAGIC_CODE_MAX_ATTEMPTS = 5;
export const MAGIC_LINK_TTL_S = 30 * 60;
export const REGISTRATION_LINK_TTL_S = 24 * 60 * 60;
export const RESET_LINK_TTL_S = 60 * 60;

/**
 * Analytics ids in their published formats only: a Google tag (G-, GT-, AW-, DC-) or a Tag
 * Manager container (GTM-), and a Yandex Metrika counter number. Anything else could smuggle
 * text into the loader address, so it is refused on input and ignored by the web.
 */
export const GOOGLE_TAG_PATTERN = /^(?:(?:G|GT|AW|DC)-[A-Z0-9]{4,16}|GTM-[A-Z0-9]{4,12})$/;
export const YANDEX_METRIKA_PATTERN = /^[1-9][0-9]{3,11}$/;

/** Orders of the people directory (listMembers' sort). */
export const MEMBER_SORTS = ['last_seen', 'name', 'created_at'] as const;
