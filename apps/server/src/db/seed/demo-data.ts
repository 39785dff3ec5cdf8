import type { EventConfig, TicketFeature } from '@lobby/contract';
import { MemberRole, type TicketKind } from '@lobby/contract';

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

export interface DemoAccount {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  job: string;
  role: string;
  isStaff?: boolean;
  /** May create events; organises every demo event. */
  isOrganizer?: boolean;
  /** Role ids per event slug; every account is a member of the hub. */
  roles: Record<string, number[]>;
  ticket: string;
}

/** Known demo passwords, printed by `npm start` and listed in README (demo mode only). */
export const demoAccounts: DemoAccount[] = [
  { email: 'organizer@lobby.demo', password: 'Organizer-2026', firstName: 'Olga', lastName: 'Orlova', job: 'Event director', role: 'organiser of every demo event', isOrganizer: true, roles: { 'spring-forum': [MemberRole.Moderator], 'lobby-summit': [MemberRole.Moderator], 'indie-expo': [MemberRole.Moderator] }, ticket: 'business' },
  { email: 'attendee@lobby.demo', password: 'Attendee-2026', firstName: 'Alex', lastName: 'Turner', job: 'Producer', role: 'attendee with a business pass', roles: { 'lobby-summit': [MemberRole.Member], 'spring-forum': [MemberRole.Member] }, ticket: 'business' },
  { email: 'speaker@lobby.demo', password: 'Speaker-2026', firstName: 'Wei', lastName: 'Zhang', job: 'Game designer', role: 'speaker', roles: { 'lobby-summit': [MemberRole.Member, MemberRole.Speaker] }, ticket: 'business' },
  { email: 'student@lobby.demo', password: 'Student-2026', firstName: 'Ivan', lastName: 'Petrov', job: 'Student', role: 'course student, general pass', roles: { 'lobby-summit': [MemberRole.CourseStudent], 'spring-forum': [MemberRole.Member, MemberRole.CourseStudent] }, ticket: 'general' },
  { email: 'teacher@lobby.demo', password: 'Teacher-2026', firstName: 'Nina', lastName: 'Keller', job: 'Game design teacher', role: 'course admin and teacher of the summit academy', roles: { 'lobby-summit': [MemberRole.CourseAdmin, MemberRole.CourseTeacher] }, ticket: 'business' },
  { email: 'volunteer@lobby.demo', password: 'Volunteer-2026', firstName: 'Vera', lastName: 'Volkova', job: 'Volunteer lead', role: 'volunteer (Helper role) at the summit: the badge desk and check-in', roles: { 'lobby-summit': [MemberRole.Member, MemberRole.Helper] }, ticket: 'general' },
  { email: 'admin@lobby.demo', password: 'Admin-2026', firstName: 'Ada', lastName: 'Admin', job: 'Platform staff', role: 'platform staff', isStaff: true, roles: {}, ticket: 'business' },
];

const config = (color: string, languages: EventConfig['languages'] = ['en', 'ru', 'zh']): EventConfig => ({
  languages,
  theme: { name: 'default', color, palette: [color, '#0f172a', '#f8fafc'], font: 'Inter' },
  analytics: { yandexMetrika: null, googleTag: null },
  wnmeet: { roomId: null },
});

export interface DemoEvent {
  slug: string;
  name: string;
  tagline: string | null;
  previewDescription: string;
  description: string;
  from: number;
  to: number;
  hub?: [number, number];
  timezone: string;
  isOnline: boolean;
  isOnsite: boolean;
  isAllUsers: boolean;
  autoReg: boolean;
  place?: { latitude: number; longitude: number; fullAddress: string; addressLink: string };
  points: string[];
  config: EventConfig;
  logo: string;
  background: string;
  banners: { place: 'home_top' | 'home_sidebar' | 'footer'; imageUrl: string; linkUrl: string | null; title: string }[];
}

export interface DemoTicket {
  code: string;
  name: string;
  kind: TicketKind;
  features: TicketFeature[];
  quota: number | null;
  selfService: boolean;
  upgradeUrl: string | null;
}

