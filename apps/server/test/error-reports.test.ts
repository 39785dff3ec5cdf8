// Error reporting (issue 18): the browser's envelopes through POST /api/v1/errors and the server's
// own 5xx errors and sampled traces, against a local receiver standing in for a Sentry-compatible
// service that reads each envelope line by line; without a DSN, browser errors go to the log.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { createTestApp, createTestDatabase, type TestApp, type TestDatabase } from './harness.ts';
import type { FastifyInstance } from 'fastify';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

interface Received {
  path: string;
  auth: string | undefined;
  header: Record<string, unknown>;
  items: { header: Record<string, unknown>; payload: Record<string, unknown> }[];
}

/** The receiving side of the envelope format: a header line, then item header and payload lines. */
function readEnvelope(body: string): Omit<Received, 'path' | 'auth'> {
  const lines = body.split('\n');
  const header = JSON.parse(lines[0] ?? '{}') as Record<string, unknown>;
  const items: Received['items'] = [];
  for (let i = 1; i + 1 < lines.length; i += 2) {
    if (lines[i] === '') break;
    items.push({ header: JSON.parse(lines[i] ?? '{}'), payload: JSON.parse(lines[i + 1] ?? '{}') });
  }
  return { header, items };
}

const received: Received[] = [];
let sentry: Server;
let dsn = '';
let t: TestApp;
let app: FastifyInstance;
let database: TestDatabase;

beforeAll(async () => {
  sentry = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      received.push({ path: req.url ?? '', auth: req.headers['x-sentry-auth'] as string | undefined, ...readEnvelope(body) });
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => sentry.listen(0, '127.0.0.1', resolve));
  dsn = `http://0123456789abcdef@127.0.0.1:${(sentry.address() as AddressInfo).port}/42`;
  t = await createTestApp({ SENTRY_DSN: dsn, SENTRY_ENVIRONMENT: 'staging' });
  // An app with a route that fails, as a bug would.
  const dataDir = mkdtempSync(join(tmpdir(), 'lobby-errors-'));
  database = await createTestDatabase();
  app = await buildApp(loadConfig({ DATA_DIR: dataDir, LOBBY_DEMO: '0', LOG_LEVEL: 'silent', WEB_DIST: join(dataDir, 'no-web'), SENTRY_DSN: dsn }), { logger: false, jobs: { start: false }, database });
  app.get('/api/v1/test-failure', async () => {
    throw new Error('the test route failed');
  });
  await app.ready();
});
afterAll(async () => {
  await t.close();
  await app.close();
  await database.destroy();
  await new Promise<void>((resolve) => sentry.close(() => resolve()));
});

/** Waits for the receiver to hold what `match` picks (reports are sent after the answer). */
async function arrived(match: (r: Received) => boolean): Promise<Received> {
  for (let i = 0; i < 100; i += 1) {
    const found = received.find(match);
    if (found) return found;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('nothing arrived at the receiver');
}

const browserEnvelope = (eventId: string, extraHeader: Record<string, unknown> = {}) =>
  [
    JSON.stringify({ event_id: eventId, sent_at: new Date().toISOString(), dsn: 'https://evil@attacker.example/1', ...extraHeader }),
    JSON.stringify({ type: 'event' }),
    JSON.stringify({ event_id: eventId, platform: 'javascript', exception: { values: [{ type: 'TypeError', value: 'x is undefined' }] }, contexts: { trace: { trace_id: 'a'.repeat(32), span_id: 'b'.repeat(16) } } }),
    JSON.stringify({ type: 'attachment', filename: 'secrets.txt' }),
    'not for the service',
    '',
  ].join('\n');

const tunnel = (payload: string, headers: Record<string, string> = { 'content-type': 'text/plain;charset=UTF-8' }, server: FastifyInstance = t.app, ip = '10.0.0.1') => server.inject({ method: 'POST', url: '/api/v1/errors', headers, payload, remoteAddress: ip });

describe('the browser tunnel', () => {
  it("forwards an envelope to the server's own DSN only, without attachments", async () => {
    const eventId = 'c'.repeat(32);
    const res = await tunnel(browserEnvelope(eventId), { 'content-type': 'application/x-sentry-envelope' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ data: { forwarded: true } });
    const got = await arrived((r) => r.header.event_id === eventId);
    expect(got.path).toBe('/api/42/envelope/');
    expect(got.auth).toMatch(/^Sentry sentry_version=7, sentry_key=0123456789abcdef, sentry_client=lobby\//);
    expect(got.header.dsn).toBe(dsn);
    expect(got.items.map((item) => item.header.type)).toEqual(['event']);
    expect(got.items[0]?.payload).toMatchObject({ exception: { values: [{ type: 'TypeError' }] } });
  });

  it.each([
    ['no envelope at all', 'hello', 400, 'errors.invalid'],
    ['an item whose length runs past the end', '{}\n{"type":"event","length":500}\n{}', 400, 'errors.invalid'],
  ])('refuses %s', async (_name, payload, status, code) => {
    const res = await tunnel(payload, undefined, t.app, '10.0.0.2');
    expect(res.statusCode).toBe(status);
    expect(res.json().error.code).toBe(code);
  });

  it('refuses other content types and envelopes past the size limit', async () => {
    expect((await tunnel(JSON.stringify({ a: 1 }), { 'content-type': 'application/json' }, t.app, '10.0.0.3')).statusCode).toBe(415);
    const big = await tunnel(`{}\n{"type":"event"}\n${JSON.stringify({ message: 'x'.repeat(210 * 1024) })}\n`, undefined, t.app, '10.0.0.3');
    expect(big.statusCode).toBe(413);
    expect(big.json().error.code).toBe('payload.too_large');
  });

  it('answers 429 past 30 envelopes a minute from one address', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 31; i += 1) statuses.push((await tunnel('{}\n', undefined, t.app, '10.0.0.9')).statusCode);
    expect(statuses.slice(0, 30).every((status) => status === 200)).toBe(true);
    expect(statuses[30]).toBe(429);
  });

  it('writes browser errors to the log when no DSN is set', async () => {
    const lines: string[] = [];
    const stream = new Writable({ write: (chunk: Buffer, _enc, done) => (lines.push(chunk.toString()), done()) });
    const local = await createTestApp({}, { logStream: stream, logLevel: 'warn' });
    try {
      const res = await tunnel(browserEnvelope('d'.repeat(32)), undefined, local.app);
      expect(res.json()).toEqual({ data: { forwarded: false } });
      const logged = lines.map((line) => JSON.parse(line) as { msg: string; browser?: Record<string, unknown> }).find((line) => line.msg === 'browser error');
      expect(logged?.browser).toMatchObject({ type: 'TypeError', message: 'x is undefined', trace_id: 'a'.repeat(32) });
    } finally {
      await local.close();
    }
  });
});

