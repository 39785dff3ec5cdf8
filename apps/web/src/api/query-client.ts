import { QueryClient } from '@tanstack/react-query';
import { ApiError, NetworkError } from './errors.ts';

/** 4xx answers and network failures are not retried: the error screen says what happened. */
const shouldRetry = (failures: number, error: unknown): boolean => {
  if (error instanceof NetworkError) return false;
  if (error instanceof ApiError && error.status < 500) return false;
  return failures < 2;
};

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { staleTime: 30_000, retry: shouldRetry, refetchOnWindowFocus: false },
    mutations: { retry: false },
  },
});
