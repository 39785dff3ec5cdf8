import { ERROR_TRACE_SAMPLE_RATE, parseSentryTrace } from '@lobby/contract';
import { describe, expect, it } from 'vitest';
import { errorEnvelope, isOwnError, parseStack } from './report-errors.ts';
import { traceHeaders, TRACE_SAMPLE_RATE } from './trace.ts';

describe('traceHeaders', () => {
  it("samples at the contract's rate", () => expect(TRACE_SAMPLE_RATE).toBe(ERROR_TRACE_SAMPLE_RATE));

  it.each([true, false])('gives a sentry-trace the server reads (sampled %s) and a new span per call', (sampled) => {
    const trace = { traceId: '0123456789abcdef0123456789abcdef', sampled };
    const first = traceHeaders(trace);
    const second = traceHeaders(trace);
    expect(parseSentryTrace(first['sentry-trace'])).toMatchObject({ traceId: trace.traceId, sampled });
    expect(first['sentry-trace']).not.toBe(second['sentry-trace']);
    expect(first.baggage).toBe(`sentry-trace_id=${trace.traceId},sentry-sample_rate=0.1,sentry-sampled=${sampled}`);
  });
});

describe('parseStack', () => {
  it("reads Chrome's and Firefox's lines, oldest call first, this site's code in_app", () => {
    const chrome = 'TypeError: x is undefined\n    at render (https://lobby.example/assets/index-abc.js:10:20)\n    at https://cdn.example/lib.js:1:2';
    expect(parseStack(chrome, 'https://lobby.example')).toEqual([
      { function: '?', filename: 'https://cdn.example/lib.js', lineno: 1, colno: 2, in_app: false },
      { function: 'render', filename: 'https://lobby.example/assets/index-abc.js', lineno: 10, colno: 20, in_app: true },
    ]);
    const firefox = 'render@https://lobby.example/assets/index-abc.js:10:20\n@https://lobby.example/assets/main.js:3:4';
    expect(parseStack(firefox, 'https://lobby.example').map((frame) => [frame.function, frame.lineno])).toEqual([
      ['?', 3],
      ['render', 10],
    ]);
    expect(parseStack(undefined, 'https://lobby.example')).toEqual([]);
  });
});

describe('errorEnvelope', () => {
  const page = { url: 'https://lobby.example/events/summit', origin: 'https://lobby.example', userAgent: 'Test', release: '1.2.3', trace: { traceId: 'a'.repeat(32), sampled: false }, nowMs: Date.UTC(2026, 0, 1) };

  it('writes a header, an item header and the event, one JSON value a line', () => {
    const lines = errorEnvelope(new TypeError('x is undefined'), 'window.onerror', page).trimEnd().split('\n').map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(lines).toHaveLength(3);
    expect(lines[0]).toMatchObject({ sent_at: '2026-01-01T00:00:00.000Z', trace: { trace_id: 'a'.repeat(32), sampled: 'false' } });
    expect(lines[1]).toEqual({ type: 'event' });
    expect(lines[2]).toMatchObject({ event_id: lines[0]?.event_id, platform: 'javascript', release: 'lobby@1.2.3', exception: { values: [{ type: 'TypeError', value: 'x is undefined' }] }, request: { url: page.url }, contexts: { trace: { trace_id: 'a'.repeat(32) } } });
  });

  it.each([
    ['a string', 'boom', { type: 'Error', value: 'boom' }],
    ['an object', { code: 7 }, { type: 'UnhandledValue', value: '{"code":7}' }],
    ['undefined', undefined, { type: 'UnhandledValue', value: 'undefined' }],
  ])('describes %s that was thrown', (_name, thrown, expected) => {
    const event = JSON.parse(errorEnvelope(thrown, 'unhandledrejection', page).trimEnd().split('\n')[2] ?? '{}') as { exception: { values: unknown[] } };
    expect(event.exception.values[0]).toMatchObject(expected);
  });
});

describe('isOwnError', () => {
  it.each([
    ["this site's script", { filename: 'https://lobby.example/assets/a.js', message: 'x' }, true],
    ['no file (inline, eval)', { filename: '', message: 'x' }, true],
    ["an analytics tag's script", { filename: 'https://www.googletagmanager.com/gtag/js', message: 'x' }, false],
    ['a hidden cross-origin error', { filename: '', message: 'Script error.' }, false],
  ] as const)('%s', (_name, event, expected) => expect(isOwnError(event, 'https://lobby.example')).toBe(expected));
});
