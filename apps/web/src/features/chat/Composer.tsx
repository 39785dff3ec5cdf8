import { CHAT_FILE_TYPES, CHAT_FILES_MAX, CHAT_TEXT_MAX, type ChatMessage } from '@lobby/contract';
import { forwardRef, useEffect, useId, useImperativeHandle, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../ui/cn.ts';
import type { PendingFile } from './thread.ts';
import { UploadList, useFileUploads } from './uploads.tsx';

export interface ComposerHandle {
  focus: () => void;
}

export interface ComposerProps {
  disabled: boolean;
  reply: ChatMessage | null;
  onCancelReply: () => void;
  onSend: (input: { text: string; files: PendingFile[] }) => void;
  timeZone: string;
}

const iconButton = 'inline-flex size-11 shrink-0 items-center justify-center rounded-xl disabled:cursor-not-allowed disabled:opacity-50';

/**
 * Writing a message: Enter sends, Shift+Enter starts a new line; files upload at once with their
 * progress and go with the message as keys; a reply shows what it answers and Escape drops it.
 */
export const Composer = forwardRef<ComposerHandle, ComposerProps>(function Composer({ disabled, reply, onCancelReply, onSend, timeZone }, ref) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const { uploads, add, remove, reset, uploading, ready } = useFileUploads(CHAT_FILES_MAX);
  const [notice, setNotice] = useState<string | null>(null);
  const area = useRef<HTMLTextAreaElement>(null);
  const picker = useRef<HTMLInputElement>(null);
  const hintId = useId();
  useImperativeHandle(ref, () => ({ focus: () => area.current?.focus() }), []);

  // The field grows with its text, up to about six lines.
  useEffect(() => {
    const node = area.current;
    if (!node) return;
    node.style.height = 'auto';
    node.style.height = `${Math.min(node.scrollHeight, 160)}px`;
  }, [text]);

  const addFiles = (files: FileList | null) => {
    setNotice(add(files) ? null : t('chat.files_max', { count: CHAT_FILES_MAX }));
  };

  const trimmed = text.trim();
  const canSend = !disabled && !uploading && (trimmed.length > 0 || ready.length > 0);

  const send = (event?: FormEvent) => {
    event?.preventDefault();
    if (!canSend) return;
    onSend({ text: trimmed, files: ready });
    setText('');
    reset(true);
    setNotice(null);
    area.current?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      send();
    } else if (event.key === 'Escape' && reply) {
      event.preventDefault();
      onCancelReply();
    }
  };

  return (
    <form onSubmit={send} aria-label={t('chat.composer_label')} data-testid="chat-composer" className="border-t border-line bg-surface px-2 pb-[max(0.5rem,env(safe-area-inset-bottom))] pt-2 sm:px-3">
      {reply ? (
        <div className="mb-2 flex items-start gap-2 rounded-xl border-l-4 border-brand bg-surface-muted px-3 py-2 text-sm" data-testid="chat-replying">
          <div className="min-w-0 flex-1">
            <p className="font-semibold">{t('chat.replying_to', { name: reply.sender?.name ?? t('chat.notice') })}</p>
            <p className="truncate text-fg-muted">{reply.text || t('chat.files_count', { count: reply.attachments.length })}</p>
          </div>
          <button type="button" onClick={onCancelReply} aria-label={t('chat.cancel_reply')} className="min-h-9 rounded-lg px-2 text-xs font-semibold text-fg-muted hover:bg-surface hover:text-fg">
            ✕
          </button>
        </div>
      ) : null}
      <UploadList uploads={uploads} onRemove={remove} timeZone={timeZone} itemTestId="chat-upload" layout="row" label={t('chat.attachments_label')} />
      {notice ? (
        <p role="status" className="mb-2 text-sm text-fg-muted">
          {notice}
        </p>
      ) : null}
      <div className="flex items-end gap-1 sm:gap-2">
        <input ref={picker} type="file" multiple accept={CHAT_FILE_TYPES.join(',')} className="hidden" tabIndex={-1} aria-hidden="true" onChange={(event) => {
          addFiles(event.target.files);
          event.target.value = '';
        }} />
        <button type="button" onClick={() => picker.current?.click()} disabled={disabled || uploads.length >= CHAT_FILES_MAX} aria-label={t('chat.attach')} data-testid="chat-attach" className={cn(iconButton, 'text-fg-muted hover:bg-surface-muted hover:text-fg')}>
          <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={1.8} strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" className="size-6">
            <path d="m20 11.5-7.8 7.8a5 5 0 0 1-7.1-7.1l8.5-8.5a3.3 3.3 0 0 1 4.7 4.7l-8.5 8.5a1.7 1.7 0 0 1-2.4-2.4l7.8-7.8" />
          </svg>
        </button>
        <textarea
          ref={area}
          value={text}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={onKeyDown}
          rows={1}
          maxLength={CHAT_TEXT_MAX}
          disabled={disabled}
          aria-label={t('chat.message_input')}
          aria-describedby={hintId}
          placeholder={disabled ? t('chat.cannot_send') : t('chat.placeholder')}
          data-testid="chat-input"
          className="max-h-40 min-h-11 flex-1 resize-none rounded-xl border border-line bg-surface px-3 py-2.5 text-base outline-none focus:border-brand disabled:cursor-not-allowed disabled:bg-surface-muted"
        />
        <span id={hintId} className="sr-only">
          {t('chat.input_hint')}
        </span>
        <button type="submit" disabled={!canSend} aria-label={t('chat.send')} data-testid="chat-send" className={cn(iconButton, 'bg-brand-solid text-brand-solid-contrast hover:brightness-110')}>
          <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={1.8} strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" className="size-5">
            <path d="M4 12 20 4l-6 16-3-7z" />
            <path d="m11 13 9-9" />
          </svg>
        </button>
      </div>
    </form>
  );
});
