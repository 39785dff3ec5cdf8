import { CALL_RING_TIMEOUT_MS, CallEvent, type CallEndedPayload, type CallRingPayload } from '@lobby/contract';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import type { ShellContext } from '../../app/shell/registry.ts';
import { Avatar } from '../../ui/Avatar.tsx';
import { buttonClass } from '../../ui/Button.tsx';
import { acquireSocket, releaseSocket } from '../events/realtime.ts';
import { eventPath } from '../events/context.ts';
import { browserTimezone } from '../../lib/format.ts';
import { useMe } from '../auth/session.ts';
import { acceptCall, declineCall, otherEventCallPath } from './api.ts';
import { callErrorText } from './errors.ts';
import { PhoneIcon } from './icons.tsx';

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

/**
 * "{name} is calling" with Accept and Decline (a direct call), or "{name} is waiting in your
 * meeting call" with Join: an alert dialog over the page with the focus on its first answer.
 */
function RingDialog({ ring, context, onClose }: { ring: CallRingPayload; context: ShellContext; onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const timeZone = useMe()?.timezone ?? browserTimezone();
  const dialog = useRef<HTMLDialogElement>(null);
  const first = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => {
    const node = dialog.current;
    if (node && !node.open) node.showModal();
    first.current?.focus();
    return () => node?.close();
  }, []);
  useEffect(() => {
    if (problem) first.current?.focus();
  }, [problem]);
  const callKind = ring.kind === 'meeting' ? 'meeting' : 'direct';
  const target = ring.event_id === context.event.id ? eventPath(context.event.slug, `video-call/${ring.call_id}`) : otherEventCallPath(ring.event_id, { id: ring.call_id, kind: callKind });
  const answer = async (accept: boolean) => {
    setBusy(true);
    try {
      if (accept) await acceptCall(ring.call_id);
      else await declineCall(ring.call_id);
      onClose();
      if (accept) navigate(target);
    } catch (error) {
      setProblem(callErrorText(t, error, timeZone));
    } finally {
      setBusy(false);
    }
  };
  const join = () => {
    onClose();
    navigate(target);
  };
  const title = ring.kind === 'meeting' ? t('calls.waiting_in_meeting', { name: ring.from.name }) : t('calls.is_calling', { name: ring.from.name });
  return (
    <dialog
      ref={dialog}
      role="alertdialog"
      aria-labelledby={titleId}
      data-testid="call-ring"
      onCancel={(event) => {
        // Escape hides the ring here; the call keeps ringing on the person's other pages.
        event.preventDefault();
        onClose();
      }}
      className="m-auto w-[min(24rem,calc(100vw-1rem))] rounded-2xl border border-line bg-surface p-0 text-fg shadow-2xl backdrop:bg-black/50"
    >
      <div className="flex flex-col items-center gap-4 p-6 text-center">
        <span className="relative inline-flex">
          <Avatar name={ring.from.name} src={ring.from.avatar_url} size={72} className="rounded-full" />
          <span aria-hidden="true" className="absolute -bottom-1 -right-1 inline-flex rounded-full bg-emerald-600 p-1.5 text-white motion-safe:animate-pulse">
            <PhoneIcon className="size-4" />
          </span>
        </span>
        <h2 id={titleId} className="text-xl font-bold" data-testid="call-ring-title">
          {title}
        </h2>
        {problem ? (
          <p role="alert" className="text-sm text-red-700 dark:text-red-400">
            {problem}
          </p>
        ) : null}
        <div className="flex flex-wrap justify-center gap-3">
          {problem ? (
            <button type="button" ref={first} onClick={onClose} className={buttonClass()}>
              {t('shell.close')}
            </button>
          ) : ring.kind === 'meeting' ? (
            <>
              <button type="button" ref={first} onClick={join} className={buttonClass()} data-testid="call-ring-join">
                {t('calls.join')}
              </button>
              <button type="button" onClick={onClose} className={buttonClass('secondary')}>
                {t('calls.not_now')}
              </button>
            </>
          ) : (
            <>
              <button type="button" ref={first} disabled={busy} onClick={() => void answer(true)} className={buttonClass()} data-testid="call-ring-accept">
                {t('calls.accept')}
              </button>
              <button type="button" disabled={busy} onClick={() => void answer(false)} className={buttonClass('secondary')} data-testid="call-ring-decline">
                {t('calls.decline')}
              </button>
            </>
          )}
        </div>
      </div>
    </dialog>
  );
}

/** Mounted once by the event's shell for signed-in members (its own chunk, loaded after the first paint). */
export function IncomingCalls({ context }: { context: ShellContext }) {
  const { ring, listening, close } = useRing();
  const here = useLocation().pathname;
  // A hidden mark that the page now hears rings (its code loads after the first paint; the e2e waits for it).
  // The call's own page answers it there: no dialog over it.
  if (!ring || here.endsWith(`/video-call/${ring.call_id}`)) return listening ? <span hidden data-testid="call-listener" /> : null;
  return <RingDialog key={ring.call_id} ring={ring} context={context} onClose={close} />;
}
