import { ErrorCode, type ChatChannel } from '@lobby/contract';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { browserTimezone } from '../../lib/format.ts';
import { buttonClass } from '../../ui/Button.tsx';
import { Modal } from '../../ui/Modal.tsx';
import { useMe } from '../auth/session.ts';
import { useEventContext } from '../events/context.ts';
import { callPath, errorCode, startDirectCall, startGroupCall } from './api.ts';
import { UpgradeGate } from './CallScreens.tsx';
import { callErrorText } from './errors.ts';
import { CameraIcon } from './icons.tsx';

/** Where a chat can start a call: the other person of a private chat, or the people of a company's or lesson's chat. */
export function callTargetOf(channel: Pick<ChatChannel, 'access' | 'entity_type' | 'path' | 'users'>, myId: number): { kind: 'direct'; userId: number } | { kind: 'group' } | null {
  if (channel.path !== null) return null;
  if (channel.entity_type === 'company' || channel.entity_type === 'lesson') return { kind: 'group' };
  if (channel.access !== 'private' || channel.entity_type !== null) return null;
  const other = channel.users.find((user) => user.id !== myId);
  return other ? { kind: 'direct', userId: other.id } : null;
}

/**
 * "Video call" in a private chat's header, "Group call" in a company's or lesson's: starts the call
 * and opens its page; without video calls on the ticket, the upgrade gate in a dialog.
 */
export function ChannelCallButton({ channel, myId }: { channel: ChatChannel; myId: number }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { event, member, slug } = useEventContext();
  const timeZone = useMe()?.timezone ?? browserTimezone();
  const [gate, setGate] = useState(false);
  const target = callTargetOf(channel, myId);
  const start = useMutation({
    mutationFn: () => (target?.kind === 'direct' ? startDirectCall(event.id, target.userId) : startGroupCall(event.id, channel.id)),
    onSuccess: (call) => navigate(callPath(slug, call)),
    onError: (error) => {
      if (errorCode(error) === ErrorCode.callNotAllowed) setGate(true);
      else toast.error(callErrorText(t, error, timeZone));
    },
  });
  if (!target) return null;
  const label = t(target.kind === 'direct' ? 'calls.video_call' : 'calls.group_call');
  return (
    <>
      <button type="button" disabled={start.isPending} onClick={() => start.mutate()} className={buttonClass('secondary', 'ml-auto shrink-0 px-3')} data-testid={target.kind === 'direct' ? 'chat-video-call' : 'chat-group-call'}>
        <CameraIcon className="size-5" />
        <span className="sr-only sm:not-sr-only">{label}</span>
      </button>
      {gate ? (
        <Modal title={label} onClose={() => setGate(false)} size="lg" testId="call-upgrade-dialog">
          <UpgradeGate event={event} member={member} />
        </Modal>
      ) : null}
    </>
  );
}
