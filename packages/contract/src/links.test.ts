import { describe, expect, it } from 'vitest';
import { eventHubTarget } from './links.ts';

describe('eventHubTarget', () => {
  it.each([
    [{ redirect: '/events/hub/program' }, '/events/hub/program'],
    [{ redirect: '//evil.example', event: 'hub' }, '/events/hub'],
    [{ redirect: 'https://evil.example' }, '/'],
    [{ event: 'lobby-summit', action: 'meeting', entity: '42' }, '/events/lobby-summit/meetings/list/42'],
    [{ event: 'lobby-summit', action: 'chat', entity: 'a1b2' }, '/events/lobby-summit/chats/a1b2'],
    [{ event: 'lobby-summit', action: 'members' }, '/events/lobby-summit/members'],
    [{ event: 'lobby-summit', action: 'meeting' }, '/events/lobby-summit'],
    [{ event: 'lobby-summit', action: 'self-destruct', entity: '1' }, '/events/lobby-summit'],
    [{ event: 'lobby-summit', action: 'lecture', entity: '../x' }, '/events/lobby-summit'],
    [{ event: 'Bad Slug' }, '/'],
    [{}, '/'],
  ])('%j -> %s', (params, target) => {
    expect(eventHubTarget(params)).toBe(target);
  });
});
