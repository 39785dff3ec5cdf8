import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { AdminNewsItem, NewsCard, NewsFeed, NewsItem } from '@lobby/contract';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs, newsFeeds, newsItems } from '../src/db/schema/index.ts';
import { NEWS_REFRESH_JOB } from '../src/modules/news/jobs.ts';
import { addMembership, authHeader, createEvent, createUser } from './factories.ts';
import { createTestApp, type TestApp } from './harness.ts';
import { imageFile, multipartBody, pngOf } from './support/multipart.ts';

let t: TestApp;
let feedServer: Server;
let feedBase: string;
let eventId: number;
let otherEventId: number;
let organiser: Record<string, string>;
let member: Record<string, string>;
let otherOrganiser: Record<string, string>;
/** What the local feed server answers, by path; tests change it between refreshes. */
const documents = new Map<string, { type: string; body: string; status?: number }>();

const rss = (items: { guid?: string; title: string; link?: string; date: string; html: string }[]) => `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:content="http://purl.org/rss/1.0/modules/content/"><channel><title>Studio blog</title><link>https://studio.example/</link><description>d</description>
${items
  .map(
    (item) =>
      `<item>${item.guid ? `<guid>${item.guid}</guid>` : ''}<title>${item.title}</title>${item.link ? `<link>${item.link}</link>` : ''}<pubDate>${new Date(item.date).toUTCString()}</pubDate><content:encoded><![CDATA[${item.html}]]></content:encoded><enclosure url="https://cdn.example/cover.jpg" type="image/jpeg" length="1"/></item>`,
  )
  .join('\n')}
</channel></rss>`;

const atom = `<?xml version="1.0" encoding="utf-8"?>
<feed xmlns="http://www.w3.org/2005/Atom"><title>Engine news</title><id>urn:engine</id><updated>2024-01-03T00:00:00Z</updated>
<entry><title>Engine 5 &amp; you</title><id>urn:engine:1</id><link href="https://engine.example/5"/><updated>2024-01-03T00:00:00Z</updated><summary type="html">&lt;p&gt;Faster &lt;b&gt;builds&lt;/b&gt;&lt;/p&gt;</summary></entry>
<entry><title>Old release</title><id>urn:engine:0</id><link href="javascript:alert(1)"/><updated>2024-01-01T00:00:00Z</updated><summary>Plain text</summary></entry>
</feed>`;

beforeAll(async () => {
  feedServer = createServer((request, response) => {
    const doc = documents.get(request.url ?? '');
    if (!doc) {
      response.writeHead(404).end('no');
      return;
    }
    response.writeHead(doc.status ?? 200, { 'content-type': doc.type }).end(doc.body);
  });
  await new Promise<void>((resolve) => feedServer.listen(0, '127.0.0.1', resolve));
  feedBase = `http://127.0.0.1:${(feedServer.address() as AddressInfo).port}`;
  // Listening on loopback: the feeds of this test live on 127.0.0.1 (allowed only there, and in demo mode).
  t = await createTestApp({ HOST: '127.0.0.1' });
  const { db } = t.database;
  eventId = (await createEvent(db)).id;
  otherEventId = (await createEvent(db)).id;
  const boss = await createUser(db);
  await addMembership(db, eventId, boss.id, { isOrganizer: true });
  organiser = await authHeader(db, t.config.secret, boss.id);
  const someone = await createUser(db);
  await addMembership(db, eventId, someone.id);
  member = await authHeader(db, t.config.secret, someone.id);
  const otherBoss = await createUser(db);
  await addMembership(db, otherEventId, otherBoss.id, { isOrganizer: true });
  otherOrganiser = await authHeader(db, t.config.secret, otherBoss.id);
});
afterAll(async () => {
  await t.close();
  await new Promise((resolve) => feedServer.close(resolve));
});

const admin = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, payload?: unknown, headers = organiser, event = eventId) =>
  t.app.inject({ method, url: `/api/admin/v1/events/${event}${path}`, headers, ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });
