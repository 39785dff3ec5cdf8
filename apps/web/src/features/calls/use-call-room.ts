import { useEffect, useState, useSyncExternalStore } from 'react';
import { holdRoom, releaseRoom, type CallRoom, type RoomState } from './room.ts';

const noSubscription = () => () => {};
const nothing = () => null;

/**
 * The page's room in the call while `enabled` (a final screen or an unanswered ring holds none); a
 * new `attempt` (after hanging the failed room up) opens a new one.
 */
export function useCallRoom(callId: string, enabled: boolean, attempt = 0): { room: CallRoom | null; state: RoomState | null } {
  const [room, setRoom] = useState<CallRoom | null>(null);
  useEffect(() => {
    if (!enabled) return undefined;
    const held = holdRoom(callId);
    setRoom(held);
    return () => {
      releaseRoom(held);
      setRoom(null);
    };
  }, [callId, enabled, attempt]);
  const state = useSyncExternalStore(room?.subscribe ?? noSubscription, room?.getState ?? nothing);
  return { room, state };
}
