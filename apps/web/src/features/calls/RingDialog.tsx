import type { CallRingPayload } from '@lobby/contract';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { ShellContext } from '../../app/shell/registry.ts';
import { Avatar } from '../../ui/Avatar.tsx';
import { buttonClass } from '../../ui/Button.tsx';
import { eventPath } from '../events/context.ts';
import { browserTimezone } from '../../lib/format.ts';
import { useMe } from '../auth/session.ts';
import { acceptCall, declineCall, otherEventCallPath } from './api.ts';
import { callErrorText } from './errors.ts';
import { PhoneIcon } from './icons.tsx';

// The ring's dialog, loaded only when a ring arrives: its answers (acceptCall, declineCall) reach
// the contract's route table, which the listener on every event page must not load.

/**
 * "{name} is calling" with Accept and Decline (a direct call), or "{name} is waiting in your
 * meeting call" with Join: an alert dialog over the page with the focus on its first answer.
 */
export function RingDialog({ ring, context, onClose }: { ring: CallRingPayload; context: ShellContext; onClose: () => void }) {
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
