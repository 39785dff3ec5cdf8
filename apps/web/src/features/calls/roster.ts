import type { CallMediaState, CallPeer, CallPerson } from '@lobby/contract';

// Who else is in the call as this page knows it, changed by the socket's events (contract
// calls.ts, CallEvent). Pure: the session applies the events and then makes its connections match.

export type LinkState = 'new' | 'connecting' | 'connected' | 'disconnected' | 'failed' | 'closed';

export interface RemotePeer {
  peerId: string;
  /** null until call:peer-joined names the page that sent an offer first. */
  user: CallPerson | null;
  state: CallMediaState;
  link: LinkState;
  stream: MediaStream | null;
}

export interface Roster {
  /** This page's peer id once the server has let it in. */
  selfId: string | null;
  peers: RemotePeer[];
  /** The same person joined from another page: this one is out of the call. */
  replaced: boolean;
}

export type RosterEvent =
  | { type: 'joined'; selfId: string; peers: readonly CallPeer[] }
  | { type: 'peer-joined'; peer: CallPeer }
  | { type: 'peer-left'; peerId: string }
  | { type: 'seen'; peerId: string }
  | { type: 'state'; peerId: string; state: CallMediaState }
  | { type: 'link'; peerId: string; link: LinkState }
  | { type: 'stream'; peerId: string; stream: MediaStream }
  | { type: 'reset' };

export const emptyRoster: Roster = { selfId: null, peers: [], replaced: false };
const SILENT: CallMediaState = { audio: false, video: false, screen: false };

const fromPeer = (peer: CallPeer): RemotePeer => ({ peerId: peer.peer_id, user: peer.user, state: peer.state, link: 'new', stream: null });
const patch = (roster: Roster, peerId: string, change: (peer: RemotePeer) => RemotePeer): Roster => {
  if (!roster.peers.some((peer) => peer.peerId === peerId)) return roster;
  return { ...roster, peers: roster.peers.map((peer) => (peer.peerId === peerId ? change(peer) : peer)) };
};

export function applyRoster(roster: Roster, event: RosterEvent): Roster {
  if (roster.replaced && event.type !== 'reset') return roster;
  switch (event.type) {
    case 'reset':
      return emptyRoster;
    case 'joined':
      // A new entry (first join or after a reconnect): the peers as the server lists them, nobody connected yet.
      return { selfId: event.selfId, peers: event.peers.filter((peer) => peer.peer_id !== event.selfId).map(fromPeer), replaced: false };
    case 'peer-joined': {
      if (event.peer.peer_id === roster.selfId) return roster;
      const known = roster.peers.find((peer) => peer.peerId === event.peer.peer_id);
      if (known) return patch(roster, known.peerId, (peer) => ({ ...peer, user: event.peer.user, state: event.peer.state }));
      // A person has one page in a call: their earlier page is gone.
      const others = roster.peers.filter((peer) => peer.user?.id !== event.peer.user.id);
      return { ...roster, peers: [...others, fromPeer(event.peer)] };
    }
    case 'peer-left':
      if (event.peerId === roster.selfId) return { selfId: null, peers: [], replaced: true };
      return { ...roster, peers: roster.peers.filter((peer) => peer.peerId !== event.peerId) };
    case 'seen':
      if (event.peerId === roster.selfId || roster.peers.some((peer) => peer.peerId === event.peerId)) return roster;
      return { ...roster, peers: [...roster.peers, { peerId: event.peerId, user: null, state: SILENT, link: 'new', stream: null }] };
    case 'state':
      return patch(roster, event.peerId, (peer) => ({ ...peer, state: event.state }));
    case 'link':
      return patch(roster, event.peerId, (peer) => ({ ...peer, link: event.link }));
    case 'stream':
      return patch(roster, event.peerId, (peer) => ({ ...peer, stream: event.stream }));
  }
}

/** The people the page shows: those named so far (a page that only sent an offer waits for its name). */
export const namedPeers = (roster: Roster): (RemotePeer & { user: CallPerson })[] => roster.peers.filter((peer): peer is RemotePeer & { user: CallPerson } => peer.user !== null);

/** What changed in the others' microphones and cameras, for the screen reader's announcement. */
export interface MediaChange {
  name: string;
  kind: 'audio' | 'video';
  on: boolean;
}
export function mediaChanges(before: readonly RemotePeer[], after: readonly RemotePeer[]): MediaChange[] {
  const changes: MediaChange[] = [];
  for (const peer of after) {
    const earlier = before.find((old) => old.peerId === peer.peerId);
    if (!earlier || !peer.user || !earlier.user) continue;
    for (const kind of ['audio', 'video'] as const) {
      if (earlier.state[kind] !== peer.state[kind]) changes.push({ name: peer.user.name, kind, on: peer.state[kind] });
    }
  }
  return changes;
}
