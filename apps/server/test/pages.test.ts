// Organiser pages (issue 14): the back office makes, changes and deletes stub, frame and partyspace
// pages (content checked block by block, tmp_ options stripped); members read published ones.
import { BlockType, CARD_LINKS_MESSAGE, ErrorCode, VIDEO_INVALID_MESSAGE, type AdminPage, type Page, type PageSummary } from '@lobby/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventPages } from '../src/db/schema/index.ts';
import { fileUrls } from '../src/files/urls.ts';
import { addMembership, authHeader, createEvent, createTicketType, createUser } from './factories.ts';
import { createTestApp, type TestApp } from './harness.ts';

let t: TestApp;
type Headers = Record<string, string>;
let eventId: number;
let otherEventId: number;
let organiser: Headers;
let otherOrganiser: Headers;
let staff: Headers;
let member: Headers;
let generalMember: Headers;
let outsider: Headers;

const db = () => t.database.db;
const base = (event = eventId) => `/api/admin/v1/events/${event}/pages`;
const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, headers: Headers | undefined, payload?: unknown) =>
  t.app.inject({ method, url, ...(headers ? { headers } : {}), ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });

let uuids = 0;
const uuid = () => `6f1c7a3e-8b2d-4c9a-9e1f-${String(++uuids).padStart(12, '0')}`;
const block = (id: number, blockId: string, editorData: Record<string, unknown>) => ({ id, uuid: uuid(), blockId, hidden: false, editorData });
const markdown = (text = 'Welcome to the summit.') => block(BlockType.Markdown, 'intro', { text });
const content = (...blocks: unknown[]) => ({ version: 1, blocks: blocks.length > 0 ? blocks : [markdown()] });
const stub = (slug: string, extra: Record<string, unknown> = {}) => ({ slug, kind: 'stub', title: `Page ${slug}`, published: true, content: content(), ...extra });

async function person(values: { event?: number | null; organiser?: boolean; kind?: 'general' | 'standard'; isStaff?: boolean } = {}) {
  const user = await createUser(db(), values.isStaff ? { isStaff: true } : {});
  const event = values.event === undefined ? eventId : values.event;
  if (event !== null) {
    const ticket = await createTicketType(db(), event, { code: `t${user.id}`, kind: values.kind ?? 'standard' });
    await addMembership(db(), event, user.id, { ticketTypeId: ticket.id, isOrganizer: values.organiser ?? false });
  }
  return authHeader(db(), t.config.secret, user.id);
}

async function create(payload: unknown, headers = organiser) {
  const res = await call('POST', base(), headers, payload);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ data: AdminPage }>().data;
}

beforeAll(async () => {
  t = await createTestApp();
  eventId = (await createEvent(db())).id;
  otherEventId = (await createEvent(db())).id;
  organiser = await person({ organiser: true });
  otherOrganiser = await person({ event: otherEventId, organiser: true });
  staff = await person({ event: null, isStaff: true });
  member = await person();
  generalMember = await person({ kind: 'general' });
  outsider = await person({ event: otherEventId });
});

afterAll(async () => {
  await t?.close();
});

