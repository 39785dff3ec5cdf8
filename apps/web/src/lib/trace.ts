// The page's trace for error reporting (contract.md section 9, error-reports.ts in the contract):
// one trace per page load, sampled once at the contract's rate; every API call carries it in
// sentry-trace and baggage, so the server continues it and its errors link to the browser's.
// Kept free of the contract's index (zod): this module is in the first load.

/** contract ERROR_TRACE_SAMPLE_RATE (trace.test.ts keeps them equal). */
export const TRACE_SAMPLE_RATE = 0.1;

const hex = (bytes: number): string => Array.from(crypto.getRandomValues(new Uint8Array(bytes)), (b) => b.toString(16).padStart(2, '0')).join('');

export const pageTrace = { traceId: hex(16), sampled: Math.random() < TRACE_SAMPLE_RATE };

/** The headers of one call: the page's trace, a new span for the call. */
export function traceHeaders(trace: { traceId: string; sampled: boolean } = pageTrace): Record<string, string> {
  return {
    'sentry-trace': `${trace.traceId}-${hex(8)}-${trace.sampled ? '1' : '0'}`,
    baggage: `sentry-trace_id=${trace.traceId},sentry-sample_rate=${TRACE_SAMPLE_RATE},sentry-sampled=${trace.sampled}`,
  };
}
