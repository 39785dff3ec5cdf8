import { createBrowserRouter, data, matchRoutes, redirect, type RouteObject } from 'react-router';
import { queryClient } from '../api/query-client.ts';
import { isSignedIn } from '../api/session.ts';
import { meQuery } from '../features/auth/session.ts';
import { ForbiddenPage, NetworkErrorPage, NotFoundPage, ServerErrorPage, UnknownErrorPage } from '../features/errors/pages.tsx';
import { BootScreen } from './BootScreen.tsx';
import { isGeneralMode } from './config.ts';
import { AppLayout } from './layout/AppLayout.tsx';
import { brandingsQuery, eventsQuery, memberQuery, searchOf, slugOf, whenEventKnown } from '../features/events/queries.ts';
import { guard, lazyPage, type RouteHandle } from './lazy.ts';
import { RouteError } from './RouteError.tsx';
import { forbiddenOnGeneralPaths, sectionEntries } from './shell/registry.ts';

const withPrefetch = (page: ReturnType<typeof lazyPage>, prefetch: NonNullable<RouteHandle['prefetch']>) => ({ ...page, handle: { ...page.handle, prefetch } });
const eventsPage = withPrefetch(lazyPage(() => import('../features/events/EventsPage.tsx')), (_params, url) => void queryClient.prefetchQuery(eventsQuery(searchOf(url.searchParams))));
// The event around the pages that read offline (issue 18): its own calls are kept by the service worker too.
// The signed-in person's membership and the event's banners follow the event at once, rather than after the layout's first render.
const eventLayout = withPrefetch(lazyPage(() => import('../features/events/EventLayout.tsx'), { offline: true }), (params) =>
  whenEventKnown(slugOf(params), (eventId, event) => {
    if (isSignedIn()) void queryClient.prefetchQuery(memberQuery(eventId));
    void queryClient.prefetchQuery(brandingsQuery(eventId));
    // Its own small chunk, which the layout's code (preloaded by now) needs too: not in the first load's budget.
    void import('./fonts.ts').then(({ preloadEventFont }) => preloadEventFont(event.config.theme?.font));
  }),
);
/** Each registered section's page, made once and mounted in both event trees. */
const sectionPages = sectionEntries().map((entry) => {
  const page = lazyPage(entry.page, { offline: entry.offline === true });
  return { entry, page: entry.fullscreen ? { ...page, handle: { ...page.handle, fullscreen: true } } : page };
});

/** The pages of one event, from the section registry; general mode mounts them under events/{eventSlug} (ids prefixed "event-"). */
const profileDataPage = lazyPage(() => import('../features/profile/ProfileDataPage.tsx'));
const sharedProgramPage = lazyPage(() => import('../features/program/SharedProgramPage.tsx'));
const eventChildren = (prefix: string): RouteObject[] => [
  ...sectionPages.map(({ entry, page }) =>
    entry.path === '' ? { index: true, id: `${prefix}${entry.id}`, ...page } : { path: entry.nested ? `${entry.path}/*` : entry.path, id: `${prefix}${entry.id}`, ...page },
  ),
  // Not a section (no menu entry): the event layout sends people here while their profile lacks what the event requires.
  { path: 'profile-data', id: `${prefix}profile-data`, ...profileDataPage },
  // Guests too (no sign-in): the program an organiser shared, with its calendar file. Not at the top level in general mode (no route there: not found).
  { path: 'program-shared', id: `${prefix}program-shared`, ...sharedProgramPage },
];

/**
 * Forbidden-on-general sections at the top level: in general mode there is no event to show, so
 * they are not found (product.md section 2, navigation rules). Sections not built yet are not
 * found anyway.
 */
const forbiddenOnGeneral: RouteObject[] = forbiddenOnGeneralPaths().map((path) => ({
  path,
  loader: guard(() => {
    throw data(null, { status: 404 });
  }),
}));

