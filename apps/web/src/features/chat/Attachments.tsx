import { CHAT_IMAGE_TYPES, type ChatAttachment } from '@lobby/contract';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { cn } from '../../ui/cn.ts';
import { useMe } from '../auth/session.ts';
import { signedUrl } from './api.ts';
import { chatErrorText } from './errors.ts';

export const formatSize = (bytes: number): string => (bytes >= 1_000_000 ? `${(bytes / 1_000_000).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1000))} KB`);

/** A picture: the signed address expires, so a failed load asks for a fresh one once. */
function Picture({ attachment }: { attachment: ChatAttachment }) {
  const [src, setSrc] = useState(attachment.url);
  const [retried, setRetried] = useState(false);
  const [failed, setFailed] = useState(false);
  const { key, url } = attachment;
  useEffect(() => {
    if (url !== null) return;
    let live = true;
    signedUrl(key).then(
      (fresh) => live && setSrc(fresh),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [key, url]);
  const refresh = () => {
    if (retried) {
      setFailed(true);
      return;
    }
    setRetried(true);
    signedUrl(key).then(setSrc, () => setFailed(true));
  };
  if (failed) return <FileLink attachment={attachment} />;
  if (!src) return <div aria-hidden="true" className="h-40 w-56 max-w-full animate-pulse rounded-xl bg-surface-muted" />;
  return (
    <a href={src} target="_blank" rel="noopener noreferrer" className="block overflow-hidden rounded-xl">
      <img src={src} alt={attachment.name} loading="lazy" onError={refresh} className="max-h-64 w-auto max-w-full rounded-xl bg-surface-muted object-contain" />
    </a>
  );
}

/** Any other file: its name and size; the address is asked for when opened (it expires). */
function FileLink({ attachment }: { attachment: ChatAttachment }) {
  const { t } = useTranslation();
  const timeZone = useMe()?.timezone ?? 'UTC';
  const [busy, setBusy] = useState(false);
  const open = async () => {
    setBusy(true);
    // Opened before the await, so the browser treats it as the click's window; it gets no handle on this page.
    const target = window.open('', '_blank');
    if (target) target.opener = null;
    try {
      const url = await signedUrl(attachment.key);
      if (target) target.location.href = url;
      else window.location.assign(url);
    } catch (error) {
      target?.close();
      toast.error(chatErrorText(t, error, timeZone, 'api.chat_file_link_failed'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <button
      type="button"
      onClick={() => void open()}
      disabled={busy}
      aria-label={t('chat.open_file', { name: attachment.name })}
      className="flex min-h-11 max-w-full items-center gap-2 rounded-xl border border-current/30 px-3 py-2 text-left text-sm hover:bg-black/5 disabled:opacity-60"
    >
      <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={1.8} aria-hidden="true" className="size-5 shrink-0">
        <path d="M14 3H7a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2V8z" />
        <path d="M14 3v5h5" />
      </svg>
      <span className="min-w-0">
        <span className="block truncate font-semibold">{attachment.name}</span>
        <span className="block text-xs">{formatSize(attachment.size)}</span>
      </span>
    </button>
  );
}

export function Attachments({ attachments, className }: { attachments: ChatAttachment[]; className?: string }) {
  if (attachments.length === 0) return null;
  return (
    <ul className={cn('mt-1 flex flex-col gap-2', className)}>
      {attachments.map((attachment) => (
        <li key={attachment.key}>{CHAT_IMAGE_TYPES.includes(attachment.content_type) ? <Picture attachment={attachment} /> : <FileLink attachment={attachment} />}</li>
      ))}
    </ul>
  );
}
