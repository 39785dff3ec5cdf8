import { createBrowserRouter, redirect, type RouteObject } from 'react-router';
import { ForbiddenPage, NetworkErrorPage, NotFoundPage, ServerErrorPage, UnknownErrorPage } from '../features/errors/pages.tsx';
import { isGeneralMode } from './config.ts';
import { BootScreen } from './BootScreen.tsx';
import { AppLayout } from './layout/AppLayout.tsx';
import { guard, lazyPage } from './lazy.ts';
import { RouteError } from './RouteError.tsx';

const eventsPage = lazyPage(() => import('../features/events/EventsPage.tsx'));
const eventHomePage = lazyPage(() => import('../features/events/EventHomePage.tsx'));

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
        children: [...pages, ...errorRoutes, { path: '*', element: <NotFoundPage />, loader: guard() }],
      },
    ],
  },
];

export const createRouter = () => createBrowserRouter(routes);
