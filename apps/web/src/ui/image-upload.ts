import { ZUploaded, type Uploaded } from '@lobby/contract';
import { ApiError } from '../api/errors.ts';
import { sendMultipart } from '../api/multipart.ts';

export interface Area {
  x: number;
  y: number;
  width: number;
  height: number;
}

const loadImage = (src: string) =>
  new Promise<HTMLImageElement>((resolve, reject) => {
    const image = new Image();
    image.onload = () => resolve(image);
    image.onerror = () => reject(new Error('the picture could not be read'));
    image.src = src;
  });

/** Cuts the area out of the picture in a canvas; GIFs come out as PNG (a crop has one frame). */
export async function cropImage(file: File, area: Area): Promise<File> {
  const url = URL.createObjectURL(file);
  try {
    const image = await loadImage(url);
    const canvas = document.createElement('canvas');
    canvas.width = Math.max(1, Math.round(area.width));
    canvas.height = Math.max(1, Math.round(area.height));
    const context = canvas.getContext('2d');
    if (!context) throw new Error('no canvas');
    context.drawImage(image, area.x, area.y, area.width, area.height, 0, 0, canvas.width, canvas.height);
    const type = file.type === 'image/jpeg' ? 'image/jpeg' : 'image/png';
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, type, 0.9));
    if (!blob) throw new Error('the crop failed');
    return new File([blob], type === 'image/jpeg' ? 'picture.jpg' : 'picture.png', { type });
  } finally {
    URL.revokeObjectURL(url);
  }
}

/** Sends one picture as multipart (category, media) and answers the stored picture. */
export async function uploadImage(path: string, file: File, category: string, onProgress: (fraction: number) => void): Promise<Uploaded> {
  const payload = await sendMultipart(path, [['category', category], ['media', file]], onProgress);
  const parsed = ZUploaded.safeParse((payload as { data?: unknown } | undefined)?.data);
  if (!parsed.success) throw ApiError.from(500, payload);
  return parsed.data;
}
