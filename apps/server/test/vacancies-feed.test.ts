import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ExternalJob, JobFeed } from '@lobby/contract';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs } from '../src/db/schema/index.ts';
import { JOB_FEED_IMPORT } from '../src/modules/vacancies/jobs.ts';
import { createTestApp, type TestApp } from './harness.ts';
import { vacancyWorld, type VacancyWorld } from './vacancies-fixtures.ts';

let t: TestApp;
let w: VacancyWorld;
let feedServer: Server;
let feedBase: string;
const documents = new Map<string, { type: string; body: string; status?: number }>();

const jsonFeed = (items: unknown[]) =>
  JSON.stringify({ version: 'https://jsonfeed.org/version/1.1', title: 'Industry jobs', home_page_url: 'https://jobs.example', items });

const rss = `<?xml version="1.0"?><rss version="2.0" xmlns:job="https://jobs.example/ns"><channel><title>Studio jobs</title><link>https://studio.example</link>
<item><title>Tech &amp; &lt;b&gt;art&lt;/b&gt; director</title><link>https://studio.example/jobs/1</link><guid>studio-1</guid><pubDate>Tue, 02 Jan 2024 10:00:00 GMT</pubDate>
<description><![CDATA[<p>Lead the <b>art</b> team.</p><script>alert(1)</script>]]></description><job:company>Pixel Bakery</job:company><job:location>Lisbon</job:location></item>
<item><title>No link</title><guid>studio-2</guid><description>Missing link.</description></item>
<item><title>Bad link</title><link>javascript:alert(1)</link><guid>studio-3</guid></item>
</channel></rss>`;

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
  // Listening on loopback: feeds on 127.0.0.1 are allowed (only there, and in demo mode).
  t = await createTestApp({ HOST: '127.0.0.1' });
  w = await vacancyWorld(t);
});
afterAll(async () => {
  await t.close();
  await new Promise((resolve) => feedServer.close(resolve));
});

const drain = async () => {
  for (let turn = 0; turn < 20 && (await t.app.deps.jobs.runOnce()) > 0; turn += 1);
};
const feedPath = () => `/api/admin/v1/events/${w.event.id}/job-feed`;
const external = async (query = '') => {
  const res = await w.call('GET', `/api/v1/${w.event.id}/vacancies/external${query}`, w.people.member);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: ExternalJob[]; meta: { total: number } }>();
};
const pending = () => t.database.db.select().from(jobs).where(and(eq(jobs.kind, JOB_FEED_IMPORT), isNull(jobs.doneAt), sql`(payload->>'eventId')::int = ${w.event.id}`));