const write = async (over: Record<string, unknown> = {}, event = eventId, headers = organiser) => {
  const res = await admin('POST', '/news', { title: 'Doors open', body: '# Welcome\n\nThe **doors** open at [nine](https://example.com).', published_at: '2020-01-01T09:00:00.000Z', ...over }, headers, event);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ data: AdminNewsItem }>().data;
};
const publicList = async (event = eventId, headers: Record<string, string> = {}) => {
  const res = await t.app.inject({ method: 'GET', url: `/api/v1/${event}/news?per_page=100`, headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: NewsCard[] }>().data;
};
/** Runs the queue until it has nothing due. */
const drain = async () => {
  while ((await t.app.deps.jobs.runOnce()) > 0) {
    /* keep going */
  }
};

describe("organisers' news", () => {
  it('shows published items to everyone who may see the event, pinned first; drafts and hidden ones to nobody', async () => {
    const plain = await write({ title: 'Plain', published_at: '2020-01-02T00:00:00.000Z' });
    const pinned = await write({ title: 'Pinned', pinned: true, published_at: '2019-01-01T00:00:00.000Z' });
    const draft = await write({ title: 'Draft', published_at: '2099-01-01T00:00:00.000Z' });
    const hidden = await write({ title: 'Hidden' });
    expect((await admin('POST', `/news/${hidden.id}/hidden`, { hidden: true })).json<{ data: AdminNewsItem }>().data.hidden).toBe(true);
    expect(draft).toMatchObject({ published: false, hidden: false, source: 'organiser' });

    for (const headers of [{}, member, otherOrganiser]) {
      const titles = (await publicList(eventId, headers)).map((card) => card.title);
      expect(titles.slice(0, 1)).toEqual(['Pinned']);
      expect(titles).toContain('Plain');
      expect(titles).not.toContain('Draft');
      expect(titles).not.toContain('Hidden');
    }
    const one = await t.app.inject({ method: 'GET', url: `/api/v1/${eventId}/news/${plain.id}` });
    expect(one.json<{ data: NewsItem }>().data).toMatchObject({ id: plain.id, title: 'Plain', summary: 'Welcome The doors open at nine.', link: null, feed_name: null });
    for (const id of [draft.id, hidden.id]) expect((await t.app.inject({ method: 'GET', url: `/api/v1/${eventId}/news/${id}` })).json()).toMatchObject({ error: { code: 'news.not_found' } });
    // Another event's item through this event is not found (IDOR).
    const foreign = await write({ title: 'Elsewhere' }, otherEventId, otherOrganiser);
    expect((await t.app.inject({ method: 'GET', url: `/api/v1/${eventId}/news/${foreign.id}` })).statusCode).toBe(404);
    expect(pinned.pinned).toBe(true);
  });

  it('edits, deletes and sets the cover of its own event only', async () => {
    const item = await write({ title: 'To edit' });
    const edited = await admin('PUT', `/news/${item.id}`, { title: 'Edited', body: 'New', published_at: '2021-01-01T00:00:00.000Z', pinned: true });
    expect(edited.json<{ data: AdminNewsItem }>().data).toMatchObject({ title: 'Edited', body: 'New', pinned: true });
    expect((await admin('PUT', `/news/${item.id}`, { title: 'X', body: '', published_at: '2021-01-01T00:00:00.000Z' }, otherOrganiser, otherEventId)).statusCode).toBe(404);
    expect((await admin('PUT', `/news/${item.id}`, { title: 'X', body: '', published_at: '2021-01-01T00:00:00.000Z' }, member)).statusCode).toBe(403);
    const body = multipartBody({}, imageFile(await pngOf(300, 200)));
    const cover = await t.app.inject({ method: 'POST', url: `/api/admin/v1/events/${eventId}/news/${item.id}/cover`, headers: { ...organiser, ...body.headers }, payload: body.payload });
    expect(cover.statusCode, cover.body).toBe(200);
    expect(cover.json<{ data: AdminNewsItem }>().data.cover_url).toMatch(/^\/api\/v1\/files\//);
    expect((await admin('DELETE', `/news/${item.id}`, undefined, otherOrganiser, otherEventId)).statusCode).toBe(404);
    expect((await admin('DELETE', `/news/${item.id}`)).json()).toEqual({ data: { id: item.id, deleted: true } });
    expect((await admin('DELETE', `/news/${item.id}`)).statusCode).toBe(404);
  });

  it('bad input is 400; unknown and inactive events 404', async () => {
    for (const bad of [{ title: '', body: '', published_at: '2020-01-01T00:00:00Z' }, { title: 't', body: 'x'.repeat(20_001), published_at: '2020-01-01T00:00:00Z' }, { title: 't', body: '', published_at: '2020-02-30T00:00:00Z' }, { title: 't', body: '', published_at: '2020-01-01T00:00:00Z', pinned: 'yes' }]) {
      expect((await admin('POST', '/news', bad)).statusCode, JSON.stringify(bad)).toBe(400);
    }
    expect((await t.app.inject({ method: 'GET', url: `/api/v1/${eventId}/news/abc` })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: `/api/v1/${eventId}/news/0` })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: `/api/v1/${eventId}/news?per_page=101` })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/2000000/news' })).statusCode).toBe(404);
    const inactive = await createEvent(t.database.db, { active: false });
    expect((await t.app.inject({ method: 'GET', url: `/api/v1/${inactive.id}/news` })).statusCode).toBe(404);
  });
});

