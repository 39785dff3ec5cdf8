import { eq } from 'drizzle-orm';
import type { Uploaded } from '@lobby/contract';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companies, media, users } from '../src/db/schema/index.ts';
import { fileUrls } from '../src/files/urls.ts';
import { addCompanyRole, addMembership, authHeader, createEvent, createUser } from './factories.ts';
import { createTestApp, type TestApp } from './harness.ts';
import { imageFile, multipartBody, pngOf } from './support/multipart.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const upload = async (url: string, headers: Record<string, string>, fields: Record<string, string>, file?: ReturnType<typeof imageFile>) => {
  const body = multipartBody(fields, file);
  return t.app.inject({ method: 'POST', url, headers: { ...headers, ...body.headers }, payload: body.payload });
};
const signedIn = async (overrides: Parameters<typeof createUser>[1] = {}) => {
  const user = await createUser(t.database.db, overrides);
  return { user, headers: await authHeader(t.database.db, t.config.secret, user.id) };
};
const fetchFile = (url: string) => t.app.inject({ method: 'GET', url });

describe('POST /api/v1/users/me/media', () => {
  it('stores a PNG avatar with a 256 px thumbnail and sets it on the person', async () => {
    const { user, headers } = await signedIn();
    const res = await upload('/api/v1/users/me/media', headers, { category: 'logo' }, imageFile(await pngOf(600, 400), 'me.png'));
    expect(res.statusCode).toBe(201);
    const uploaded = res.json<{ data: Uploaded }>().data;
    expect(uploaded).toMatchObject({ category: 'logo', mime_type: 'image/png' });
    expect(uploaded.thumb_url).toMatch(/^\/api\/v1\/files\//);
    const file = await fetchFile(uploaded.url);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.headers['cache-control']).toBe('private, max-age=86400');
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(file.rawPayload.length).toBe(uploaded.size);
    const thumb = await fetchFile(uploaded.thumb_url ?? '');
    const meta = await sharp(thumb.rawPayload).metadata();
    expect(Math.max(meta.width, meta.height)).toBe(256);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, user.id));
    expect(row?.avatarKey).toBeTruthy();
    const me = await t.app.inject({ method: 'GET', url: '/api/v1/users/me', headers });
    expect(me.json().data.avatar_url).toMatch(/^\/api\/v1\/files\//);
    const [stored] = await t.database.db.select().from(media).where(eq(media.id, uploaded.id));
    expect(stored).toMatchObject({ ownerType: 'user', ownerId: user.id, url: row?.avatarKey, storageKey: row?.avatarKey, mimeType: 'image/png' });
  });

  it('sniffs JPEG and GIF by content, whatever the name says', async () => {
    const { headers } = await signedIn();
    const jpeg = await sharp({ create: { width: 40, height: 40, channels: 3, background: '#336699' } }).jpeg().toBuffer();
    const res = await upload('/api/v1/users/me/media', headers, {}, imageFile(jpeg, 'photo.gif', 'image/gif'));
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({ mime_type: 'image/jpeg', category: 'logo' });
    const gif = await sharp({ create: { width: 40, height: 40, channels: 3, background: '#336699' } }).gif().toBuffer();
    expect((await upload('/api/v1/users/me/media', headers, { category: 'cover' }, imageFile(gif, 'x.png'))).json().data.mime_type).toBe('image/gif');
  });

  it('answers 413 naming the limit for an 11 MB file, read as it streams', async () => {
    const { headers } = await signedIn();
    const big = Buffer.concat([await pngOf(10, 10), Buffer.alloc(11 * 1024 * 1024, 7)]);
    const res = await upload('/api/v1/users/me/media', headers, { category: 'logo' }, imageFile(big));
    expect(res.statusCode).toBe(413);
    expect(res.json().error).toMatchObject({ code: 'payload.too_large', message: 'File is larger than 10 MB.' });
  });

  it('answers 415 for text renamed .png and for an SVG avatar', async () => {
    const { headers } = await signedIn();
    const text = await upload('/api/v1/users/me/media', headers, {}, imageFile(Buffer.from('hello, I am not a picture'), 'fake.png'));
    expect(text.statusCode).toBe(415);
    expect(text.json().error).toMatchObject({ code: 'payload.unsupported_type', message: 'Only PNG, JPEG or GIF images can be uploaded.' });
    const svg = await upload('/api/v1/users/me/media', headers, {}, imageFile(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><rect width="1" height="1"/></svg>'), 'a.svg', 'image/svg+xml'));
    expect(svg.statusCode).toBe(415);
  });

  it('answers 400 without a file, for an unknown category, and 415 for a JSON body', async () => {
    const { headers } = await signedIn();
    expect((await upload('/api/v1/users/me/media', headers, { category: 'logo' })).statusCode).toBe(400);
    expect((await upload('/api/v1/users/me/media', headers, { category: 'passport' }, imageFile(await pngOf(20, 20)))).statusCode).toBe(400);
    const json = await t.app.inject({ method: 'POST', url: '/api/v1/users/me/media', headers, payload: { media: 'x' } });
    expect(json.statusCode).toBe(415);
    const broken = await t.app.inject({ method: 'POST', url: '/api/v1/users/me/media', headers: { ...headers, 'content-type': 'multipart/form-data; boundary=zzz' }, payload: 'garbage' });
    expect(broken.statusCode).toBe(400);
  });

  it('answers 401 to a guest', async () => {
    expect((await upload('/api/v1/users/me/media', {}, {}, imageFile(await pngOf(20, 20)))).statusCode).toBe(401);
  });
});

describe('POST /api/v1/{eventId}/media', () => {
  it('takes a sanitised SVG from an organiser; scripts and handlers are removed', async () => {
    const event = await createEvent(t.database.db);
    const { user, headers } = await signedIn();
    await addMembership(t.database.db, event.id, user.id, { isOrganizer: true });
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(2)</script><rect width="10" height="10"/></svg>';
    const res = await upload(`/api/v1/${event.id}/media`, headers, { category: 'content' }, imageFile(Buffer.from(svg), 'x.png', 'image/png'));
    expect(res.statusCode).toBe(201);
    const uploaded = res.json<{ data: Uploaded }>().data;
    expect(uploaded).toMatchObject({ mime_type: 'image/svg+xml', thumb_url: null });
    const file = await fetchFile(uploaded.url);
    expect(file.headers['content-type']).toBe('image/svg+xml');
    expect(file.body).toContain('<rect');
    expect(file.body).not.toMatch(/script|onload|alert/);
  });

  it('limits event media to 1 MB and refuses attendees, strangers and unknown events', async () => {
    const event = await createEvent(t.database.db);
    const organiser = await signedIn();
    await addMembership(t.database.db, event.id, organiser.user.id, { isOrganizer: true });
    const big = Buffer.concat([await pngOf(10, 10), Buffer.alloc(1024 * 1024 + 10)]);
    const res = await upload(`/api/v1/${event.id}/media`, organiser.headers, {}, imageFile(big));
    expect(res.statusCode).toBe(413);
    expect(res.json().error.message).toBe('File is larger than 1 MB.');
    const attendee = await signedIn();
    await addMembership(t.database.db, event.id, attendee.user.id);
    expect((await upload(`/api/v1/${event.id}/media`, attendee.headers, {}, imageFile(await pngOf(10, 10)))).statusCode).toBe(403);
    expect((await upload(`/api/v1/${event.id}/media`, (await signedIn()).headers, {}, imageFile(await pngOf(10, 10)))).statusCode).toBe(403);
    expect((await upload('/api/v1/999999/media', organiser.headers, {}, imageFile(await pngOf(10, 10)))).statusCode).toBe(404);
  });
});

describe('company media', () => {
  it('lets a company admin set the logo and add hero media, and delete them', async () => {
    const { user, headers } = await signedIn();
    const company = await addCompanyRole(t.database.db, user.id, ['admin']);
    const logo = await upload(`/api/v1/companies/${company.id}/media`, headers, { category: 'logo' }, imageFile(await pngOf(300, 300)));
    expect(logo.statusCode).toBe(201);
    const hero = await upload(`/api/v1/companies/${company.id}/media`, headers, { category: 'hero_1' }, imageFile(await pngOf(300, 100)));
    expect(hero.json().data.category).toBe('hero_1');
    const [row] = await t.database.db.select().from(companies).where(eq(companies.id, company.id));
    expect(row?.logoKey).toBeTruthy();
    expect(row?.logoThumbKey).toBeTruthy();
    const removed = await t.app.inject({ method: 'DELETE', url: `/api/v1/companies/${company.id}/media/${logo.json().data.id}`, headers });
    expect(removed.statusCode).toBe(200);
    const [after] = await t.database.db.select().from(companies).where(eq(companies.id, company.id));
    expect(after?.logoKey).toBeNull();
    expect((await fetchFile(logo.json().data.url)).statusCode).toBe(404);
    expect((await upload(`/api/v1/companies/${company.id}/media`, headers, { category: 'banner' }, imageFile(await pngOf(10, 10)))).statusCode).toBe(400);
  });

  it('refuses a plain member of the company (403), and another company’s media is not found (404)', async () => {
    const admin = await signedIn();
    const company = await addCompanyRole(t.database.db, admin.user.id, ['admin']);
    const mine = await upload(`/api/v1/companies/${company.id}/media`, admin.headers, { category: 'hero' }, imageFile(await pngOf(50, 50)));
    const member = await signedIn();
    const theirs = await addCompanyRole(t.database.db, member.user.id, ['chat']);
    expect((await upload(`/api/v1/companies/${company.id}/media`, member.headers, {}, imageFile(await pngOf(10, 10)))).statusCode).toBe(403);
    expect((await upload(`/api/v1/companies/${theirs.id}/media`, member.headers, {}, imageFile(await pngOf(10, 10)))).statusCode).toBe(403);
    const otherAdmin = await signedIn();
    const other = await addCompanyRole(t.database.db, otherAdmin.user.id, ['admin']);
    const crossed = await t.app.inject({ method: 'DELETE', url: `/api/v1/companies/${other.id}/media/${mine.json().data.id}`, headers: otherAdmin.headers });
    expect(crossed.statusCode).toBe(404);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/v1/companies/${company.id}/media/${mine.json().data.id}`, headers: member.headers })).statusCode).toBe(403);
    expect((await upload('/api/v1/companies/999999/media', admin.headers, {}, imageFile(await pngOf(10, 10)))).statusCode).toBe(404);
    const staff = await signedIn({ isStaff: true });
    expect((await upload(`/api/v1/companies/${company.id}/media`, staff.headers, { category: 'cover' }, imageFile(await pngOf(10, 10)))).statusCode).toBe(201);
  });
});

describe('GET /api/v1/files/{key}', () => {
  it('answers 403 for a wrong or expired signature, 404 for a missing file', async () => {
    const { headers } = await signedIn();
    const res = await upload('/api/v1/users/me/media', headers, {}, imageFile(await pngOf(20, 20)));
    const url = new URL(res.json().data.url, 'http://x');
    const key = url.pathname.split('/').at(-1) ?? '';
    const tampered = `${url.pathname}?expires=${url.searchParams.get('expires')}&sig=${'A'.repeat(43)}`;
    expect((await fetchFile(tampered)).statusCode).toBe(403);
    const old = fileUrls(t.config.secret).url(key, Date.now() - 10 * 24 * 3600 * 1000) ?? '';
    expect((await fetchFile(old)).statusCode).toBe(403);
    expect((await fetchFile(`${url.pathname}?expires=abc&sig=x`)).statusCode).toBe(400);
    expect((await fetchFile(fileUrls(t.config.secret).url('missing.png') ?? '')).statusCode).toBe(404);
  });
});
