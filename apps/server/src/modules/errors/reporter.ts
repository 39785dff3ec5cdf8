// A small Sentry client of Lobby's own: the server's errors and its sampled request traces as
// envelopes to SENTRY_DSN, and the browser's envelopes forwarded there (the tunnel). Without a
// DSN nothing leaves the machine: errors stay in the log.
import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { ERROR_TRACE_SAMPLE_RATE } from '@lobby/contract';
import type { SentryConfig } from '../../config-push.ts';
import { serializeEnvelope, type Envelope } from './envelope.ts';

export const newTraceId = (): string => randomBytes(16).toString('hex');
export const newSpanId = (): string => randomBytes(8).toString('hex');

/** A request's place in a trace: continued from sentry-trace, or new. */
export interface RequestTrace {
  traceId: string;
  spanId: string;
  parentSpanId: string | undefined;
  sampled: boolean;
  /** The caller's baggage entries (sentry-*), passed on in the envelope's trace header. */
  baggage: Record<string, string>;
  startedAt: number;
}

export interface StackFrame {
  function?: string;
  filename?: string;
  lineno?: number;
  colno?: number;
  in_app?: boolean;
}

/** V8's stack lines as Sentry frames, oldest call first (Sentry's order). */
export function stackFrames(stack: string | undefined): StackFrame[] {
  const frames: StackFrame[] = [];
  for (const line of (stack ?? '').split('\n').slice(1, 51)) {
    const match = /^\s*at (?:(.+?) \()?(.+?):(\d+):(\d+)\)?$/.exec(line);
    if (!match) continue;
    const [, fn, file = '', lineno, colno] = match;
    frames.push({ function: fn ?? '?', filename: file, lineno: Number(lineno), colno: Number(colno), in_app: !file.includes('node_modules') && !file.startsWith('node:') });
  }
  return frames.reverse();
}

const SENT_TIMEOUT_MS = 5000;
/** Envelopes in flight at most; past that the server's own reports are dropped, not queued without end. */
const IN_FLIGHT_MAX = 20;

export class ErrorReporter {
  private inFlight = 0;
  private readonly release: string;

  constructor(
    readonly sentry: SentryConfig | undefined,
    version: string,
    private readonly onFailure: (error: unknown) => void,
  ) {
    this.release = `lobby@${version}`;
  }

  get enabled(): boolean {
    return this.sentry !== undefined;
  }

  /** The dynamic sampling context sent with every envelope of a trace. */
  private traceHeader(trace: RequestTrace | undefined): Record<string, unknown> | undefined {
    if (!trace || !this.sentry) return undefined;
    return { ...trace.baggage, trace_id: trace.traceId, public_key: this.sentry.publicKey, sample_rate: String(ERROR_TRACE_SAMPLE_RATE), sampled: String(trace.sampled), release: this.release, environment: this.sentry.environment };
  }

  /** POSTs an envelope to the DSN's project; answers whether it was taken (2xx). */
  async send(envelope: Envelope): Promise<boolean> {
    if (!this.sentry || this.inFlight >= IN_FLIGHT_MAX) return false;
    this.inFlight += 1;
    try {
      const body = serializeEnvelope({ ...envelope, header: { ...envelope.header, dsn: this.sentry.dsn, sent_at: new Date().toISOString() } });
      const response = await fetch(this.sentry.envelopeUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/x-sentry-envelope', 'x-sentry-auth': `Sentry sentry_version=7, sentry_key=${this.sentry.publicKey}, sentry_client=lobby/${this.release}` },
        body: new Uint8Array(body),
        signal: AbortSignal.timeout(SENT_TIMEOUT_MS),
      });
      await response.arrayBuffer().catch(() => undefined);
      return response.ok;
    } catch (error) {
      this.onFailure(error);
      return false;
    } finally {
      this.inFlight -= 1;
    }
  }

  private base(eventId: string) {
    return { event_id: eventId, timestamp: Date.now() / 1000, platform: 'node', server_name: hostname(), release: this.release, environment: this.sentry?.environment ?? 'development' };
  }

  /** An error of the server (a 5xx), with the request's trace so the browser's side links to it. */
  captureException(error: unknown, context: { trace?: RequestTrace; method?: string; route?: string; url?: string }): Promise<boolean> {
    if (!this.sentry) return Promise.resolve(false);
    const eventId = randomBytes(16).toString('hex');
    const err = error instanceof Error ? error : new Error(String(error));
    const event = {
      ...this.base(eventId),
      level: 'error',
      exception: { values: [{ type: err.name, value: err.message, stacktrace: { frames: stackFrames(err.stack) } }] },
      ...(context.url ? { request: { method: context.method, url: context.url } } : {}),
      ...(context.route ? { transaction: `${context.method ?? ''} ${context.route}`.trim(), tags: { route: context.route } } : {}),
      ...(context.trace ? { contexts: { trace: { trace_id: context.trace.traceId, span_id: context.trace.spanId, parent_span_id: context.trace.parentSpanId, op: 'http.server' } } } : {}),
    };
    const trace = this.traceHeader(context.trace);
    return this.send({ header: { event_id: eventId, ...(trace ? { trace } : {}) }, items: [{ header: { type: 'event' }, payload: Buffer.from(JSON.stringify(event)) }] });
  }

  /** A sampled request as a transaction: its route, timing and outcome. */
  captureTransaction(trace: RequestTrace, request: { method: string; route: string; status: number }): Promise<boolean> {
    if (!this.sentry || !trace.sampled) return Promise.resolve(false);
    const eventId = randomBytes(16).toString('hex');
    const event = {
      ...this.base(eventId),
      type: 'transaction',
      transaction: `${request.method} ${request.route}`,
      transaction_info: { source: 'route' },
      start_timestamp: trace.startedAt / 1000,
      spans: [],
      contexts: {
        trace: { trace_id: trace.traceId, span_id: trace.spanId, parent_span_id: trace.parentSpanId, op: 'http.server', status: request.status >= 500 ? 'internal_error' : request.status >= 400 ? 'invalid_argument' : 'ok', data: { 'http.response.status_code': request.status } },
      },
    };
    return this.send({ header: { event_id: eventId, trace: this.traceHeader(trace) }, items: [{ header: { type: 'transaction' }, payload: Buffer.from(JSON.stringify(event)) }] });
  }
}
