import { isSameOriginPath, type ChatChannel, type ChatMessage } from '@lobby/contract';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDate, formatTime } from '../../lib/format.ts';
import { Avatar } from '../../ui/Avatar.tsx';
import { CallMessage } from '../calls/CallMessage.tsx';
import { cn } from '../../ui/cn.ts';
import { Attachments, formatSize } from './Attachments.tsx';
import { ChatText } from './ChatText.tsx';
import { CustomTypeBadge, customTypeBar } from './CustomType.tsx';
import { chatErrorText } from './errors.ts';
import { readMark, type PendingMessage } from './thread.ts';

export interface MessageActions {
  onReply: (message: ChatMessage) => void;
  onDelete: (message: ChatMessage) => void;
  onReport: (message: ChatMessage) => void;
  onModerate: (message: ChatMessage) => void;
  /** Scrolls to a quoted message when it is loaded. */
  onJump: (messageId: number) => void;
}

const bubbleClass = (mine: boolean) => cn('rounded-2xl px-3 py-2 text-[15px] leading-snug shadow-sm', mine ? 'rounded-br-md bg-brand-solid text-brand-solid-contrast' : 'rounded-bl-md border border-line bg-surface text-fg');

function Quote({ reply, onJump }: { reply: NonNullable<ChatMessage['reply_message']>; onJump: (id: number) => void }) {
  const { t } = useTranslation();
  const name = reply.sender?.name ?? t('chat.notice');
  const text = !reply.is_visible ? t('chat.deleted') : reply.text.trim() || (reply.attachments > 0 ? t('chat.files_count', { count: reply.attachments }) : '');
  return (
    <button
      type="button"
      onClick={() => onJump(reply.id)}
      aria-label={t('chat.quote_label', { name, text })}
      data-testid="chat-reply-quote"
      className="mb-1 block w-full rounded-lg border-l-4 border-current/60 bg-black/5 px-2 py-1 text-left text-sm dark:bg-white/10"
    >
      <span className="block font-semibold">{name}</span>
      <span className={cn('line-clamp-2', !reply.is_visible && 'italic')}>{text}</span>
    </button>
  );
}

/**
 * The platform's notice with a title, text and an action (a custom push, contract.md section 3).
 * The server's own notices name their title by a key (chat_banned, ...), shown in the reader's
 * language; their text usually repeats the message's, so it is shown once.
 */
/** The server's own notices (titles chat_banned, chat_unbanned): their English text gives way to the reader's language. */
const isServerNotice = (data: ChatMessage['custom_data']): boolean => data?.title === 'chat_banned' || data?.title === 'chat_unbanned';

function Notice({ data, messageText, timeZone }: { data: NonNullable<ChatMessage['custom_data']>; messageText: string; timeZone: string }) {
  const { t } = useTranslation();
  const action = data.action;
  const title = data.title && /^[a-z_]+$/.test(data.title) ? t(`chat.notice_title_${data.title}`, { defaultValue: data.title }) : data.title;
  let text = data.text && data.text.trim() !== messageText.trim() ? data.text : null;
  if (isServerNotice(data)) text = data.title === 'chat_banned' && data.until ? t('api.chat_banned', { date: formatDate(data.until, timeZone), time: formatTime(data.until, timeZone), reason: data.reason ?? '' }) : null;
  let link: ReactNode = null;
  if (action && isSameOriginPath(action)) {
    link = (
      <Link to={action} className="mt-1 inline-block font-semibold underline">
        {t('chat.notice_open')}
      </Link>
    );
  } else if (action && /^https?:\/\//i.test(action)) {
    link = (
      <a href={action} target="_blank" rel="noopener noreferrer nofollow" className="mt-1 inline-block font-semibold underline">
        {t('chat.notice_open')}
      </a>
    );
  }
  if (!title && !text && !link) return null;
  return (
    <div className="mb-1">
      {title ? <p className="font-semibold">{title}</p> : null}
      {text ? <ChatText text={text} /> : null}
      {link}
    </div>
  );
}

interface Action {
  label: string;
  text: string;
  testId: string;
  run: () => void;
}

/**
 * A message's actions behind one "⋯" button next to the bubble (shown on hover or focus where
 * there is a pointer, always on touch screens): the list opens over the conversation, Escape closes
 * it and returns to the button.
 */
