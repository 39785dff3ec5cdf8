import { useEffect, useId, useMemo, useRef, useState } from 'react';
import Cropper, { type Area as CropArea } from 'react-easy-crop';
import { useTranslation } from 'react-i18next';
import { Button } from './Button.tsx';
import { cn } from './cn.ts';
import { cropImage, type Area } from './image-upload.ts';
import { ratioValue } from './image-rules.ts';

/** The cropper in a modal dialog: ratio choice, zoom, apply or cancel (Escape cancels). */
export function CropDialog({ file, ratios, onCancel, onDone }: { file: File; ratios: readonly string[]; onCancel: () => void; onDone: (file: File) => void }) {
  const { t } = useTranslation();
  const titleId = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  const source = useMemo(() => URL.createObjectURL(file), [file]);
  const [ratio, setRatio] = useState(ratios[0] ?? 'free');
  const [natural, setNatural] = useState<number | undefined>(undefined);
  const [crop, setCrop] = useState({ x: 0, y: 0 });
  const [zoom, setZoom] = useState(1);
  const [area, setArea] = useState<Area | null>(null);
  const [working, setWorking] = useState(false);

  useEffect(() => () => URL.revokeObjectURL(source), [source]);
  useEffect(() => {
    dialog.current?.showModal();
  }, []);

  const apply = async () => {
    if (!area) return;
    setWorking(true);
    try {
      onDone(await cropImage(file, area));
    } finally {
      setWorking(false);
    }
  };

  return (
    <dialog
      ref={dialog}
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        onCancel();
      }}
      className="m-auto w-[min(40rem,calc(100vw-2rem))] rounded-2xl border border-line bg-surface p-0 text-fg backdrop:bg-black/60"
      data-testid="crop-dialog"
    >
      <div className="flex flex-col gap-4 p-4 sm:p-6">
        <h2 id={titleId} className="text-lg font-bold">
          {t('image_input.crop_title')}
        </h2>
        <div className="relative h-72 w-full overflow-hidden rounded-xl bg-black sm:h-96">
          <Cropper
            image={source}
            crop={crop}
            zoom={zoom}
            aspect={ratioValue(ratio) ?? natural ?? 1}
            onCropChange={setCrop}
            onZoomChange={setZoom}
            onMediaLoaded={(size) => setNatural(size.naturalWidth / size.naturalHeight)}
            onCropComplete={(_: CropArea, pixels: CropArea) => setArea(pixels)}
          />
        </div>
        <fieldset className="flex flex-wrap gap-2">
          <legend className="mb-2 text-sm font-semibold">{t('image_input.ratio')}</legend>
          {ratios.map((item) => (
            <button
              key={item}
              type="button"
              aria-pressed={item === ratio}
              onClick={() => setRatio(item)}
              className={cn('min-h-11 rounded-xl border px-3 text-sm font-semibold', item === ratio ? 'border-brand bg-brand-solid text-brand-solid-contrast' : 'border-line')}
            >
              {item === 'free' ? t('image_input.ratio_free') : item}
            </button>
          ))}
        </fieldset>
        <label className="flex flex-col gap-1 text-sm font-semibold">
          {t('image_input.zoom')}
          <input type="range" min={1} max={3} step={0.05} value={zoom} onChange={(event) => setZoom(Number(event.target.value))} />
        </label>
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onClick={onCancel}>
            {t('image_input.cancel')}
          </Button>
          <Button onClick={() => void apply()} disabled={!area || working} data-testid="crop-apply">
            {t('image_input.crop_apply')}
          </Button>
        </div>
      </div>
    </dialog>
  );
}
