import { SECTIONS, type Event, type EventMember, type Permission, type Section } from '@lobby/contract';
import { lazy, type ComponentType } from 'react';
import type { PageModule } from '../lazy.ts';
import { AcademyIcon } from '../../features/academy/nav-icon.tsx';
import { AgendaIcon } from '../../features/agenda/nav-icon.tsx';
import { AcademyAdminIcon } from '../../features/academy-admin/nav-icon.tsx';
import { ArchiveIcon } from '../../features/archive/nav-icon.tsx';
import { ExpoIcon, MediaIcon, PublishersIcon } from '../../features/expo/nav-icons.tsx';
import { JuryIcon } from '../../features/jury/nav-icon.tsx';
import { NewsIcon } from '../../features/news/nav-icon.tsx';
import { VacanciesIcon } from '../../features/vacancies/nav-icon.tsx';
import { FrameIcon, PagesIcon, PartyIcon } from '../../features/pages/nav-icons.tsx';
import { ShowcaseIcon } from '../../features/showcase/nav-icon.tsx';
import { MyBadgeIcon, VolunteerIcon } from '../../features/volunteer/nav-icons.tsx';
import { WnMeetIcon } from '../../features/wnmeet/nav-icon.tsx';
import { ProgramIcon, SpeakersIcon } from '../../features/program/nav-icons.tsx';
import { BackOfficeIcon, BellIcon, CalendarIcon, ChatIcon, CompaniesIcon, ContactsIcon, HomeIcon, MeetingsIcon, PeopleIcon, StarIcon, type Icon } from './icons.tsx';

/** What the shell knows when it decides what to show inside an event. */
export interface ShellContext {
  event: Event;
  /** The signed-in person's membership, null for guests and non-members. */
  member: EventMember | null;
  signedIn: boolean;
}

/** A count shown on an entry (unread chats, new notifications); renders nothing at zero. */
export type BadgeComponent = ComponentType<{ context: ShellContext }>;

interface EntryBase {
  id: string;
  /** i18n key of the label (ru, en and zh). */
  labelKey: string;
  icon: Icon;
  /** Every entry is in the desktop sidebar; on phones it is a bottom tab or sits in the "more" sheet. */
  phone: 'tab' | 'more';
  Badge?: BadgeComponent;
  /** A page reached from another (a member's page from the directory): routed, never in the navigation. */
  hidden?: boolean;
}

/** A page of the event, mounted at /events/{slug}/{path} in general mode and /{path} in single-event mode. */
export interface SectionEntry extends EntryBase {
  kind: 'section';
  /** Inside the event; '' is the event's home. */
  path: string;
  page: () => Promise<PageModule>;
  /**
   * The contract section that gates it (member.sections from the API). Also makes the path
   * forbidden-on-general at the top level when the contract says so.
   */
  gate?: Section;
  /** Open to the event's members whatever their ticket (companies, favorites, contacts); locked for guests and non-members. */
  membersOnly?: boolean;
  /** The page has tabs of its own below its path (favorites/users, favorites/companies). */
  nested?: boolean;
  /** The page fills the screen below the top bar (the chats): no footer under it. */
  fullscreen?: boolean;
  /** The page reads offline from what the service worker kept (the agenda, the chats); others are the network-error page offline. */
  offline?: boolean;
}

/** A link out of the event's pages (the back office), shown to people holding an ability there. */
export interface LinkEntry extends EntryBase {
  kind: 'link';
  ability: Permission;
  href: (context: ShellContext) => string;
}

export type ShellEntry = SectionEntry | LinkEntry;

/**
 * The one list of the event's sections. A feature adds its entry here when it exists: the route,
 * the sidebar item, the phone tab or "more" item and the top-level 404 in general mode all follow
 * from it. No entry for a feature that is not built, so no placeholder pages.
 */
