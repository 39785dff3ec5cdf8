import { describe, expect, it } from 'vitest';
import { chatPushKey, chatPushWanted, CHAT_PUSH_WINDOW_MS, customPushUrl, deliveryOutcome, serviceOf, tokenProblem } from './policy.ts';

const keys = { p256dh: 'B'.repeat(87), auth: 'a'.repeat(22) };

describe('tokenProblem', () => {
  it.each([
    ['web: https endpoint with keys', 'web', 'https://fcm.googleapis.com/fcm/send/abc:def', keys, null],
    ['web: https endpoint on a port', 'web', 'https://push.example.org:8443/s/1', keys, null],
    ['web: http endpoint', 'web', 'http://push.example.org/s/1', keys, 'not_https'],
    ['web: not an address', 'web', 'abcdefghijkl', keys, 'not_https'],
    ['web: javascript: address', 'web', 'javascript:alert(1)', keys, 'not_https'],
    ['web: credentials in the address', 'web', 'https://user:pw@push.example.org/s/1', keys, 'not_https'],
    ['web: without keys', 'web', 'https://push.example.org/s/1', undefined, 'no_keys'],
    ['android: an FCM token', 'android', 'dGVzdA:APA91bH-x_y.z', undefined, null],
    ['ios: an APNs token', 'ios', 'a'.repeat(64), undefined, null],
    ['android: spaces', 'android', 'not a token', undefined, 'bad_token'],
    ['unknown: a slash', 'unknown', 'abc/def/ghi', undefined, 'bad_token'],
  ] as const)('%s', (_name, platform, token, given, expected) => expect(tokenProblem(platform, token, given)).toBe(expected));
});

describe('customPushUrl', () => {
  it.each([
    ['an https address', 'https://example.org/page?x=1', 'https://example.org/page?x=1'],
    ['a path of Lobby', '/events/summit/program', '/events/summit/program'],
    ['a path with a query and fragment', '/events/summit/lectures/1/2?tab=chat#top', '/events/summit/lectures/1/2?tab=chat#top'],
    ['spaces around it', '  https://example.org/  ', 'https://example.org/'],
    ['http', 'http://example.org/', null],
    ['javascript:', 'javascript:alert(1)', null],
    ['data:', 'data:text/html,hi', null],
    ['protocol-relative //', '//evil.example/x', null],
    ['backslash trick /\\', '/\\evil.example', null],
    ['a relative path without a slash', 'events/summit', null],
    ['credentials', 'https://a:b@example.org/', null],
    ['a host without a dot', 'https://localhost/x', null],
  ] as const)('%s', (_name, raw, expected) => expect(customPushUrl(raw)).toBe(expected));
});

describe('deliveryOutcome', () => {
  it.each([
    [201, false, 'sent'],
    [200, false, 'sent'],
    [404, false, 'gone'],
    [410, false, 'gone'],
    [400, true, 'gone'],
    [429, false, 'retry'],
    [500, false, 'retry'],
    [503, false, 'retry'],
    [0, false, 'retry'],
    [400, false, 'refused'],
    [403, false, 'refused'],
    [413, false, 'refused'],
  ] as const)('%i (token gone: %s) is %s', (status, gone, expected) => expect(deliveryOutcome(status, gone)).toBe(expected));
});

describe('chatPushWanted', () => {
  it.each([
    ['away from Lobby', { userId: 2, connected: false }, 1, true],
    ['a page open (sees it live)', { userId: 2, connected: true }, 1, false],
    ['the sender', { userId: 1, connected: false }, 1, false],
    ['a notice (no sender), away', { userId: 2, connected: false }, null, true],
  ] as const)('%s', (_name, recipient, sender, expected) => expect(chatPushWanted(recipient, sender)).toBe(expected));

  it('keys one push per channel and person per window', () => {
    const at = new Date(Math.floor(Date.now() / CHAT_PUSH_WINDOW_MS) * CHAT_PUSH_WINDOW_MS);
    expect(chatPushKey('c', 1, at)).toBe(chatPushKey('c', 1, new Date(at.getTime() + CHAT_PUSH_WINDOW_MS - 1)));
    expect(chatPushKey('c', 1, at)).not.toBe(chatPushKey('c', 1, new Date(at.getTime() + CHAT_PUSH_WINDOW_MS)));
    expect(chatPushKey('c', 1, at)).not.toBe(chatPushKey('c', 2, at));
    expect(chatPushKey('c', 1, at)).not.toBe(chatPushKey('d', 1, at));
  });
});

describe('serviceOf', () => {
  it.each([
    ['web', { fcm: false, apns: false }, 'web'],
    ['android', { fcm: true, apns: true }, 'fcm'],
    ['android', { fcm: false, apns: true }, null],
    ['ios', { fcm: true, apns: true }, 'apns'],
    ['ios', { fcm: true, apns: false }, 'fcm'],
    ['ios', { fcm: false, apns: false }, null],
    ['windows', { fcm: true, apns: false }, 'fcm'],
    ['unknown', { fcm: false, apns: false }, null],
  ] as const)('%s with %o goes by %s', (platform, configured, expected) => expect(serviceOf(platform, configured)).toBe(expected));
});
