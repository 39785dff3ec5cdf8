import { CALL_HEARTBEAT_MS, type CallPeer, type VideoToken } from '@lobby/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PeerConnectionLike } from './peer-link.ts';
import { CallSession, OFFER_WAIT_MS } from './session.ts';
import { FakeConnection, fakeChannel, isStopped, track } from './test-fakes.ts';

const CALL = '0b6f3c52-8f43-4c51-9c55-2f8a3d1e0a11';
const token = (value: string): VideoToken => ({ token: value, expires_in: 120, ice_servers: [{ urls: ['stun:stun.example.org:3478'] }] });
const peer = (peerId: string, id: number, name: string): CallPeer => ({ peer_id: peerId, user: { id, name, avatar_url: null }, state: { audio: true, video: true, screen: false } });

function setup(options: { freshToken?: () => Promise<VideoToken>; endedMeanwhile?: 'ended' | 'declined' | 'missed' } = {}) {
  const channel = fakeChannel();
  const connections: { config: RTCConfiguration; connection: FakeConnection }[] = [];
  const tracks = { audio: track('audio', 'mic'), video: track('video', 'cam') };
  let issued = 0;
  const freshToken = vi.fn(options.freshToken ?? (async () => token(`fresh-${(issued += 1)}`)));
  const session = new CallSession({
    callId: CALL,
    token: token('first'),
    tracks,
    openChannel: channel.open,
    freshToken,
    endedMeanwhile: async () => options.endedMeanwhile ?? null,
    createConnection: (config) => {
      const connection = new FakeConnection();
      connections.push({ config, connection });
      return connection as unknown as PeerConnectionLike;
    },
    makeStream: (list) => ({ list }) as unknown as MediaStream,
    meter: () => ({ set: () => {}, keepOnly: () => {}, stop: () => {} }),
  });
  return { session, channel, connections, tracks, freshToken };
}

