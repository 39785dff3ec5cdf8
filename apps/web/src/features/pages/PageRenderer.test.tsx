// The renderer rendered to HTML (the web tests run without a DOM); its interactive parts are pure
// functions tested in page-rules.test.ts.
import { BLOCK_TYPE_IDS, ZPageContent, type PageContent } from '@lobby/contract';
import i18n from 'i18next';
import { renderToStaticMarkup } from 'react-dom/server';
import { initReactI18next } from 'react-i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import en from '../../i18n/locales/en.json';
import { PageFormContext } from './form-context.ts';
import { PageRenderer, shownBlocks } from './PageRenderer.tsx';
import { samplePage } from './page-samples.test-data.ts';

let page: PageContent;

beforeAll(async () => {
  await i18n.use(initReactI18next).init({ lng: 'en', resources: { en: { translation: en } }, interpolation: { escapeValue: false } });
  page = ZPageContent.parse(samplePage);
});

const render = (content: PageContent) => renderToStaticMarkup(<PageRenderer content={content} />);
const only = (blockId: string) => render({ ...page, blocks: page.blocks.filter((block) => block.blockId === blockId) });

describe('the page renderer', () => {
  it('has a valid sample of every block type', () => {
    expect(new Set(page.blocks.map((block) => block.id))).toEqual(new Set(BLOCK_TYPE_IDS));
  });

  it('renders each shown block as a section with its block id, in a centred 576 px column with a 24 px gap', () => {
    const html = render(page);
    for (const block of shownBlocks(page)) expect(html).toContain(`<section id="${block.blockId}"`);
    expect(html).toContain('max-width:576px');
    expect(html).toContain('gap:24px');
    expect(html).toContain('mx-auto');
  });

  it('skips hidden blocks', () => {
    const html = render(page);
    expect(html).not.toContain('id="secret"');
    expect(html).not.toContain('Hidden draft text');
  });

  it('renders the text blocks', () => {
    expect(only('markdown')).toContain('text-center');
    expect(only('markdown')).toContain('Lobby');
    expect(only('content')).toMatch(/About the event[\s\S]*Three days of talks[\s\S]*href="https:\/\/example.org\/tickets" target="_blank" rel="noopener noreferrer nofollow"/);
    const title = only('title');
    expect(title).toMatch(/<h2 class="[^"]*text-2xl[^"]*text-right[^"]*" style="color:#ff0000">Programme<\/h2>/);
    expect(title).toContain('background:#eeeeee');
    expect(title).toContain('py-8');
    expect(only('cover')).toMatch(/Lobby Summit[\s\S]*Limassol, June[\s\S]*href="#form"[^>]*>Register/);
    expect(only('columns')).toMatch(/grid-cols-1 md:grid-cols-2[\s\S]*Left column[\s\S]*Right column/);
  });

  it('renders the accordion as disclosures and the tabs as a tablist with one tab stop', () => {
    const faq = only('faq');
    expect(faq.match(/<details/g)).toHaveLength(2);
    expect(faq).toMatch(/<summary[^>]*>[\s\S]*Where\?/);
    const tabs = only('tabs');
    expect(tabs).toContain('role="tablist"');
    expect(tabs).toMatch(/role="tab"[^>]*aria-selected="true"[^>]*tabindex="0"[^>]*>Day one/);
    expect(tabs).toMatch(/role="tab"[^>]*aria-selected="false"[^>]*tabindex="-1"[^>]*>Day two/);
    expect(tabs.match(/role="tabpanel"/g)).toHaveLength(2);
    expect(tabs).toMatch(/role="tabpanel"[^>]*hidden=""[^>]*>[\s\S]*Meetings/);
  });

  it('renders the media blocks', () => {
    expect(only('images')).toMatch(/<a href="#speakers"[^>]*><img src="https:\/\/cdn.example.org\/picture.png" alt="Expo hall"[^>]*class="[^"]*w-1\/2/);
    expect(only('video')).toContain('src="https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ"');
    expect(only('video')).toContain('title="Keynote"');
    const frame = only('iframe');
    expect(frame).toContain('src="https://widgets.example.org/schedule"');
    expect(frame).toContain('height:500px');
    expect(frame).toContain('sandbox=');
    expect(only('banners')).toMatch(/href="#form"[\s\S]*Early bird[\s\S]*Until May/);
  });

  it('starts an iframe at its own height when it has one', () => {
    const block = page.blocks.find((item) => item.blockId === 'iframe');
    if (block?.id !== 11) throw new Error('sample');
    expect(render({ ...page, blocks: [{ ...block, editorData: { ...block.editorData, height: 800 } }] })).toContain('height:800px');
  });

  it('shows no player for a video whose address is not of its source', () => {
    const block = page.blocks.find((item) => item.blockId === 'video');
    if (block?.id !== 4) throw new Error('sample');
    const html = render({ ...page, blocks: [{ ...block, editorData: { ...block.editorData, source: 'gcore', videoId: '../../evil', videoUrl: 'https://evil.example.org/watch/123' } }] });
    expect(html).not.toContain('<iframe');
    expect(html).toContain('This video cannot be shown.');
  });

  it('renders the list blocks', () => {
    expect(only('cards')).toMatch(/<a href="\/events"[^>]*>[\s\S]*Networking[\s\S]*Meet publishers/);
    expect(only('reviews')).toMatch(/Best event of the year\.[\s\S]*Grace[\s\S]*Navy Games/);
    expect(only('stats')).toMatch(/Studios[\s\S]*300[\s\S]*Guests[\s\S]*2k/);
  });

  it('shows the first visibleNumber speakers and a Show all button', () => {
    const html = only('speakers');
    expect(html).toContain('Ada Lovelace');
    expect(html).not.toContain('Alan Turing');
    expect(html).toMatch(/<button[^>]*>Show all<\/button>/);
  });

  it('renders the form fields with their labels, and in the preview (no page to send to) a disabled submit with a note', () => {
    const html = only('form');
    expect(html).toMatch(/<label[^>]*>Your name \*<\/label><input[^>]*type="text"[^>]*required=""/);
    expect(html).toMatch(/<label[^>]*>E-mail<\/label><input[^>]*type="email"/);
    expect(html).not.toMatch(/E-mail[^<]*<\/label><input[^>]*required/);
    expect(html).toMatch(/<select[^>]*name="role"[\s\S]*<option value="Developer">Developer<\/option>/);
    expect(html).toMatch(/<textarea[^>]*name="note"/);
    expect(html).toMatch(/<input(?=[^>]*type="checkbox")(?=[^>]*name="agree")(?=[^>]*required="")[^>]*>/);
    expect(new Set(html.match(/ id="[^"]+"/g)).size).toBe(html.match(/ id="[^"]+"/g)?.length);
    expect(html).toMatch(/type="tel"/);
    expect(html).toMatch(/<button type="submit"[^>]*disabled=""[^>]*>Send<\/button>/);
    expect(html).toContain(en.pages.form_preview);
    expect(html).not.toContain('role="status"');
  });

  it('lets a published page send its form: the submit is enabled, with a status line instead of the note', () => {
    const target = { eventId: 1, slug: 'about', submit: () => Promise.resolve({ replaced: false }) };
    const html = renderToStaticMarkup(
      <PageFormContext.Provider value={target}>
        <PageRenderer content={{ ...page, blocks: page.blocks.filter((block) => block.blockId === 'form') }} />
      </PageFormContext.Provider>,
    );
    expect(html).toMatch(/<button type="submit"(?![^>]*disabled="")[^>]*>Send<\/button>/);
    expect(html).toContain('role="status"');
    expect(html).not.toContain(en.pages.form_preview);
    expect(html).not.toContain('aria-invalid');
  });
});