export const shellEntries: readonly ShellEntry[] = [
  { kind: 'section', id: 'home', path: '', labelKey: 'event.nav_home', icon: HomeIcon, phone: 'tab', page: () => import('../../features/events/EventHomePage.tsx') },
  { kind: 'section', id: 'members', path: 'members', gate: 'members', labelKey: 'event.nav_members', icon: PeopleIcon, phone: 'tab', page: () => import('../../features/members/MembersPage.tsx') },
  // members/{id}, and members/{id}/create-meeting with the create-meeting modal over it (product.md section 2, member modals).
  { kind: 'section', id: 'member', path: 'members/:id', nested: true, gate: 'members', labelKey: 'event.nav_members', icon: PeopleIcon, phone: 'more', hidden: true, page: () => import('../../features/members/MemberPage.tsx') },
  { kind: 'section', id: 'meetings', path: 'meetings', gate: 'meetings', nested: true, labelKey: 'meetings.nav', icon: MeetingsIcon, phone: 'tab', page: () => import('../../features/meetings/MeetingsPage.tsx') },
  // chats/{id?}: the list and the open channel, full screen (product.md section 2).
  {
    kind: 'section',
    id: 'chats',
    path: 'chats',
    gate: 'chats',
    nested: true,
    fullscreen: true,
    labelKey: 'chat.nav',
    icon: ChatIcon,
    phone: 'tab',
    Badge: lazy(() => import('../../features/chat/ChatBadge.tsx').then((m) => ({ default: m.ChatSectionBadge }))),
    offline: true,
    page: () => import('../../features/chat/ChatsPage.tsx'),
  },
  // video-call/{id?} (1:1 and online meetings) and group-call/{id?}, full screen (product.md section 2); reached from chats and meetings.
  { kind: 'section', id: 'video-call', path: 'video-call/:id?', membersOnly: true, hidden: true, fullscreen: true, labelKey: 'calls.video_call', icon: ChatIcon, phone: 'more', page: () => import('../../features/calls/VideoCallPage.tsx') },
  { kind: 'section', id: 'group-call', path: 'group-call/:id?', membersOnly: true, hidden: true, fullscreen: true, labelKey: 'calls.group_call', icon: ChatIcon, phone: 'more', page: () => import('../../features/calls/GroupCallPage.tsx') },
  // agenda: the person's accepted meetings and starred lectures, readable offline (issue 18).
  { kind: 'section', id: 'agenda', path: 'agenda', membersOnly: true, offline: true, labelKey: 'agenda.nav', icon: AgendaIcon, phone: 'more', page: () => import('../../features/agenda/AgendaPage.tsx') },
  { kind: 'section', id: 'calendar', path: 'calendar', gate: 'meetings', nested: true, labelKey: 'calendar.nav', icon: CalendarIcon, phone: 'more', page: () => import('../../features/calendar/CalendarPage.tsx') },
  // program, lectures/{hallId}/{lectureId?} (the hall's live or next lecture without a lecture id) and speakers; members not on a general ticket. Watching is gated inside the lecture page.
  { kind: 'section', id: 'program', path: 'program', gate: 'program', labelKey: 'program.nav', icon: ProgramIcon, phone: 'more', page: () => import('../../features/program/ProgramPage.tsx') },
  { kind: 'section', id: 'lecture', path: 'lectures/:id/:lectureId?', gate: 'program', labelKey: 'program.nav', icon: ProgramIcon, phone: 'more', hidden: true, page: () => import('../../features/program/LecturePage.tsx') },
  { kind: 'section', id: 'speakers', path: 'speakers', gate: 'program', labelKey: 'program.speakers_nav', icon: SpeakersIcon, phone: 'more', page: () => import('../../features/program/SpeakersPage.tsx') },
  { kind: 'section', id: 'companies', path: 'companies', membersOnly: true, labelKey: 'companies.nav', icon: CompaniesIcon, phone: 'more', page: () => import('../../features/companies/CompaniesPage.tsx') },
  { kind: 'section', id: 'company', path: 'companies/:companyId', membersOnly: true, labelKey: 'companies.nav', icon: CompaniesIcon, phone: 'more', hidden: true, page: () => import('../../features/companies/CompanyPage.tsx') },
  { kind: 'section', id: 'favorites', path: 'favorites', membersOnly: true, nested: true, labelKey: 'favorites.nav', icon: StarIcon, phone: 'more', page: () => import('../../features/favorites/FavoritesPage.tsx') },
  { kind: 'section', id: 'contacts', path: 'contacts', membersOnly: true, labelKey: 'contacts.nav', icon: ContactsIcon, phone: 'more', page: () => import('../../features/contacts/ContactsPage.tsx') },
  { kind: 'section', id: 'notifications', path: 'notifications', membersOnly: true, labelKey: 'notifications.nav', icon: BellIcon, phone: 'more', Badge: lazy(() => import('../../features/notifications/Bell.tsx').then((m) => ({ default: m.UnreadBadge }))), page: () => import('../../features/notifications/NotificationsPage.tsx') },
  // lectures-archive/{id?}: recorded lectures of every event; members not on a general ticket (gate 'program', no permission needed).
  { kind: 'section', id: 'lectures-archive', path: 'lectures-archive', gate: 'program', labelKey: 'archive.nav', icon: ArchiveIcon, phone: 'more', page: () => import('../../features/archive/ArchivePage.tsx') },
  { kind: 'section', id: 'lectures-archive-video', path: 'lectures-archive/:id', gate: 'program', labelKey: 'archive.nav', icon: ArchiveIcon, phone: 'more', hidden: true, page: () => import('../../features/archive/ArchiveVideoPage.tsx') },
  // news/{id?}: whoever may see the event.
  { kind: 'section', id: 'news', path: 'news', labelKey: 'news.nav', icon: NewsIcon, phone: 'more', page: () => import('../../features/news/NewsPage.tsx') },
  { kind: 'section', id: 'news-item', path: 'news/:id', labelKey: 'news.nav', icon: NewsIcon, phone: 'more', hidden: true, page: () => import('../../features/news/NewsItemPage.tsx') },
  // vacancies/{id?}: the jobs of the event's companies and its jobs feed; any member of the event, the general pass too (docs/decisions.md, Vacancies).
  { kind: 'section', id: 'vacancies', path: 'vacancies', membersOnly: true, labelKey: 'vacancies.nav', icon: VacanciesIcon, phone: 'more', page: () => import('../../features/vacancies/VacanciesPage.tsx') },
  { kind: 'section', id: 'vacancy', path: 'vacancies/:id', membersOnly: true, labelKey: 'vacancies.nav', icon: VacanciesIcon, phone: 'more', hidden: true, page: () => import('../../features/vacancies/VacancyPage.tsx') },
  // showcase/{slug?} with showcase-game/{requestId}, showcase-top/{slug?}: the event's members; game/{id} and games/{id} (to the game's showcase entry or its page): any signed-in person.
  { kind: 'section', id: 'showcase', path: 'showcase', membersOnly: true, nested: true, labelKey: 'showcase.nav', icon: ShowcaseIcon, phone: 'more', page: () => import('../../features/showcase/ShowcasePage.tsx') },
  { kind: 'section', id: 'showcase-top', path: 'showcase-top/:id?', membersOnly: true, labelKey: 'showcase.nav', icon: ShowcaseIcon, phone: 'more', hidden: true, page: () => import('../../features/showcase/ShowcaseTopPage.tsx') },
  { kind: 'section', id: 'game', path: 'game/:id', labelKey: 'showcase.nav', icon: ShowcaseIcon, phone: 'more', hidden: true, page: () => import('../../features/games/GamePage.tsx') },
  { kind: 'section', id: 'games', path: 'games/:id', labelKey: 'showcase.nav', icon: ShowcaseIcon, phone: 'more', hidden: true, page: () => import('../../features/games/GameRedirect.tsx') },
  // voting/{slug?} (the jury's rounds; one round opens straight), voting/{slug}/{requestId} (voting-view) and voting/{slug}/results: people holding voting.jury.
  { kind: 'section', id: 'voting', path: 'voting', gate: 'voting', nested: true, labelKey: 'jury.nav', icon: JuryIcon, phone: 'more', page: () => import('../../features/jury/VotingPage.tsx') },
  // expo: the exhibition hall, the home's child, full screen (product.md section 2); any member of the event.
  { kind: 'section', id: 'expo', path: 'expo', membersOnly: true, fullscreen: true, labelKey: 'expo.nav_hall', icon: ExpoIcon, phone: 'more', page: () => import('../../features/expo/ExpoPage.tsx') },
  // wnmeet: the event's large room on the configured Jitsi deployment (or the plain "not set up" with the group call), full screen; zoom-call?lecture={id}: the external meeting of a lecture or the event (reached from the lecture page). Any member of the event.
  { kind: 'section', id: 'wnmeet', path: 'wnmeet', membersOnly: true, fullscreen: true, labelKey: 'wnmeet.nav', icon: WnMeetIcon, phone: 'more', page: () => import('../../features/wnmeet/WnMeetPage.tsx') },
  { kind: 'section', id: 'zoom-call', path: 'zoom-call', membersOnly: true, hidden: true, labelKey: 'zoom_call.nav', icon: WnMeetIcon, phone: 'more', page: () => import('../../features/zoom-call/ZoomCallPage.tsx') },
  // publishers (the pavilion, with the deal suggestions) and media (partners and press kit): forbidden-on-general.
  { kind: 'section', id: 'publishers', path: 'publishers', gate: 'publishers', labelKey: 'expo.nav_publishers', icon: PublishersIcon, phone: 'more', page: () => import('../../features/expo/PublishersPage.tsx') },
  { kind: 'section', id: 'media', path: 'media', gate: 'media', labelKey: 'media.nav', icon: MediaIcon, phone: 'more', page: () => import('../../features/expo/MediaPage.tsx') },
  // stub/{id?}, frame/{id?} and partyspace: the organiser's pages (product.md section 2), forbidden-on-general. The index lists them all; frame without an id opens the first frame page.
  { kind: 'section', id: 'pages', path: 'stub', gate: 'pages', labelKey: 'pages.nav', icon: PagesIcon, phone: 'more', page: () => import('../../features/pages/PagesIndexPage.tsx') },
  { kind: 'section', id: 'page', path: 'stub/:id', gate: 'pages', labelKey: 'pages.nav', icon: PagesIcon, phone: 'more', hidden: true, page: () => import('../../features/pages/StubPage.tsx') },
  { kind: 'section', id: 'frame', path: 'frame/:id?', gate: 'pages', labelKey: 'pages.nav', icon: FrameIcon, phone: 'more', hidden: true, page: () => import('../../features/pages/FramePage.tsx') },
  { kind: 'section', id: 'partyspace', path: 'partyspace', gate: 'pages', labelKey: 'pages.kind_partyspace', icon: PartyIcon, phone: 'more', hidden: true, page: () => import('../../features/pages/PartyspacePage.tsx') },
  // academy/program (Course program) and academy/lesson/{id} (integer): the course's students, teachers and admins (academy.view).
  { kind: 'section', id: 'academy', path: 'academy/program', gate: 'academy', labelKey: 'academy.nav', icon: AcademyIcon, phone: 'more', page: () => import('../../features/academy/ProgramPage.tsx') },
  { kind: 'section', id: 'academy-lesson', path: 'academy/lesson/:id', gate: 'academy', labelKey: 'academy.nav', icon: AcademyIcon, phone: 'more', hidden: true, page: () => import('../../features/academy/LessonPage.tsx') },
  // academy-admin/*: teachers and course admins (academy.admin.view); home goes to students, modules and lessons are for course admins.
  { kind: 'section', id: 'academy-admin', path: 'academy-admin', gate: 'academy_admin', nested: true, labelKey: 'academy_admin.nav', icon: AcademyAdminIcon, phone: 'more', page: () => import('../../features/academy-admin/AcademyAdminPage.tsx') },
  // volunteer -> volunteer/badges (product.md section 2): the badge desk, a badge to print (volunteer/badges/{userId}/{badgeId}) and a batch; volunteer.badges (Helpers, organisers, staff).
  { kind: 'section', id: 'volunteer', path: 'volunteer/badges', gate: 'volunteer', labelKey: 'volunteer.nav', icon: VolunteerIcon, phone: 'more', page: () => import('../../features/volunteer/BadgeDeskPage.tsx') },
  { kind: 'section', id: 'volunteer-home', path: 'volunteer', gate: 'volunteer', labelKey: 'volunteer.nav', icon: VolunteerIcon, phone: 'more', hidden: true, page: () => import('../../features/volunteer/VolunteerRedirect.tsx') },
  { kind: 'section', id: 'volunteer-batch', path: 'volunteer/badges/print', gate: 'volunteer', labelKey: 'volunteer.nav', icon: VolunteerIcon, phone: 'more', hidden: true, page: () => import('../../features/volunteer/PrintBatchPage.tsx') },
  { kind: 'section', id: 'volunteer-badge', path: 'volunteer/badges/:userId/:badgeId', gate: 'volunteer', labelKey: 'volunteer.nav', icon: VolunteerIcon, phone: 'more', hidden: true, page: () => import('../../features/volunteer/PrintBadgePage.tsx') },
  // badge: every member's own badge QR, "Scan a badge" to exchange contacts, the companies that scanned them; companies/{id}/leads: a booth's leads for its people.
  { kind: 'section', id: 'badge', path: 'badge', membersOnly: true, offline: true, labelKey: 'badge.nav', icon: MyBadgeIcon, phone: 'more', page: () => import('../../features/badge/MyBadgePage.tsx') },
  { kind: 'section', id: 'company-leads', path: 'companies/:companyId/leads', membersOnly: true, labelKey: 'leads.nav', icon: CompaniesIcon, phone: 'more', hidden: true, page: () => import('../../features/leads/LeadsPage.tsx') },
  { kind: 'link', id: 'back-office', ability: 'event.manage', labelKey: 'shell.back_office', icon: BackOfficeIcon, phone: 'more', href: ({ event }) => `/admin/events/${event.id}` },
];

