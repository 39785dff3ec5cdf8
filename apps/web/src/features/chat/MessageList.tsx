import type { ChatChannel, ChatMessage } from '@lobby/contract';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useCallback, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../lib/format.ts';
import { cn } from '../../ui/cn.ts';
import { Spinner } from '../../ui/Spinner.tsx';
import { DaySeparator, MessageItem, PendingItem, type MessageActions } from './MessageItem.tsx';
import type { Thread } from './thread.ts';

type Row = { key: string; kind: 'older' } | { key: string; kind: 'message'; message: ChatMessage; day: string | null; showSender: boolean } | { key: string; kind: 'pending'; uuid: string; day: string | null };

/** Near the bottom (px): a new message keeps the view at the bottom. */
const STICK_PX = 80;
/** Near the top (px): the page before loads by itself. */
const LOAD_OLDER_PX = 240;

function buildRows(thread: Thread, timeZone: string): Row[] {
  const rows: Row[] = [];
  if (thread.hasOlder) rows.push({ key: 'older', kind: 'older' });
  let lastDay: string | null = null;
  let lastSender: number | null | undefined;
  for (const message of thread.messages) {
    const day = formatDate(message.created_at, timeZone);
    const newDay = day !== lastDay;
    const sender = message.sender?.id ?? null;
    rows.push({ key: message.uuid, kind: 'message', message, day: newDay ? day : null, showSender: newDay || sender !== lastSender });
    lastDay = day;
    lastSender = sender;
  }
  for (const pending of thread.pending) {
    const day = formatDate(pending.created_at, timeZone);
    rows.push({ key: pending.uuid, kind: 'pending', uuid: pending.uuid, day: day !== lastDay ? day : null });
    lastDay = day;
  }
  return rows;
}

export interface MessageListProps {
  thread: Thread;
  channel: ChatChannel;
  myId: number;
  timeZone: string;
  actions: Omit<MessageActions, 'onJump'>;
  onRetry: (uuid: string) => void;
  onDiscard: (uuid: string) => void;
  onLoadOlder: () => Promise<void>;
}

/**
 * The channel's messages, virtualised (only what is on screen is in the page): it opens at the
 * newest, stays at the bottom while new ones come unless the person scrolled up, and pages back
 * through history near the top (or with the button, by keyboard) keeping the view where it was.
 */
