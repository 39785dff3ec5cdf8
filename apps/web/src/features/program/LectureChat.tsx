import { CHAT_TEXT_MAX, routes } from '@lobby/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useId, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { apiQuery, callApi } from '../../api/client.ts';
import { queryClient } from '../../api/query-client.ts';
import { Button } from '../../ui/Button.tsx';
import { Skeleton } from '../../ui/Skeleton.tsx';
import { apiErrorText } from '../auth/api-error.ts';
import { newUuid } from '../chat/api.ts';
import { ChannelPane } from '../chat/ChannelPane.tsx';

const commonQuery = (eventId: number, path: string) => apiQuery(routes.commonChatChannel, { params: { eventId }, query: { path } });

/** Before anyone has written: the page's channel is made by the first message (the chat issue's common-message call). */
function FirstMessage({ eventId, path }: { eventId: number; path: string }) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const labelId = useId();
  const send = useMutation({
    mutationFn: (message: string) => callApi(routes.sendCommonChatMessage, { params: { eventId }, body: { path, message, uuid: newUuid() } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: commonQuery(eventId, path).queryKey }),
  });
  const submit = (e?: FormEvent) => {
    e?.preventDefault();
    const message = text.trim();
    if (message && !send.isPending) send.mutate(message);
  };
  const onKey = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      submit();
    }
  };
  return (
    <div className="flex flex-1 flex-col justify-end gap-3 p-4">
      <p className="text-center text-sm text-fg-muted" data-testid="lecture-chat-empty">
        {t('program.chat_empty')}
      </p>
      {send.isError ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          {apiErrorText(t, send.error)}
        </p>
      ) : null}
      <form onSubmit={submit} className="flex items-end gap-2">
        <label id={labelId} className="sr-only" htmlFor={`${labelId}-text`}>
          {t('program.chat_message')}
        </label>
        <textarea
          id={`${labelId}-text`}
          value={text}
          maxLength={CHAT_TEXT_MAX}
          rows={1}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={onKey}
          placeholder={t('program.chat_placeholder')}
          data-testid="chat-input"
          className="min-h-11 flex-1 resize-none rounded-xl border border-line bg-surface px-4 py-2.5 text-base outline-none focus:border-brand"
        />
        <Button type="submit" disabled={send.isPending || !text.trim()} data-testid="chat-send">
          {t('program.chat_send')}
        </Button>
      </form>
    </div>
  );
}

/** The lecture's public page chat: the chat's channel view once it exists, else the first message. */
export default function LectureChat({ eventId, slug, path }: { eventId: number; slug: string; path: string }) {
  const { t } = useTranslation();
  const query = useQuery(commonQuery(eventId, path));
  return (
    <div className="flex h-[32rem] max-h-[80dvh] min-h-0 flex-col overflow-hidden rounded-2xl border border-line bg-surface-muted" data-testid="lecture-chat-panel">
      {query.isPending ? (
        <div className="flex flex-col gap-3 p-4">
          <Skeleton className="h-12" />
          <Skeleton className="h-40" />
        </div>
      ) : query.isError ? (
        <p role="alert" className="p-4 text-sm text-red-700 dark:text-red-400">
          {apiErrorText(t, query.error)}
        </p>
      ) : query.data.data ? (
        <ChannelPane channelId={query.data.data.id} eventId={eventId} slug={slug} />
      ) : (
        <FirstMessage eventId={eventId} path={path} />
      )}
    </div>
  );
}
