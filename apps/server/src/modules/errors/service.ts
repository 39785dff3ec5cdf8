// The browser's error reports through the gateway (contract error-reports.ts): forwarded to the
// server's own DSN only, or written to the log when there is none (development).
import { ErrorCode, parseSentryTrace, sampleTrace } from '@lobby/contract';
import { AppError } from '../../http/errors.ts';
import { itemJson, parseEnvelope, type EnvelopeItem } from './envelope.ts';
import { newSpanId, newTraceId, type ErrorReporter, type RequestTrace } from './reporter.ts';

/** What a browser may send through: errors, traces, sessions and the SDK's own counts, no attachments or replays. */
export const TUNNELLED_TYPES: ReadonlySet<string> = new Set(['event', 'transaction', 'session', 'sessions', 'client_report']);
/** Envelope header fields kept; the DSN (and anything naming an address) is the server's to set. */
const HEADER_FIELDS = ['event_id', 'sent_at', 'trace', 'sdk'] as const;

const clip = (value: unknown, max = 500): string | undefined => (typeof value === 'string' ? value.slice(0, max) : undefined);

/** The few fields of a browser error that say what happened, for the log. */
export function summarise(item: EnvelopeItem): Record<string, unknown> | null {
  const event = itemJson(item);
  if (!event) return null;
  const values = (event.exception as { values?: { type?: unknown; value?: unknown }[] } | undefined)?.values;
  const first = Array.isArray(values) ? values[values.length - 1] : undefined;
  const message = event.message;
  return {
    type: clip(first?.type, 200),
    message: clip(first?.value) ?? clip(typeof message === 'object' && message !== null ? (message as { formatted?: unknown }).formatted : message),
    url: clip((event.request as { url?: unknown } | undefined)?.url, 1000),
    trace_id: clip((event.contexts as { trace?: { trace_id?: unknown } } | undefined)?.trace?.trace_id, 32),
    release: clip(event.release, 100),
  };
}

/** Where browser errors go without a DSN: the request's log. */
export interface ReportLog {
  warn(details: object, message: string): void;
}

export async function tunnel(reporter: ErrorReporter, body: string, log: ReportLog): Promise<{ forwarded: boolean }> {
  const envelope = parseEnvelope(Buffer.from(body, 'utf8'));
  if (!envelope) throw new AppError(400, ErrorCode.errorReportInvalid, 'This is not an error report (a Sentry envelope was expected).');
  const items = envelope.items.filter((item) => TUNNELLED_TYPES.has(item.header.type));
  if (!reporter.enabled) {
    for (const item of items) {
      if (item.header.type !== 'event') continue;
      const summary = summarise(item);
      if (summary) log.warn({ browser: summary }, 'browser error');
    }
    return { forwarded: false };
  }
  if (items.length === 0) return { forwarded: false };
  const header = Object.fromEntries(HEADER_FIELDS.filter((key) => envelope.header[key] !== undefined).map((key) => [key, envelope.header[key]]));
  return { forwarded: await reporter.send({ header, items }) };
}

/** The caller's sentry-* baggage entries (W3C baggage: comma-separated key=value). */
export function sentryBaggage(header: string | undefined): Record<string, string> {
  const entries: Record<string, string> = {};
  for (const part of (header ?? '').split(',').slice(0, 64)) {
    const [rawKey, ...rest] = part.trim().split('=');
    const key = rawKey?.trim() ?? '';
    if (!key.startsWith('sentry-') || rest.length === 0) continue;
    const name = key.slice('sentry-'.length);
    // Fields the server states itself, or that a caller must not set for it.
    if (!/^[a-z_]{1,32}$/.test(name) || ['trace_id', 'public_key', 'sample_rate', 'sampled', 'release', 'environment'].includes(name) || Object.hasOwn(entries, name)) continue;
    try {
      entries[name] = decodeURIComponent(rest.join('=').trim()).slice(0, 200);
    } catch {
      // A broken escape: the entry is left out.
    }
  }
  return entries;
}

/** The request's trace: the caller's (sentry-trace) continued, or a new one sampled at the contract's rate. */
export function continueTrace(headers: Record<string, string | string[] | undefined>, draw = Math.random()): RequestTrace {
  const one = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);
  const parent = parseSentryTrace(one(headers['sentry-trace']));
  return {
    traceId: parent?.traceId ?? newTraceId(),
    spanId: newSpanId(),
    parentSpanId: parent?.parentSpanId,
    sampled: sampleTrace(parent, draw),
    baggage: parent ? sentryBaggage(one(headers.baggage)) : {},
    startedAt: Date.now(),
  };
}