describe('news feeds', () => {
  let feedEvent: number;
  let feedOrganiser: Record<string, string>;
  const feedsAdmin = (method: 'GET' | 'PUT' | 'POST', path: string, payload?: unknown) => admin(method, path, payload, feedOrganiser, feedEvent);
  const feedState = async () => (await feedsAdmin('GET', '/news-feeds')).json<{ data: NewsFeed[] }>().data;

  beforeAll(async () => {
    const { db } = t.database;
    feedEvent = (await createEvent(db)).id;
    const boss = await createUser(db);
    await addMembership(db, feedEvent, boss.id, { isOrganizer: true });
    feedOrganiser = await authHeader(db, t.config.secret, boss.id);
    documents.set(
      '/rss',
      {
        type: 'application/rss+xml',
        body: rss([
          { guid: 'post-1', title: 'Launch &amp; party', link: 'https://studio.example/1', date: '2024-01-02T10:00:00Z', html: '<p>Hello <b>world</b></p><script>alert(1)</script><img src="https://tracker.example/p.gif">' },
          { title: 'No guid', link: 'https://studio.example/2', date: '2024-01-01T10:00:00Z', html: 'Second &lt;post&gt;' },
          { title: 'Neither guid nor link', date: '2024-01-01T09:00:00Z', html: 'skipped' },
        ]),
      },
    );
    documents.set('/atom', { type: 'application/atom+xml', body: atom });
  });

  it('sets at most two feeds, refuses addresses that cannot be feeds (422) and bad input (400)', async () => {
    const three = await feedsAdmin('PUT', '/news-feeds', { feeds: [1, 2, 3].map((n) => ({ url: `${feedBase}/f${n}`, name: `F${n}` })) });
    expect(three.statusCode).toBe(400);
    for (const url of ['ftp://example.com/rss', 'not a url', 'https://user:pw@example.com/rss', 'javascript:alert(1)']) {
      const res = await feedsAdmin('PUT', '/news-feeds', { feeds: [{ url, name: 'Bad' }] });
      expect(res.statusCode, url).toBe(422);
      expect(res.json()).toMatchObject({ error: { code: 'news.feed_invalid', details: { fields: [{ field: 'body.feeds.0.url' }] } } });
    }
    const twice = await feedsAdmin('PUT', '/news-feeds', { feeds: [{ url: `${feedBase}/rss`, name: 'A' }, { url: `${feedBase}/rss`, name: 'B' }] });
    expect(twice.json()).toMatchObject({ error: { code: 'news.feed_invalid', details: { fields: [{ field: 'body.feeds.1.url' }] } } });
    expect((await feedsAdmin('PUT', '/news-feeds', { feeds: [{ url: `${feedBase}/rss` }] })).statusCode).toBe(400);
    expect((await admin('PUT', '/news-feeds', { feeds: [] }, member)).statusCode).toBe(403);
  });

  it('reads an RSS and an Atom feed served locally: plain text, http links only, no pictures', async () => {
    const set = await feedsAdmin('PUT', '/news-feeds', { feeds: [{ url: `${feedBase}/rss`, name: 'Studio' }, { url: `${feedBase}/atom`, name: 'Engine' }] });
    expect(set.statusCode, set.body).toBe(200);
    // A refresh is queued with the change.
    const queued = await t.database.db.select().from(jobs).where(and(eq(jobs.kind, NEWS_REFRESH_JOB), isNull(jobs.doneAt), sql`(payload->>'eventId')::int = ${feedEvent}`));
    expect(queued.length).toBeGreaterThan(0);
    await drain();
    const state = await feedState();
    expect(state.map((f) => [f.name, f.items, f.last_error])).toEqual([
      ['Studio', 2, null],
      ['Engine', 2, null],
    ]);
    expect(state.every((f) => f.last_fetched_at !== null)).toBe(true);
    const cards = await publicList(feedEvent);
    expect(cards.map((c) => c.title)).toEqual(['Engine 5 & you', 'Launch & party', 'No guid', 'Old release']);
    expect(cards.every((c) => c.source === 'feed' && c.cover_url === null)).toBe(true);
    expect(cards[0]?.feed_name).toBe('Engine');
    const launch = (await t.app.inject({ method: 'GET', url: `/api/v1/${feedEvent}/news/${cards[1]!.id}` })).json<{ data: NewsItem }>().data;
    expect(launch).toMatchObject({ body: 'Hello world', link: 'https://studio.example/1', feed_name: 'Studio', published_at: '2024-01-02T10:00:00.000Z' });
    const old = (await t.app.inject({ method: 'GET', url: `/api/v1/${feedEvent}/news/${cards[3]!.id}` })).json<{ data: NewsItem }>().data;
    expect(old).toMatchObject({ body: 'Plain text', link: null });
    const engine = (await t.app.inject({ method: 'GET', url: `/api/v1/${feedEvent}/news/${cards[0]!.id}` })).json<{ data: NewsItem }>().data;
    expect(engine.body).toBe('Faster builds');
    // A periodic refresh is planned 30 minutes on, once.
    const planned = await t.database.db.select().from(jobs).where(and(eq(jobs.kind, NEWS_REFRESH_JOB), isNull(jobs.doneAt), sql`(payload->>'eventId')::int = ${feedEvent}`, sql`run_at > now() + interval '25 minutes'`));
    expect(planned).toHaveLength(1);
  });

  it('a second refresh adds no duplicates, a hidden item stays hidden, feed items are not edited or deleted', async () => {
    const [launch] = (await publicList(feedEvent)).filter((c) => c.title === 'Launch & party');
    const hide = await feedsAdmin('POST', `/news/${launch!.id}/hidden`, { hidden: true });
    expect(hide.json<{ data: AdminNewsItem }>().data.hidden).toBe(true);
    expect((await feedsAdmin('PUT', `/news/${launch!.id}`, { title: 'x', body: '', published_at: '2020-01-01T00:00:00Z' })).json()).toMatchObject({ error: { code: 'news.from_feed' } });
    expect((await admin('DELETE', `/news/${launch!.id}`, undefined, feedOrganiser, feedEvent)).statusCode).toBe(409);
    const refresh = await feedsAdmin('POST', '/news-feeds/refresh');
    expect(refresh.statusCode).toBe(202);
    expect(refresh.json()).toEqual({ data: { queued: true } });
    await drain();
    const rows = await t.database.db.select().from(newsItems).where(eq(newsItems.eventId, feedEvent));
    expect(rows).toHaveLength(4);
    expect(rows.find((r) => r.guid === 'post-1')?.hidden).toBe(true);
    expect((await publicList(feedEvent)).map((c) => c.title)).toEqual(['Engine 5 & you', 'No guid', 'Old release']);
    // Still one planned periodic refresh, not one per run.
    const planned = await t.database.db.select().from(jobs).where(and(eq(jobs.kind, NEWS_REFRESH_JOB), isNull(jobs.doneAt), sql`(payload->>'eventId')::int = ${feedEvent}`, sql`run_at > now()`));
    expect(planned).toHaveLength(1);
  });

  it('a broken feed records why and loses nothing', async () => {
    documents.set('/rss', { type: 'text/html', body: '<html>maintenance</html>' });
    documents.set('/atom', { type: 'text/plain', body: 'gone', status: 503 });
    await feedsAdmin('POST', '/news-feeds/refresh');
    await drain();
    const state = await feedState();
    expect(state[0]?.last_error).toMatch(/not an RSS or Atom feed/);
    expect(state[1]?.last_error).toBe('The feed answered HTTP 503.');
    expect(state.map((f) => f.items)).toEqual([2, 2]);
    expect(await publicList(feedEvent)).toHaveLength(3);
  });

  it('refuses a feed bigger than the cap', async () => {
    documents.set('/atom', { type: 'application/atom+xml', body: atom.replace('Plain text', 'x'.repeat(3 * 1024 * 1024)) });
    await feedsAdmin('POST', '/news-feeds/refresh');
    await drain();
    expect((await feedState())[1]?.last_error).toMatch(/larger than 2 MB/);
  });

  it('dropping a feed takes its items; keeping it keeps them', async () => {
    const res = await feedsAdmin('PUT', '/news-feeds', { feeds: [{ url: `${feedBase}/atom`, name: 'Engine renamed' }] });
    expect(res.json<{ data: NewsFeed[] }>().data).toMatchObject([{ name: 'Engine renamed', items: 2 }]);
    expect((await t.database.db.select().from(newsItems).where(eq(newsItems.eventId, feedEvent))).map((r) => r.guid).sort()).toEqual(['urn:engine:0', 'urn:engine:1']);
  });
});