const flush = () => vi.advanceTimersByTimeAsync(0);

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('CallSession', () => {
  it('enters with its token and media state, then offers to everybody already there', async () => {
    const { session, channel, connections } = setup();
    channel.answer({ ok: true, peer_id: 'me', peers: [peer('p1', 1, 'Ann'), peer('p2', 2, 'Bob')] });
    await session.start();
    await flush();
    expect(channel.sent.joins).toEqual([{ token: 'first', state: { audio: true, video: true, screen: false } }]);
    expect(session.getSnapshot().connection).toBe('live');
    expect(session.getSnapshot().roster.peers.map((p) => p.user?.name)).toEqual(['Ann', 'Bob']);
    expect(connections.map((c) => c.config.iceServers)).toEqual([[{ urls: ['stun:stun.example.org:3478'] }], [{ urls: ['stun:stun.example.org:3478'] }]]);
    expect(channel.sent.signals.map((s) => [s.to, s.data.type])).toEqual([
      ['p1', 'offer'],
      ['p2', 'offer'],
    ]);
  });

  it('answers the offer of a page that comes later, named by its announcement', async () => {
    const { session, channel, connections } = setup();
    channel.answer({ ok: true, peer_id: 'me', peers: [] });
    await session.start();
    await flush();
    channel.on.onPeerJoined(peer('p3', 3, 'Cleo'));
    channel.on.onSignal('p3', { type: 'offer', sdp: 'offer-from-p3' });
    await flush();
    expect(connections).toHaveLength(1);
    expect(channel.sent.signals).toEqual([{ to: 'p3', data: { type: 'answer', sdp: 'answer-to-offer-from-p3' } }]);
    // A stray answer or candidate from a page it has no connection with opens nothing.
    channel.on.onSignal('p9', { type: 'answer', sdp: 'x' });
    channel.on.onSignal('p9', { type: 'candidate', candidate: 'c', sdpMid: null, sdpMLineIndex: null });
    await flush();
    expect(connections).toHaveLength(1);
    expect(session.getSnapshot().roster.peers.map((p) => p.peerId)).toEqual(['p3']);
  });

  it('says its state at once, on every change and every heartbeat', async () => {
    const { session, channel, tracks } = setup();
    channel.answer({ ok: true, peer_id: 'me', peers: [] });
    await session.start();
    await flush();
    expect(channel.sent.states).toHaveLength(1);
    session.setEnabled('audio', false);
    expect(tracks.audio.enabled).toBe(false);
    expect(channel.sent.states.at(-1)).toEqual({ audio: false, video: true, screen: false });
    expect(session.getSnapshot().local).toMatchObject({ audio: false, video: true, hasAudio: true });
    await vi.advanceTimersByTimeAsync(CALL_HEARTBEAT_MS * 2);
    expect(channel.sent.states).toHaveLength(4);
  });

  it('after a reconnect enters again with a fresh token and offers to everybody anew', async () => {
    const { session, channel, connections, freshToken } = setup();
    channel.answer({ ok: true, peer_id: 'me', peers: [peer('p1', 1, 'Ann')] });
    await session.start();
    await flush();
    channel.on.onDisconnect();
    expect(session.getSnapshot().connection).toBe('reconnecting');
    expect(session.getSnapshot().roster.peers).toEqual([]);
    expect(connections[0]?.connection.closed).toBe(true);
    channel.answer({ ok: true, peer_id: 'me-again', peers: [peer('p1-again', 1, 'Ann')] });
    channel.on.onConnect();
    await flush();
    expect(freshToken).toHaveBeenCalledTimes(1);
    expect(channel.sent.joins.map((j) => j.token)).toEqual(['first', 'fresh-1']);
    expect(session.getSnapshot()).toMatchObject({ connection: 'live', roster: { selfId: 'me-again' } });
    expect(channel.sent.signals.map((s) => [s.to, s.data.type])).toEqual([
      ['p1', 'offer'],
      ['p1-again', 'offer'],
    ]);
  });

  it('a refused join takes a fresh token (and the seat again) before trying once more', async () => {
    const { session, channel, freshToken } = setup();
    channel.answer({ ok: false, error: 'not_seated' });
    channel.answer({ ok: true, peer_id: 'me', peers: [] });
    await session.start();
    await flush();
    expect(freshToken).toHaveBeenCalledTimes(1);
    expect(session.getSnapshot().connection).toBe('live');
  });

  it('fails with the reason when no seat can be had any more', async () => {
    const full = new Error('call.room_full');
    const { session, channel, tracks } = setup({
      freshToken: async () => {
        throw full;
      },
    });
    channel.answer({ ok: false, error: 'not_seated' });
    await session.start();
    await flush();
    expect(session.getSnapshot()).toMatchObject({ connection: 'failed', error: full });
    expect(isStopped(tracks.audio) && isStopped(tracks.video)).toBe(true);
    expect(channel.sent.closed).toBe(true);
  });

  it('steps out when the same person joins from another page', async () => {
    const { session, channel, tracks } = setup();
    channel.answer({ ok: true, peer_id: 'me', peers: [peer('p1', 1, 'Ann')] });
    await session.start();
    await flush();
    channel.on.onPeerLeft('me');
    expect(session.getSnapshot().connection).toBe('replaced');
    expect(isStopped(tracks.video)).toBe(true);
    expect(channel.sent.closed).toBe(true);
    session.stop();
    expect(channel.sent.leaves).toBe(0);
  });

  it('ends with the status the server gives', async () => {
    const { session, channel } = setup();
    channel.answer({ ok: true, peer_id: 'me', peers: [] });
    await session.start();
    await flush();
    channel.on.onEnded('declined');
    expect(session.getSnapshot()).toMatchObject({ connection: 'ended', ended: 'declined' });
  });

  it('ends when the call was over before it could listen (declined while the camera opened)', async () => {
    const { session, channel } = setup({ endedMeanwhile: 'declined' });
    channel.answer({ ok: true, peer_id: 'me', peers: [] });
    await session.start();
    await flush();
    expect(session.getSnapshot()).toMatchObject({ connection: 'ended', ended: 'declined' });
    expect(channel.sent.closed).toBe(true);
  });

  it('offers itself when an announced page sends no offer (both entered at once)', async () => {
    const { session, channel, connections } = setup();
    channel.answer({ ok: true, peer_id: 'me', peers: [] });
    await session.start();
    await flush();
    channel.on.onPeerJoined(peer('p1', 1, 'Ann'));
    await vi.advanceTimersByTimeAsync(OFFER_WAIT_MS - 1);
    expect(connections).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(channel.sent.signals.map((s) => [s.to, s.data.type])).toEqual([['p1', 'offer']]);
  });

  it('when two offers cross, the smaller peer id gives way and answers', async () => {
    const polite = setup();
    polite.channel.answer({ ok: true, peer_id: 'a-me', peers: [peer('b', 2, 'Bob')] });
    await polite.session.start();
    await flush();
    polite.channel.on.onSignal('b', { type: 'offer', sdp: 'offer-from-b' });
    await flush();
    expect(polite.connections[0]?.connection.closed).toBe(true);
    expect(polite.channel.sent.signals.at(-1)).toEqual({ to: 'b', data: { type: 'answer', sdp: 'answer-to-offer-from-b' } });

    const firm = setup();
    firm.channel.answer({ ok: true, peer_id: 'z-me', peers: [peer('b', 2, 'Bob')] });
    await firm.session.start();
    await flush();
    firm.channel.on.onSignal('b', { type: 'offer', sdp: 'offer-from-b' });
    await flush();
    expect(firm.connections).toHaveLength(1);
    expect(firm.channel.sent.signals.map((s) => s.data.type)).toEqual(['offer']);
  });

  it('switches a device on every connection and stops the old one', async () => {
    const { session, channel, connections, tracks } = setup();
    channel.answer({ ok: true, peer_id: 'me', peers: [peer('p1', 1, 'Ann')] });
    await session.start();
    await flush();
    const other = track('video', 'cam-2');
    await session.switchDevice('video', other);
    expect(connections[0]?.connection.transceivers[1]?.sender.track).toBe(other);
    expect(isStopped(tracks.video)).toBe(true);
    const screen = track('video', 'screen');
    await session.shareScreen(screen);
    expect(connections[0]?.connection.transceivers[1]?.sender.track).toBe(screen);
    expect(channel.sent.states.at(-1)).toEqual({ audio: true, video: true, screen: true });
    await session.stopSharing();
    expect(connections[0]?.connection.transceivers[1]?.sender.track).toBe(other);
    expect(isStopped(screen)).toBe(true);
  });

  it('leaving says so to the room and lets go of the media and the socket', async () => {
    const { session, channel, tracks, connections } = setup();
    channel.answer({ ok: true, peer_id: 'me', peers: [peer('p1', 1, 'Ann')] });
    await session.start();
    await flush();
    session.stop();
    expect(channel.sent.leaves).toBe(1);
    expect(channel.sent.closed).toBe(true);
    expect(connections[0]?.connection.closed).toBe(true);
    expect(isStopped(tracks.audio)).toBe(true);
  });
});