describe('the jobs feed', () => {
  it('is set by organisers only; addresses that cannot be feeds are 422, bad input 400', async () => {
    expect(await w.codeOf('PUT', feedPath(), w.people.member, { url: `${feedBase}/jobs.json` })).toBe('403 auth.forbidden');
    expect(await w.codeOf('GET', feedPath(), w.people.adminA)).toBe('403 auth.forbidden');
    for (const url of ['ftp://jobs.example/feed', 'not an address', 'https://user:secret@jobs.example/feed']) {
      const res = await w.call('PUT', feedPath(), w.people.organiser, { url });
      expect(res.statusCode, url).toBe(422);
      expect(res.json()).toMatchObject({ error: { code: 'vacancy.feed_invalid', details: { fields: [{ field: 'body.url' }] } } });
    }
    expect(await w.codeOf('PUT', feedPath(), w.people.organiser, {})).toBe('400 validation.failed');
    expect(await w.codeOf('POST', `${feedPath()}/refresh`, w.people.organiser)).toBe('404 vacancy.feed_not_found');
    expect(await w.ok<JobFeed>('GET', feedPath(), w.people.organiser)).toEqual({ url: null, fetched_at: null, error: null, jobs: 0 });
  });

  it('imports a JSON Feed served locally on save: plain text, http links only, each guid once; then every 30 minutes', async () => {
    documents.set(
      '/jobs.json',
      {
        type: 'application/feed+json',
        body: jsonFeed([
          { id: 'j1', url: 'https://jobs.example/1', title: 'Gameplay <i>programmer</i>', content_html: '<p>Write <b>C++</b>.</p><img src=x onerror=alert(1)>', date_published: '2024-03-01T10:00:00Z', _job: { company: 'Star Forge', location: 'Remote' } },
          { id: 'j2', external_url: 'https://jobs.example/2', title: 'QA lead', content_text: 'Break things.', date_published: '2024-03-02T10:00:00Z', authors: [{ name: 'Moon Labs' }] },
          { id: 'j1', url: 'https://jobs.example/1-again', title: 'Duplicate' },
          { id: 'j3', url: 'javascript:alert(1)', title: 'Script link' },
          { id: 'j4', title: 'No link at all' },
          'not an item',
        ]),
      },
    );
    const set = await w.ok<JobFeed>('PUT', feedPath(), w.people.organiser, { url: `${feedBase}/jobs.json` });
    expect(set).toMatchObject({ url: `${feedBase}/jobs.json`, jobs: 0 });
    expect((await pending()).length).toBeGreaterThan(0);
    await drain();
    expect(await w.ok<JobFeed>('GET', feedPath(), w.people.organiser)).toMatchObject({ jobs: 2, error: null });
    const list = await external();
    expect(list.data).toEqual([
      expect.objectContaining({ title: 'QA lead', company_name: 'Moon Labs', url: 'https://jobs.example/2', summary: 'Break things.', published_at: '2024-03-02T10:00:00.000Z' }),
      expect.objectContaining({ title: 'Gameplay programmer', company_name: 'Star Forge', location: 'Remote', url: 'https://jobs.example/1', summary: 'Write C++.' }),
    ]);
    const planned = await t.database.db.select().from(jobs).where(and(eq(jobs.kind, JOB_FEED_IMPORT), isNull(jobs.doneAt), sql`run_at > now() + interval '25 minutes'`, sql`(payload->>'eventId')::int = ${w.event.id}`));
    expect(planned).toHaveLength(1);
  });

  it('deduplicates on the next import: known guids keep their ids, jobs gone from the feed go', async () => {
    const before = await external();
    const qa = before.data.find((job) => job.title === 'QA lead');
    documents.set('/jobs.json', { type: 'application/json', body: jsonFeed([{ id: 'j2', url: 'https://jobs.example/2', title: 'QA lead (senior)' }, { id: 'j5', url: 'https://jobs.example/5', title: 'Producer' }]) });
    expect((await w.call('POST', `${feedPath()}/refresh`, w.people.organiser)).statusCode).toBe(202);
    await drain();
    const after = await external();
    expect(after.data.map((job) => job.title).sort()).toEqual(['Producer', 'QA lead (senior)']);
    expect(after.data.find((job) => job.title === 'QA lead (senior)')?.id).toBe(qa?.id);
    expect((await external('?filter[query]=produc')).data.map((job) => job.title)).toEqual(['Producer']);
  });

  it('a broken feed says why and keeps its jobs', async () => {
    documents.set('/jobs.json', { type: 'text/plain', body: 'gone', status: 500 });
    await w.call('POST', `${feedPath()}/refresh`, w.people.organiser);
    await drain();
    const state = await w.ok<JobFeed>('GET', feedPath(), w.people.organiser);
    expect(state).toMatchObject({ error: 'The feed answered HTTP 500.', jobs: 2 });
    documents.set('/jobs.json', { type: 'application/json', body: '{"version":"1.1","items":[]}' });
    await w.call('POST', `${feedPath()}/refresh`, w.people.organiser);
    await drain();
    expect((await w.ok<JobFeed>('GET', feedPath(), w.people.organiser)).error).toBe('This is not a JSON Feed: it needs a jsonfeed.org version and a list of items.');
  });

  it('reads RSS with job fields; a new address starts afresh, removing the feed removes its jobs', async () => {
    documents.set('/jobs.rss', { type: 'application/rss+xml', body: rss });
    await w.ok<JobFeed>('PUT', feedPath(), w.people.organiser, { url: `${feedBase}/jobs.rss` });
    expect((await external()).meta.total).toBe(0);
    await drain();
    const list = await external();
    expect(list.data).toEqual([expect.objectContaining({ title: 'Tech & art director', company_name: 'Pixel Bakery', location: 'Lisbon', url: 'https://studio.example/jobs/1', summary: 'Lead the art team.', published_at: '2024-01-02T10:00:00.000Z' })]);
    expect(await w.ok<JobFeed>('PUT', feedPath(), w.people.organiser, { url: null })).toEqual({ url: null, fetched_at: null, error: null, jobs: 0 });
    expect((await external()).meta.total).toBe(0);
  });

  it("is read by the event's people; outsiders 404", async () => {
    expect(await w.codeOf('GET', `/api/v1/${w.event.id}/vacancies/external`, w.people.student)).toBe('200');
    expect(await w.codeOf('GET', `/api/v1/${w.event.id}/vacancies/external`, w.people.outsider)).toBe('404 event.not_found');
    expect(await w.codeOf('GET', `/api/v1/${w.event.id}/vacancies/external`, {})).toBe('401 auth.unauthorized');
  });
});
