// Error reporting (contract.md sections 7 "Other" and 8, 9): the browser's error reports go to the
// gateway under /api/v1 as Sentry envelopes, which the server forwards to its own DSN (never to an
// address the client names) or, without one, writes to its log. Traces are continued across the
// API through the sentry-trace and baggage headers, sampled at ERROR_TRACE_SAMPLE_RATE.
import { z } from 'zod';
import { dataOf } from './common.ts';
import { defineRoute } from './route.ts';

/** contract.md section 9: "Error-report trace sample rate 0.1". */
export const ERROR_TRACE_SAMPLE_RATE = 0.1;
/** An envelope of the browser at most (a few events with their stack traces fit easily). */
export const ERROR_REPORT_MAX_BYTES = 200 * 1024;
/** Envelopes one address may send per minute; past that 429 (a loop of errors must not flood anyone). */
export const ERROR_REPORTS_PER_MINUTE = 30;
/** The content type of a Sentry envelope (text/plain is accepted too: what sendBeacon sends). */
export const SENTRY_ENVELOPE_TYPE = 'application/x-sentry-envelope';

/** sentry-trace: {trace_id 32 hex}-{span_id 16 hex}[-{sampled 0|1}]. */
const SENTRY_TRACE = /^([0-9a-f]{32})-([0-9a-f]{16})(?:-([01]))?$/;

export interface TraceParent {
  traceId: string;
  parentSpanId: string;
  /** undefined: the caller left the decision to us. */
  sampled: boolean | undefined;
}

/** Reads a sentry-trace header; anything malformed is no trace at all (a new one starts). */
export function parseSentryTrace(header: string | undefined | null): TraceParent | null {
  const match = SENTRY_TRACE.exec((header ?? '').trim());
  if (!match) return null;
  const [, traceId = '', parentSpanId = '', flag] = match;
  return { traceId, parentSpanId, sampled: flag === undefined ? undefined : flag === '1' };
}

export const sentryTraceHeader = (traceId: string, spanId: string, sampled: boolean | undefined): string => `${traceId}-${spanId}${sampled === undefined ? '' : sampled ? '-1' : '-0'}`;

/** The sampling decision: the caller's when it made one, else one draw at the rate (`draw` in [0, 1)). */
export const sampleTrace = (parent: TraceParent | null, draw: number, rate = ERROR_TRACE_SAMPLE_RATE): boolean => parent?.sampled ?? draw < rate;

export const reportErrors = defineRoute({
  id: 'errors.report',
  method: 'POST',
  path: '/api/v1/errors',
  summary: `The browser's error reports: one Sentry envelope (${SENTRY_ENVELOPE_TYPE} or text/plain, up to ${ERROR_REPORT_MAX_BYTES / 1024} kB, ${ERROR_REPORTS_PER_MINUTE} a minute per address). Forwarded to the server's SENTRY_DSN, whatever DSN the envelope names; without one, written to the server log`,
  tags: ['system'],
  body: z.string().max(ERROR_REPORT_MAX_BYTES),
  response: dataOf(z.object({ forwarded: z.boolean() })),
  errors: [400, 413, 415, 429],
});
