import { BlockType, type AdminPage, type PageContent } from '@lobby/contract';
import { describe, expect, it } from 'vitest';
import { answersOf, checkPageValues, formBlocksOf, pageInputOf, readingSegment, suggestSlug, withPublished, type PageFormValues } from './pages-rules.ts';

const values = (patch: Partial<PageFormValues> = {}): PageFormValues => ({ kind: 'stub', title: 'About', slug: 'about', frame_url: '', published: false, ...patch });

const content: PageContent = {
  version: 1,
  blocks: [
    { id: BlockType.Title, uuid: '3f1c7a9e-2b4d-4c8e-9a1f-5d6e7f8a9b0c', blockId: 'intro', hidden: false, editorData: { text: 'Hello', size: 'xl' } },
    {
      id: BlockType.Form,
      uuid: '4a2b8c0d-3e5f-4a7b-8c9d-0e1f2a3b4c5d',
      blockId: 'signup',
      hidden: false,
      editorData: { title: ' Sign up ', submitText: 'Send', fields: [{ id: 'name', label: 'Your name', kind: 'text', required: true }, { id: 'agree', label: 'I agree', kind: 'checkbox' }] },
    },
    { id: BlockType.Form, uuid: '5b3c9d1e-4f6a-4b8c-9d0e-1f2a3b4c5d6e', blockId: 'feedback', hidden: true, editorData: { submitText: 'Send', fields: [{ id: 'text', label: 'Feedback', kind: 'textarea' }] } },
  ],
};

const page = (patch: Partial<AdminPage> = {}): AdminPage => ({
  id: 7,
  slug: 'about',
  kind: 'stub',
  title: 'About',
  content,
  frame_url: null,
  published: false,
  created_at: '2026-05-01T09:00:00.000Z',
  updated_at: '2026-05-01T10:00:00.000Z',
  ...patch,
});

describe('organiser pages in the back office', () => {
  it.each([
    ['About the summit', 'about-the-summit'],
    ['  Café & Bar!  ', 'cafe-bar'],
    ['Вечерняя программа', 'vechernyaya-programma'],
    ['Щука и ёж 2026', 'shchuka-i-ezh-2026'],
    ['晚会', ''],
    ['---', ''],
    [`${'a'.repeat(63)} b`, 'a'.repeat(63)],
  ])('suggests the address %j → %j', (title, slug) => {
    expect(suggestSlug(title)).toBe(slug);
  });

  it('checks the title, the address and a frame page’s https address', () => {
    expect(checkPageValues(values())).toEqual({});
    expect(checkPageValues(values({ title: ' ', slug: '' }))).toEqual({ title: { key: 'form.required' }, slug: { key: 'form.required' } });
    expect(checkPageValues(values({ title: 'x'.repeat(201) })).title).toEqual({ key: 'form.max_length', params: { max: 200 } });
    expect(checkPageValues(values({ slug: 'About Us' })).slug).toEqual({ key: 'admin_pages.slug_invalid' });
    expect(checkPageValues(values({ slug: '-about' })).slug).toEqual({ key: 'admin_pages.slug_invalid' });
    expect(checkPageValues(values({ kind: 'frame' })).frame_url).toEqual({ key: 'form.required' });
    for (const bad of ['http://tickets.example.com', 'javascript:alert(1)', 'https://user:pw@tickets.example.com/', 'tickets'])
      expect(checkPageValues(values({ kind: 'frame', frame_url: bad })).frame_url).toEqual({ key: 'admin_pages.frame_url_invalid' });
    expect(checkPageValues(values({ kind: 'frame', frame_url: 'https://tickets.example.com/summit' }))).toEqual({});
    // Only a frame page has an address to check.
    expect(checkPageValues(values({ kind: 'stub', frame_url: 'http://x' }))).toEqual({});
  });

  it('sends a frame page its address and the other kinds their blocks', () => {
    expect(pageInputOf(values({ kind: 'frame', title: ' Tickets ', frame_url: ' https://t.example.com ' }))).toEqual({ kind: 'frame', title: 'Tickets', slug: 'about', published: false, frame_url: 'https://t.example.com' });
    expect(pageInputOf(values({ kind: 'partyspace' }))).toEqual({ kind: 'partyspace', title: 'About', slug: 'about', published: false, content: { version: 1, blocks: [] } });
    expect(withPublished(page(), true)).toEqual({ kind: 'stub', title: 'About', slug: 'about', published: true, content });
    expect(withPublished(page({ kind: 'frame', content: null, frame_url: 'https://t.example.com/x', published: true }), false)).toEqual({ kind: 'frame', title: 'About', slug: 'about', published: false, frame_url: 'https://t.example.com/x' });
  });

  it('reads stub and frame pages by their address, the partyspace page at its own', () => {
    expect(readingSegment({ kind: 'stub', slug: 'venue' })).toBe('stub/venue');
    expect(readingSegment({ kind: 'frame', slug: 'tickets' })).toBe('frame/tickets');
    expect(readingSegment({ kind: 'partyspace', slug: 'evening' })).toBe('partyspace');
  });

  it('finds the form blocks, hidden ones too, titled or by block id', () => {
    expect(formBlocksOf(content)).toEqual([
      { blockId: 'signup', title: 'Sign up', fields: [{ id: 'name', label: 'Your name' }, { id: 'agree', label: 'I agree' }] },
      { blockId: 'feedback', title: 'feedback', fields: [{ id: 'text', label: 'Feedback' }] },
    ]);
    expect(formBlocksOf(null)).toEqual([]);
  });

  it('labels the answers by the form’s fields, and by key for a field that is gone', () => {
    const forms = formBlocksOf(content);
    expect(answersOf({ block_id: 'signup', values: { name: 'Ann', agree: true, phone: '+1 555' } }, forms)).toEqual([
      { key: 'name', label: 'Your name', value: 'Ann' },
      { key: 'agree', label: 'I agree', value: true },
      { key: 'phone', label: 'phone', value: '+1 555' },
    ]);
    expect(answersOf({ block_id: 'removed', values: { name: 'Bo' } }, forms)).toEqual([{ key: 'name', label: 'name', value: 'Bo' }]);
  });
});
