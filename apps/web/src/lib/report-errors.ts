// A small Sentry-compatible reporter of the browser's errors (instead of a 70 kB SDK): each error
// becomes an envelope with one event, posted to the gateway's tunnel POST /api/v1/errors, which
// forwards it to the server's DSN or writes it to the server's log. Loaded on the first error.
import { pageTrace } from './trace.ts';

/** Reports one page sends at most: a loop of errors must not flood the tunnel. */
export const REPORTS_PER_PAGE = 20;

export interface BrowserFrame {
  function: string;
  filename: string;
  lineno: number;
  colno: number;
  in_app: boolean;
}

const CHROME = /^\s*at (?:(.+?) \()?(.+?):(\d+):(\d+)\)?\s*$/;
const FIREFOX = /^\s*(.*?)@(.+?):(\d+):(\d+)\s*$/;

/** Chrome's and Firefox's stack lines as Sentry frames, oldest call first. */
export function parseStack(stack: string | undefined, origin: string): BrowserFrame[] {
  const frames: BrowserFrame[] = [];
  for (const line of (stack ?? '').split('\n').slice(0, 60)) {
    const match = CHROME.exec(line) ?? FIREFOX.exec(line);
    if (!match) continue;
    const [, fn, filename = '', lineno, colno] = match;
    frames.push({ function: fn || '?', filename, lineno: Number(lineno), colno: Number(colno), in_app: filename.startsWith(origin) });
  }
  return frames.reverse();
}

const hex = (bytes: number): string => Array.from(crypto.getRandomValues(new Uint8Array(bytes)), (b) => b.toString(16).padStart(2, '0')).join('');

/** What was thrown, as a type and a message (anything may be thrown, not only Errors). */
function describe(error: unknown): { type: string; value: string; stack: string | undefined } {
  if (error instanceof Error) return { type: error.name || 'Error', value: error.message, stack: error.stack };
  if (typeof error === 'string') return { type: 'Error', value: error, stack: undefined };
  let value: string;
  try {
    value = JSON.stringify(error) ?? String(error);
  } catch {
    value = String(error);
  }
  return { type: 'UnhandledValue', value: value.slice(0, 1000), stack: undefined };
}

export interface PageContext {
  url: string;
  origin: string;
  userAgent: string;
  release: string;
  trace: { traceId: string; sampled: boolean };
  nowMs: number;
}

/** The envelope of one error: header, item header, event (contract error-reports.ts). */
export function errorEnvelope(error: unknown, source: string, page: PageContext): string {
  const eventId = hex(16);
  const what = describe(error);
  const timestamp = page.nowMs / 1000;
  const event = {
    event_id: eventId,
    timestamp,
    platform: 'javascript',
    level: 'error',
    logger: source,
    release: `lobby@${page.release}`,
    exception: { values: [{ type: what.type, value: what.value.slice(0, 2000), stacktrace: { frames: parseStack(what.stack, page.origin) }, mechanism: { type: source, handled: source === 'route-error' } }] },
    request: { url: page.url, headers: { 'User-Agent': page.userAgent } },
    contexts: { trace: { trace_id: page.trace.traceId, span_id: hex(8) } },
  };
  const header = { event_id: eventId, sent_at: new Date(page.nowMs).toISOString(), trace: { trace_id: page.trace.traceId, sample_rate: '0.1', sampled: String(page.trace.sampled), release: `lobby@${page.release}` } };
  return `${JSON.stringify(header)}\n${JSON.stringify({ type: 'event' })}\n${JSON.stringify(event)}\n`;
}

/**
 * Errors of other sites' scripts (an event's analytics tags) are theirs: a failing tag only warns
 * (contract.md section 8), and the browser hides their details anyway ("Script error.").
 */
export function isOwnError(event: { filename: string; message: string }, origin: string): boolean {
  if (event.message === 'Script error.' || event.message === 'Script error') return false;
  if (!event.filename) return true;
  try {
    return new URL(event.filename, origin).origin === origin;
  } catch {
    return false;
  }
}

const seen = new Set<string>();

/** Sends one report unless the page sent this one already or its quota is used up; never throws. */
export async function reportError(error: unknown, source: string, release: string, from?: { filename: string; message: string }): Promise<boolean> {
  if (from && !isOwnError(from, window.location.origin)) return false;
  const what = describe(error);
  const fingerprint = `${what.type}:${what.value}`;
  if (seen.has(fingerprint) || seen.size >= REPORTS_PER_PAGE) return false;
  seen.add(fingerprint);
  if (import.meta.env.DEV) console.error(error);
  const body = errorEnvelope(error, source, { url: window.location.href, origin: window.location.origin, userAgent: navigator.userAgent, release, trace: pageTrace, nowMs: Date.now() });
  try {
    const response = await fetch('/api/v1/errors', { method: 'POST', headers: { 'content-type': 'text/plain;charset=UTF-8' }, body, keepalive: body.length < 60_000, credentials: 'same-origin' });
    return response.ok;
  } catch {
    // Offline or the server is away: the error is lost, as a report must never become an error itself.
    return false;
  }
}
