import { ErrorCode, type Call, type Event, type GroupLayout, type Me } from '@lobby/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button, ButtonLink } from '../../ui/Button.tsx';
import { eventPath } from '../events/context.ts';
import { errorCode } from './api.ts';
import { CallControls } from './CallControls.tsx';
import { CallRecordControl } from './CallRecordControl.tsx';
import { CallFrame, CallOver, CallProblem, RoomFull } from './CallScreens.tsx';
import { InviteLink } from './InviteLink.tsx';
import { LayoutPicker } from './LayoutPicker.tsx';
import { readLayout, saveLayout } from './prefs.ts';
import { hangUp } from './room.ts';
import { GroupStage } from './Stage.tsx';
import { peerTiles, selfTile, useMediaAnnouncement } from './tiles.ts';
import { useCallRoom } from './use-call-room.ts';

/**
 * group-call/{id}: everybody's tiles in the layout the person chose (kept in this browser), the
 * active speaker outlined, the controls (with Record for those the call lets record); the
 * room-full page when every seat is taken.
 */
export function GroupCall({ initial, me, event, slug }: { initial: Call; me: Me; event: Event; slug: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [attempt, setAttempt] = useState(0);
  const [left, setLeft] = useState(false);
  const [layout, setLayout] = useState<GroupLayout>(() => readLayout());
  const { room, state } = useCallRoom(initial.id, !left, attempt);
  const snapshot = state?.snapshot ?? null;
  const announcement = useMediaAnnouncement(snapshot?.roster.peers ?? []);
  const chatPath = eventPath(slug, initial.channel_id ? `chats/${initial.channel_id}` : 'chats');
  const label = t('calls.group_call');
  const back = (
    <ButtonLink to={chatPath} variant="secondary">
      {t('calls.back_to_chat')}
    </ButtonLink>
  );
  const again = () => {
    if (room) void hangUp(room);
    setLeft(false);
    setAttempt((n) => n + 1);
  };

  if (state?.stage === 'error' || snapshot?.connection === 'failed') {
    const error = state?.stage === 'error' ? state.error : snapshot?.error;
    if (errorCode(error) === ErrorCode.callRoomFull) return <RoomFull max={initial.max_people} slug={slug} onRetry={again} />;
    return <CallProblem error={error} slug={slug} onRetry={again} />;
  }
  if (left || snapshot?.connection === 'replaced') {
    return (
      <CallFrame label={label}>
        <CallOver
          title={t(left ? 'calls.left' : 'calls.replaced')}
          actions={
            <>
              <Button onClick={left ? again : () => navigate(0)} data-testid="call-rejoin">
                {t(left ? 'calls.join_again' : 'calls.join_here')}
              </Button>
              {back}
            </>
          }
        />
      </CallFrame>
    );
  }

  const tiles = snapshot ? [selfTile(me, snapshot.local), ...peerTiles(snapshot.roster)] : [];
  const session = state?.session ?? null;
  const reconnecting = snapshot?.connection === 'reconnecting';
  return (
    <CallFrame label={label}>
      <header className="flex flex-wrap items-center gap-x-3 gap-y-2 px-3 pt-3 sm:px-4">
        <h1 className="text-lg font-bold">{label}</h1>
        <p role="status" className="text-sm text-neutral-300" data-testid="call-status">
          {reconnecting ? t('calls.reconnecting') : snapshot ? t('calls.people', { count: tiles.length }) : t('calls.joining')}
        </p>
        <div className="flex min-w-0 flex-wrap items-center gap-2 sm:ml-auto">
          <InviteLink />
          <LayoutPicker
            value={layout}
            onChange={(next) => {
              setLayout(next);
              saveLayout(next);
            }}
          />
        </div>
      </header>
      {state?.mediaIncomplete ? (
        <p className="mx-4 mt-2 rounded-xl bg-amber-900/60 px-3 py-2 text-sm" data-testid="call-media-notice">
          {t('calls.media_unavailable')}
        </p>
      ) : null}
      {snapshot ? <GroupStage tiles={tiles} layout={layout} speaker={snapshot.speaker} /> : <div className="flex-1" />}
      <p aria-live="polite" className="sr-only" data-testid="call-announcement">
        {announcement}
      </p>
      {session && snapshot ? (
        <CallControls
          session={session}
          local={snapshot.local}
          hangUpLabel={t('calls.leave')}
          extra={initial.abilities.record ? <CallRecordControl event={event} callId={initial.id} tiles={tiles.map((tile) => ({ id: tile.id, name: tile.name, stream: tile.stream, showsVideo: tile.state.video || tile.state.screen }))} /> : null}
          onHangUp={() => {
            setLeft(true);
            if (room) void hangUp(room);
          }}
        />
      ) : null}
    </CallFrame>
  );
}