describe('making, changing, listing and deleting pages', () => {
  it('makes a stub page, lists it, changes it and deletes it', async () => {
    const page = await create(stub('about'));
    expect(page).toMatchObject({ slug: 'about', kind: 'stub', title: 'Page about', published: true, frame_url: null });
    expect(page.content?.blocks).toHaveLength(1);

    const updated = await call('PUT', `${base()}/${page.id}`, organiser, stub('about-us', { title: 'About us', published: false, content: content(markdown('New text')) }));
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json<{ data: AdminPage }>().data).toMatchObject({ id: page.id, slug: 'about-us', title: 'About us', published: false });

    const list = await call('GET', base(), staff);
    expect(list.statusCode).toBe(200);
    const listed = list.json<{ data: AdminPage[] }>().data.find((p) => p.id === page.id);
    expect(listed?.content?.blocks[0]).toMatchObject({ editorData: { text: 'New text' } });

    const removed = await call('DELETE', `${base()}/${page.id}`, organiser);
    expect(removed.json()).toEqual({ data: { id: page.id, deleted: true } });
    expect(await db().select().from(eventPages).where(eq(eventPages.id, page.id))).toEqual([]);
    expect((await call('DELETE', `${base()}/${page.id}`, organiser)).statusCode).toBe(404);
  });

  it('makes a frame page with its https address, and refuses one without it or with http', async () => {
    const page = await create({ slug: 'tickets', kind: 'frame', title: 'Tickets', published: true, frame_url: 'https://tickets.example.com/summit' });
    expect(page).toMatchObject({ kind: 'frame', frame_url: 'https://tickets.example.com/summit', content: null });
    const missing = await call('POST', base(), organiser, { slug: 'tickets-2', kind: 'frame', title: 'Tickets', published: true });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().error.details.fields[0]).toMatchObject({ field: 'body.frame_url' });
    const http = await call('POST', base(), organiser, { slug: 'tickets-3', kind: 'frame', title: 'Tickets', published: true, frame_url: 'http://tickets.example.com/' });
    expect(http.statusCode).toBe(400);
    const script = await call('POST', base(), organiser, { slug: 'tickets-4', kind: 'frame', title: 'Tickets', published: true, frame_url: 'javascript:alert(1)' });
    expect(script.statusCode).toBe(400);
  });

  it('keeps slugs unique per event and one partyspace page per event (409)', async () => {
    await create(stub('venue'));
    const again = await call('POST', base(), organiser, stub('venue'));
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe(ErrorCode.pageSlugTaken);
    // Another event may use the same slug.
    expect((await call('POST', base(otherEventId), otherOrganiser, stub('venue'))).statusCode).toBe(201);

    const party = await create({ ...stub('evening'), kind: 'partyspace' });
    const second = await call('POST', base(), organiser, { ...stub('evening-2'), kind: 'partyspace' });
    expect(second.statusCode).toBe(409);
    expect(second.json().error.code).toBe(ErrorCode.partyspaceTaken);
    // Changing the one partyspace page keeps it.
    expect((await call('PUT', `${base()}/${party.id}`, organiser, { ...stub('evening'), kind: 'partyspace', title: 'After party' })).statusCode).toBe(200);
  });

  it('stores one page when the same slug is sent many times at once', async () => {
    const results = await Promise.all(Array.from({ length: 12 }, () => call('POST', base(), organiser, stub('race'))));
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, ...Array(11).fill(409)]);
    expect(await db().select().from(eventPages).where(eq(eventPages.slug, 'race'))).toHaveLength(1);
  });

  it('strips tmp_ options on save and reads the page back without them', async () => {
    const page = await create(stub('tmp', { content: { version: 1, tmp_state: 'x', blocks: [{ ...markdown(), tmp_open: true, editorData: { text: 'Hi', tmp_preview: 'draft', alignment: 'center' } }] } }));
    const [row] = await db().select().from(eventPages).where(eq(eventPages.id, page.id));
    expect(JSON.stringify(row?.content)).not.toContain('tmp_');
    const read = await call('GET', `/api/v1/${eventId}/pages/tmp`, member);
    expect(read.statusCode).toBe(200);
    const body = read.json<{ data: Page }>().data;
    expect(JSON.stringify(body)).not.toContain('tmp_');
    expect(body.content?.blocks[0]).toMatchObject({ editorData: { text: 'Hi', alignment: 'center' } });
  });
});

describe("pictures uploaded here", () => {
  const picture = (url: string) => content(block(BlockType.Content, 'with-picture', { text: 'Our venue', image: url }));
  it('stores a signed picture address by its key and signs it again on every read, so it never expires', async () => {
    const files = fileUrls(t.config.secret);
    const signed = files.url('venue-photo.png') ?? '';
    const page = await create(stub('pictures', { content: picture(signed) }));
    const [row] = await db().select().from(eventPages).where(eq(eventPages.id, page.id));
    expect(JSON.stringify(row?.content)).toContain('"/api/v1/files/venue-photo.png"');
    expect(JSON.stringify(row?.content)).not.toContain('sig=');
    const read = await call('GET', `/api/v1/${eventId}/pages/pictures`, member);
    const image = (read.json<{ data: Page }>().data.content?.blocks[0]?.editorData as { image?: string }).image ?? '';
    const [, expires, sig] = /expires=(\d+)&sig=([\w-]+)$/.exec(image) ?? [];
    expect(files.verify('venue-photo.png', Number(expires), sig ?? '')).toBe(true);
  });

  it("refuses another file's bare key, a forged signature and an expired address (no one names a file they were not given)", async () => {
    const old = fileUrls(t.config.secret).url('venue-photo.png', Date.now() - 10 * 24 * 3600 * 1000) ?? '';
    for (const url of ['/api/v1/files/someone-elses-chat-file.pdf', '/api/v1/files/venue-photo.png?expires=9999999999&sig=forged', old]) {
      const res = await call('POST', base(), organiser, stub('pictures-bad', { content: picture(url) }));
      expect(res.statusCode, url).toBe(422);
      expect(res.json<{ error: { details: { fields: { field: string; key: string }[] } } }>().error.details.fields[0]).toMatchObject({ field: 'body.content.blocks.0.editorData.image', key: 'file_expired' });
    }
  });
});

