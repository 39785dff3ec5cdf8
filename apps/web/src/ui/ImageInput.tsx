import { type CROP_RATIOS, UPLOAD_MAX_BYTES, type Uploaded } from '@lobby/contract';
import { useCallback, useId, useRef, useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Button } from './Button.tsx';
import { cn } from './cn.ts';
import { CropDialog } from './CropDialog.tsx';
import { IMAGE_ACCEPT, isAcceptedImage } from './image-rules.ts';
import { uploadImage } from './image-upload.ts';

export type CropRatio = (typeof CROP_RATIOS)[number];

export interface ImageInputProps {
  label: string;
  /** The current picture's address, if any. */
  value: string | null;
  /** Where the file goes: POST multipart (category, media), e.g. /api/v1/users/me/media. */
  uploadPath: string;
  category: string;
  onUploaded: (uploaded: Uploaded) => void;
  /** Ratios offered by the cropper, the first one preselected; no cropper without them. */
  ratios?: readonly CropRatio[];
  maxBytes?: number;
  accept?: readonly string[];
  /** Round preview (avatars). */
  round?: boolean;
  testId?: string;
  /** Sends the file itself instead of the media upload (a route answering its own record, e.g. a lecture preview); onUploaded is then not called. */
  upload?: (file: File, onProgress: (fraction: number) => void) => Promise<void>;
  /** With upload: a failure's text, shown under the field instead of the generic toast (e.g. "The lecture preview is too big"). */
  errorText?: (error: unknown) => string;
  /** The text for a file over maxBytes, when the place has its own (e.g. "The lecture preview is too big"). */
  tooLargeText?: string;
}

const megabytes = (bytes: number) => {
  const mb = bytes / 1024 / 1024;
  return Number.isInteger(mb) ? String(mb) : mb.toFixed(1);
};

/**
 * A picture field: choose or drop a file, crop it if asked, upload it with progress. The type is
 * checked here for the person's sake; the server sniffs the content anyway.
 */
export function ImageInput({ label, value, uploadPath, category, onUploaded, ratios, maxBytes = UPLOAD_MAX_BYTES, accept = IMAGE_ACCEPT, round, testId, upload: send, errorText, tooLargeText }: ImageInputProps) {
  const { t } = useTranslation();
  const inputId = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [cropping, setCropping] = useState<File | null>(null);
  const [dragging, setDragging] = useState(false);

  const upload = useCallback(
    async (file: File) => {
      setProgress(0);
      try {
        if (send) await send(file, setProgress);
        else onUploaded(await uploadImage(uploadPath, file, category, setProgress));
      } catch (error) {
        if (errorText) setProblem(errorText(error));
        else toast.error(t('image_input.upload_failed'));
      } finally {
        setProgress(null);
      }
    },
    [uploadPath, category, onUploaded, t, send, errorText],
  );

  const take = (file: File | undefined) => {
    if (!file) return;
    setProblem(null);
    if (!isAcceptedImage(file, accept)) return setProblem(t('image_input.wrong_type'));
    if (file.size > maxBytes) return setProblem(tooLargeText ?? t('image_input.too_large', { mb: megabytes(maxBytes) }));
    if (ratios && ratios.length > 0 && file.type !== 'image/svg+xml') return setCropping(file);
    return void upload(file);
  };

  // Only the first dropped file counts (product.md section 5); the rest are ignored.
  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    take(event.dataTransfer.files[0]);
  };

  const busy = progress !== null;
  return (
    <div className="flex flex-col gap-2" data-testid={testId}>
      <label htmlFor={inputId} className="text-sm font-semibold">
        {label}
      </label>
      <div
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        className={cn('flex flex-wrap items-center gap-4 rounded-2xl border-2 border-dashed p-4', dragging ? 'border-brand bg-surface-muted' : 'border-line')}
      >
        {value ? (
          <img src={value} alt={t('image_input.current')} className={cn('size-20 object-cover', round ? 'rounded-full' : 'rounded-xl')} />
        ) : (
          <span aria-hidden="true" className={cn('size-20 bg-surface-muted', round ? 'rounded-full' : 'rounded-xl')} />
        )}
        <div className="flex min-w-0 flex-1 flex-col gap-2">
          <p className="text-sm text-fg-muted">{t('image_input.hint', { mb: megabytes(maxBytes) })}</p>
          <input ref={fileInput} id={inputId} type="file" accept={accept.join(',')} className="sr-only" onChange={(event) => {
            take(event.target.files?.[0]);
            event.target.value = '';
          }} />
          <Button variant="secondary" className="self-start" disabled={busy} onClick={() => fileInput.current?.click()}>
            {value ? t('image_input.replace') : t('image_input.choose')}
          </Button>
          {busy ? <progress className="w-full" max={1} value={progress} aria-label={t('image_input.uploading')} /> : null}
          {problem ? (
            <p role="alert" className="text-sm text-red-700 dark:text-red-400">
              {problem}
            </p>
          ) : null}
        </div>
      </div>
      {cropping && ratios ? (
        <CropDialog
          file={cropping}
          ratios={ratios}
          onCancel={() => setCropping(null)}
          onDone={(cropped) => {
            setCropping(null);
            void upload(cropped);
          }}
        />
      ) : null}
    </div>
  );
}
