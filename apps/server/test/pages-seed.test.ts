// The demo's organiser pages and room recordings (issue 14): every seeded page passes the server's
// check, the about page shows all sixteen block types, and the summit's room has its recordings.
import { BLOCK_TYPE_IDS, BlockType, DEFAULT_JITSI_HOSTS, parsePageContent, type Page, type PageBlock, type RoomVideo } from '@lobby/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { events } from '../src/db/schema/index.ts';
import { demoPages, seedPages } from '../src/db/seed/pages.ts';
import { DEMO_ROOM, seedRecordings } from '../src/db/seed/recordings.ts';
import { DEFAULT_MESSAGE } from '../src/modules/pages/policy.ts';
import { addMembership, authHeader, createEvent, createTicketType, createUser } from './factories.ts';
import { createTestApp, type TestApp } from './harness.ts';

describe('the demo pages as the back office would send them', () => {
  it.each(demoPages().map((page) => [page.slug, page] as const))('%s passes parsePageContent with the server’s messages', (_slug, page) => {
    const parsed = parsePageContent({ version: 1, blocks: page.blocks }, { error: () => DEFAULT_MESSAGE });
    expect(parsed.success ? [] : parsed.error.issues).toEqual([]);
  });

  it('fills the about page with every block type and keeps its own links and limits', () => {
    const about = demoPages().find((page) => page.slug === 'about');
    const parsed = parsePageContent({ version: 1, blocks: about?.blocks });
    if (!parsed.success) throw parsed.error;
    const blocks = parsed.data.blocks;
    expect([...new Set(blocks.map((block) => block.id))].sort((a, b) => a - b)).toEqual([...BLOCK_TYPE_IDS].sort((a, b) => a - b));
    const ids = new Set(blocks.map((block) => block.blockId));
    const of = <T extends PageBlock['id']>(type: T) => blocks.find((block): block is Extract<PageBlock, { id: T }> => block.id === type);
    // Block links reach blocks of the page.
    const links = [of(BlockType.Cover)?.editorData.button?.buttonUrl, of(BlockType.Content)?.editorData.button?.buttonUrl].filter((link) => link?.startsWith('#'));
    expect(links).toContain('#program');
    for (const link of links) expect(ids.has(link?.slice(1) ?? '')).toBe(true);
    const speakers = of(BlockType.Speakers)?.editorData;
    expect(speakers && speakers.visibleNumber < speakers.speakers.length).toBe(true);
    expect(of(BlockType.Markdown)?.editorData.text).toMatch(/\]\(https:\/\//);
    expect(of(BlockType.Iframe)?.editorData.url).toMatch(/^https:\/\//);
    expect(of(BlockType.Video)?.editorData.source).toBe('youtube');
    expect(of(BlockType.Form)?.editorData.fields.map((field) => field.kind).sort()).toEqual(['checkbox', 'email', 'select', 'text']);
  });
});

describe('seeded into an event', () => {
  let t: TestApp;
  let eventId: number;
  let member: Record<string, string>;

  beforeAll(async () => {
    t = await createTestApp();
    const db = t.database.db;
    eventId = (await createEvent(db, { slug: 'lobby-summit' })).id;
    const user = await createUser(db);
    const ticket = await createTicketType(db, eventId, { kind: 'business' });
    await addMembership(db, eventId, user.id, { ticketTypeId: ticket.id });
    member = await authHeader(db, t.config.secret, user.id);
    const seeded = { eventId: new Map([['lobby-summit', eventId]]), ticketId: new Map(), userId: new Map() };
    await db.transaction(async (tx) => {
      await seedPages(tx, seeded);
      await seedRecordings(tx, seeded, Date.now());
    });
  });
  afterAll(() => t?.close());

  it('opens every seeded page to a member with all its blocks', async () => {
    for (const page of demoPages()) {
      const res = await t.app.inject({ method: 'GET', url: `/api/v1/${eventId}/pages/${page.slug}`, headers: member });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json<{ data: Page }>().data.content?.blocks).toHaveLength(page.blocks.length);
    }
  });

  it("gives the summit's room three recordings on the WN Meet host, newest first, over the last days", async () => {
    const [event] = await t.database.db.select({ config: events.config }).from(events).where(eq(events.id, eventId));
    expect(event?.config.wnmeet.roomId).toBe(DEMO_ROOM);
    const res = await t.app.inject({ method: 'GET', url: `/api/v1/${eventId}/rooms/${DEMO_ROOM}/videos?broadcast=jitsi`, headers: member });
    const videos = res.json<{ data: RoomVideo[] }>().data;
    expect(videos).toHaveLength(3);
    for (const video of videos) expect(new URL(video.link).origin).toBe(`https://${DEFAULT_JITSI_HOSTS[0]}`);
    const times = videos.map((video) => Date.parse(video.created_at));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(new Set(times.map((time) => new Date(time).toISOString().slice(0, 10))).size).toBeGreaterThan(1);
  });
});
