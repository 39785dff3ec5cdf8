// The page CSP's frame-src follows the published organiser pages (issue 14, second part): the https
// origins of frame pages and of visible Iframe blocks, refreshed after each change of a page.
import { BlockType, type AdminPage } from '@lobby/contract';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMembership, authHeader, createEvent, createUser } from './factories.ts';
import { createTestApp, type TestApp } from './harness.ts';

let t: TestApp;
let dist: string;
let eventId: number;
let organiser: Record<string, string>;

const frameSrc = async (url = '/') => {
  const res = await t.app.inject({ method: 'GET', url });
  expect(res.statusCode).toBe(200);
  const directive = String(res.headers['content-security-policy'])
    .split(';')
    .map((part) => part.trim().split(/\s+/))
    .find(([name]) => name === 'frame-src');
  return directive?.slice(1) ?? [];
};
const pages = `/api/admin/v1/events/`;
const save = async (method: 'POST' | 'PUT', path: string, payload: Record<string, unknown>) => {
  const res = await t.app.inject({ method, url: `${pages}${eventId}/pages${path}`, headers: organiser, payload });
  expect(res.statusCode, res.body).toBe(method === 'POST' ? 201 : 200);
  return res.json<{ data: AdminPage }>().data;
};
let uuids = 0;
const iframe = (blockId: string, url: string, hidden = false) => ({ id: BlockType.Iframe, uuid: `5d2f8a1c-7b3e-4f6a-9c0d-${String(++uuids).padStart(12, '0')}`, blockId, hidden, editorData: { url } });
const stub = (published: boolean) => ({
  slug: 'partners',
  kind: 'stub',
  title: 'Partners',
  published,
  content: { version: 1, blocks: [iframe('map', 'https://frames.example.com/x'), iframe('later', 'https://hidden.example.net/y', true)] },
});

beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'lobby-web-'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><html><head><!--lobby-config--></head><body></body></html>');
  t = await createTestApp({ WEB_DIST: dist });
  eventId = (await createEvent(t.database.db)).id;
  const user = await createUser(t.database.db);
  await addMembership(t.database.db, eventId, user.id, { isOrganizer: true });
  organiser = await authHeader(t.database.db, t.config.secret, user.id);
});

afterAll(async () => {
  await t?.close();
  rmSync(dist, { recursive: true, force: true });
});

describe('frame-src of the page CSP', () => {
  it("allows the published pages' framed origins and drops them when the pages are unpublished or deleted", async () => {
    const before = await frameSrc();
    expect(before).toContain("'self'");
    expect(before).not.toContain('https://frames.example.com');

    const stubPage = await save('POST', '', stub(true));
    const framePage = await save('POST', '', { slug: 'tickets', kind: 'frame', title: 'Tickets', published: true, frame_url: 'https://other.example.org/shop?x=1' });
    const draft = await save('POST', '', { slug: 'draft', kind: 'frame', title: 'Draft', published: false, frame_url: 'https://draft.example.org/' });
    const after = await frameSrc();
    expect(after).toEqual(expect.arrayContaining(["'self'", 'https://frames.example.com', 'https://other.example.org']));
    // Hidden blocks and drafts frame nothing; the lecture players stay.
    expect(after).not.toContain('https://hidden.example.net');
    expect(after).not.toContain('https://draft.example.org');
    expect(after).toContain('https://www.youtube-nocookie.com');
    expect(await frameSrc('/events/some-event/stub/partners')).toContain('https://frames.example.com');

    await save('PUT', `/${stubPage.id}`, stub(false));
    const deleted = await t.app.inject({ method: 'DELETE', url: `${pages}${eventId}/pages/${framePage.id}`, headers: organiser });
    expect(deleted.statusCode).toBe(200);
    const gone = await frameSrc();
    expect(gone).not.toContain('https://frames.example.com');
    expect(gone).not.toContain('https://other.example.org');

    await save('PUT', `/${draft.id}`, { slug: 'draft', kind: 'frame', title: 'Draft', published: true, frame_url: 'https://draft.example.org/' });
    expect(await frameSrc()).toContain('https://draft.example.org');
  });
});
