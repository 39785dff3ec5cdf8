import { useEffect, useState, useSyncExternalStore } from 'react';
import type { RecorderState, RecordingHandle } from './recorder.ts';

const idle = () => () => undefined;

/** The handle's state, re-read on each of its changes; null without a handle. */
export function useRecorderState(handle: RecordingHandle | null): RecorderState | null {
  return useSyncExternalStore(
    handle ? (listener) => handle.subscribe(listener) : idle,
    () => handle?.state() ?? null,
  );
}

/** The time recorded so far, ticking while it records. */
export function useElapsed(handle: RecordingHandle | null, running: boolean): number {
  const [elapsed, setElapsed] = useState(0);
  useEffect(() => {
    const read = () => setElapsed(handle ? handle.elapsedMs() : 0);
    read();
    if (!handle || !running) return undefined;
    const timer = setInterval(read, 500);
    return () => clearInterval(timer);
  }, [handle, running]);
  return elapsed;
}