function ActionsMenu({ label, actions }: { label: string; actions: Action[] }) {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const list = useRef<HTMLDivElement>(null);
  const id = useId();
  useEffect(() => {
    if (open) list.current?.querySelector('button')?.focus();
  }, [open]);
  return (
    <div
      className="relative shrink-0 self-center"
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setOpen(false);
      }}
      onKeyDown={(event) => {
        if (event.key !== 'Escape' || !open) return;
        event.stopPropagation();
        setOpen(false);
        button.current?.focus();
      }}
    >
      <button
        ref={button}
        type="button"
        aria-label={label}
        aria-expanded={open}
        aria-controls={open ? id : undefined}
        data-testid="chat-actions"
        onClick={() => setOpen((value) => !value)}
        className="inline-flex size-9 items-center justify-center rounded-full text-lg font-bold leading-none text-fg-muted transition-opacity hover:bg-surface hover:text-fg focus-visible:opacity-100 aria-expanded:opacity-100 [@media(hover:hover)]:opacity-0 [@media(hover:hover)]:group-hover:opacity-100"
      >
        <span aria-hidden="true">⋯</span>
      </button>
      {open ? (
        <div ref={list} id={id} className="absolute bottom-full right-0 z-20 mb-1 flex min-w-44 flex-col rounded-xl border border-line bg-surface p-1 text-fg shadow-lg">
          {actions.map((action) => (
            <button
              key={action.testId}
              type="button"
              aria-label={action.label}
              data-testid={action.testId}
              onClick={() => {
                setOpen(false);
                action.run();
              }}
              className="min-h-10 whitespace-nowrap rounded-lg px-3 text-left text-sm font-semibold hover:bg-surface-muted"
            >
              {action.text}
            </button>
          ))}
        </div>
      ) : null}
    </div>
  );
}

function Marks({ mark }: { mark: 'sending' | 'failed' | 'delivered' | 'read' }) {
  const { t } = useTranslation();
  const glyph = { sending: '🕓', failed: '!', delivered: '✓', read: '✓✓' }[mark];
  return (
    <span data-testid={`chat-mark-${mark}`} title={t(`chat.mark_${mark}`)} className="font-semibold tracking-tighter">
      <span aria-hidden="true">{glyph}</span>
      <span className="sr-only">{t(`chat.mark_${mark}`)}</span>
    </span>
  );
}

export function DaySeparator({ label }: { label: string }) {
  return (
    <div className="flex justify-center py-2" role="separator" aria-label={label}>
      <span className="rounded-full bg-surface px-3 py-1 text-xs font-semibold text-fg-muted shadow-sm">{label}</span>
    </div>
  );
}