describe('feeds on a networked deployment', () => {
  it('never fetches private or loopback addresses', async () => {
    const networked = await createTestApp({ HOST: '0.0.0.0', LOBBY_DEMO: '0' });
    try {
      const { db } = networked.database;
      const event = await createEvent(db);
      const boss = await createUser(db);
      await addMembership(db, event.id, boss.id, { isOrganizer: true });
      const headers = await authHeader(db, networked.config.secret, boss.id);
      const put = (url: string) => networked.app.inject({ method: 'PUT', url: `/api/admin/v1/events/${event.id}/news-feeds`, headers, payload: { feeds: [{ url, name: 'Inside' }] } });
      for (const url of [`${feedBase}/rss`, 'http://localhost/rss', 'http://10.0.0.1/rss', 'http://[::1]/rss', 'http://169.254.169.254/latest/meta-data']) {
        expect((await put(url)).json(), url).toMatchObject({ error: { code: 'news.feed_invalid' } });
      }
      // A name that resolves to loopback (checked on the resolved address, at fetch time) is refused too.
      documents.set('/rss', { type: 'application/rss+xml', body: rss([{ guid: 'x', title: 'Inside', date: '2024-01-01T00:00:00Z', html: 'secret' }]) });
      await db.insert(newsFeeds).values({ eventId: event.id, url: `http://localhost:${new URL(feedBase).port}/rss`, name: 'Inside' });
      const { refreshEventFeeds } = await import('../src/modules/news/jobs.ts');
      await refreshEventFeeds(db, event.id, false);
      const feeds = (await networked.app.inject({ method: 'GET', url: `/api/admin/v1/events/${event.id}/news-feeds`, headers })).json<{ data: NewsFeed[] }>().data;
      expect(feeds).toMatchObject([{ items: 0, last_error: 'The feed is on a private or local address.' }]);
      // The same feed on a loopback-only server is read.
      await refreshEventFeeds(db, event.id, true);
      expect((await networked.app.inject({ method: 'GET', url: `/api/admin/v1/events/${event.id}/news-feeds`, headers })).json<{ data: NewsFeed[] }>().data).toMatchObject([{ items: 1, last_error: null }]);
    } finally {
      await networked.close();
    }
  });
});
