import type { CallSignalData } from '@lobby/contract';
import { describe, expect, it } from 'vitest';
import { PeerLink, type LinkRole, type PeerConnectionLike } from './peer-link.ts';
import { FakeConnection, track, type FakeTrack } from './test-fakes.ts';

function linkWith(role: LinkRole, tracks = { audio: track('audio'), video: track('video') as MediaStreamTrack | null }) {
  const connection = new FakeConnection();
  const sent: CallSignalData[] = [];
  const errors: unknown[] = [];
  const link = new PeerLink({
    role,
    connection: connection as unknown as PeerConnectionLike,
    tracks: () => tracks,
    send: (data) => sent.push(data),
    onTrack: () => {},
    onState: () => {},
    onError: (error) => errors.push(error),
  });
  return { link, connection, sent, errors };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('PeerLink', () => {
  it('the newcomer offers with a send-and-receive transceiver of each kind carrying its tracks', async () => {
    const { link, connection, sent } = linkWith('offerer');
    link.start();
    await settle();
    expect(connection.transceivers.map((t) => [t.receiver.track.kind, t.direction, (t.sender.track as unknown as FakeTrack | null)?.id])).toEqual([
      ['audio', 'sendrecv', 'audio'],
      ['video', 'sendrecv', 'video'],
    ]);
    expect(sent).toEqual([{ type: 'offer', sdp: 'offer-1' }]);
    expect(connection.signalingState).toBe('have-local-offer');
  });

  it('a page without a camera still offers a video transceiver, so a camera can be added later', async () => {
    const { link, connection } = linkWith('offerer', { audio: track('audio'), video: null });
    link.start();
    await settle();
    expect(connection.transceivers.map((t) => [t.receiver.track.kind, t.sender.track === null])).toEqual([
      ['audio', false],
      ['video', true],
    ]);
  });

  it('the one already in the call answers, keeping early candidates until the offer is applied', async () => {
    const { link, connection, sent } = linkWith('answerer');
    const early = link.handle({ type: 'candidate', candidate: 'candidate:1', sdpMid: '0', sdpMLineIndex: 0 });
    await early;
    expect(connection.candidates).toEqual([]);
    await link.handle({ type: 'offer', sdp: 'offer-1' });
    expect(connection.log).toEqual(['remote offer', 'local answer', 'candidate candidate:1']);
    expect(sent).toEqual([{ type: 'answer', sdp: 'answer-to-offer-1' }]);
    // Its transceivers now send its own tracks as well as receiving.
    expect(connection.transceivers.map((t) => [t.direction, (t.sender.track as unknown as FakeTrack | null)?.id])).toEqual([
      ['sendrecv', 'audio'],
      ['sendrecv', 'video'],
    ]);
    await link.handle({ type: 'candidate', candidate: 'candidate:2', sdpMid: '1', sdpMLineIndex: 1 });
    expect(connection.candidates.map((c) => c.candidate)).toEqual(['candidate:1', 'candidate:2']);
  });

  it('applies the answer to its own offer once, and never answers an offer itself as the offerer', async () => {
    const { link, connection, sent } = linkWith('offerer');
    link.start();
    await link.handle({ type: 'candidate', candidate: 'candidate:early', sdpMid: '0', sdpMLineIndex: 0 });
    await link.handle({ type: 'answer', sdp: 'answer-1' });
    await link.handle({ type: 'answer', sdp: 'answer-again' });
    await link.handle({ type: 'offer', sdp: 'crossing' });
    expect(connection.log).toEqual(['local offer', 'remote answer', 'candidate candidate:early']);
    expect(connection.remoteDescription?.sdp).toBe('answer-1');
    expect(sent).toEqual([{ type: 'offer', sdp: 'offer-1' }]);
  });

  it('restarts ICE with a new offer when the path fails on the offering side only', async () => {
    const offerer = linkWith('offerer');
    offerer.link.start();
    await offerer.link.handle({ type: 'answer', sdp: 'answer-1' });
    offerer.connection.iceConnectionState = 'failed';
    offerer.connection.oniceconnectionstatechange?.();
    await settle();
    expect(offerer.connection.restarts).toBe(1);
    expect(offerer.sent.at(-1)).toEqual({ type: 'offer', sdp: 'offer-2-restart' });

    const answerer = linkWith('answerer');
    await answerer.link.handle({ type: 'offer', sdp: 'offer-1' });
    answerer.connection.iceConnectionState = 'failed';
    answerer.connection.oniceconnectionstatechange?.();
    await settle();
    expect(answerer.connection.restarts).toBe(0);
    expect(answerer.sent).toEqual([{ type: 'answer', sdp: 'answer-to-offer-1' }]);
    // The restart offer reaches it and is answered on the same connection.
    await answerer.link.handle({ type: 'offer', sdp: 'offer-2-restart' });
    expect(answerer.sent.at(-1)).toEqual({ type: 'answer', sdp: 'answer-to-offer-2-restart' });
  });

  it('switches the track of one kind without a new offer', async () => {
    const { link, connection, sent } = linkWith('offerer');
    link.start();
    await settle();
    await link.replaceTrack('video', track('video', 'screen'));
    expect((connection.transceivers[1]?.sender.track as unknown as FakeTrack).id).toBe('screen');
    expect((connection.transceivers[0]?.sender.track as unknown as FakeTrack).id).toBe('audio');
    expect(sent).toHaveLength(1);
  });

  it('sends its candidates but not the end of gathering, and nothing once closed', async () => {
    const { link, connection, sent } = linkWith('offerer');
    link.start();
    await settle();
    connection.onicecandidate?.({ candidate: { candidate: 'candidate:host', sdpMid: '0', sdpMLineIndex: 0 } });
    connection.onicecandidate?.({ candidate: null });
    connection.onicecandidate?.({ candidate: { candidate: '', sdpMid: '0', sdpMLineIndex: 0 } });
    expect(sent.slice(1)).toEqual([{ type: 'candidate', candidate: 'candidate:host', sdpMid: '0', sdpMLineIndex: 0 }]);
    link.close();
    expect(connection.closed).toBe(true);
    await link.handle({ type: 'answer', sdp: 'late' });
    expect(connection.remoteDescription).toBeNull();
  });

  it('reports a failed step and goes on with the next signal', async () => {
    const { link, connection, errors } = linkWith('answerer');
    connection.setRemoteDescription = async () => {
      throw new Error('bad sdp');
    };
    await link.handle({ type: 'offer', sdp: 'garbage' });
    expect(errors).toHaveLength(1);
    await link.handle({ type: 'candidate', candidate: 'candidate:3', sdpMid: null, sdpMLineIndex: null });
    expect(errors).toHaveLength(1);
  });
});