/** auth: guest-only recovery, reset-password, register, magic-code; login and google for the signed-out; magic/{id} for all. */
const authRoutes: RouteObject[] = [
  { path: 'auth', loader: () => redirect('/auth/login') },
  { path: 'auth/login', id: 'auth-login', ...lazyPage(() => import('../features/auth/LoginPage.tsx')) },
  { path: 'auth/register', id: 'auth-register', ...lazyPage(() => import('../features/auth/RegisterPage.tsx')) },
  { path: 'auth/recovery', id: 'auth-recovery', ...lazyPage(() => import('../features/auth/RecoveryPage.tsx')) },
  { path: 'auth/reset-password', id: 'auth-reset-password', ...lazyPage(() => import('../features/auth/ResetPasswordPage.tsx')) },
  { path: 'auth/magic-code', id: 'auth-magic-code', ...lazyPage(() => import('../features/auth/MagicCodePage.tsx')) },
  { path: 'auth/magic/:id', id: 'auth-magic', ...lazyPage(() => import('../features/auth/MagicLinkPage.tsx')) },
  { path: 'auth/google', id: 'auth-google', ...lazyPage(() => import('../features/auth/GooglePage.tsx')) },
  { path: 'profile', id: 'profile', ...lazyPage(() => import('../features/profile/ProfilePage.tsx')) },
  { path: 'profile/settings', loader: () => redirect('/profile/settings/main') },
  { path: 'profile/settings/main', id: 'profile-main', ...lazyPage(() => import('../features/profile/MainSettingsPage.tsx')) },
  { path: 'profile/settings/account', id: 'profile-account', ...lazyPage(() => import('../features/account/AccountSettingsPage.tsx')) },
  { path: 'profile/settings/security', id: 'profile-security', ...lazyPage(() => import('../features/account/SecurityPage.tsx')) },
  { path: 'profile/settings/company', id: 'profile-company', ...lazyPage(() => import('../features/companies/CompanySettingsPage.tsx')) },
  { path: 'profile/settings/company-members', id: 'profile-company-members', ...lazyPage(() => import('../features/companies/CompanyMembersPage.tsx')) },
  { path: 'profile/settings/company-vacancies/*', id: 'profile-company-vacancies', ...lazyPage(() => import('../features/vacancies/settings/CompanyVacanciesPage.tsx')) },
  { path: 'profile/create_game', id: 'profile-create-game', ...lazyPage(() => import('../features/games/GameFormPage.tsx').then((m) => ({ loader: m.loader, Component: m.CreatePage }))) },
  { path: 'profile/edit_game/:id', id: 'profile-edit-game', ...lazyPage(() => import('../features/games/GameFormPage.tsx').then((m) => ({ loader: m.loader, Component: m.EditPage }))) },
  { path: 'mailbox/:id?', id: 'mailbox', ...lazyPage(() => import('../features/mailbox/MailboxPage.tsx')) },
  // Guests too (no sign-in, in both modes): a certificate's public verification page.
  { path: 'certificates/:code', id: 'certificate', ...lazyPage(() => import('../features/certificates/CertificatePage.tsx')) },
];

