import { ZUploaded, type Uploaded } from '@lobby/contract';
import { ApiError, NetworkError } from '../api/errors.ts';
import { refreshSession } from '../api/refresh.ts';
import { isExpiring, readToken } from '../api/session.ts';
import { currentLanguage } from '../i18n/index.ts';

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

/**
 * Sends one picture as multipart (category, media) with the signed-in person's token. XHR, not
 * fetch, because only XHR reports upload progress.
 */
export async function uploadImage(path: string, file: File, category: string, onProgress: (fraction: number) => void): Promise<Uploaded> {
  let token = readToken();
  if (token && isExpiring(token)) token = (await refreshSession(token.access_token)) ?? token;
  const form = new FormData();
  form.append('category', category);
  form.append('media', file);
  return new Promise<Uploaded>((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', path);
    request.setRequestHeader('accept', 'application/json');
    request.setRequestHeader('accept-language', currentLanguage());
    if (token) request.setRequestHeader('authorization', `Bearer ${token.access_token}`);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    request.onerror = () => reject(new NetworkError(new Error('upload failed')));
    request.onload = () => {
      let payload: unknown;
      try {
        payload = JSON.parse(request.responseText);
      } catch {
        payload = undefined;
      }
      if (request.status < 200 || request.status >= 300) return reject(ApiError.from(request.status, payload));
      const parsed = ZUploaded.safeParse((payload as { data?: unknown } | undefined)?.data);
      return parsed.success ? resolve(parsed.data) : reject(ApiError.from(500, payload));
    };
    request.send(form);
  });
}
