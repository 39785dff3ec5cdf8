// Chat attachments (contract.md section 7, Chat): uploads checked by content while they stream,
// the size limit, attaching to a message, and short-lived links only for the channel's people.
import { request } from 'node:http';
import type { ChatMessage } from '@lobby/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatUploads } from '../src/db/schema/index.ts';
import { chatApi, chatWorld, type ChatPerson } from './chat-fixtures.ts';
import { createTestApp, type TestApp } from './harness.ts';
import { multipartBody, pngOf } from './support/multipart.ts';

const MAX_BYTES = 1024 * 1024;

let t: TestApp;
let api: ReturnType<typeof chatApi>;
beforeAll(async () => {
  t = await createTestApp({ UPLOAD_MAX_BYTES: String(MAX_BYTES), CHAT_FLOOD_LIMIT: '1000' });
  api = chatApi(t);
});
afterAll(() => t.close());

/** A small but well-formed PDF. */
const pdf = Buffer.from(
  '%PDF-1.4\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n2 0 obj\n<< /Type /Pages /Kids [] /Count 0 >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n',
);
interface Upload {
  key: string;
  name: string;
  content_type: string;
  size: number;
}
const uploadRaw = (who: ChatPerson | Record<string, string>, filename: string, type: string, data: Buffer, field = 'file') => {
  const body = multipartBody({}, { name: field, filename, type, data });
  const headers = 'headers' in who ? (who.headers as Record<string, string>) : who;
  return t.app.inject({ method: 'POST', url: '/api/v1/chat/files/upload', headers: { ...headers, ...body.headers }, payload: body.payload });
};
const upload = async (who: ChatPerson, filename: string, type: string, data: Buffer): Promise<Upload> => {
  const res = await uploadRaw(who, filename, type, data);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ data: Upload }>().data;
};
const signed = (who: ChatPerson, key: string) => api.call('GET', `/api/v1/chat/files/get_signed_url/${key}`, who);