/** The organiser's back office. */
const adminRoutes: RouteObject[] = [
  { path: 'admin', id: 'admin', ...lazyPage(() => import('../features/admin/AdminEventsPage.tsx')) },
  { path: 'admin/events/new', id: 'admin-event-new', ...lazyPage(() => import('../features/admin/EventFormPage.tsx').then((m) => ({ loader: m.loader, Component: m.CreateEventPage }))) },
  {
    path: 'admin/events/:id',
    id: 'admin-event',
    ...lazyPage(() => import('../features/admin/AdminEventLayout.tsx')),
    children: [
      { index: true, loader: ({ params }) => redirect(`/admin/events/${params.id}/settings`) },
      { path: 'settings', ...lazyPage(() => import('../features/admin/EventFormPage.tsx').then((m) => ({ loader: m.loader, Component: m.SettingsPage }))) },
      { path: 'tickets', ...lazyPage(() => import('../features/admin/TicketsPage.tsx')) },
      { path: 'attendees', ...lazyPage(() => import('../features/admin/AttendeesPage.tsx')) },
      { path: 'meetings', ...lazyPage(() => import('../features/admin/MeetingSettingsPage.tsx')) },
      { path: 'chat', ...lazyPage(() => import('../features/admin/ChatModerationPage.tsx')) },
      { path: 'branding', ...lazyPage(() => import('../features/admin/BrandingPage.tsx')) },
      { path: 'dictionaries', ...lazyPage(() => import('../features/admin/DictionariesPage.tsx')) },
      { path: 'program', ...lazyPage(() => import('../features/admin/ProgramAdminPage.tsx')) },
      { path: 'archive', ...lazyPage(() => import('../features/admin/ArchiveAdminPage.tsx')) },
      { path: 'news', ...lazyPage(() => import('../features/admin/NewsAdminPage.tsx')) },
      { path: 'pages', ...lazyPage(() => import('../features/admin/PagesAdminPage.tsx')) },
      { path: 'pages/:pageId/submissions', ...lazyPage(() => import('../features/admin/PageSubmissionsPage.tsx')) },
      { path: 'showcase', ...lazyPage(() => import('../features/admin/ShowcaseAdminPage.tsx')) },
      { path: 'media', ...lazyPage(() => import('../features/admin/MediaAdminPage.tsx')) },
      { path: 'exhibitors', ...lazyPage(() => import('../features/admin/ExhibitorsAdminPage.tsx')) },
      { path: 'pushes', ...lazyPage(() => import('../features/admin/PushesPage.tsx')) },
      { path: 'emails/*', ...lazyPage(() => import('../features/admin/AdminEventLayout.tsx').then((m) => m.loadEmailTemplates())) },
    ],
  },
  // The page editor takes the whole width: beside the event's tabs, not inside their narrow column.
  { path: 'admin/events/:id/pages/:pageId/edit', id: 'admin-page-edit', ...lazyPage(() => import('../features/page-editor/PageEditorPage.tsx')) },
];

/** Guest error pages (product.md section 2); they load with the shell, so the network-error page works offline. */
const errorRoutes: RouteObject[] = [
  { path: 'forbidden', element: <ForbiddenPage />, loader: guard() },
  { path: 'error', element: <UnknownErrorPage />, loader: guard() },
  { path: 'server-error', element: <ServerErrorPage />, loader: guard() },
  { path: 'network-error', element: <NetworkErrorPage /> },
];

/**
 * General mode: home leads to the events list, events live under /events/{slug}. Single-event
 * mode: the configured event is the home and its sections sit at the top level; the list of
 * events is not offered. Public links /events/{id} work in both.
 */
const pages: RouteObject[] = isGeneralMode
  ? [{ index: true, loader: () => redirect('/events'), handle: eventsPage.handle }, { path: 'events', id: 'events', ...eventsPage }, ...forbiddenOnGeneral]
  : [{ id: 'event', ...eventLayout, children: eventChildren('') }, { path: 'events', loader: () => redirect('/') }];

export const routes: RouteObject[] = [
  {
    element: <AppLayout />,
    errorElement: <RouteError />,
    HydrateFallback: BootScreen,
    children: [
      {
        // Errors of a page replace the page, not the shell around it.
        errorElement: <RouteError />,
        children: [
          ...pages,
          { path: 'events/:eventSlug', id: 'event-layout', ...eventLayout, children: eventChildren('event-') },
          ...authRoutes,
          ...adminRoutes,
          ...errorRoutes,
          { path: '*', element: <NotFoundPage />, loader: guard() },
        ],
      },
    ],
  },
];

export const createRouter = () => createBrowserRouter(routes);

/**
 * Starts what the page at `location` will need, before the texts have loaded and the router has
 * started: the code of its matched routes and the API calls the address alone tells (the event,
 * the events list, the signed-in person). The loaders then find them loaded or in flight, so the
 * first page's code, its texts and its data arrive in parallel rather than one after another.
 */
export function startFirstLoad(location: Location = window.location): void {
  const url = new URL(location.href);
  for (const match of matchRoutes(routes, url.pathname) ?? []) {
    const handle = match.route.handle as RouteHandle | undefined;
    handle?.preload?.();
    handle?.prefetch?.(match.params, url);
  }
  if (isSignedIn()) void queryClient.prefetchQuery({ ...meQuery(), staleTime: Number.POSITIVE_INFINITY });
}
