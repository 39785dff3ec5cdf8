import type { ErrorBody, ErrorCode } from '@lobby/contract';

/** ErrorCode.internal, spelt out: the code table itself stays off the first load (every page loads this file). */
const INTERNAL: (typeof ErrorCode)['internal'] = 'internal';

/** The server answered with the error shape (or something unexpected, read as a server error). */
export class ApiError extends Error {
  constructor(
    public readonly status: number,
    public readonly code: string,
    message: string,
    public readonly details?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'ApiError';
  }

  static from(status: number, payload: unknown): ApiError {
    const error = (payload as Partial<ErrorBody> | undefined)?.error;
    if (error && typeof error.code === 'string' && typeof error.message === 'string') return new ApiError(status, error.code, error.message, error.details);
    return new ApiError(status, status >= 500 ? INTERNAL : `http.${status}`, `HTTP ${status}`);
  }
}

/** The request never reached the server: offline, DNS, connection refused. */
export class NetworkError extends Error {
  constructor(cause?: unknown) {
    super('The network is unreachable', { cause });
    this.name = 'NetworkError';
  }
}

/** The browser is offline before a navigation (product.md section 2, navigation rules). */
export const isOffline = (): boolean => typeof navigator !== 'undefined' && navigator.onLine === false;
