import { sendMultipart } from '../../api/multipart.ts';

/** Sends one file (media) to a route that answers its own record (a lecture preview, a news cover). */
export async function postMedia<T>(path: string, file: File, onProgress: (fraction: number) => void): Promise<T> {
  return (await sendMultipart(path, [['media', file]], onProgress)) as T;
}
