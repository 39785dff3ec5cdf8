import { describe, expect, it } from 'vitest';
import { ZMediaUrl } from './admin.ts';
import { eventHubTarget, isSameOriginPath } from './links.ts';

describe('eventHubTarget', () => {
  it.each([
    [{ redirect: '/events/hub/program' }, '/events/hub/program'],
    [{ redirect: '//evil.example', event: 'hub' }, '/events/hub'],
    [{ redirect: 'https://evil.example' }, '/'],
    [{ event: 'lobby-summit', action: 'meeting', entity: '42' }, '/events/lobby-summit/meetings/list/42'],
    [{ event: 'lobby-summit', action: 'chat', entity: 'a1b2' }, '/events/lobby-summit/chats/a1b2'],
    [{ event: 'lobby-summit', action: 'members' }, '/events/lobby-summit/members'],
    [{ event: 'lobby-summit', action: 'event', entity: '1' }, '/events/lobby-summit'],
    [{ event: 'lobby-summit', action: 'meeting' }, '/events/lobby-summit'],
    [{ event: 'lobby-summit', action: 'self-destruct', entity: '1' }, '/events/lobby-summit'],
    [{ event: 'lobby-summit', action: 'lecture', entity: '../x' }, '/events/lobby-summit'],
    [{ event: 'Bad Slug' }, '/'],
    [{}, '/'],
  ])('%j -> %s', (params, target) => {
    expect(eventHubTarget(params)).toBe(target);
  });

  // Names every object inherits must not count as actions: they crashed or built paths like "/events/x[object Undefined]".
  it.each(['__proto__', 'hasOwnProperty', 'constructor', 'toString', 'valueOf', 'isPrototypeOf'])('action=%s leads to the event page', (action) => {
    expect(eventHubTarget({ event: 'x', action, entity: '1' })).toBe('/events/x');
  });

  it.each([
    // A Location header must be ASCII: decoded text is percent-encoded again.
    [{ redirect: '/中' }, '/%E4%B8%AD'],
    [{ redirect: '/events/x?tab=a b#top' }, '/events/x?tab=a%20b#top'],
    [{ redirect: '/100%' }, '/100%25'],
    // Control characters and backslashes never pass (browsers drop tabs and newlines: "/\t/evil" becomes "//evil").
    [{ redirect: '/\u0001' }, '/'],
    [{ redirect: '/\t/evil.example' }, '/'],
    [{ redirect: '/\n/evil.example' }, '/'],
    [{ redirect: '/\r/evil.example', event: 'x' }, '/events/x'],
    [{ redirect: '/\\evil.example' }, '/'],
    [{ redirect: '/a\u007f' }, '/'],
    [{ redirect: '/\u0085' }, '/'],
    // A lone surrogate cannot be encoded: it is dropped, not thrown.
    [{ redirect: '/\ud800' }, '/'],
    [{ redirect: `/${'a'.repeat(3000)}` }, '/'],
  ])('redirect %j -> %s', (params, target) => {
    expect(eventHubTarget(params)).toBe(target);
  });

  it('reads repeated query parameters by their first value and ignores what is not text', () => {
    expect(eventHubTarget({ redirect: ['/a', '/b'] })).toBe('/a');
    expect(eventHubTarget({ event: ['x', 'y'], action: ['chat', 'chats'], entity: ['1', '2'] })).toBe('/events/x/chats/1');
    expect(eventHubTarget({ event: { toString: () => 'x' }, redirect: 42 })).toBe('/');
    expect(eventHubTarget({ event: [], action: [[]] })).toBe('/');
  });
});

describe('isSameOriginPath', () => {
  it.each([
    ['/', true],
    ['/events/x', true],
    ['/events/x?y=1#z', true],
    ['//evil.example', false],
    ['/\\evil.example', false],
    ['/\t/evil.example', false],
    ['/a\\b', false],
    ['/a\u0000', false],
    ['https://evil.example', false],
    ['events', false],
    ['', false],
  ])('%j -> %s', (value, safe) => {
    expect(isSameOriginPath(value)).toBe(safe);
  });
});

describe('picture addresses (ZMediaUrl)', () => {
  it.each([
    ['https://cdn.example.org/bg.png', true],
    ['/demo/hub-logo.svg', true],
    ['/a', true],
    // Protocol-relative and backslash forms load from another host.
    ['//evil.example/x.png', false],
    ['/\\evil.example/x.png', false],
    ['/a\\b.png', false],
    ['https://cdn.example.org\\@evil.example/x.png', false],
    ['/a\u0001.png', false],
    ['https://cdn.example.org/a\u0000.png', false],
    ['/a\u0085.png', false],
    ['/a b.png', false],
    ['/', false],
    ['http://cdn.example.org/x.png', false],
    ['javascript:alert(1)', false],
    ['data:image/png;base64,AAAA', false],
    ['/x.png"onerror="x', false],
  ])('%j -> %s', (value, valid) => {
    expect(ZMediaUrl.safeParse(value).success).toBe(valid);
  });
});
