import { CHAT_FILE_TYPES, CHAT_FILES_MAX, CHAT_TEXT_MAX, type ChatMessage } from '@lobby/contract';
import { forwardRef, useEffect, useId, useImperativeHandle, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../ui/cn.ts';
import { formatSize } from './Attachments.tsx';
import { chatErrorText } from './errors.ts';
import type { PendingFile } from './thread.ts';
import { UploadAborted, uploadChatFile } from './upload.ts';

interface Upload {
  id: string;
  file: File;
  progress: number;
  status: 'uploading' | 'done' | 'failed';
  result: PendingFile | null;
  error: unknown;
  abort: AbortController;
}

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
  const [uploads, setUploads] = useState<Upload[]>([]);
  const [notice, setNotice] = useState<string | null>(null);
  const area = useRef<HTMLTextAreaElement>(null);
  const picker = useRef<HTMLInputElement>(null);
  const hintId = useId();
  useImperativeHandle(ref, () => ({ focus: () => area.current?.focus() }), []);

  // Uploads still running when the channel closes are given up.
  const running = useRef(uploads);
  useEffect(() => {
    running.current = uploads;
  });
  useEffect(() => () => running.current.forEach((upload) => upload.status === 'uploading' && upload.abort.abort()), []);

  // The field grows with its text, up to about six lines.
  useEffect(() => {
    const node = area.current;
    if (!node) return;
    node.style.height = 'auto';
    node.style.height = `${Math.min(node.scrollHeight, 160)}px`;
  }, [text]);

  const update = (id: string, change: Partial<Upload>) => setUploads((list) => list.map((upload) => (upload.id === id ? { ...upload, ...change } : upload)));

  const addFiles = (files: FileList | null) => {
    if (!files) return;
    setNotice(null);
    const room = CHAT_FILES_MAX - uploads.length;
    const chosen = [...files].slice(0, Math.max(0, room));
    if (files.length > room) setNotice(t('chat.files_max', { count: CHAT_FILES_MAX }));
    for (const file of chosen) {
      const upload: Upload = { id: `${file.name}-${file.size}-${Math.random().toString(36).slice(2)}`, file, progress: 0, status: 'uploading', result: null, error: null, abort: new AbortController() };
      setUploads((list) => [...list, upload]);
      uploadChatFile(file, (progress) => update(upload.id, { progress }), upload.abort.signal).then(
        (result) => update(upload.id, { status: 'done', progress: 1, result }),
        (error: unknown) => {
          if (error instanceof UploadAborted) return;
          update(upload.id, { status: 'failed', error });
        },
      );
    }
  };

  const remove = (upload: Upload) => {
    if (upload.status === 'uploading') upload.abort.abort();
    setUploads((list) => list.filter((item) => item.id !== upload.id));
  };

  const uploading = uploads.some((upload) => upload.status === 'uploading');
  const ready = uploads.flatMap((upload) => (upload.status === 'done' && upload.result ? [upload.result] : []));
  const trimmed = text.trim();
  const canSend = !disabled && !uploading && (trimmed.length > 0 || ready.length > 0);

  const send = (event?: FormEvent) => {
    event?.preventDefault();
    if (!canSend) return;
    onSend({ text: trimmed, files: ready });
    setText('');
    setUploads((list) => list.filter((upload) => upload.status === 'failed'));
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
      {uploads.length > 0 ? (
        <ul aria-label={t('chat.attachments_label')} className="mb-2 flex flex-wrap gap-2">
          {uploads.map((upload) => (
            <li key={upload.id} data-testid="chat-upload" data-status={upload.status} className={cn('flex max-w-full items-center gap-2 rounded-xl border px-3 py-1.5 text-sm', upload.status === 'failed' ? 'border-red-400' : 'border-line')}>
              <span className="min-w-0">
                <span className="block max-w-48 truncate font-medium">{upload.file.name}</span>
                {upload.status === 'uploading' ? (
                  <progress value={Math.round(upload.progress * 100)} max={100} aria-label={t('chat.upload_progress', { name: upload.file.name })} className="h-1.5 w-32 accent-[var(--brand-solid)]" />
                ) : upload.status === 'failed' ? (
                  <span role="alert" className="block text-xs text-red-700 dark:text-red-400">
                    {chatErrorText(t, upload.error, timeZone, 'api.chat_file_link_failed')}
                  </span>
                ) : (
                  <span className="block text-xs text-fg-muted">{formatSize(upload.file.size)}</span>
                )}
              </span>
              <button type="button" onClick={() => remove(upload)} aria-label={t('chat.remove_file', { name: upload.file.name })} className="min-h-9 rounded-lg px-2 text-xs text-fg-muted hover:bg-surface-muted hover:text-fg">
                ✕
              </button>
            </li>
          ))}
        </ul>
      ) : null}
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
