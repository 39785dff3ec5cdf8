import { BlockType, CARD_LINKS_MESSAGE, checkFormValues, FORM_VALUE_MESSAGES, parsePageContent, VIDEO_INVALID_MESSAGE, type PageContent, type Permission, type TicketKind } from '@lobby/contract';
import { describe, expect, it } from 'vitest';
import { contentProblems, contentShapeProblem, DEFAULT_MESSAGE, formBlockOf, formProblems, formTitleOf, kindProblem, pageAccess, storedValues } from './policy.ts';

const reader = (values: { signedIn?: boolean; isMember?: boolean; ticketKind?: TicketKind | null; permissions?: Permission[] } = {}) => ({
  signedIn: values.signedIn ?? true,
  isMember: values.isMember ?? false,
  ticketKind: values.ticketKind ?? null,
  permissions: new Set(values.permissions ?? []),
});

describe('pageAccess', () => {
  it.each([
    ['guest', reader({ signedIn: false }), 'sign_in'],
    ['member on a general ticket', reader({ isMember: true, ticketKind: 'general' }), 'unavailable'],
    ['member on a standard ticket', reader({ isMember: true, ticketKind: 'standard' }), 'ok'],
    ['member on a business ticket', reader({ isMember: true, ticketKind: 'business' }), 'ok'],
    ['member without a ticket (a role)', reader({ isMember: true }), 'ok'],
    ['organiser', reader({ permissions: ['event.manage'] }), 'ok'],
    ['outsider', reader(), 'not_member'],
  ] as const)('%s', (_name, who, expected) => expect(pageAccess(who)).toBe(expected));
});

describe('kindProblem', () => {
  it.each([
    ['stub with blocks', 'stub', { content: true, frameUrl: false }, null],
    ['stub without blocks', 'stub', { content: false, frameUrl: false }, 'body.content'],
    ['partyspace without blocks', 'partyspace', { content: false, frameUrl: true }, 'body.content'],
    ['frame with an address', 'frame', { content: false, frameUrl: true }, null],
    ['frame without an address', 'frame', { content: true, frameUrl: false }, 'body.frame_url'],
  ] as const)('%s', (_name, kind, has, field) => expect(kindProblem(kind, has)?.field ?? null).toBe(field));
});

const uuid = (n: number) => `6f1c7a3e-8b2d-4c9a-9e1f-2a3b4c5d6e${String(n).padStart(2, '0')}`;
const problemsOf = (blocks: unknown[]) => {
  const parsed = parsePageContent({ version: 1, blocks }, { error: () => DEFAULT_MESSAGE });
  return parsed.success ? [] : contentProblems(parsed.error.issues);
};

describe('contentProblems', () => {
  it.each([
    ['a short video link', { id: BlockType.Video, uuid: uuid(1), blockId: 'v', hidden: false, editorData: { source: 'youtube', videoId: 'abc', videoUrl: 'https://y.be/x' } }, 'body.content.blocks.0.editorData.videoUrl', VIDEO_INVALID_MESSAGE],
    [
      'a card link with links in its text',
      { id: BlockType.Cards, uuid: uuid(2), blockId: 'c', hidden: false, editorData: { columns: { desktop: 2, mobile: 1 }, cards: [{ title: 'A', text: 'see https://example.com', link: '/stub/x' }] } },
      'body.content.blocks.0.editorData.cards.0.text',
      CARD_LINKS_MESSAGE,
    ],
    ['an empty markdown text', { id: BlockType.Markdown, uuid: uuid(3), blockId: 'm', hidden: false, editorData: { text: '' } }, 'body.content.blocks.0.editorData.text', 'This field is required.'],
    ['a colour with letters beyond hex', { id: BlockType.Markdown, uuid: uuid(4), blockId: 'm', hidden: false, editorData: { text: 'x', background: '#zzzzzz' } }, 'body.content.blocks.0.editorData.background', 'Use a colour such as #000000.'],
  ])('%s', (_name, block, field, message) => expect(problemsOf([block])).toContainEqual(expect.objectContaining({ field, message })));

  it('finds nothing in a valid page', () => expect(problemsOf([{ id: BlockType.Markdown, uuid: uuid(5), blockId: 'm', hidden: false, editorData: { text: 'Hello' } }])).toEqual([]));
});

describe('contentShapeProblem', () => {
  it.each([
    ['the current version', { version: 1, blocks: [] }, false],
    ['a bare array (version 0)', [], false],
    ['text', 'text', true],
    ['a number', 3, true],
    ['an unknown version', { version: 2, blocks: [] }, true],
    ['no version', { blocks: [] }, true],
  ] as const)('%s', (_name, content, refused) => expect(contentShapeProblem(content) !== null).toBe(refused));
});

const formContent: PageContent = {
  version: 1,
  blocks: [
    { id: BlockType.Markdown, uuid: '00000000-0000-4000-8000-000000000001', blockId: 'intro', hidden: false, editorData: { text: 'Hi' } },
    {
      id: BlockType.Form,
      uuid: '00000000-0000-4000-8000-000000000002',
      blockId: 'signup',
      hidden: false,
      editorData: { title: '  ', submitText: 'Send', fields: [{ id: 'who', label: 'Name', kind: 'text', required: true }, { id: 'ok', label: 'Agree', kind: 'checkbox' }, { id: 'note', label: 'Note', kind: 'textarea' }] },
    },
    { id: BlockType.Form, uuid: '00000000-0000-4000-8000-000000000003', blockId: 'hidden', hidden: true, editorData: { title: 'Later', submitText: 'Send', fields: [{ id: 'x', label: 'X', kind: 'text' }] } },
  ],
};

describe('formBlockOf', () => {
  it.each([
    ['a visible form', 'signup', {}, 'signup'],
    ['a hidden form', 'hidden', {}, null],
    ['a hidden form, for the back office', 'hidden', { hidden: true }, 'hidden'],
    ['a block that is no form', 'intro', {}, null],
    ['an unknown block', 'nothing', {}, null],
  ] as const)('%s', (_name, blockId, options, expected) => expect(formBlockOf(formContent, blockId, options)?.blockId ?? null).toBe(expected));

  it('finds nothing on a page without blocks (a frame page)', () => expect(formBlockOf(null, 'signup')).toBeNull());
});

describe('form answers', () => {
  const signup = formBlockOf(formContent, 'signup');
  const hidden = formBlockOf(formContent, 'hidden', { hidden: true });

  it("names a form by its title, else by its block id", () => {
    expect(signup && formTitleOf(signup)).toBe('signup');
    expect(hidden && formTitleOf(hidden)).toBe('Later');
  });

  it('lists each problem under values.<key> with its English text and rule', () => {
    const fields = signup?.editorData.fields ?? [];
    expect(formProblems(checkFormValues(fields, { ok: 'yes', other: 1 }))).toEqual([
      { field: 'values.other', message: FORM_VALUE_MESSAGES.unknown, key: 'unknown', params: {} },
      { field: 'values.who', message: FORM_VALUE_MESSAGES.required, key: 'required', params: {} },
      { field: 'values.ok', message: FORM_VALUE_MESSAGES.kind, key: 'kind', params: {} },
    ]);
  });

  it("stores the answers in the form's order, trimmed, without blank ones", () => {
    const stored = signup ? storedValues(signup, { note: '   ', ok: false, who: '  Ann  ' }) : null;
    expect(stored).toEqual({ who: 'Ann', ok: false });
    expect(Object.keys(stored ?? {})).toEqual(['who', 'ok']);
  });
});
