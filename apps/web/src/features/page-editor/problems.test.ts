import { VIDEO_INVALID_MESSAGE } from '@lobby/contract';
import { describe, expect, it } from 'vitest';
import en from '../../i18n/locales/en.json';
import { fromEditorData, type DraftContent } from './convert.ts';
import { checkContent, problemField, problemText, serverProblems } from './problems.ts';

const A = '0f8fad5b-d9cb-469f-a165-70867728950e';
const B = '7c9e6679-7425-40de-944b-e07fc1f90ae7';

/** en.json lookups with {{variables}}, as i18next would give them. */
function t(key: string, options: Record<string, unknown> = {}): string {
  const found = key.split('.').reduce<unknown>((node, part) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined), en);
  const text = typeof found === 'string' ? found : typeof options.defaultValue === 'string' ? options.defaultValue : key;
  return text.replace(/{{\s*(\w+)\s*}}/g, (_, name: string) => String(options[name] ?? ''));
}

const page = (items: { type: string; props: Record<string, unknown> }[]): DraftContent => fromEditorData({ content: items });

describe('the page problems', () => {
  it('names none for valid content', () => {
    expect(checkContent(page([{ type: 'Title', props: { id: A, blockId: 'top', hidden: false, text: 'Programme', size: 'xl2' } }]))).toEqual([]);
  });

  it('gives a too short video link the spec’s message, on that block', () => {
    const problems = checkContent(page([{ type: 'Video', props: { id: A, blockId: 'v', hidden: false, video: { source: 'youtube', videoId: 'abc', videoUrl: 'https://youtu.be' } } }]));
    expect(problems).toEqual([{ uuid: A, path: ['editorData', 'video'], key: 'page_editor.messages.video', params: {} }]);
    expect(problemText(t, problems[0]!)).toBe('Please check that the URL or source of the video is entered correctly.');
    expect(problemField(t, problems[0]!)).toBe('Video');
    // An empty video: one line, not one per part.
    expect(checkContent(page([{ type: 'Video', props: { id: A, blockId: 'v', hidden: false } }]))).toHaveLength(1);
  });

  it('says a linked card must not hold links in its text', () => {
    const cards = { columns: { desktop: 2, mobile: 1 }, cards: [{ title: 'Expo', text: 'See [the hall](https://example.org)', link: '#hall' }] };
    const problems = checkContent(page([{ type: 'Cards', props: { id: A, blockId: 'c', hidden: false, ...cards } }]));
    expect(problems).toHaveLength(1);
    expect(problems[0]?.key).toBe('page_editor.messages.card_links');
    expect(problemText(t, problems[0]!)).toBe("Please, don't use links in markdown text if you have the link on the card");
    expect(problemField(t, problems[0]!)).toBe('Cards › 1 › Text');
  });

  it('asks Accordion for two tabs and Statistics for figures of at most 4 characters, with the form messages', () => {
    const problems = checkContent(
      page([
        { type: 'Accordion', props: { id: A, blockId: 'faq', hidden: false, tabs: [{ label: 'Where?', text: 'Here' }] } },
        { type: 'Statistics', props: { id: B, blockId: 'stats', hidden: false, cards: [{ title: '12345', subtitle: 'Guests' }] } },
      ]),
    );
    expect(problems.map((problem) => [problem.uuid, problem.path.join('.'), problemText(t, problem)])).toEqual([
      [A, 'editorData.tabs', 'Add at least 2 items.'],
      [B, 'editorData.cards.0.title', 'Must be at most 4 characters.'],
    ]);
  });

  it('reads a missing required text as required', () => {
    const problems = checkContent(page([{ type: 'Markdown', props: { id: A, blockId: 'm', hidden: false, text: '' } }]));
    expect(problems.map((problem) => [problem.path.join('.'), problemText(t, problem)])).toEqual([['editorData.text', 'This field is required.']]);
  });

  it('finds two blocks with one block id', () => {
    const title = { hidden: false, blockId: 'same', text: 'T', size: 'xl' };
    const problems = checkContent(page([{ type: 'Title', props: { ...title, id: A } }, { type: 'Title', props: { ...title, id: B } }]));
    expect(problems).toEqual([expect.objectContaining({ uuid: B, path: ['blockId'] })]);
    expect(problemText(t, problems[0]!)).toBe('Each block needs its own block id.');
  });

  it('puts the server’s 422 fields on the blocks that were sent', () => {
    const sent = page([
      { type: 'Title', props: { id: A, blockId: 't', hidden: false, text: 'T', size: 'xl' } },
      { type: 'Video', props: { id: B, blockId: 'v', hidden: false } },
    ]);
    const problems = serverProblems(
      [
        { field: 'body.content.blocks.1.editorData.videoUrl', message: VIDEO_INVALID_MESSAGE, key: 'invalid', params: {} },
        { field: 'body.content.blocks.0.editorData.text', message: 'Must be at most 300 characters.', key: 'max_length', params: { max: 300 } },
        { field: 'body.slug', message: 'Contains characters that are not allowed.', key: 'invalid_characters', params: {} },
      ],
      sent,
    );
    expect(problems.map((problem) => [problem.uuid, problem.path.join('.'), problemText(t, problem)])).toEqual([
      [B, 'editorData.video', 'Please check that the URL or source of the video is entered correctly.'],
      [A, 'editorData.text', 'Must be at most 300 characters.'],
      [null, 'slug', 'Contains characters that are not allowed.'],
    ]);
    // A list the server finds too short ("at least 2") reads as a list, not as characters.
    const short = page([{ type: 'Tabs', props: { id: A, blockId: 'tabs', hidden: false, tabs: [{ label: 'One', text: 'Text' }] } }]);
    const listProblem = serverProblems([{ field: 'body.content.blocks.0.editorData.tabs', message: 'Must be at least 2 characters.', key: 'min_length', params: { min: 2 } }], short);
    expect(problemText(t, listProblem[0]!)).toBe('Add at least 2 items.');
    expect(serverProblems(undefined, sent)).toEqual([]);
  });
});
