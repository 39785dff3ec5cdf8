import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { callApi } from '../../api/client.ts';
import { browserTimezone } from '../../lib/format.ts';
import { Alert } from '../../ui/Alert.tsx';
import { Button } from '../../ui/Button.tsx';
import { useMe } from '../auth/session.ts';
import { eventPath, useEventContext } from '../events/context.ts';
import { chatErrorText } from './errors.ts';
import { chatRoutes } from './refs.ts';

/** Whether the reader may chat in this event: the ability and the open chats section. */
export function useCanChat(): boolean {
  const { member } = useEventContext();
  return Boolean(member?.abilities.includes('chat.send') && member.sections.chats === 'ok');
}

function StartButton({ label, accessibleName, testId, open }: { label: string; accessibleName: string; testId: string; open: () => Promise<string> }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { slug } = useEventContext();
  const timeZone = useMe()?.timezone ?? browserTimezone();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const start = async () => {
    setBusy(true);
    setError(null);
    try {
      const id = await open();
      void navigate(eventPath(slug, `chats/${id}`));
    } catch (failure) {
      setError(failure);
      setBusy(false);
    }
  };
  return (
    <div className="flex flex-col gap-2">
      <Button variant="secondary" onClick={() => void start()} disabled={busy} aria-label={accessibleName} data-testid={testId} className="self-start">
        <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={1.8} strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" className="size-5">
          <path d="M20 12.5a7.5 7.5 0 0 1-11.2 6.5L4 20.5l1.4-4.3A7.5 7.5 0 1 1 20 12.5z" />
        </svg>
        {label}
      </Button>
      {error ? <Alert tone="error">{chatErrorText(t, error, timeZone, 'chat.start_failed')}</Alert> : null}
    </div>
  );
}

/** "Message" on a member's page: the private channel with them in this event (made on first use). */
export function MessageButton({ userId, name }: { userId: number; name: string }) {
  const { t } = useTranslation();
  const { event } = useEventContext();
  if (!useCanChat()) return null;
  return (
    <StartButton
      label={t('chat.message_button')}
      accessibleName={t('chat.message_with', { name })}
      testId="start-chat"
      open={async () => (await callApi(chatRoutes.privateChatChannel, { params: { userId }, query: { 'filter[related_id]': event.id } })).data.uuid}
    />
  );
}

/** "Chat" on a company's page: the reader's chat with the company's people (made on first use). */
export function CompanyChatButton({ companyId, name }: { companyId: number; name: string }) {
  const { t } = useTranslation();
  const { event } = useEventContext();
  if (!useCanChat()) return null;
  return (
    <StartButton
      label={t('chat.company_button')}
      accessibleName={t('chat.company_with', { name })}
      testId="company-chat"
      open={async () => (await callApi(chatRoutes.companyChatChannel, { params: { eventId: event.id, id: companyId } })).data.chat_id}
    />
  );
}
