import { useQuery } from '@tanstack/react-query';
import { Navigate, useParams } from 'react-router';
import { useMe } from '../auth/session.ts';
import { eventPath, useEventContext } from '../events/context.ts';
import { ParticipantGate } from '../favorites/ParticipantGate.tsx';
import { callQuery } from './api.ts';
import { CallLoading, CallProblem } from './CallScreens.tsx';
import { DirectCall } from './DirectCall.tsx';

function VideoCall({ callId, eventId, slug }: { callId: string; eventId: number; slug: string }) {
  const me = useMe();
  const query = useQuery(callQuery(callId));
  // Once read, the call stays on screen: a later failed read (a refetch) must not hang it up.
  const call = query.data?.data;
  if (!call && query.isError) return <CallProblem error={query.error} slug={slug} onRetry={() => void query.refetch()} />;
  if (!call || !me) return <CallLoading />;
  return <DirectCall initial={call} me={me} eventId={eventId} slug={slug} />;
}

/** video-call/{id?} (product.md section 2, full screen): a 1:1 call; without an id, to the chats where calls start. */
export function Component() {
  const { event, member, slug } = useEventContext();
  const id = useParams().id;
  if (!id) return <Navigate to={eventPath(slug, 'chats')} replace />;
  return (
    <ParticipantGate event={event} member={member}>
      <VideoCall key={id} callId={id} eventId={event.id} slug={slug} />
    </ParticipantGate>
  );
}