export const sectionEntries = (): SectionEntry[] => shellEntries.filter((entry): entry is SectionEntry => entry.kind === 'section');

/** Section paths that are not found at the top level in general mode (product.md section 2). */
export const forbiddenOnGeneralPaths = (): string[] =>
  sectionEntries()
    .filter((entry) => entry.gate !== undefined && SECTIONS[entry.gate].forbiddenOnGeneral)
    .map((entry) => entry.path);

/** A live part of the event with nothing of its own to show until something happens (an incoming call's ring). */
export interface EventListenerEntry {
  id: string;
  Component: ComponentType<{ context: ShellContext }>;
}

/** Mounted once by the event's shell for its signed-in members; each loads in its own chunk after the first paint. */
export const eventListeners: readonly EventListenerEntry[] = [{ id: 'calls', Component: lazy(() => import('../../features/calls/IncomingCall.tsx').then((m) => ({ default: m.IncomingCalls }))) }];

/** A button in the top bar (notifications bell, chats) with its badge. */
export interface TopBarEntry {
  id: string;
  labelKey: string;
  icon: Icon;
  /** The page inside the current event; the button shows only inside an event. */
  path: string;
  /** Shown only while the person's membership opens this section. */
  gate?: Section;
  Badge?: ComponentType;
}

/** The notifications bell (with the live user channel) and the chats (with the live chat connection). */
export const topBarEntries: readonly TopBarEntry[] = [
  // Their own small chunks: the counts and the live channels load after the first paint.
  { id: 'notifications', labelKey: 'notifications.nav', icon: BellIcon, path: 'notifications', Badge: lazy(() => import('../../features/notifications/Bell.tsx').then((m) => ({ default: m.BellBadge }))) },
  { id: 'chats', labelKey: 'chat.nav', icon: ChatIcon, path: 'chats', gate: 'chats', Badge: lazy(() => import('../../features/chat/ChatBadge.tsx').then((m) => ({ default: m.ChatTopBarBadge }))) },
];
