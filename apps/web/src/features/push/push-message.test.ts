import { describe, expect, it } from 'vitest';
import { isWorkerMessage, parsePushPayload, pushDataOf, routingContextOf } from './push-message.ts';

describe('a push as the app reads it', () => {
  it('reads the server’s web payload: title, body, the routing data and the tag', () => {
    const payload = JSON.stringify({ title: 'Ada requests a meeting', body: 'on 27.11.2026 at 10:00', data: { type: 'new_meeting_request', event_slug: 'summit', meeting_id: 7, notification_id: 41, channel_id: null }, tag: 'n41' });
    expect(parsePushPayload(payload)).toEqual({ title: 'Ada requests a meeting', text: 'on 27.11.2026 at 10:00', tag: 'n41', data: { type: 'new_meeting_request', event_slug: 'summit', meeting_id: 7, channel_id: null } });
  });

  it('takes the ids FCM and APNs carry as strings, and drops what is not an id or not known', () => {
    expect(pushDataOf({ type: 'homework_status_updated', event_slug: 'summit', lesson_id: '12', meeting_id: '-3', hall_id: '1e3', member_id: 'x', __proto__: { url: 'https://evil.test' }, extra: 'dropped' })).toEqual({
      type: 'homework_status_updated',
      event_slug: 'summit',
      lesson_id: 12,
      meeting_id: null,
      hall_id: null,
      member_id: null,
    });
    expect(pushDataOf(null)).toEqual({ type: '' });
    expect(pushDataOf(['new_message'])).toEqual({ type: '' });
  });

  it('still makes a notification of a payload it cannot read', () => {
    expect(parsePushPayload('plain text')).toEqual({ title: 'Lobby', text: 'plain text', tag: null, data: { type: '' } });
    expect(parsePushPayload(null)).toEqual({ title: 'Lobby', text: '', tag: null, data: { type: '' } });
    expect(parsePushPayload(JSON.stringify({ title: 42, body: ['x'] })).title).toBe('Lobby');
  });

  it('counts its own host and the public address’s as the product’s', () => {
    expect(routingContextOf('127.0.0.1', 'https://lobby.example.org', false)).toEqual({ productHosts: ['127.0.0.1', 'lobby.example.org'], singleEvent: false });
    expect(routingContextOf('lobby.example.org', 'https://lobby.example.org/', true)).toEqual({ productHosts: ['lobby.example.org'], singleEvent: true });
    expect(routingContextOf('lobby.example.org', 'not a url', false).productHosts).toEqual(['lobby.example.org']);
  });

  it('accepts only the worker messages it knows, with in-app paths only', () => {
    expect(isWorkerMessage({ type: 'lobby:navigate', path: '/events/summit/chats' })).toBe(true);
    expect(isWorkerMessage({ type: 'lobby:navigate', path: '//evil.test/x' })).toBe(false);
    expect(isWorkerMessage({ type: 'lobby:navigate', path: 'https://evil.test/x' })).toBe(false);
    expect(isWorkerMessage({ type: 'lobby:push', title: 'T', text: '', route: { kind: 'app', path: '/' } })).toBe(true);
    expect(isWorkerMessage({ type: 'lobby:push', title: 'T' })).toBe(false);
    expect(isWorkerMessage('lobby:push')).toBe(false);
  });
});
