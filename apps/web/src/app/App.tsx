import { QueryClientProvider } from '@tanstack/react-query';
import { useEffect } from 'react';
import { RouterProvider } from 'react-router';
import { queryClient } from '../api/query-client.ts';
import { installSessionListeners } from '../features/auth/session.ts';
import { resetModuleReloads } from './lazy.ts';
import type { createRouter } from './router.tsx';

/** Rendered after the texts are loaded; the router is made after them too, so its first loaders already speak the chosen language. */
export function App({ router }: { router: ReturnType<typeof createRouter> }) {
  useEffect(() => installSessionListeners(), []);
  useEffect(() => {
    // Navigation is ready: a later chunk failure may reload the page once again.
    const resetWhenReady = (state: typeof router.state) => {
      if (state.initialized && state.navigation.state === 'idle') resetModuleReloads();
    };
    resetWhenReady(router.state);
    return router.subscribe(resetWhenReady);
  }, [router]);
  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  );
}
