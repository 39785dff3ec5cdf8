import type { CallPeer } from '@lobby/contract';
import { describe, expect, it } from 'vitest';
import { applyRoster, emptyRoster, mediaChanges, namedPeers, type Roster, type RosterEvent } from './roster.ts';

const person = (id: number, name: string) => ({ id, name, avatar_url: null });
const peer = (peerId: string, id: number, name: string, audio = true, video = true): CallPeer => ({ peer_id: peerId, user: person(id, name), state: { audio, video, screen: false } });
const run = (...events: RosterEvent[]): Roster => events.reduce(applyRoster, emptyRoster);

describe('applyRoster', () => {
  it('starts from the peers the join answer lists, without this page', () => {
    const roster = run({ type: 'joined', selfId: 'me', peers: [peer('p1', 1, 'Ann'), peer('me', 9, 'Me')] });
    expect(roster.selfId).toBe('me');
    expect(roster.peers.map((p) => [p.peerId, p.user?.name, p.link])).toEqual([['p1', 'Ann', 'new']]);
  });

  it('adds and removes peers as they come and go, and follows their media state', () => {
    const roster = run(
      { type: 'joined', selfId: 'me', peers: [] },
      { type: 'peer-joined', peer: peer('p1', 1, 'Ann') },
      { type: 'peer-joined', peer: peer('p2', 2, 'Bob') },
      { type: 'state', peerId: 'p1', state: { audio: false, video: true, screen: false } },
      { type: 'peer-left', peerId: 'p2' },
      { type: 'state', peerId: 'gone', state: { audio: true, video: true, screen: true } },
    );
    expect(roster.peers.map((p) => [p.peerId, p.state.audio])).toEqual([['p1', false]]);
  });

  it('a person who joins from a second page replaces their first page', () => {
    const roster = run({ type: 'joined', selfId: 'me', peers: [peer('old', 1, 'Ann')] }, { type: 'peer-joined', peer: peer('new', 1, 'Ann') });
    expect(roster.peers.map((p) => p.peerId)).toEqual(['new']);
  });

  it('an offer from a page not announced yet keeps a place that its announcement names', () => {
    const early = run({ type: 'joined', selfId: 'me', peers: [] }, { type: 'seen', peerId: 'p1' });
    expect(early.peers.map((p) => [p.peerId, p.user])).toEqual([['p1', null]]);
    expect(namedPeers(early)).toEqual([]);
    const named = applyRoster(early, { type: 'peer-joined', peer: peer('p1', 1, 'Ann', false) });
    expect(named.peers.map((p) => [p.peerId, p.user?.name, p.state.audio])).toEqual([['p1', 'Ann', false]]);
    expect(applyRoster(named, { type: 'seen', peerId: 'p1' })).toBe(named);
  });

  it('its own peer id leaving means another page of the same person took the call', () => {
    const roster = run({ type: 'joined', selfId: 'me', peers: [peer('p1', 1, 'Ann')] }, { type: 'peer-left', peerId: 'me' });
    expect(roster).toEqual({ selfId: null, peers: [], replaced: true });
    // Nothing brings a replaced page back but a reset.
    expect(applyRoster(roster, { type: 'peer-joined', peer: peer('p2', 2, 'Bob') })).toBe(roster);
    expect(applyRoster(roster, { type: 'reset' })).toEqual(emptyRoster);
  });

  it('keeps the connection state and the stream of each peer', () => {
    const stream = {} as MediaStream;
    const roster = run({ type: 'joined', selfId: 'me', peers: [peer('p1', 1, 'Ann')] }, { type: 'link', peerId: 'p1', link: 'connected' }, { type: 'stream', peerId: 'p1', stream });
    expect(roster.peers[0]).toMatchObject({ link: 'connected', stream });
  });
});

describe('mediaChanges', () => {
  it('names who turned their microphone or camera off or on', () => {
    const before = run({ type: 'joined', selfId: 'me', peers: [peer('p1', 1, 'Ann'), peer('p2', 2, 'Bob')] });
    const after = applyRoster(applyRoster(before, { type: 'state', peerId: 'p1', state: { audio: false, video: true, screen: false } }), { type: 'state', peerId: 'p2', state: { audio: true, video: false, screen: false } });
    expect(mediaChanges(before.peers, after.peers)).toEqual([
      { name: 'Ann', kind: 'audio', on: false },
      { name: 'Bob', kind: 'video', on: false },
    ]);
    expect(mediaChanges(after.peers, after.peers)).toEqual([]);
  });
});
