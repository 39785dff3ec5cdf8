import type { ChatMessage } from '@lobby/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useEventSlug } from '../events/context.ts';
import { callPath } from './api.ts';

/** A `call` message (custom_data.call_id and kind): "{name} started a video call" with a Join link to its page. */
export function CallMessage({ message }: { message: ChatMessage }) {
  const { t } = useTranslation();
  const slug = useEventSlug();
  const callId = message.custom_data?.call_id;
  const kind = message.custom_data?.kind ?? 'direct';
  const name = message.sender?.name ?? t('chat.notice');
  return (
    <div className="mb-1" data-testid="chat-call-message">
      <p className="font-semibold">{t(kind === 'group' ? 'calls.started_group' : 'calls.started_video', { name })}</p>
      {callId ? (
        <Link to={callPath(slug, { id: callId, kind })} className="mt-1 inline-block font-semibold underline" data-testid="chat-call-join">
          {t('calls.join')}
        </Link>
      ) : null}
    </div>
  );
}
