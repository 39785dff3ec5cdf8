import { ErrorCode, type Call, type CallEndedPayload, type Me } from '@lobby/contract';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button, ButtonLink } from '../../ui/Button.tsx';
import { eventPath } from '../events/context.ts';
import { callPath, declineCall, errorCode, startDirectCall } from './api.ts';
import { CallControls } from './CallControls.tsx';
import { CallFrame, CallOver, CallProblem, RoomFull } from './CallScreens.tsx';
import { directView, isFinal, ringLeftMs, type Connection, type DirectView } from './phase.ts';
import { hangUp } from './room.ts';
import { endedStatusOf } from './errors.ts';
import type { SessionSnapshot } from './session.ts';
import { DirectStage } from './Stage.tsx';
import { peerTiles, selfTile, useMediaAnnouncement } from './tiles.ts';
import { useCallRoom } from './use-call-room.ts';

const connectionOf = (stage: 'starting' | 'ready' | 'error' | null, snapshot: SessionSnapshot | null): Connection => {
  if (stage === null) return 'idle';
  if (stage !== 'ready' || !snapshot) return 'joining';
  return snapshot.connection === 'failed' ? 'joining' : snapshot.connection;
};

/** The callee of a ringing call decides on the page itself (opened from the chat's call message). */
function AnswerPanel({ call, name, slug, onAccept }: { call: Call; name: string; slug: string; onAccept: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const decline = useMutation({ mutationFn: () => declineCall(call.id), onSettled: () => navigate(eventPath(slug, call.channel_id ? `chats/${call.channel_id}` : 'chats')) });
  return (
    <CallOver
      title={t('calls.is_calling', { name })}
      actions={
        <>
          <Button onClick={onAccept} data-testid="call-accept">
            {t('calls.accept')}
          </Button>
          <Button variant="secondary" disabled={decline.isPending} onClick={() => decline.mutate()} data-testid="call-decline">
            {t('calls.decline')}
          </Button>
        </>
      }
    />
  );
}

const FINAL_TITLES: Partial<Record<DirectView, string>> = { declined: 'calls.declined', no_answer: 'calls.no_answer', missed: 'calls.missed', ended: 'calls.ended', replaced: 'calls.replaced' };

/**
 * video-call/{id}: a 1:1 call (direct, or an online meeting's). The other person large and me small,
 * what is happening in words ("Calling Ann…", "Reconnecting…"), the controls, and at the end how it
 * ended with the ways on (call again, back to the chat).
 */
export function DirectCall({ initial, me, eventId, slug }: { initial: Call; me: Me; eventId: number; slug: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [attempt, setAttempt] = useState(0);
  const [answered, setAnswered] = useState(false);
  const [over, setOver] = useState<CallEndedPayload['status'] | null>(null);
  const [hungUp, setHungUp] = useState(false);
  const [metPeer, setMetPeer] = useState(false);
  const mine = initial.created_by.id === me.id;
  const other = mine ? initial.callee : initial.created_by;
  const otherName = other?.name ?? '';

  const before = directView({ call: initial, mine, connection: 'idle', ended: over, peers: 0, now: Date.now() });
  const wanted = !hungUp && !isFinal(before) && (before !== 'answer' || answered);
  const { room, state } = useCallRoom(initial.id, wanted, attempt);
  const snapshot = state?.snapshot ?? null;
  const peers = snapshot ? peerTiles(snapshot.roster) : [];
  const peer = peers[0] ?? null;
  useEffect(() => {
    if (peer) setMetPeer(true);
  }, [peer]);
  const announcement = useMediaAnnouncement(snapshot?.roster.peers ?? []);

  // Once the other person was here, the call is no longer "calling" whatever the copy from joining says.
  const known = state?.call ?? initial;
  const call = metPeer && known.status === 'ringing' ? { ...known, status: 'active' as const } : known;
  const view: DirectView = hungUp ? 'ended' : directView({ call, mine, connection: wanted ? connectionOf(state?.stage ?? null, snapshot) : 'idle', ended: snapshot?.ended ?? over, peers: peers.length, now: Date.now() });

  // Nobody answered in time: the caller hangs up, which makes the call missed for both.
  useEffect(() => {
    if (view !== 'calling' || !room) return undefined;
    const timer = setTimeout(() => {
      void hangUp(room).then(() => setOver('missed'));
    }, ringLeftMs(call.created_at, Date.now()));
    return () => clearTimeout(timer);
  }, [view, room, call.created_at]);

  // Over for this page (ended, declined, taken by another page): the seat goes back at once.
  const finished = isFinal(view);
  useEffect(() => {
    if (finished && room) void hangUp(room);
  }, [finished, room]);

  const callAgain = useMutation({ mutationFn: () => startDirectCall(eventId, other?.id ?? 0), onSuccess: (next) => navigate(callPath(slug, next)) });
  // Back where the call came from: the meeting of a meeting's call, else the chat.
  const backPath = call.meeting_id ? eventPath(slug, `meetings/list/${call.meeting_id}`) : eventPath(slug, call.channel_id ? `chats/${call.channel_id}` : 'chats');
  const label = t('calls.video_call_with', { name: otherName });

  const retry = () => {
    if (room) void hangUp(room);
    setAttempt((n) => n + 1);
  };
  if (state?.stage === 'error' || snapshot?.connection === 'failed') {
    const error = state?.stage === 'error' ? state.error : snapshot?.error;
    const code = errorCode(error);
    if (code === ErrorCode.callRoomFull) return <RoomFull max={call.max_people} slug={slug} onRetry={retry} />;
    if (code !== ErrorCode.callEnded) return <CallProblem error={error} slug={slug} onRetry={retry} />;
  }
  const endedError = state?.stage === 'error' ? state.error : snapshot?.error;
  const endedByServer = errorCode(endedError) === ErrorCode.callEnded;
  // The server says how the call ended (declined, missed): a page that came to it late says so too.
  const endedView = endedByServer ? directView({ call: state?.call ?? call, mine, connection: 'idle', ended: endedStatusOf(endedError), peers: 0, now: Date.now() }) : 'ended';
  const finalView: DirectView | null = endedByServer ? (isFinal(endedView) ? endedView : 'ended') : isFinal(view) ? view : null;

  if (finalView) {
    const title = t(FINAL_TITLES[finalView] ?? 'calls.ended', { name: otherName });
    return (
      <CallFrame label={label}>
        <CallOver
          title={title}
          actions={
            <>
              {finalView === 'replaced' ? (
                <Button onClick={() => navigate(0)}>{t('calls.join_here')}</Button>
              ) : initial.kind === 'direct' && other ? (
                <Button disabled={callAgain.isPending} onClick={() => callAgain.mutate()} data-testid="call-again">
                  {t('calls.call_again')}
                </Button>
              ) : null}
              <ButtonLink to={backPath} variant="secondary">
                {t(call.meeting_id ? 'calls.back_to_meeting' : 'calls.back_to_chat')}
              </ButtonLink>
            </>
          }
        />
      </CallFrame>
    );
  }

  if (view === 'answer') {
    return (
      <CallFrame label={label}>
        <AnswerPanel call={initial} name={otherName} slug={slug} onAccept={() => setAnswered(true)} />
      </CallFrame>
    );
  }

  const status: Partial<Record<DirectView, string>> = { calling: t('calls.calling', { name: otherName }), waiting: t('calls.waiting_for', { name: otherName }), reconnecting: t('calls.reconnecting') };
  const session = state?.session ?? null;
  return (
    <CallFrame label={label}>
      <header className="flex items-center gap-3 px-4 pt-3">
        <h1 className="min-w-0 truncate text-lg font-bold" data-testid="call-title">
          {otherName}
        </h1>
        <p role="status" className="ml-auto truncate text-sm text-neutral-300" data-testid="call-status" data-view={view}>
          {status[view] ?? (peer?.connecting ? t('calls.connecting') : '')}
        </p>
      </header>
      {state?.mediaIncomplete ? (
        <p className="mx-4 mt-2 rounded-xl bg-amber-900/60 px-3 py-2 text-sm" data-testid="call-media-notice">
          {t('calls.media_unavailable')}
        </p>
      ) : null}
      {snapshot ? <DirectStage other={peer} self={selfTile(me, snapshot.local)} speaker={snapshot.speaker} /> : <div className="flex-1" />}
      <p aria-live="polite" className="sr-only" data-testid="call-announcement">
        {announcement}
      </p>
      {session && snapshot ? (
        <CallControls
          session={session}
          local={snapshot.local}
          hangUpLabel={t('calls.hang_up')}
          onHangUp={() => {
            setHungUp(true);
            if (room) void hangUp(room);
          }}
        />
      ) : null}
    </CallFrame>
  );
}
