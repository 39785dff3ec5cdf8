import { buildPath, uploadEventMedia } from '@lobby/contract';
import { useId, useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/errors.ts';
import { Button } from '../../../ui/Button.tsx';
import { cn } from '../../../ui/cn.ts';
import { CropDialog } from '../../../ui/CropDialog.tsx';
import type { CropRatio } from '../../../ui/ImageInput.tsx';
import { uploadImage } from '../../../ui/image-upload.ts';
import type { WidgetProps } from './types.ts';
import { canCrop, checkFirstImage, EDITOR_IMAGE_ACCEPT, editorImageType, isPastedImageUrl, sanitiseSvg, type ImageProblem } from './widget-rules.ts';
import { controlClass, describedBy, errorIdOf, hintIdOf, WidgetField } from './WidgetField.tsx';

export interface ImageWidgetProps extends WidgetProps<string> {
  /** Ratios the cropper offers, the first preselected (from 16:9, 4:3, 1:1, 2:3, free); no cropper without them. */
  ratios?: readonly CropRatio[];
  /** The upload's category on the server (letters, digits, _ or -). */
  category?: string;
}

const PROBLEM_KEYS: Record<ImageProblem | 'svg' | 'failed', string> = {
  too_large: 'page_editor_widgets.image_too_large',
  wrong_type: 'page_editor_widgets.image_wrong_type',
  svg: 'page_editor_widgets.image_svg_unreadable',
  failed: 'page_editor_widgets.image_upload_failed',
};

/** What a refused upload means to the person: too big (413), not a picture (415), or the spec's 'Error on image upload'. */
const uploadProblem = (error: unknown): keyof typeof PROBLEM_KEYS => {
  if (error instanceof ApiError && error.status === 413) return 'too_large';
  if (error instanceof ApiError && error.status === 415) return 'wrong_type';
  return 'failed';
};

/**
 * A picture of a block: choose or drop a PNG, JPG, GIF or SVG up to 1 MB (only the first file
 * counts), crop it when the widget offers ratios (PNG and JPG; the crop keeps the type), sanitise an
 * SVG, upload it to the event's media and store its address; or paste an https address.
 */
export function ImageWidget({ id, label, value, onChange, context, ratios, category = 'content' }: ImageWidgetProps) {
  const { t } = useTranslation();
  const urlId = useId();
  const [problem, setProblem] = useState<keyof typeof PROBLEM_KEYS | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [cropping, setCropping] = useState<File | null>(null);
  const [dragging, setDragging] = useState(false);
  const [address, setAddress] = useState('');
  const [addressWrong, setAddressWrong] = useState(false);
  const busy = progress !== null;

  const upload = async (file: File) => {
    setProgress(0);
    try {
      const uploaded = await uploadImage(buildPath(uploadEventMedia.path, { eventId: context.eventId }), file, category, setProgress);
      onChange(uploaded.url);
    } catch (error) {
      setProblem(uploadProblem(error));
    } finally {
      setProgress(null);
    }
  };

  const take = async (files: FileList | null | undefined) => {
    const file = files?.[0];
    if (!file || busy) return;
    setProblem(null);
    const checked = checkFirstImage(files);
    if (checked) return setProblem(checked);
    const type = editorImageType(file) ?? file.type;
    if (type === 'image/svg+xml') {
      const clean = sanitiseSvg(await file.text());
      if (clean === null) return setProblem('svg');
      return upload(new File([clean], file.name, { type }));
    }
    const typed = file.type === type ? file : new File([file], file.name, { type });
    if (ratios && ratios.length > 0 && canCrop(type)) return setCropping(typed);
    return upload(typed);
  };

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    void take(event.dataTransfer.files);
  };

  const applyAddress = () => {
    const text = address.trim();
    if (!isPastedImageUrl(text)) return setAddressWrong(true);
    setAddressWrong(false);
    setProblem(null);
    onChange(text);
    setAddress('');
  };

  const error = problem ? t(PROBLEM_KEYS[problem]) : null;
  const hint = t('page_editor_widgets.image_hint');
  const addressError = addressWrong ? t('page_editor_widgets.image_url_invalid') : null;
  return (
    <WidgetField id={id} label={label} testId={`image-widget-${id}`}>
      <div
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        className={cn('flex flex-wrap items-center gap-3 rounded-2xl border-2 border-dashed p-3', dragging ? 'border-brand bg-surface-muted' : 'border-line')}
        data-testid="image-drop"
      >
        {value ? (
          <img src={value} alt={t('page_editor_widgets.image_current')} className="size-20 shrink-0 rounded-xl object-contain bg-surface-muted" data-testid="image-preview" />
        ) : (
          <span aria-hidden="true" className="size-20 shrink-0 rounded-xl bg-surface-muted" />
        )}
        <div className="flex min-w-0 flex-1 flex-col gap-2">
          <input
            id={id}
            type="file"
            accept={EDITOR_IMAGE_ACCEPT}
            disabled={busy}
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy(id, error, hint)}
            onChange={(event) => {
              void take(event.target.files);
              event.target.value = '';
            }}
            className="w-full min-w-0 text-sm file:mr-3 file:min-h-11 file:cursor-pointer file:rounded-xl file:border file:border-line file:bg-surface file:px-4 file:text-sm file:font-semibold file:text-fg hover:file:bg-surface-muted"
            data-testid="image-file"
          />
          {value ? (
            <Button variant="ghost" className="self-start" disabled={busy} onClick={() => onChange(undefined)} data-testid="image-remove">
              {t('page_editor_widgets.image_remove')}
            </Button>
          ) : null}
          {busy ? <progress className="w-full" max={1} value={progress} aria-label={t('page_editor_widgets.image_uploading')} /> : null}
        </div>
      </div>
      <p id={hintIdOf(id)} className="text-xs text-fg-muted">
        {hint}
      </p>
      {error ? (
        <p id={errorIdOf(id)} role="alert" className="text-sm text-red-700 dark:text-red-400" data-testid="image-error">
          {error}
        </p>
      ) : null}
      <div className="flex flex-col gap-1">
        <label htmlFor={urlId} className="text-xs font-semibold text-fg-muted">
          {t('page_editor_widgets.image_url')}
        </label>
        <div className="flex gap-2">
          <input
            id={urlId}
            type="url"
            inputMode="url"
            value={address}
            placeholder="https://"
            autoComplete="off"
            spellCheck={false}
            maxLength={2000}
            onChange={(event) => {
              setAddress(event.target.value);
              setAddressWrong(false);
            }}
            onKeyDown={(event) => {
              if (event.key === 'Enter') {
                event.preventDefault();
                applyAddress();
              }
            }}
            aria-invalid={addressError ? true : undefined}
            aria-describedby={describedBy(urlId, addressError)}
            className={controlClass(addressError !== null, 'w-full')}
            data-testid="image-url"
          />
          <Button variant="secondary" className="shrink-0" disabled={address.trim() === '' || busy} onClick={applyAddress} data-testid="image-url-use">
            {t('page_editor_widgets.image_url_use')}
          </Button>
        </div>
        {addressError ? (
          <p id={errorIdOf(urlId)} role="alert" className="text-sm text-red-700 dark:text-red-400">
            {addressError}
          </p>
        ) : null}
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
    </WidgetField>
  );
}
