import { CALL_RING_TIMEOUT_MS, CallEvent, type CallEndedPayload, type CallRingPayload } from '@lobby/contract';
import { Suspense, lazy, useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import type { ShellContext } from '../../app/shell/registry.ts';
import { acquireSocket, releaseSocket } from '../events/realtime.ts';

/** The dialog's code (and the call routes' schemas it reaches) loads with the first ring. */
const RingDialog = lazy(() => import('./RingDialog.tsx').then((module) => ({ default: module.RingDialog })));

/** The rings of the signed-in person (their private channel): the latest one, until it stops. */
function useRing(): { ring: CallRingPayload | null; listening: boolean; close: () => void } {
  const [ring, setRing] = useState<CallRingPayload | null>(null);
  const [listening, setListening] = useState(false);
  useEffect(() => {
    let detach: (() => void) | undefined;
    let closed = false;
    acquireSocket()
      .then((socket) => {
        if (closed) return;
        const onRing = (payload: CallRingPayload) => setRing(payload);
        const onStop = (payload: { call_id: string } | CallEndedPayload) => setRing((current) => (current?.call_id === payload.call_id ? null : current));
        socket.on(CallEvent.ring, onRing);
        socket.on(CallEvent.ringStop, onStop);
        socket.on(CallEvent.ended, onStop);
        setListening(true);
        detach = () => {
          socket.off(CallEvent.ring, onRing);
          socket.off(CallEvent.ringStop, onStop);
          socket.off(CallEvent.ended, onStop);
        };
      })
      .catch((error: unknown) => console.warn('Lobby: incoming calls are unavailable', error));
    return () => {
      closed = true;
      detach?.();
      releaseSocket();
    };
  }, []);
  // A ring nobody answers stops by itself (the call is missed by then).
  useEffect(() => {
    if (!ring) return undefined;
    const timer = setTimeout(() => setRing((current) => (current === ring ? null : current)), CALL_RING_TIMEOUT_MS);
    return () => clearTimeout(timer);
  }, [ring]);
  return { ring, listening, close: () => setRing(null) };
}

/** Mounted once by the event's shell for signed-in members (its own chunk, loaded after the first paint). */
export function IncomingCalls({ context }: { context: ShellContext }) {
  const { ring, listening, close } = useRing();
  const here = useLocation().pathname;
  // A hidden mark that the page now hears rings (its code loads after the first paint; the e2e waits for it).
  // The call's own page answers it there: no dialog over it.
  if (!ring || here.endsWith(`/video-call/${ring.call_id}`)) return listening ? <span hidden data-testid="call-listener" /> : null;
  return (
    <Suspense fallback={null}>
      <RingDialog key={ring.call_id} ring={ring} context={context} onClose={close} />
    </Suspense>
  );
}