export function MessageList({ thread, channel, myId, timeZone, actions, onRetry, onDiscard, onLoadOlder }: MessageListProps) {
  const { t } = useTranslation();
  const scroller = useRef<HTMLDivElement>(null);
  const rows = useMemo(() => buildRows(thread, timeZone), [thread, timeZone]);
  const [loadingOlder, setLoadingOlder] = useState(false);
  const [olderFailed, setOlderFailed] = useState(false);
  const [highlight, setHighlight] = useState<number | null>(null);
  const stick = useRef(true);
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => 72,
    overscan: 8,
    getItemKey: (index) => rows[index]?.key ?? index,
  });
  const total = virtualizer.getTotalSize();

  // At the bottom (the start, or after a new message while there): stay there as sizes settle.
  useLayoutEffect(() => {
    const node = scroller.current;
    if (node && stick.current) node.scrollTop = node.scrollHeight;
  }, [total, rows]);

  // An older page went in front: the message that was first stays where it was on screen.
  const firstKey = rows.find((row) => row.kind !== 'older')?.key;
  const anchor = useRef<{ key: string; start: number } | null>(null);
  useLayoutEffect(() => {
    const node = scroller.current;
    const previous = anchor.current;
    if (node && previous && previous.key !== firstKey && !stick.current) {
      const index = rows.findIndex((row) => row.key === previous.key);
      const start = index >= 0 ? virtualizer.measurementsCache[index]?.start : undefined;
      if (start !== undefined) node.scrollTop += start - previous.start;
    }
    const index = rows.findIndex((row) => row.key === firstKey);
    const start = index >= 0 ? virtualizer.measurementsCache[index]?.start : undefined;
    anchor.current = firstKey !== undefined && start !== undefined ? { key: firstKey, start } : null;
  }, [firstKey, rows, virtualizer]);

  // My own message always brings the view down.
  const lastKey = rows.at(-1)?.key;
  const lastIsMine = rows.at(-1)?.kind === 'pending';
  useLayoutEffect(() => {
    if (lastIsMine) stick.current = true;
  }, [lastKey, lastIsMine]);

  const loadOlder = useCallback(async () => {
    if (loadingOlder) return;
    setLoadingOlder(true);
    setOlderFailed(false);
    try {
      await onLoadOlder();
    } catch {
      setOlderFailed(true);
    } finally {
      setLoadingOlder(false);
    }
  }, [loadingOlder, onLoadOlder]);

  const onScroll = () => {
    const node = scroller.current;
    if (!node) return;
    stick.current = node.scrollHeight - node.scrollTop - node.clientHeight < STICK_PX;
    if (node.scrollTop < LOAD_OLDER_PX && thread.hasOlder && !loadingOlder && !olderFailed) void loadOlder();
  };

  const onJump = (messageId: number) => {
    const index = rows.findIndex((row) => row.kind === 'message' && row.message.id === messageId);
    if (index < 0) return;
    stick.current = false;
    virtualizer.scrollToIndex(index, { align: 'center' });
    setHighlight(messageId);
    window.setTimeout(() => setHighlight((current) => (current === messageId ? null : current)), 1600);
  };

  const render = (row: Row): ReactNode => {
    if (row.kind === 'older') {
      return (
        <div className="flex justify-center py-3">
          {loadingOlder ? (
            <Spinner label={t('chat.loading_older')} />
          ) : (
            <button type="button" onClick={() => void loadOlder()} data-testid="chat-load-older" className="min-h-11 rounded-xl px-4 text-sm font-semibold text-brand-ink hover:bg-surface">
              {olderFailed ? t('chat.older_failed') : t('chat.load_older')}
            </button>
          )}
        </div>
      );
    }
    if (row.kind === 'pending') {
      const pending = thread.pending.find((p) => p.uuid === row.uuid);
      if (!pending) return null;
      return (
        <>
          {row.day ? <DaySeparator label={row.day} /> : null}
          <PendingItem pending={pending} timeZone={timeZone} onRetry={onRetry} onDiscard={onDiscard} />
        </>
      );
    }
    return (
      <>
        {row.day ? <DaySeparator label={row.day} /> : null}
        <div className={cn('transition-colors', highlight === row.message.id && 'bg-brand/15')}>
          <MessageItem message={row.message} channel={channel} myId={myId} timeZone={timeZone} actions={{ ...actions, onJump }} showSender={row.showSender} />
        </div>
      </>
    );
  };

  return (
    <div ref={scroller} onScroll={onScroll} role="log" aria-label={t('chat.messages_label')} tabIndex={0} data-testid="chat-messages" className="flex min-h-0 flex-1 flex-col overflow-y-auto overscroll-contain bg-surface-muted py-2 focus-visible:outline-offset-[-2px]">
      {rows.length === 0 ? (
        <p className="px-4 py-10 text-center text-sm text-fg-muted">{t('chat.no_messages')}</p>
      ) : (
        // mt-auto: a short conversation sits at the bottom, next to the composer.
        <div className="relative mt-auto w-full shrink-0" style={{ height: total }}>
          {virtualizer.getVirtualItems().map((item) => {
            const row = rows[item.index];
            if (!row) return null;
            return (
              <div key={item.key} data-index={item.index} ref={virtualizer.measureElement} className="absolute left-0 top-0 w-full focus-within:z-10" style={{ transform: `translateY(${item.start}px)` }}>
                {render(row)}
              </div>
            );
          })}
        </div>
      )}
    </div>
  );
}