describe('POST /chat/files/upload', () => {
  it('takes a PNG and a PDF by their content, whatever they are called', async () => {
    const w = await chatWorld(t);
    const a = await w.person();
    const png = await pngOf(40, 30);
    const picture = await upload(a, 'screenshot.png', 'image/png', png);
    expect(picture).toMatchObject({ name: 'screenshot.png', content_type: 'image/png', size: png.length });
    expect(picture.key).toMatch(/^[A-Za-z0-9._-]+$/);
    const doc = await upload(a, 'C:\\Users\\me\\pitch deck', 'application/octet-stream', pdf);
    expect(doc).toMatchObject({ name: 'pitch deck', content_type: 'application/pdf', size: pdf.length });
    const [row] = await t.database.db.select().from(chatUploads).where(eq(chatUploads.key, doc.key));
    expect(row).toMatchObject({ uploaderId: a.id, messageId: null, contentType: 'application/pdf' });
  });

  it('answers 415 for text renamed .png and for an SVG, 400 without a file, 401 to a guest', async () => {
    const w = await chatWorld(t);
    const a = await w.person();
    const text = await uploadRaw(a, 'fake.png', 'image/png', Buffer.from('I am plain text, not a picture'));
    expect(text.statusCode).toBe(415);
    expect(text.json().error).toMatchObject({ code: 'payload.unsupported_type', details: { allowed: ['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'application/pdf'] } });
    expect((await uploadRaw(a, 'a.svg', 'image/svg+xml', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><rect width="1" height="1"/></svg>'))).statusCode).toBe(415);
    expect((await uploadRaw(a, 'a.png', 'image/png', await pngOf(10, 10), 'media')).statusCode).toBe(400);
    expect((await uploadRaw({}, 'a.png', 'image/png', await pngOf(10, 10))).statusCode).toBe(401);
    expect(await t.database.db.select().from(chatUploads).where(eq(chatUploads.uploaderId, a.id))).toEqual([]);
  });

  it('answers 413 chat.upload_too_big with the maximum in Mb, and stores nothing', async () => {
    const w = await chatWorld(t);
    const a = await w.person();
    const big = Buffer.concat([await pngOf(10, 10), Buffer.alloc(MAX_BYTES, 7)]);
    const res = await uploadRaw(a, 'big.png', 'image/png', big);
    expect(res.statusCode).toBe(413);
    expect(res.json().error).toMatchObject({ code: 'chat.upload_too_big', message: 'The file is too big: the maximum is 1 Mb.', details: { max_mb: 1, max_bytes: MAX_BYTES } });
    expect(await t.database.db.select().from(chatUploads).where(eq(chatUploads.uploaderId, a.id))).toEqual([]);
  });

  it('stops reading at the limit: the 413 comes while the sender is still sending', async () => {
    const w = await chatWorld(t);
    const a = await w.person();
    const address = new URL(await t.app.listen({ port: 0, host: '127.0.0.1' }));
    const boundary = '----lobbystream';
    const req = request({
      host: address.hostname,
      port: Number(address.port),
      method: 'POST',
      path: '/api/v1/chat/files/upload',
      headers: { ...a.headers, 'content-type': `multipart/form-data; boundary=${boundary}`, 'transfer-encoding': 'chunked' },
    });
    req.on('error', () => {});
    const answered = new Promise<{ status: number; body: string }>((resolve) => {
      req.on('response', (res) => {
        let body = '';
        res.on('data', (chunk: Buffer) => (body += chunk.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      });
    });
    req.write(`--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="endless.png"\r\ncontent-type: image/png\r\n\r\n`);
    req.write(await pngOf(10, 10));
    // Twice the limit, and the body is never finished: only a server that stops at the limit answers.
    const chunk = Buffer.alloc(64 * 1024, 1);
    for (let sent = 0; sent < 2 * MAX_BYTES; sent += chunk.length) req.write(chunk);
    const answer = await answered;
    req.destroy();
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body).error.code).toBe('chat.upload_too_big');
    expect(await t.database.db.select().from(chatUploads).where(eq(chatUploads.uploaderId, a.id))).toEqual([]);
  });
});

describe('attachments and their links', () => {
  it('attaches uploads to a message in order; the channel’s people get short-lived links that download the bytes', async () => {
    const w = await chatWorld(t);
    const a = await w.person();
    const b = await w.person();
    const stranger = await w.person();
    const id = await api.openPrivate(a, b, w.eventId);
    const png = await pngOf(20, 20);
    const picture = await upload(a, 'map.png', 'image/png', png);
    const doc = await upload(a, 'rules.pdf', 'application/pdf', pdf);

    // Before sending, only the uploader has a link.
    expect((await signed(a, picture.key)).statusCode).toBe(200);
    expect(await api.codeOf('GET', `/api/v1/chat/files/get_signed_url/${picture.key}`, b)).toBe('404 chat.file_link_failed');

    const sent = await api.send(a, id, { text: '', files: [doc.key, picture.key] });
    expect(sent.text).toBe('');
    expect(sent.attachments.map((file) => [file.key, file.name, file.content_type, file.size])).toEqual([
      [doc.key, 'rules.pdf', 'application/pdf', pdf.length],
      [picture.key, 'map.png', 'image/png', png.length],
    ]);
    expect(sent.attachments.every((file) => file.url?.startsWith(`/api/v1/files/${file.key}?expires=`))).toBe(true);
    const listed = (await api.messages(b, id)).data[0] as ChatMessage;
    expect(listed.attachments.map((file) => file.key)).toEqual([doc.key, picture.key]);
    const reply = await api.send(b, id, { text: 'Got them', reply_message_id: sent.id });
    expect(reply.reply_message?.attachments).toBe(2);

    for (const who of [a, b]) {
      const link = await signed(who, picture.key);
      expect(link.statusCode, link.body).toBe(200);
      const { signed_url, expires_at } = link.json<{ data: { signed_url: string; expires_at: string } }>().data;
      expect(Date.parse(expires_at) - Date.now()).toBeGreaterThan(10 * 60_000);
      expect(Date.parse(expires_at) - Date.now()).toBeLessThan(25 * 60_000);
      const file = await t.app.inject({ method: 'GET', url: signed_url });
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe('image/png');
      expect(file.rawPayload.equals(png)).toBe(true);
      expect(file.headers['content-disposition']).toBeUndefined();
      // Never cached past the link's own expiry.
      const maxAge = Number(/max-age=(\d+)/.exec(String(file.headers['cache-control']))?.[1]);
      expect(maxAge).toBeGreaterThan(0);
      expect(maxAge).toBeLessThanOrEqual(25 * 60);
    }
    const pdfLink = (await signed(b, doc.key)).json<{ data: { signed_url: string } }>().data.signed_url;
    const download = await t.app.inject({ method: 'GET', url: pdfLink });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.headers['content-disposition']).toBe('attachment');
    expect(download.rawPayload.equals(pdf)).toBe(true);
    const forged = await t.app.inject({ method: 'GET', url: pdfLink.replace(/sig=[^&]+/, `sig=${'A'.repeat(43)}`) });
    expect(forged.statusCode).toBe(403);

    expect(await api.codeOf('GET', `/api/v1/chat/files/get_signed_url/${picture.key}`, stranger)).toBe('404 chat.file_link_failed');
    expect(await api.codeOf('GET', '/api/v1/chat/files/get_signed_url/chat-never-uploaded.png', a)).toBe('404 chat.file_link_failed');

    // Deleting the message takes its attachments away from the other person.
    await api.ok('DELETE', `/api/v1/chat/messages/${sent.id}`, a);
    expect((await api.messages(b, id)).data[0]).toMatchObject({ is_visible: false, attachments: [] });
    expect(await api.codeOf('GET', `/api/v1/chat/files/get_signed_url/${picture.key}`, b)).toBe('404 chat.file_link_failed');
  });

  it("refuses another person's upload, an upload sent already and a key never uploaded (422), and keeps the message unsent", async () => {
    const w = await chatWorld(t);
    const a = await w.person();
    const b = await w.person();
    const id = await api.openPrivate(a, b, w.eventId);
    const theirs = await upload(b, 'theirs.png', 'image/png', await pngOf(10, 10));
    expect(await api.codeOf('POST', `/api/v1/chat/channels/${id}/messages`, a, { text: 'look', files: [theirs.key] })).toBe('422 chat.file_link_failed');
    expect(await api.codeOf('POST', `/api/v1/chat/channels/${id}/messages`, a, { files: ['chat-missing.png'] })).toBe('422 chat.file_link_failed');
    const mine = await upload(a, 'mine.png', 'image/png', await pngOf(10, 10));
    await api.send(a, id, { files: [mine.key] });
    const other = await api.openPrivate(a, await w.person(), w.eventId);
    expect(await api.codeOf('POST', `/api/v1/chat/channels/${other}/messages`, a, { files: [mine.key] })).toBe('422 chat.file_link_failed');
    // A failed send takes no number and leaves the uploads where they were.
    expect((await api.channel(a, id)).last_seq).toBe(1);
    expect((await api.channel(a, other)).last_seq).toBe(0);
    const [row] = await t.database.db.select().from(chatUploads).where(eq(chatUploads.key, theirs.key));
    expect(row?.messageId).toBeNull();
    expect((await api.call('POST', `/api/v1/chat/channels/${id}/messages`, a, { files: Array.from({ length: 11 }, (_, i) => `k${i}`) })).statusCode).toBe(400);
  });
});