describe("the server's errors and traces", () => {
  it('reports a 5xx with the trace the browser started, and its sampled transaction', async () => {
    const traceId = '771a43a4192642f0b136d5159a501700';
    const res = await app.inject({ method: 'GET', url: '/api/v1/test-failure?token=secret', headers: { 'sentry-trace': `${traceId}-b9a4f1c2a3b4c5d6-1`, baggage: `sentry-trace_id=${traceId},sentry-transaction=%2Fevents,sentry-public_key=forged` } });
    expect(res.statusCode).toBe(500);
    expect(res.json().error.message).not.toContain('test route');
    const error = await arrived((r) => r.items[0]?.header.type === 'event' && (r.items[0]?.payload.contexts as { trace?: { trace_id?: string } })?.trace?.trace_id === traceId);
    const event = error.items[0]?.payload as Record<string, unknown>;
    expect(event).toMatchObject({ level: 'error', platform: 'node', exception: { values: [{ type: 'Error', value: 'the test route failed' }] }, contexts: { trace: { parent_span_id: 'b9a4f1c2a3b4c5d6', op: 'http.server' } } });
    expect(String((event.request as { url: string }).url)).not.toContain('secret');
    const frames = (event.exception as { values: { stacktrace: { frames: { filename: string }[] } }[] }).values[0]?.stacktrace.frames ?? [];
    expect(frames.some((frame) => frame.filename.includes('error-reports.test.ts'))).toBe(true);
    expect(error.header.trace).toMatchObject({ trace_id: traceId, public_key: '0123456789abcdef', sample_rate: '0.1', sampled: 'true', transaction: '/events' });

    const transaction = await arrived((r) => r.items[0]?.header.type === 'transaction' && (r.header.trace as { trace_id?: string } | undefined)?.trace_id === traceId);
    expect(transaction.items[0]?.payload).toMatchObject({ type: 'transaction', transaction: 'GET /api/v1/test-failure', contexts: { trace: { trace_id: traceId, parent_span_id: 'b9a4f1c2a3b4c5d6', status: 'internal_error' } } });
  });

  it('reports no 4xx, and sends no transaction for a trace the browser did not sample', async () => {
    const traceId = '88888888888888888888888888888888';
    expect((await app.inject({ method: 'GET', url: '/api/v1/events/999999999', headers: { 'sentry-trace': `${traceId}-b9a4f1c2a3b4c5d6-0` } })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: '/api/v1/test-failure', headers: { 'sentry-trace': `${traceId}-b9a4f1c2a3b4c5d6-0` } })).statusCode).toBe(500);
    await arrived((r) => r.items[0]?.header.type === 'event' && (r.header.trace as { trace_id?: string } | undefined)?.trace_id === traceId);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const ofTrace = received.filter((r) => (r.header.trace as { trace_id?: string } | undefined)?.trace_id === traceId);
    expect(ofTrace.map((r) => r.items[0]?.header.type)).toEqual(['event']);
  });
});