describe('invalid content', () => {
  const refused = async (payload: unknown) => {
    const res = await call('POST', base(), organiser, payload);
    expect(res.statusCode, res.body).toBe(422);
    const body = res.json<{ error: { code: string; message: string; details: { fields: { field: string; message: string }[] } } }>();
    expect(body.error.code).toBe(ErrorCode.validation);
    return body.error;
  };

  it("gives the spec's message for a video whose link is too short", async () => {
    const error = await refused(stub('bad-video', { content: content(block(BlockType.Video, 'video', { source: 'youtube', videoId: 'dQw4w9WgXcQ', videoUrl: 'https://y.be/x' })) }));
    expect(error.details.fields).toContainEqual(expect.objectContaining({ field: 'body.content.blocks.0.editorData.videoUrl', message: VIDEO_INVALID_MESSAGE }));
    expect(error.message).toBe(VIDEO_INVALID_MESSAGE);
  });

  it("gives the spec's message for a card with a link and links in its text, and lists every problem", async () => {
    const cards = block(BlockType.Cards, 'cards', { columns: { desktop: 3, mobile: 1 }, cards: [{ title: 'Tickets', text: 'Buy at [our shop](https://shop.example.com)', link: '/stub/tickets' }] });
    const error = await refused(stub('bad-cards', { content: content(markdown(), cards, { ...markdown(''), blockId: 'empty' }) }));
    expect(error.details.fields).toContainEqual({ field: 'body.content.blocks.1.editorData.cards.0.text', message: CARD_LINKS_MESSAGE, key: 'invalid', params: {} });
    expect(error.details.fields).toContainEqual(expect.objectContaining({ field: 'body.content.blocks.2.editorData.text', message: 'This field is required.' }));
  });

  it('refuses a stub page without blocks, and bad input with 400 or 422, never 500', async () => {
    expect((await call('POST', base(), organiser, { slug: 'no-blocks', kind: 'stub', title: 'x', published: true })).statusCode).toBe(422);
    const cases: unknown[] = [
      { ...stub('x'), slug: 'Not A Slug' },
      { ...stub('x'), kind: 'landing' },
      { ...stub('x'), title: '' },
      { ...stub('x'), published: 'yes' },
      stub('x', { content: 'text' }),
      stub('x', { content: { version: 7, blocks: [] } }),
      stub('x', { content: { version: 1, blocks: 'nope' } }),
      stub('x', { content: { version: 1, blocks: [{ id: 99, editorData: {} }] } }),
      stub('x', { content: { version: 1, blocks: [null, 1, 'a'] } }),
      stub('x', { content: { version: 1, blocks: Array.from({ length: 101 }, (_, i) => ({ ...markdown(), blockId: `b${i}` })) } }),
    ];
    for (const payload of cases) {
      const res = await call('POST', base(), organiser, payload);
      expect([400, 422], `${JSON.stringify(payload).slice(0, 120)} -> ${res.body}`).toContain(res.statusCode);
    }
    const proto = await t.app.inject({ method: 'POST', url: base(), headers: { ...organiser, 'content-type': 'application/json' }, payload: `{"slug":"x","kind":"stub","title":"x","published":true,"content":{"version":1,"blocks":[],"__proto__":{"x":1}}}` });
    expect(proto.statusCode).toBe(400);
    expect(await db().select().from(eventPages).where(eq(eventPages.slug, 'x'))).toEqual([]);
    expect((await call('PUT', `${base()}/abc`, organiser, stub('x'))).statusCode).toBe(400);
    expect((await call('GET', `/api/v1/${eventId}/pages/${encodeURIComponent('../etc')}`, member)).statusCode).toBe(400);
  });
});

