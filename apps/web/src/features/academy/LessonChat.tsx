// The Chat tab, in a chunk of its own (the chat's channel view and live connection load only when
// it is opened): the student's chat with the lesson's teachers, where the homework messages and
// the teachers' replies arrive live.
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { queryClient } from '../../api/query-client.ts';
import { Button } from '../../ui/Button.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { Skeleton } from '../../ui/Skeleton.tsx';
import { apiErrorText } from '../auth/api-error.ts';
import { ChannelPane } from '../chat/ChannelPane.tsx';
import { threadKey, type Thread } from '../chat/thread.ts';
import { lastVerdictSeq } from './academy-view.ts';
import { lessonChatQuery, refreshAcademy } from './queries.ts';

/**
 * A teacher's verdict arriving live in the lesson chat (homework_approved or homework_declined)
 * changes the homework, the lesson's state and the progress: they are read again.
 */
function useVerdictRefresh(channelId: string | undefined): void {
  useEffect(() => {
    if (!channelId) return undefined;
    const key = JSON.stringify(threadKey(channelId));
    const seqOf = () => lastVerdictSeq(queryClient.getQueryData<Thread>(threadKey(channelId))?.messages ?? []);
    let seen = seqOf();
    return queryClient.getQueryCache().subscribe((event) => {
      if (event.type !== 'updated' || event.action.type !== 'success' || JSON.stringify(event.query.queryKey) !== key) return;
      const latest = seqOf();
      if (latest <= seen) return;
      seen = latest;
      // A page read from the server is history; what the live connection or catch-up adds is news.
      if (event.action.manual) void refreshAcademy();
    });
  }, [channelId]);
}

export default function LessonChat({ eventId, lessonId, slug }: { eventId: number; lessonId: number; slug: string }) {
  const { t } = useTranslation();
  const query = useQuery(lessonChatQuery(eventId, lessonId));
  useVerdictRefresh(query.data);
  if (query.isPending) {
    return (
      <div className="flex flex-col gap-3 p-4" data-testid="lesson-chat-loading">
        <Skeleton className="h-12" />
        <Skeleton className="h-40" />
      </div>
    );
  }
  if (query.isError) {
    return (
      <div className="p-4" data-testid="lesson-chat-error">
        <EmptyState title={t('academy.chat_failed_title')} text={apiErrorText(t, query.error)} action={<Button onClick={() => void query.refetch()}>{t('errors.retry')}</Button>} />
      </div>
    );
  }
  return (
    <div className="flex h-[min(36rem,calc(100dvh-12rem))] min-h-96 flex-col overflow-hidden rounded-2xl border border-line bg-surface-muted" data-testid="lesson-chat">
      <ChannelPane key={query.data} channelId={query.data} eventId={eventId} slug={slug} />
    </div>
  );
}
