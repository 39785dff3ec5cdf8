import type { Me } from '@lobby/contract';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { LocalState } from './local-media.ts';
import { mediaChanges, namedPeers, type RemotePeer, type Roster } from './roster.ts';
import type { TileModel } from './Tile.tsx';

export const meName = (me: Pick<Me, 'first_name' | 'last_name'>): string => `${me.first_name} ${me.last_name}`.trim();

export const selfTile = (me: Me, local: LocalState): TileModel => ({
  id: 'self',
  name: meName(me),
  avatarUrl: me.avatar_url,
  stream: local.stream,
  state: { audio: local.audio, video: local.video && local.hasVideo, screen: local.screen },
  self: true,
  connecting: false,
});

export const peerTiles = (roster: Roster): TileModel[] =>
  namedPeers(roster).map((peer) => ({
    id: peer.peerId,
    name: peer.user.name,
    avatarUrl: peer.user.avatar_url,
    stream: peer.stream,
    state: peer.state,
    self: false,
    connecting: peer.link !== 'connected',
  }));

/**
 * A sentence for screen readers when someone in the call turns their microphone or camera off or
 * on (the tiles show it; this says it).
 */
export function useMediaAnnouncement(peers: readonly RemotePeer[]): string {
  const { t } = useTranslation();
  const previous = useRef(peers);
  const [text, setText] = useState('');
  useEffect(() => {
    const changes = mediaChanges(previous.current, peers);
    previous.current = peers;
    if (changes.length === 0) return;
    setText(changes.map((change) => t(`calls.announce_${change.kind}_${change.on ? 'on' : 'off'}`, { name: change.name })).join(' '));
  }, [peers, t]);
  return text;
}
