import { afterEach, describe, expect, it, vi } from 'vitest';
import type { WorkerMessage } from '../features/push/push-message.ts';
import { handlePush, ICON, openRoute, routeOfNotification, type WindowClientLike, type WorkerScope } from './push-handlers.ts';

const ORIGIN = 'https://lobby.example.org';

function fakeWindow(url: string, state: { visible?: boolean; focused?: boolean } = {}) {
  const posted: WorkerMessage[] = [];
  const client: WindowClientLike & { posted: WorkerMessage[]; calls: string[] } = {
    url,
    visibilityState: state.visible ? 'visible' : 'hidden',
    focused: state.focused ?? false,
    posted,
    calls: [],
    postMessage: (message) => void posted.push(message),
    focus: () => {
      client.calls.push('focus');
      return Promise.resolve(client);
    },
    navigate: (to) => {
      client.calls.push(`navigate ${to}`);
      return Promise.resolve(client);
    },
  };
  return client;
}

function fakeScope(windows: WindowClientLike[], answers = true) {
  const opened: string[] = [];
  const shown: { title: string; options: NotificationOptions }[] = [];
  const asked: string[] = [];
  const scope: WorkerScope = {
    origin: ORIGIN,
    routing: { productHosts: ['lobby.example.org'], singleEvent: false },
    windows: () => Promise.resolve(windows),
    openWindow: (url) => Promise.resolve(void opened.push(url)),
    showNotification: (title, options) => Promise.resolve(void shown.push({ title, options })),
    askToNavigate: (_client, path) => Promise.resolve(answers && asked.push(path) > 0),
  };
  return { scope, opened, shown, asked };
}

const meetingPush = JSON.stringify({ title: 'Meeting request', body: 'Ada wants to meet', data: { type: 'new_meeting_request', event_slug: 'summit', meeting_id: 7, notification_id: 41 }, tag: 'n41' });

afterEach(() => vi.restoreAllMocks());

describe('a push arriving', () => {
  it('shows a notification with the route when no page of Lobby is in front', async () => {
    const hidden = fakeWindow(`${ORIGIN}/events`);
    const { scope, shown } = fakeScope([hidden, fakeWindow('https://elsewhere.test/', { visible: true })]);
    await handlePush(meetingPush, scope);
    expect(shown).toEqual([
      {
        title: 'Meeting request',
        options: { body: 'Ada wants to meet', icon: ICON, badge: ICON, tag: 'n41', data: { route: { kind: 'app', path: '/events/summit/meetings/list/7?isInvite=true' } } },
      },
    ]);
    expect(hidden.posted).toEqual([]);
  });

  it('hands it to the pages in front instead, which show it themselves', async () => {
    const front = fakeWindow(`${ORIGIN}/events/summit`, { visible: true });
    const back = fakeWindow(`${ORIGIN}/profile`);
    const { scope, shown } = fakeScope([front, back]);
    await handlePush(meetingPush, scope);
    expect(shown).toEqual([]);
    expect(front.posted).toEqual([{ type: 'lobby:push', title: 'Meeting request', text: 'Ada wants to meet', route: { kind: 'app', path: '/events/summit/meetings/list/7?isInvite=true' } }]);
    expect(back.posted).toEqual([]);
  });

  it('still shows something for a payload it cannot read (a push must show a notification)', async () => {
    const { scope, shown } = fakeScope([]);
    await handlePush('not json', scope);
    expect(shown[0]?.title).toBe('Lobby');
    expect(shown[0]?.options.body).toBe('not json');
    expect(shown[0]?.options.data).toEqual({ route: { kind: 'invalid', log: 'incorrect route push data' } });
  });
});

describe('a notification tapped', () => {
  const route = { kind: 'app', path: '/events/summit/meetings/list/7?isInvite=true' } as const;

  it('focuses the window of Lobby and moves it to the route in place', async () => {
    const other = fakeWindow(`${ORIGIN}/events`);
    const focused = fakeWindow(`${ORIGIN}/profile`, { visible: true, focused: true });
    const { scope, asked, opened } = fakeScope([other, focused]);
    await openRoute(route, scope);
    expect(focused.calls).toEqual(['focus']);
    expect(asked).toEqual([route.path]);
    expect(opened).toEqual([]);
    expect(other.calls).toEqual([]);
  });

  it('reloads the window at the route when its page does not answer', async () => {
    const only = fakeWindow(`${ORIGIN}/events`);
    const { scope } = fakeScope([only], false);
    await openRoute(route, scope);
    expect(only.calls).toEqual(['focus', `navigate ${ORIGIN}${route.path}`]);
  });

  it('opens a new window when none of Lobby is open', async () => {
    const { scope, opened } = fakeScope([fakeWindow('https://elsewhere.test/x', { focused: true })]);
    await openRoute(route, scope);
    expect(opened).toEqual([`${ORIGIN}${route.path}`]);
  });

  it("opens another site's address in a new window", async () => {
    const mine = fakeWindow(`${ORIGIN}/events`, { focused: true });
    const { scope, opened } = fakeScope([mine]);
    await openRoute({ kind: 'external', url: 'https://tickets.example.com/buy' }, scope);
    expect(opened).toEqual(['https://tickets.example.com/buy']);
    expect(mine.calls).toEqual([]);
  });

  it("only logs 'incorrect route push data' for a push without its event", async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const mine = fakeWindow(`${ORIGIN}/events`, { focused: true });
    const { scope, opened } = fakeScope([mine]);
    await openRoute({ kind: 'invalid', log: 'incorrect route push data' }, scope);
    expect(warn).toHaveBeenCalledWith('incorrect route push data');
    expect(opened).toEqual([]);
    expect(mine.calls).toEqual([]);
  });

  it('reads back only routes it could have made', () => {
    expect(routeOfNotification({ route })).toEqual(route);
    expect(routeOfNotification({ route: { kind: 'app', path: '//evil.test/x' } })).toBeUndefined();
    expect(routeOfNotification({ route: { kind: 'external', url: 'javascript:alert(1)' } })).toBeUndefined();
    expect(routeOfNotification(null)).toBeUndefined();
  });
});
