import { describe, expect, it } from 'vitest';
import { parseEnvelope, serializeEnvelope } from './envelope.ts';
import { continueTrace, sentryBaggage } from './service.ts';

describe('parseEnvelope', () => {
  it('reads items with and without a length, and writes them back', () => {
    const raw = Buffer.from('{"event_id":"9ec79c33ec9942ab8353589fcb2e04dc","dsn":"https://k@o.example/1"}\n{"type":"event"}\n{"message":"hi"}\n{"type":"attachment","length":5}\nab\ncd\n');
    const envelope = parseEnvelope(raw);
    expect(envelope?.header.event_id).toBe('9ec79c33ec9942ab8353589fcb2e04dc');
    expect(envelope?.items.map((item) => [item.header.type, item.payload.toString()])).toEqual([
      ['event', '{"message":"hi"}'],
      ['attachment', 'ab\ncd'],
    ]);
    expect(parseEnvelope(serializeEnvelope(envelope as NonNullable<typeof envelope>))?.items.map((item) => item.payload.toString())).toEqual(['{"message":"hi"}', 'ab\ncd']);
  });

  it.each([
    ['not JSON', 'hello'],
    ['a header that is an array', '[1]\n'],
    ['an item without a type', '{}\n{"length":1}\na'],
    ['a length past the end', '{}\n{"type":"event","length":99}\n{}'],
    ['a negative length', '{}\n{"type":"event","length":-1}\n{}'],
  ])('refuses %s', (_name, raw) => expect(parseEnvelope(Buffer.from(raw))).toBeNull());

  it('takes a header alone and trailing newlines', () => expect(parseEnvelope(Buffer.from('{}\n\n'))?.items).toEqual([]));
});

describe('continueTrace', () => {
  const parent = '771a43a4192642f0b136d5159a501700-b9a4f1c2a3b4c5d6';
  it.each([
    ['continues a sampled trace', { 'sentry-trace': `${parent}-1` }, 0.99, { traceId: '771a43a4192642f0b136d5159a501700', parentSpanId: 'b9a4f1c2a3b4c5d6', sampled: true }],
    ['keeps the caller\'s "not sampled"', { 'sentry-trace': `${parent}-0` }, 0, { sampled: false }],
    ['decides at 0.1 when the caller left it open (in)', { 'sentry-trace': parent }, 0.05, { sampled: true }],
    ['decides at 0.1 when the caller left it open (out)', { 'sentry-trace': parent }, 0.1, { sampled: false }],
    ['starts a new trace without a header', {}, 0.5, { parentSpanId: undefined, sampled: false }],
    ['starts a new trace for a malformed header', { 'sentry-trace': 'zz-1' }, 0.05, { parentSpanId: undefined, sampled: true }],
  ] as const)('%s', (_name, headers, draw, expected) => {
    const trace = continueTrace(headers, draw);
    expect(trace).toMatchObject(expected);
    expect(trace.spanId).toMatch(/^[0-9a-f]{16}$/);
    expect(trace.traceId).toMatch(/^[0-9a-f]{32}$/);
  });

  it("keeps the caller's own baggage, never the fields the server states", () => {
    expect(sentryBaggage('sentry-transaction=%2Fevents,sentry-public_key=evil,other=1,sentry-sampled=true,sentry-user_segment=vip')).toEqual({ transaction: '/events', user_segment: 'vip' });
  });
});