describe('reading pages', () => {
  let draftId: number;
  let otherPageId: number;

  beforeAll(async () => {
    await create(stub('program-notes'));
    draftId = (await create(stub('secret', { published: false }))).id;
    const res = await call('POST', base(otherEventId), otherOrganiser, stub('their-page'));
    otherPageId = res.json<{ data: AdminPage }>().data.id;
  });

  it('shows a published page to members, organisers and staff', async () => {
    for (const who of [member, organiser, staff]) {
      const res = await call('GET', `/api/v1/${eventId}/pages/program-notes`, who);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json<{ data: Page }>().data).toMatchObject({ slug: 'program-notes', kind: 'stub', frame_url: null });
    }
  });

  it('answers 404 for drafts and unknown slugs, and 404 for the page of another event', async () => {
    expect((await call('GET', `/api/v1/${eventId}/pages/secret`, member)).json().error.code).toBe(ErrorCode.pageNotFound);
    expect((await call('GET', `/api/v1/${eventId}/pages/nothing-here`, member)).statusCode).toBe(404);
    expect((await call('GET', `/api/v1/${eventId}/pages/their-page`, member)).statusCode).toBe(404);
  });

  it('closes the pages to the general ticket (403 section.locked), to outsiders (403) and to guests (401)', async () => {
    const general = await call('GET', `/api/v1/${eventId}/pages/program-notes`, generalMember);
    expect(general.statusCode).toBe(403);
    expect(general.json().error).toMatchObject({ code: ErrorCode.sectionLocked, details: { section: 'pages' } });
    expect((await call('GET', `/api/v1/${eventId}/pages/program-notes`, outsider)).statusCode).toBe(403);
    expect((await call('GET', `/api/v1/${eventId}/pages/program-notes`, undefined)).statusCode).toBe(401);
  });

  it("never reaches another event's page through this event's back office (IDOR)", async () => {
    expect((await call('PUT', `${base()}/${otherPageId}`, organiser, stub('mine'))).statusCode).toBe(404);
    expect((await call('DELETE', `${base()}/${otherPageId}`, organiser)).statusCode).toBe(404);
    expect((await call('GET', base(otherEventId), organiser)).statusCode).toBe(403);
    expect((await call('POST', base(), member, stub('by-member'))).statusCode).toBe(403);
    const [row] = await db().select().from(eventPages).where(eq(eventPages.id, otherPageId));
    expect(row?.slug).toBe('their-page');
    expect(draftId).toBeGreaterThan(0);
  });
});

describe('the pages index', () => {
  let listEventId: number;
  let listOrganiser: Headers;
  let listMember: Headers;

  beforeAll(async () => {
    listEventId = (await createEvent(db())).id;
    listOrganiser = await person({ event: listEventId, organiser: true });
    listMember = await person({ event: listEventId });
    const make = async (payload: unknown) => expect((await call('POST', base(listEventId), listOrganiser, payload)).statusCode).toBe(201);
    await make(stub('expo-venue', { title: 'Venue and travel' }));
    await make(stub('expo-about', { title: 'About the expo' }));
    await make(stub('hidden-draft', { title: 'A draft', published: false }));
    await make({ slug: 'expo-tickets', kind: 'frame', title: 'Buy a ticket', published: true, frame_url: 'https://tickets.example.com/' });
    await make({ ...stub('expo-evening', { title: 'Evening' }), kind: 'partyspace' });
  });

  it('lists the published pages by title with slug, kind and title only', async () => {
    const res = await call('GET', `/api/v1/${listEventId}/pages`, listMember);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ data: PageSummary[] }>().data).toEqual([
      { slug: 'expo-about', kind: 'stub', title: 'About the expo' },
      { slug: 'expo-tickets', kind: 'frame', title: 'Buy a ticket' },
      { slug: 'expo-evening', kind: 'partyspace', title: 'Evening' },
      { slug: 'expo-venue', kind: 'stub', title: 'Venue and travel' },
    ]);
    expect((await call('GET', `/api/v1/${listEventId}/pages`, staff)).statusCode).toBe(200);
  });

  it("has the same readers as a page: general ticket 403 section.locked, outsiders 403, guests 401; never another event's pages", async () => {
    const general = await call('GET', `/api/v1/${eventId}/pages`, generalMember);
    expect(general.statusCode).toBe(403);
    expect(general.json().error).toMatchObject({ code: ErrorCode.sectionLocked, details: { section: 'pages' } });
    expect((await call('GET', `/api/v1/${listEventId}/pages`, member)).statusCode).toBe(403);
    expect((await call('GET', `/api/v1/${listEventId}/pages`, undefined)).statusCode).toBe(401);
    expect((await call('GET', '/api/v1/2000000/pages', listMember)).statusCode).toBe(404);
    const mine = (await call('GET', `/api/v1/${eventId}/pages`, member)).json<{ data: PageSummary[] }>().data;
    expect(mine.map((page) => page.slug)).not.toContain('expo-evening');
    expect(mine.map((page) => page.slug)).not.toContain('secret');
  });
});
