import sharp from 'sharp';

/** A multipart/form-data body: text fields, then one file. */
export function multipartBody(fields: Record<string, string>, file?: { name: string; filename: string; type: string; data: Buffer }): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----lobby${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) parts.push(Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  if (file) {
    parts.push(Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="${file.name}"; filename="${file.filename}"\r\ncontent-type: ${file.type}\r\n\r\n`), file.data, Buffer.from('\r\n'));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

export const pngOf = (width = 600, height = 400): Promise<Buffer> =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 80, b: 40 } } })
    .png()
    .toBuffer();

export const imageFile = (data: Buffer, filename = 'picture.png', type = 'image/png') => ({ name: 'media', filename, type, data });
