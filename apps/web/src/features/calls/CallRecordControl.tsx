import { eventRoomName, type Event } from '@lobby/contract';
import { useEffect, useRef } from 'react';
import { RecordButton } from '../recordings/RecordButton.tsx';
import { CallComposite, type CompositeTile } from './composite.ts';

/**
 * Record for the people a group call lets record (call.abilities.record): the recordings' Record
 * control fed with the call's composite (every tile drawn 16:9, every voice mixed), filed under
 * the event's room.
 */
export function CallRecordControl({ event, callId, tiles }: { event: Event; callId: string; tiles: CompositeTile[] }) {
  const composite = useRef<CallComposite | null>(null);
  const latest = useRef(tiles);
  useEffect(() => {
    latest.current = tiles;
    composite.current?.update(tiles);
  }, [tiles]);
  useEffect(
    () => () => {
      composite.current?.stop();
      composite.current = null;
    },
    [],
  );
  const stream = () => {
    composite.current?.stop();
    const made = new CallComposite();
    made.update(latest.current);
    composite.current = made;
    return made.stream;
  };
  return <RecordButton eventId={event.id} room={eventRoomName(event)} callId={callId} stream={stream} />;
}
