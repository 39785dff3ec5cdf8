import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { openFileStore } from '../src/files/index.ts';
import { S3FileStore } from '../src/files/s3-store.ts';
import { authHeader, createUser } from './factories.ts';
import { createTestApp, type TestApp } from './harness.ts';
import { imageFile, multipartBody, pngOf } from './support/multipart.ts';
import { startS3 } from './support/s3.ts';

let s3: Awaited<ReturnType<typeof startS3>>;
let t: TestApp;
beforeAll(async () => {
  s3 = await startS3();
  t = await createTestApp(s3.env);
});
afterAll(async () => {
  await t.close();
  await s3.close();
});

describe('S3 file store (s3rver on loopback)', () => {
  it('puts, opens and deletes objects; a missing key is null', async () => {
    const store = openFileStore(loadConfig({ DATA_DIR: t.config.dataDir, LOG_LEVEL: 'silent', ...s3.env }));
    expect(store).toBeInstanceOf(S3FileStore);
    await store.put('hello.svg', Buffer.from('<svg/>'), 'image/svg+xml');
    const file = await store.open('hello.svg');
    if (!file) throw new Error('the object was not found');
    expect(file.contentType).toBe('image/svg+xml');
    expect(await text(file.stream)).toBe('<svg/>');
    await store.delete('hello.svg');
    expect(await store.open('hello.svg')).toBeNull();
    await store.delete('hello.svg');
    await expect(store.put('../escape.png', Buffer.from('x'), 'image/png')).rejects.toThrow(/bad file key/);
  });

  it('opens a byte range of an object (a recording’s seek)', async () => {
    const store = openFileStore(loadConfig({ DATA_DIR: t.config.dataDir, LOG_LEVEL: 'silent', ...s3.env }));
    await store.put('range.webm', Buffer.from('0123456789'), 'video/webm');
    const file = await store.open('range.webm', { start: 2, end: 5 });
    if (!file) throw new Error('the object was not found');
    expect(file.contentType).toBe('video/webm');
    expect(file.size).toBe(4);
    expect(await text(file.stream)).toBe('2345');
    await store.delete('range.webm');
  });

  it('serves an uploaded avatar and its thumbnail from the bucket', async () => {
    const user = await createUser(t.database.db);
    const body = multipartBody({ category: 'logo' }, imageFile(await pngOf(400, 400)));
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/users/me/media', headers: { ...(await authHeader(t.database.db, t.config.secret, user.id)), ...body.headers }, payload: body.payload });
    expect(res.statusCode).toBe(201);
    const { url, thumb_url: thumbUrl, size } = res.json().data;
    const file = await t.app.inject({ method: 'GET', url });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.rawPayload.length).toBe(size);
    expect((await t.app.inject({ method: 'GET', url: thumbUrl })).statusCode).toBe(200);
  });

  it('refuses a half-configured S3', () => {
    expect(() => loadConfig({ DATA_DIR: t.config.dataDir, S3_ENDPOINT: 'http://127.0.0.1:1' })).toThrow(/S3_BUCKET/);
    expect(() => loadConfig({ DATA_DIR: t.config.dataDir, S3_BUCKET: 'bucket', S3_ACCESS_KEY_ID: 'x' })).toThrow(/S3_SECRET_ACCESS_KEY/);
  });
});
