import { describe, expect, it } from 'vitest';
import {
  BLOCK_TYPE_IDS,
  BlockType,
  CARD_LINKS_MESSAGE,
  isPageLink,
  isValidColour,
  markdownHasLinks,
  migratePageContent,
  parsePageContent,
  stripTmp,
  VIDEO_INVALID_MESSAGE,
  ZPageBlock,
  type BlockTypeId,
} from './page-blocks.ts';

const uuid = '6f1c2a4e-8b3d-4c5e-9f7a-1b2c3d4e5f60';
const picture = '/api/v1/files/abc.png';

/** A valid editorData of each type. */
const valid: Record<BlockTypeId, Record<string, unknown>> = {
  [BlockType.Images]: { columns: { desktop: 3, mobile: 1 }, images: [{ url: picture, alt: 'Hall', width: 'w-full' }] },
  [BlockType.Markdown]: { text: 'Welcome to **Lobby**.', alignment: 'center' },
  [BlockType.Video]: { source: 'youtube', videoId: 'dQw4w9WgXcQ', videoUrl: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ' },
  [BlockType.Content]: { title: 'Venue', text: 'Limassol marina.', image: picture, imageWidth: 'w-1/2', button: { buttonUrl: '/program', buttonText: 'Program' } },
  [BlockType.Cards]: { columns: { desktop: 2, mobile: 1 }, cards: [{ title: 'Talks', text: 'Forty talks.', link: '/program' }] },
  [BlockType.Banners]: { banners: [{ image: 'https://cdn.example.com/b.png', alignment: 'left' }] },
  [BlockType.Form]: { fields: [{ id: 'email', label: 'E-mail', kind: 'email', required: true }], submitText: 'Send', emailTemplateId: 3 },
  [BlockType.Speakers]: { visibleNumber: 4, speakers: [{ title: 'Ada', subtitle: 'CEO', image: picture }] },
  [BlockType.Reviews]: { reviews: [{ name: 'Ada', company: 'Nebula', text: 'Great event.' }] },
  [BlockType.Iframe]: { url: 'https://maps.example.com/embed?q=venue' },
  [BlockType.Cover]: { title: 'Lobby Summit', alignment: 'right' },
  [BlockType.Accordion]: { tabs: [{ label: 'Q1', text: 'A1' }, { label: 'Q2', text: 'A2' }] },
  [BlockType.Statistics]: { imageSize: 'w-2/3', cards: [{ title: '40', subtitle: 'talks' }] },
  [BlockType.Tabs]: { tabs: [{ label: 'Day 1', text: 'Talks' }, { label: 'Day 2', text: 'Party' }] },
  [BlockType.TextColumns]: { columns: { desktop: 4, mobile: 1 }, texts: [{ text: 'One' }, { text: 'Two' }] },
  [BlockType.Title]: { text: 'About', size: 'xl2', colour: '#3b82f6' },
};

const blockOf = (id: BlockTypeId, editorData: Record<string, unknown>) => ({ id, uuid, blockId: `b${id}`, hidden: false, editorData });
/** The messages of a block, with their paths (joined by dots). */
function problems(id: BlockTypeId, editorData: Record<string, unknown>): string[] {
  const result = ZPageBlock.safeParse(blockOf(id, editorData));
  return result.success ? [] : result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
}
const at = (id: BlockTypeId, patch: Record<string, unknown>) => problems(id, { ...valid[id], ...patch });

describe('every block type', () => {
  it.each(BLOCK_TYPE_IDS)('type %i has a valid sample', (id) => expect(problems(id, valid[id])).toEqual([]));
  it('has the sixteen ids 2 to 17', () => expect(BLOCK_TYPE_IDS).toEqual([2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17]));
  it('refuses an unknown type', () => expect(ZPageBlock.safeParse(blockOf(18 as BlockTypeId, {})).success).toBe(false));
});

describe('columns', () => {
  it.each([
    ['desktop 0', BlockType.Images, { desktop: 0, mobile: 1 }, false],
    ['desktop 6', BlockType.Images, { desktop: 6, mobile: 6 }, true],
    ['desktop 7', BlockType.Cards, { desktop: 7, mobile: 1 }, false],
    ['mobile 7', BlockType.Cards, { desktop: 1, mobile: 7 }, false],
    ['text columns desktop 4', BlockType.TextColumns, { desktop: 4, mobile: 2 }, true],
    ['text columns desktop 5', BlockType.TextColumns, { desktop: 5, mobile: 2 }, false],
  ] as const)('%s', (_name, id, columns, ok) => expect(at(id, { columns }).length === 0).toBe(ok));
});

describe('video', () => {
  it.each([
    ['no source', { source: undefined }],
    ['rutube is not a page source', { source: 'rutube' }],
    ['no id', { videoId: '' }],
    ['a link under 20 characters', { videoUrl: 'https://youtu.be/x' }],
    ['no link', { videoUrl: undefined }],
  ])('%s gives the spec message', (_name, patch) => {
    const found = at(BlockType.Video, patch);
    expect(found.length).toBeGreaterThan(0);
    for (const problem of found) expect(problem).toContain(VIDEO_INVALID_MESSAGE);
  });
  it.each(['youtube', 'gcore', 'googledrive', 'jitsi'])('source %s', (source) => expect(at(BlockType.Video, { source })).toEqual([]));
});

describe('accordion and tabs', () => {
  it.each([BlockType.Accordion, BlockType.Tabs])('type %i needs 2 tabs, each with label and text', (id) => {
    expect(at(id, { tabs: [{ label: 'Only', text: 'one' }] })).toHaveLength(1);
    expect(at(id, { tabs: [{ label: '', text: 'x' }, { label: 'b', text: 'y' }] })[0]).toMatch(/^editorData\.tabs\.0\.label/);
    expect(at(id, { tabs: [{ label: 'a', text: 'x' }, { label: 'b' }] })[0]).toMatch(/^editorData\.tabs\.1\.text/);
  });
});

describe('statistics', () => {
  it.each([
    ['title of 4 characters', { cards: [{ title: '100%', subtitle: 'x' }] }, true],
    ['title of 5 characters', { cards: [{ title: '1000%', subtitle: 'x' }] }, false],
    ['no title', { cards: [{ subtitle: 'x' }] }, false],
    ['no subtitle', { cards: [{ title: '4' }] }, false],
    ['image size w-1/3', { imageSize: 'w-1/3' }, true],
    ['image size w-full', { imageSize: 'w-full' }, false],
  ])('%s', (_name, patch, ok) => expect(at(BlockType.Statistics, patch).length === 0).toBe(ok));
});

describe('speakers and reviews', () => {
  it.each([
    ['visibleNumber 0', BlockType.Speakers, { visibleNumber: 0 }],
    ['speaker without image', BlockType.Speakers, { speakers: [{ title: 'a', subtitle: 'b' }] }],
    ['speaker without subtitle', BlockType.Speakers, { speakers: [{ title: 'a', image: picture }] }],
    ['review without company', BlockType.Reviews, { reviews: [{ name: 'a', text: 'b' }] }],
    ['review without text', BlockType.Reviews, { reviews: [{ name: 'a', company: 'b' }] }],
  ] as const)('%s is refused', (_name, id, patch) => expect(at(id, patch).length).toBeGreaterThan(0));
});

describe('cards', () => {
  it('a card with its own link and links in its text gives the spec message', () => {
    expect(at(BlockType.Cards, { cards: [{ title: 'T', text: 'See [our site](https://a.example)', link: '/program' }] })).toEqual([`editorData.cards.0.text: ${CARD_LINKS_MESSAGE}`]);
  });
  it('links in the text are fine without a card link, and a card link without links in the text', () => {
    expect(at(BlockType.Cards, { cards: [{ title: 'T', text: 'See [our site](https://a.example)' }] })).toEqual([]);
    expect(at(BlockType.Cards, { cards: [{ title: 'T', text: 'Plain words', link: 'https://a.example' }] })).toEqual([]);
  });
});

describe('button, text and iframe', () => {
  it.each([
    ['button without text', BlockType.Content, { button: { buttonUrl: '/x' } }],
    ['button without url', BlockType.Cover, { button: { buttonText: 'Go' } }],
    ['button to javascript:', BlockType.Content, { button: { buttonUrl: 'javascript:alert(1)', buttonText: 'Go' } }],
    ['content without text', BlockType.Content, { text: '   ' }],
    ['markdown without text', BlockType.Markdown, { text: '' }],
    ['iframe without url', BlockType.Iframe, { url: undefined }],
    ['iframe over http', BlockType.Iframe, { url: 'http://maps.example.com/' }],
    ['iframe of a javascript: url', BlockType.Iframe, { url: 'javascript:alert(1)' }],
    ['picture of another scheme', BlockType.Banners, { banners: [{ image: 'data:image/png;base64,AAAA' }] }],
    ['picture from //host', BlockType.Banners, { banners: [{ image: '//evil.example/x.png' }] }],
  ] as const)('%s is refused', (_name, id, patch) => expect(at(id, patch).length).toBeGreaterThan(0));
});

describe('alignment, padding, sizes and widths', () => {
  it.each([
    [BlockType.Markdown, { alignment: 'end' }, true],
    [BlockType.Markdown, { alignment: 'left' }, false],
    [BlockType.Cover, { alignment: 'left' }, true],
    [BlockType.Cover, { alignment: 'start' }, false],
    [BlockType.Banners, { banners: [{ image: picture, alignment: 'right' }] }, true],
    [BlockType.Banners, { banners: [{ image: picture, alignment: 'end' }] }, false],
    [BlockType.Title, { padding: 'lg' }, true],
    [BlockType.Title, { padding: 'xl' }, false],
    [BlockType.Title, { size: 'xl3' }, true],
    [BlockType.Title, { size: 'xl4' }, false],
    [BlockType.Content, { imageWidth: 'w-1/3' }, true],
    [BlockType.Content, { imageWidth: 'w-2/3' }, false],
  ] as const)('type %i with %o: %s', (id, patch, ok) => expect(at(id, patch).length === 0).toBe(ok));
});

describe('form', () => {
  it.each([
    ['a repeated key', { fields: [{ id: 'a', label: 'A', kind: 'text' }, { id: 'a', label: 'B', kind: 'text' }] }, 'editorData.fields.1.id'],
    ['a list with one option', { fields: [{ id: 'a', label: 'A', kind: 'select', options: ['x'] }] }, 'editorData.fields.0.options'],
    ['a template id that is not a number', { emailTemplateId: '3' }, 'editorData.emailTemplateId'],
    ['no fields', { fields: [] }, 'editorData.fields'],
  ])('%s is refused', (_name, patch, path) => expect(at(BlockType.Form, patch)[0]).toMatch(new RegExp(`^${path.replaceAll('.', '\\.')}:`)));
  it('takes no template (Not selected)', () => expect(at(BlockType.Form, { emailTemplateId: null })).toEqual([]));
});

describe('isValidColour (contract.md section 5)', () => {
  it.each([
    ['#000000', true],
    ['#fff', true],
    ['#3b82f6', true],
    ['3b82f6a', true],
    ['#ff', false],
    ['#fffff', false],
    ['3b82f6', false],
    ['#gggggg', false],
    ['red', false],
    ['#0000000', false],
    ['', false],
    ['#abc;x', false],
  ])('%s -> %s', (value, ok) => expect(isValidColour(value)).toBe(ok));
});

describe('stripTmp', () => {
  it('drops tmp_ options at every depth and keeps the rest', () => {
    expect(stripTmp({ a: 1, tmp_open: true, b: [{ tmp_x: 1, c: 2 }], d: { tmp_y: 'z', e: null } })).toEqual({ a: 1, b: [{ c: 2 }], d: { e: null } });
  });
  it('never recurses without bound and never writes the prototype', () => {
    let deep: unknown = { leaf: true };
    for (let i = 0; i < 10_000; i += 1) deep = { next: deep };
    expect(() => stripTmp(deep)).not.toThrow();
    const polluted = stripTmp(JSON.parse('{"__proto__": {"admin": true}, "ok": 1}')) as Record<string, unknown>;
    expect(polluted).toEqual({ ok: 1 });
    expect(({} as Record<string, unknown>).admin).toBeUndefined();
  });
});

describe('links', () => {
  it.each([
    ['/program', true],
    ['#venue', true],
    ['https://example.com/x', true],
    ['http://example.com', true],
    ['//evil.example', false],
    ['javascript:alert(1)', false],
    ['#1bad', false],
    ['/\\evil.example', false],
  ])('isPageLink(%s) -> %s', (value, ok) => expect(isPageLink(value)).toBe(ok));
  it.each([
    ['[a](b)', true],
    ['see https://a.example', true],
    ['<https://a.example>', true],
    ['www.example.com/x', true],
    ['plain **bold** words', false],
  ])('markdownHasLinks(%s) -> %s', (value, found) => expect(markdownHasLinks(value)).toBe(found));
});

describe('page content', () => {
  const page = (blocks: unknown[]) => ({ version: 1, blocks });
  it('takes every type on one page and strips tmp_ options on the way', () => {
    const blocks = BLOCK_TYPE_IDS.map((id) => ({ ...blockOf(id, { ...valid[id], tmp_preview: true }), tmp_collapsed: true }));
    const result = parsePageContent(page(blocks));
    expect(result.success).toBe(true);
    expect(JSON.stringify(result.data)).not.toContain('tmp_');
  });
  it('refuses two blocks with one block id', () => {
    const result = parsePageContent(page([blockOf(BlockType.Markdown, valid[BlockType.Markdown]), blockOf(BlockType.Markdown, valid[BlockType.Markdown])]));
    expect(result.error?.issues.map((issue) => issue.path.join('.'))).toEqual(['blocks.1.blockId']);
  });
  it('migrates version 0 (a bare array, anchor as the block id) and reads unknown shapes as an empty page', () => {
    const { blockId: _blockId, ...old } = blockOf(BlockType.Title, valid[BlockType.Title]);
    expect(parsePageContent([{ ...old, anchor: 'about' }]).data?.blocks[0]?.blockId).toBe('about');
    expect(migratePageContent('nonsense')).toEqual({ version: 1, blocks: [] });
    expect(migratePageContent({ version: 99, blocks: [1] })).toEqual({ version: 1, blocks: [] });
  });
});
