import { describe, expect, it } from 'vitest';
import { deepLinkRoute, INCORRECT_PUSH_DATA, pushRoute, withChatOpen, type PushData } from './push-routing.ts';

const general = { productHosts: ['lobby.example.org'], singleEvent: false };
const single = { productHosts: ['lobby.example.org'], singleEvent: true };
const CHANNEL = '0b6f4a8e-3d4c-4f8e-9a1b-2c3d4e5f6a7b';

describe('push routing', () => {
  const cases: [string, PushData, ReturnType<typeof pushRoute>][] = [
    ['new_message: the chats page with the channel', { type: 'new_message', event_slug: 'summit', channel_id: CHANNEL }, { kind: 'app', path: `/events/summit/chats/${CHANNEL}` }],
    ['new_message without a channel: the chats page', { type: 'new_message', event_slug: 'summit' }, { kind: 'app', path: '/events/summit/chats' }],
    ['homework_status_updated: the academy lesson', { type: 'homework_status_updated', event_slug: 'summit', lesson_id: 12 }, { kind: 'app', path: '/events/summit/academy/lesson/12' }],
    ['new_meeting_request: the meeting view as an invite', { type: 'new_meeting_request', event_slug: 'summit', meeting_id: 7 }, { kind: 'app', path: '/events/summit/meetings/list/7?isInvite=true' }],
    ['meeting_confirmed: the list item', { type: 'meeting_confirmed', event_slug: 'summit', meeting_id: 7 }, { kind: 'app', path: '/events/summit/meetings/list/7' }],
    ['meeting_canceled: the list item', { type: 'meeting_canceled', event_slug: 'summit', meeting_id: 7 }, { kind: 'app', path: '/events/summit/meetings/list/7' }],
    ['meeting_rescheduled: the list item', { type: 'meeting_rescheduled', event_slug: 'summit', meeting_id: 7 }, { kind: 'app', path: '/events/summit/meetings/list/7' }],
    ['new_meeting_request_v2: the calendar item', { type: 'new_meeting_request_v2', event_slug: 'summit', meeting_id: 7 }, { kind: 'app', path: '/events/summit/calendar/7' }],
    ['meeting_confirmed_v2: the calendar item', { type: 'meeting_confirmed_v2', event_slug: 'summit', meeting_id: 7 }, { kind: 'app', path: '/events/summit/calendar/7' }],
    ['meeting_canceled_v2: the calendar item', { type: 'meeting_canceled_v2', event_slug: 'summit', meeting_id: 7 }, { kind: 'app', path: '/events/summit/calendar/7' }],
    ['meeting_rescheduled_v2: the calendar item', { type: 'meeting_rescheduled_v2', event_slug: 'summit', meeting_id: 7 }, { kind: 'app', path: '/events/summit/calendar/7' }],
    ['meeting_reminder_v2: the calendar item', { type: 'meeting_reminder_v2', event_slug: 'summit', meeting_id: 7 }, { kind: 'app', path: '/events/summit/calendar/7' }],
    ['another type: the event root', { type: 'something_new', event_slug: 'summit' }, { kind: 'app', path: '/events/summit/' }],
    ['custom_push: the notifications', { type: 'custom_push', event_slug: 'summit' }, { kind: 'app', path: '/events/summit/notifications' }],
    ['custom_push without an event: the notifications', { type: 'custom_push' }, { kind: 'app', path: '/notifications' }],
    ['a lecture reminder: the lecture with its chat open', { type: 'lecture_reminder', event_slug: 'summit', hall_id: 2, lecture_id: 9 }, { kind: 'app', path: '/events/summit/lectures/2/9?chat=open' }],
    ['a showcase decision: the entry', { type: 'showcase_decision', event_slug: 'summit', request_id: 4 }, { kind: 'app', path: '/events/summit/showcase/showcase-game/4' }],
    ['a deal suggestion: the meeting form with the publisher', { type: 'deal_suggestion', event_slug: 'summit', member_id: 31 }, { kind: 'app', path: '/events/summit/members/31/create-meeting' }],
    ['a product url: in the app', { type: 'custom_push', event_slug: 'summit', url: 'https://lobby.example.org/events/summit/program?day=2' }, { kind: 'app', path: '/events/summit/program?day=2' }],
    ["an event subdomain's url: in the app", { type: 'custom_push', url: 'https://summit.lobby.example.org/news' }, { kind: 'app', path: '/events/summit/news' }],
    ['a product path with expo: chat open', { type: 'custom_push', event_slug: 'summit', url: '/events/summit/expo' }, { kind: 'app', path: '/events/summit/expo?chat=open' }],
    ['a product url with lectures: chat open, query kept', { type: 'custom_push', url: 'https://lobby.example.org/events/summit/lectures/2?x=1' }, { kind: 'app', path: '/events/summit/lectures/2?x=1&chat=open' }],
    ["another site's url: outside", { type: 'custom_push', event_slug: 'summit', url: 'https://tickets.example.com/buy' }, { kind: 'external', url: 'https://tickets.example.com/buy' }],
    ['a lookalike host is another site', { type: 'custom_push', url: 'https://lobby.example.org.evil.test/x' }, { kind: 'external', url: 'https://lobby.example.org.evil.test/x' }],
    ['a protocol-relative url is no product path', { type: 'custom_push', url: '//evil.test/x' }, { kind: 'app', path: '/notifications' }],
    ['javascript: is neither', { type: 'custom_push', url: 'javascript:alert(1)' }, { kind: 'app', path: '/notifications' }],
    ['a meeting push without the event: incorrect', { type: 'new_meeting_request', meeting_id: 7 }, { kind: 'invalid', log: INCORRECT_PUSH_DATA }],
    ['a message push with a bad slug: incorrect', { type: 'new_message', event_slug: '../admin', channel_id: CHANNEL }, { kind: 'invalid', log: INCORRECT_PUSH_DATA }],
  ];
  it.each(cases)('%s', (_name, data, expected) => {
    expect(pushRoute(data, general)).toEqual(expected);
  });

  it('puts the event pages at the top level in single-event mode', () => {
    expect(pushRoute({ type: 'new_meeting_request', event_slug: 'summit', meeting_id: 7 }, single)).toEqual({ kind: 'app', path: '/meetings/list/7?isInvite=true' });
    expect(pushRoute({ type: 'other', event_slug: 'summit' }, single)).toEqual({ kind: 'app', path: '/' });
    expect(pushRoute({ type: 'custom_push', event_slug: 'summit' }, single)).toEqual({ kind: 'app', path: '/notifications' });
  });

  it.each([
    ['/events/summit/expo', '/events/summit/expo?chat=open'],
    ['/expo', '/expo?chat=open'],
    ['/events/summit/lectures/2/9?chat=open', '/events/summit/lectures/2/9?chat=open'],
    ['/events/summit/program', '/events/summit/program'],
    ['/events/expo-2026/program', '/events/expo-2026/program'],
  ])('chat=open for %s', (path, expected) => {
    expect(withChatOpen(path)).toBe(expected);
  });
});

