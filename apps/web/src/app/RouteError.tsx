import { isRouteErrorResponse, useRouteError } from 'react-router';
import { ApiError, NetworkError } from '../api/errors.ts';
import { ForbiddenPage, NetworkErrorPage, NotFoundPage, ServerErrorPage, UnauthorizedPage, UnknownErrorPage } from '../features/errors/pages.tsx';
import { reportLater } from '../lib/error-hooks.ts';
import { ModuleLoadError } from './lazy.ts';

const statusOf = (error: unknown): number | undefined => {
  if (error instanceof ApiError) return error.status;
  if (isRouteErrorResponse(error)) return error.status;
  return undefined;
};

/** On a network, not-found or server error the error screen replaces the view (product.md section 2). */
export function RouteError() {
  const error = useRouteError();
  if (error instanceof NetworkError) return <NetworkErrorPage />;
  const status = statusOf(error);
  if (status === 404) return <NotFoundPage />;
  if (status === 403) return <ForbiddenPage />;
  if (status === 401) return <UnauthorizedPage />;
  if (status !== undefined && status >= 500) return <ServerErrorPage />;
  if (error instanceof ModuleLoadError) return <UnknownErrorPage />;
  // A fault of the page itself (not an answer of the server, which reports its own): reported.
  reportLater(error, 'route-error');
  return <UnknownErrorPage />;
}
