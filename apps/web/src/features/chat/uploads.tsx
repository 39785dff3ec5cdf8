// Files chosen to go with a message (the chat's composer) or a homework (the academy): each one
// uploads at once through the chat's upload call, shows its progress, size or error, and can be
// removed; what is still uploading when the form closes is given up.
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../ui/cn.ts';
import { formatSize } from './Attachments.tsx';
import { chatErrorText } from './errors.ts';
import type { PendingFile } from './thread.ts';
import { UploadAborted, uploadChatFile } from './upload.ts';

export interface Upload {
  id: string;
  file: File;
  progress: number;
  status: 'uploading' | 'done' | 'failed';
  result: PendingFile | null;
  error: unknown;
  abort: AbortController;
}

export interface FileUploads {
  uploads: Upload[];
  /** Starts uploading the files that fit under the limit; false when some did not fit. */
  add: (files: FileList | null) => boolean;
  remove: (upload: Upload) => void;
  /** Keeps only the uploads that failed (after sending the others), or none. */
  reset: (keepFailed?: boolean) => void;
  uploading: boolean;
  /** The uploaded files, ready to be sent. */
  ready: PendingFile[];
}

export function useFileUploads(max: number): FileUploads {
  const [uploads, setUploads] = useState<Upload[]>([]);
  const running = useRef(uploads);
  useEffect(() => {
    running.current = uploads;
  });
  useEffect(() => () => running.current.forEach((upload) => upload.status === 'uploading' && upload.abort.abort()), []);

  const update = (id: string, change: Partial<Upload>) => setUploads((list) => list.map((upload) => (upload.id === id ? { ...upload, ...change } : upload)));

  const add = (files: FileList | null): boolean => {
    if (!files) return true;
    const room = Math.max(0, max - uploads.length);
    for (const file of [...files].slice(0, room)) {
      const upload: Upload = { id: `${file.name}-${file.size}-${Math.random().toString(36).slice(2)}`, file, progress: 0, status: 'uploading', result: null, error: null, abort: new AbortController() };
      setUploads((list) => [...list, upload]);
      uploadChatFile(file, (progress) => update(upload.id, { progress }), upload.abort.signal).then(
        (result) => update(upload.id, { status: 'done', progress: 1, result }),
        (error: unknown) => {
          if (!(error instanceof UploadAborted)) update(upload.id, { status: 'failed', error });
        },
      );
    }
    return files.length <= room;
  };

  const remove = (upload: Upload) => {
    if (upload.status === 'uploading') upload.abort.abort();
    setUploads((list) => list.filter((item) => item.id !== upload.id));
  };

  const reset = (keepFailed = false) => setUploads((list) => (keepFailed ? list.filter((upload) => upload.status === 'failed') : []));

  return {
    uploads,
    add,
    remove,
    reset,
    uploading: uploads.some((upload) => upload.status === 'uploading'),
    ready: uploads.flatMap((upload) => (upload.status === 'done' && upload.result ? [upload.result] : [])),
  };
}

export interface UploadListProps {
  uploads: Upload[];
  onRemove: (upload: Upload) => void;
  timeZone: string;
  /** The test id of each item. */
  itemTestId: string;
  /** Chips in a row (the composer) or full-width lines (a form). */
  layout: 'row' | 'column';
  label?: string;
  labelledBy?: string;
}

export function UploadList({ uploads, onRemove, timeZone, itemTestId, layout, label, labelledBy }: UploadListProps) {
  const { t } = useTranslation();
  if (uploads.length === 0) return null;
  const row = layout === 'row';
  return (
    <ul aria-label={label} aria-labelledby={labelledBy} className={row ? 'mb-2 flex flex-wrap gap-2' : 'flex flex-col gap-2'}>
      {uploads.map((upload) => (
        <li
          key={upload.id}
          data-testid={itemTestId}
          data-status={upload.status}
          className={cn('flex items-center rounded-xl border px-3 text-sm', row ? 'max-w-full gap-2 py-1.5' : 'gap-3 py-2', upload.status === 'failed' ? 'border-red-400' : 'border-line')}
        >
          <span className={row ? 'min-w-0' : 'min-w-0 flex-1'}>
            <span className={cn('block truncate font-medium', row && 'max-w-48')}>{upload.file.name}</span>
            {upload.status === 'uploading' ? (
              <progress value={Math.round(upload.progress * 100)} max={100} aria-label={t('chat.upload_progress', { name: upload.file.name })} className={cn('h-1.5 accent-[var(--brand-solid)]', row ? 'w-32' : 'w-full max-w-48')} />
            ) : upload.status === 'failed' ? (
              <span role="alert" className="block text-xs text-red-700 dark:text-red-400">
                {chatErrorText(t, upload.error, timeZone, 'api.chat_file_link_failed')}
              </span>
            ) : (
              <span className="block text-xs text-fg-muted">{formatSize(upload.file.size)}</span>
            )}
          </span>
          <button type="button" onClick={() => onRemove(upload)} aria-label={t('chat.remove_file', { name: upload.file.name })} className="min-h-9 rounded-lg px-2 text-xs text-fg-muted hover:bg-surface-muted hover:text-fg">
            ✕
          </button>
        </li>
      ))}
    </ul>
  );
}