const TICKETS: DemoTicket[] = [
  { code: 'general', name: 'General pass', kind: 'general', features: ['limited_chats', 'limited_video_call', 'watch_lecture'], quota: null, selfService: true, upgradeUrl: null },
  { code: 'business', name: 'Business pass', kind: 'business', features: ['unlimited_chats', 'unlimited_meetings', 'unlimited_video_call', 'highlight', 'game_poll', 'watch_lecture', 'offline'], quota: null, selfService: false, upgradeUrl: 'https://example.org/lobby-summit/tickets' },
  { code: 'service-provider', name: 'Service provider pass', kind: 'service_provider', features: ['limited_chats', 'limited_meetings'], quota: 50, selfService: true, upgradeUrl: null },
];
export const demoTickets = TICKETS;

/**
 * Dates are relative to the day of seeding, so the demo always has past, current and upcoming
 * events; days start at 07:00 and end at 16:00 UTC so times read naturally.
 */
export function demoEvents(now: number): DemoEvent[] {
  const today = Math.floor(now / DAY) * DAY;
  const opens = (days: number) => today + days * DAY + 7 * HOUR;
  const closes = (days: number) => today + days * DAY + 16 * HOUR;
  return [
    {
      slug: 'hub',
      name: 'Lobby Hub',
      tagline: 'The games industry, all year round',
      previewDescription: 'Meet studios, publishers and investors between events.',
      description: 'The **Lobby Hub** is open all year: find partners, chat and book meetings between the big events.',
      from: opens(-200),
      to: closes(365),
      hub: [opens(-200), closes(365)],
      timezone: 'UTC',
      isOnline: true,
      isOnsite: false,
      isAllUsers: true,
      autoReg: true,
      points: [],
      config: config('#3b82f6'),
      logo: '/demo/hub-logo.svg',
      background: '/demo/hub-background.svg',
      banners: [],
    },
    {
      slug: 'spring-forum',
      name: 'Spring Games Forum',
      tagline: null,
      previewDescription: 'Two days of talks and meetings for game developers.',
      description: 'Talks, a showcase of indie games and 1:1 meetings. The archive of lectures stays open.',
      from: opens(-60),
      to: closes(-58),
      timezone: 'Europe/Berlin',
      isOnline: true,
      isOnsite: false,
      isAllUsers: false,
      autoReg: false,
      points: [],
      config: config('#10b981', ['en', 'ru']),
      logo: '/demo/spring-logo.svg',
      background: '/demo/spring-background.svg',
      banners: [],
    },
    {
      slug: 'lobby-summit',
      name: 'Lobby Summit',
      tagline: 'Hybrid summit of game studios and publishers',
      previewDescription: 'On site in Limassol and online: meetings, talks, game showcase and jury voting.',
      description: 'Three days in **Limassol** and online. Book 1:1 meetings at the meeting points, watch the talks, vote for the best games.',
      from: opens(-1),
      to: closes(2),
      hub: [opens(-14), closes(30)],
      timezone: 'Asia/Nicosia',
      isOnline: true,
      isOnsite: true,
      isAllUsers: false,
      autoReg: true,
      place: { latitude: 34.6786, longitude: 33.0413, fullAddress: 'Limassol Marina, Limassol, Cyprus', addressLink: 'https://www.openstreetmap.org/?mlat=34.6786&mlon=33.0413' },
      points: ['Meeting zone A', 'Meeting zone B', 'Investor lounge', 'Booth 12'],
      config: config('#8b5cf6'),
      logo: '/demo/summit-logo.svg',
      background: '/demo/summit-background.svg',
      banners: [
        { place: 'home_top', imageUrl: '/demo/banner-gold.svg', linkUrl: 'https://example.org/sponsor/nebula', title: 'Nebula Games — gold sponsor' },
        { place: 'home_sidebar', imageUrl: '/demo/banner-partner.svg', linkUrl: 'https://example.org/partner/pixel', title: 'Pixel Forge — partner' },
      ],
    },
    {
      slug: 'indie-expo',
      name: 'Indie Games Expo',
      tagline: 'Showcase and pitching for independent studios',
      previewDescription: 'Pitch your game to publishers and get on the showcase.',
      description: 'An online expo of independent games with publisher pitching sessions.',
      from: opens(45),
      to: closes(47),
      timezone: 'Asia/Shanghai',
      isOnline: true,
      isOnsite: false,
      isAllUsers: false,
      autoReg: false,
      points: [],
      config: config('#f59e0b', ['zh', 'en']),
      logo: '/demo/indie-logo.svg',
      background: '/demo/indie-background.svg',
      banners: [],
    },
  ];
}