describe('deep links', () => {
  const ctx = { productHosts: ['lobby.example.org'], appLinkPrefixes: ['lobby://open/', 'https://go.lobby.example.org/?link='] };
  it.each([
    ["the product's own link, outside an event: the same window", 'https://lobby.example.org/profile/settings/main', { kind: 'window', path: '/profile/settings/main' }],
    ['an event path: the router with path and query', 'https://lobby.example.org/events/summit/program?day=2&hall=1', { kind: 'router', path: '/events/summit/program', query: { day: '2', hall: '1' } }],
    ["an event's subdomain: /events/{subdomain}/ and the path", 'https://summit.lobby.example.org/members/12', { kind: 'router', path: '/events/summit/members/12', query: {} }],
    ["an event's subdomain's root", 'https://summit.lobby.example.org/', { kind: 'router', path: '/events/summit/', query: {} }],
    ['www is the product itself', 'https://www.lobby.example.org/events', { kind: 'window', path: '/events' }],
    ['an app-link prefix is removed', 'lobby://open/https://lobby.example.org/events/summit/chats', { kind: 'router', path: '/events/summit/chats', query: {} }],
    ['an app-link prefix before a path', 'lobby://open/events/summit/chats?x=1', { kind: 'router', path: '/events/summit/chats', query: { x: '1' } }],
    ['a link service prefix', 'https://go.lobby.example.org/?link=https://summit.lobby.example.org/news', { kind: 'router', path: '/events/summit/news', query: {} }],
    ["another site's link is not the app's", 'https://example.com/events/summit', null],
    ['a lookalike host is not the app’s', 'https://lobby.example.org.evil.test/events/summit', null],
    ['credentials in the link are refused', 'https://user:pw@lobby.example.org/events', null],
    ['garbage', 'ht tp://%%%', null],
    ['javascript: is refused', 'javascript:alert(1)', null],
  ] as const)('%s', (_name, link, expected) => {
    expect(deepLinkRoute(link, ctx)).toEqual(expected);
  });

  it('never makes an object-prototype key of the query', () => {
    const route = deepLinkRoute('https://lobby.example.org/events/summit?__proto__=x&constructor=y', ctx);
    expect(route).toEqual({ kind: 'router', path: '/events/summit', query: { constructor: 'y' } });
    expect(Object.getPrototypeOf(route && 'query' in route ? route.query : {})).toBe(Object.prototype);
  });
});