export function MessageItem({ message, channel, myId, timeZone, actions, showSender }: { message: ChatMessage; channel: ChatChannel; myId: number; timeZone: string; actions: MessageActions; showSender: boolean }) {
  const { t } = useTranslation();
  const mine = message.sender?.id === myId;
  const name = message.sender?.name ?? t('chat.notice');
  const visible = message.is_visible;
  const summary = visible ? message.text.slice(0, 60) || t('chat.files_count', { count: message.attachments.length }) : t('chat.deleted');
  const canReply = visible && channel.can_send;
  const canReport = visible && !mine && message.sender !== null;
  const canModerate = visible && !mine && channel.can_moderate;
  const menu: Action[] = [];
  if (canReply) menu.push({ label: t('chat.reply_to', { name, text: summary }), text: t('chat.reply'), testId: 'chat-reply', run: () => actions.onReply(message) });
  if (mine && visible) menu.push({ label: t('chat.delete_label', { text: summary }), text: t('chat.delete'), testId: 'chat-delete', run: () => actions.onDelete(message) });
  if (canReport) menu.push({ label: t('chat.report_label', { name, text: summary }), text: t('chat.report'), testId: 'chat-report', run: () => actions.onReport(message) });
  if (canModerate) menu.push({ label: t('chat.moderate_label', { name, text: summary }), text: t('chat.moderate'), testId: 'chat-moderate', run: () => actions.onModerate(message) });
  return (
    <div className={cn('group flex gap-2 px-3 py-0.5', mine ? 'justify-end' : 'justify-start', showSender && 'pt-2')} data-testid="chat-message" data-message-id={message.id} data-mine={mine || undefined}>
      {mine ? null : showSender ? <Avatar name={name} src={message.sender?.icon_url} size={32} className="mt-5 rounded-full" /> : <span aria-hidden="true" className="w-8 shrink-0" />}
      <div className={cn('flex min-w-0 max-w-[85%] flex-col sm:max-w-[70%]', mine ? 'items-end' : 'items-start')}>
        {showSender && !mine ? <span className="mb-0.5 px-1 text-xs font-semibold text-fg-muted">{name}</span> : null}
        <div className={cn('flex max-w-full items-end gap-1', mine && 'flex-row-reverse')}>
          <div className={cn(bubbleClass(mine), customTypeBar(message.custom_type), 'min-w-0 max-w-full')}>
            {message.custom_type ? <CustomTypeBadge type={message.custom_type} /> : null}
            {message.reply_message ? <Quote reply={message.reply_message} onJump={actions.onJump} /> : null}
            {visible ? (
              <>
                {message.custom_type === 'call' && message.custom_data?.call_id ? (
                  <CallMessage message={message} />
                ) : (
                  <>
                    {message.custom_data ? <Notice data={message.custom_data} messageText={message.text} timeZone={timeZone} /> : null}
                    {message.text && !isServerNotice(message.custom_data) ? <ChatText text={message.text} /> : null}
                  </>
                )}
                <Attachments attachments={message.attachments} />
              </>
            ) : (
              <p className="italic" data-testid="chat-message-deleted">
                {t('chat.deleted')}
              </p>
            )}
            <div className={cn('mt-0.5 flex items-center justify-end gap-1 text-[11px]', mine ? '' : 'text-fg-muted')}>
              <time dateTime={message.created_at}>{formatTime(message.created_at, timeZone)}</time>
              {mine && visible ? <Marks mark={readMark(message, channel, myId)} /> : null}
            </div>
          </div>
          {menu.length > 0 ? <ActionsMenu label={t('chat.actions_label', { name, text: summary })} actions={menu} /> : null}
        </div>
      </div>
    </div>
  );
}

/** A message of mine on its way, or refused with the reason and a retry under the same uuid. */
export function PendingItem({ pending, timeZone, onRetry, onDiscard }: { pending: PendingMessage; timeZone: string; onRetry: (uuid: string) => void; onDiscard: (uuid: string) => void }) {
  const { t } = useTranslation();
  const failed = pending.status === 'failed';
  return (
    <div className="flex justify-end gap-2 px-3 py-1" data-testid="chat-message-pending" data-status={pending.status}>
      <div className="flex min-w-0 max-w-[85%] flex-col items-end sm:max-w-[70%]">
        <div className={cn(bubbleClass(true), 'max-w-full', failed && 'outline-2 outline-dashed outline-red-500')}>
          {pending.reply ? (
            <p className="mb-1 rounded-lg border-l-4 border-current/60 bg-black/5 px-2 py-1 text-sm">
              <span className="block font-semibold">{pending.reply.sender?.name ?? t('chat.notice')}</span>
              <span className="line-clamp-2">{pending.reply.text}</span>
            </p>
          ) : null}
          {pending.text ? <ChatText text={pending.text} /> : null}
          {pending.files.length > 0 ? (
            <ul className="mt-1 text-sm">
              {pending.files.map((file) => (
                <li key={file.key}>
                  📎 {file.name} ({formatSize(file.size)})
                </li>
              ))}
            </ul>
          ) : null}
          <div className="mt-0.5 flex items-center justify-end gap-1 text-[11px]">
            <time dateTime={pending.created_at}>{formatTime(pending.created_at, timeZone)}</time>
            <Marks mark={failed ? 'failed' : 'sending'} />
          </div>
        </div>
        {failed ? (
          <div className="mt-1 flex flex-wrap items-center justify-end gap-1 text-sm">
            <p role="alert" className="text-red-700 dark:text-red-400">
              {chatErrorText(t, pending.error, timeZone)}
            </p>
            <button type="button" onClick={() => onRetry(pending.uuid)} data-testid="chat-retry" className="min-h-9 rounded-lg px-2 text-xs font-semibold text-brand-ink underline">
              {t('chat.retry')}
            </button>
            <button type="button" onClick={() => onDiscard(pending.uuid)} className="min-h-9 rounded-lg px-2 text-xs font-semibold text-fg-muted underline">
              {t('chat.discard')}
            </button>
          </div>
        ) : null}
      </div>
    </div>
  );
}
