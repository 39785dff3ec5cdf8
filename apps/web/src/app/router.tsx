import { createBrowserRouter, redirect, type RouteObject } from 'react-router';
import { ForbiddenPage, NetworkErrorPage, NotFoundPage, ServerErrorPage, UnknownErrorPage } from '../features/errors/pages.tsx';
import { isGeneralMode } from './config.ts';
import { BootScreen } from './BootScreen.tsx';
import { AppLayout } from './layout/AppLayout.tsx';
import { guard, lazyPage } from './lazy.ts';
import { RouteError } from './RouteError.tsx';

const eventsPage = lazyPage(() => import('../features/events/EventsPage.tsx'));
const eventHomePage = lazyPage(() => import('../features/events/EventHomePage.tsx'));

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
  { path: 'profile/settings', loader: () => redirect('/profile/settings/security') },
  { path: 'profile/settings/security', id: 'profile-security', ...lazyPage(() => import('../features/account/SecurityPage.tsx')) },
  { path: 'mailbox/:id?', id: 'mailbox', ...lazyPage(() => import('../features/mailbox/MailboxPage.tsx')) },
];

/** Guest error pages (product.md section 2); they load with the shell, so the network-error page works offline. */
const errorRoutes: RouteObject[] = [
  { path: 'forbidden', element: <ForbiddenPage />, loader: guard() },
  { path: 'error', element: <UnknownErrorPage />, loader: guard() },
  { path: 'server-error', element: <ServerErrorPage />, loader: guard() },
  { path: 'network-error', element: <NetworkErrorPage /> },
];

/**
 * General mode: home leads to the events list. Single-event mode: home is the configured event and
 * the list of events is not offered.
 */
const pages: RouteObject[] = isGeneralMode
  ? [
      { index: true, loader: () => redirect('/events') },
      { path: 'events', id: 'events', ...eventsPage },
      { path: 'events/:eventSlug', id: 'event-home', ...eventHomePage },
    ]
  : [
      { index: true, id: 'home', ...eventHomePage },
      { path: 'events', loader: () => redirect('/') },
      { path: 'events/:eventSlug', id: 'event-home', ...eventHomePage },
    ];

export const routes: RouteObject[] = [
  {
    element: <AppLayout />,
    errorElement: <RouteError />,
    HydrateFallback: BootScreen,
    children: [
      {
        // Errors of a page replace the page, not the shell around it.
        errorElement: <RouteError />,
        children: [...pages, ...authRoutes, ...errorRoutes, { path: '*', element: <NotFoundPage />, loader: guard() }],
      },
    ],
  },
];

export const createRouter = () => createBrowserRouter(routes);
