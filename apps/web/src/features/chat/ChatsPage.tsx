import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { browserTimezone } from '../../lib/format.ts';
import { cn } from '../../ui/cn.ts';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { useMe } from '../auth/session.ts';
import { useEventContext } from '../events/context.ts';
import { SectionGate } from '../members/SectionGate.tsx';
import { ChannelList } from './ChannelList.tsx';
import { ChannelPane } from './ChannelPane.tsx';

/**
 * chats/{id?} (product.md section 2, full screen): the channel list and the open channel side by
 * side on wide screens; on phones the list, or the channel with a way back to it.
 */
export function Component() {
  const { t } = useTranslation();
  const { event, member, slug } = useEventContext();
  const me = useMe();
  const timeZone = me?.timezone ?? browserTimezone();
  const channelId = (useParams()['*'] ?? '').split('/')[0] || null;
  return (
    <SectionGate section="chats" event={event} member={member}>
      <div data-testid="chats-page" className="flex h-[calc(100dvh-7.5rem-env(safe-area-inset-bottom))] min-h-80 md:h-[calc(100dvh-4rem)]">
        <aside aria-labelledby="chats-title" className={cn('min-h-0 w-full flex-col border-line bg-surface md:flex md:w-80 md:shrink-0 md:border-r lg:w-96', channelId ? 'hidden' : 'flex')}>
          <h1 id="chats-title" className="px-4 pb-2 pt-4 text-2xl font-bold tracking-tight">
            {t('chat.title')}
          </h1>
          {me ? <ChannelList eventId={event.id} slug={slug} myId={me.id} timeZone={timeZone} /> : null}
        </aside>
        <section aria-label={t('chat.conversation')} className={cn('min-h-0 min-w-0 flex-1 flex-col bg-surface-muted md:flex', channelId ? 'flex' : 'hidden')}>
          {channelId ? (
            <>
              <h1 className="sr-only md:hidden">{t('chat.title')}</h1>
              <ChannelPane key={channelId} channelId={channelId} eventId={event.id} slug={slug} />
            </>
          ) : (
            <div className="flex flex-1 items-center justify-center p-6">
              <EmptyState title={t('chat.choose_title')} text={t('chat.choose_text')} />
            </div>
          )}
        </section>
      </div>
    </SectionGate>
  );
}
