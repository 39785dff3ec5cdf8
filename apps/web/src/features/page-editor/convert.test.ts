import { BLOCK_TYPE_IDS, BlockType, stripTmp, ZPageContent } from '@lobby/contract';
import { describe, expect, it } from 'vitest';
import { samplePage } from '../pages/page-samples.test-data.ts';
import { FIRST_PROPS } from './config-defaults.ts';
import { BLOCK_NAMES, blockNameOf, cleanEditorValue, defaultBlockId, fromEditorData, toEditorData, uuidOf } from './convert.ts';

const UUID = '0f8fad5b-d9cb-469f-a165-70867728950e';

describe('page content and the editor data', () => {
  it('names the sixteen block types in their id order', () => {
    expect(BLOCK_NAMES).toHaveLength(16);
    expect(BLOCK_NAMES.map((name) => BlockType[name])).toEqual([...BLOCK_TYPE_IDS].sort((a, b) => a - b));
    expect(blockNameOf(4)).toBe('Video');
    expect(blockNameOf(1)).toBeUndefined();
  });

  it('gives back the very content it was given, every block type included', () => {
    const content = ZPageContent.parse(samplePage);
    const { data, skipped } = toEditorData(content);
    expect(skipped).toBe(0);
    expect(data.content.map((item) => item.type)).toEqual(content.blocks.map((block) => blockNameOf(block.id)));
    expect(data.content.map((item) => item.props.id)).toEqual(content.blocks.map((block) => block.uuid));
    expect(ZPageContent.parse(fromEditorData(data))).toEqual(content);
  });

  it('edits a video as one value and a form field’s options as a list of { value }', () => {
    const content = ZPageContent.parse(samplePage);
    const { data } = toEditorData(content);
    const video = data.content.find((item) => item.type === 'Video');
    expect(video?.props.video).toEqual({ source: 'youtube', videoId: 'dQw4w9WgXcQ', videoUrl: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ' });
    expect(video?.props).not.toHaveProperty('videoUrl');
    const form = data.content.find((item) => item.type === 'Form');
    expect((form?.props.fields as { options?: unknown }[])[2]?.options).toEqual([{ value: 'Developer' }, { value: 'Publisher' }]);
  });

  it('reads the old shape (a bare list whose in-page id was anchor) and leaves unknown types out', () => {
    const { data, skipped } = toEditorData([
      { id: 3, uuid: UUID, anchor: 'intro', hidden: true, editorData: { text: 'Hello' } },
      { id: 99, uuid: crypto.randomUUID(), blockId: 'x', hidden: false, editorData: {} },
    ]);
    expect(skipped).toBe(1);
    expect(data.content).toEqual([{ type: 'Markdown', props: { text: 'Hello', id: UUID, blockId: 'intro', hidden: true } }]);
  });

  it('gives a repeated or missing uuid a new one', () => {
    const block = { id: 17, uuid: UUID, blockId: 'a', hidden: false, editorData: { text: 'A', size: 'xl' } };
    const { data } = toEditorData({ version: 1, blocks: [block, { ...block, blockId: 'b' }, { ...block, uuid: 'nope', blockId: 'c' }] });
    const ids = data.content.map((item) => item.props.id);
    expect(ids[0]).toBe(UUID);
    expect(new Set(ids).size).toBe(3);
    for (const id of ids) expect(id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('reads an unknown shape as an empty page', () => {
    expect(toEditorData({ version: 7, blocks: [] }).data.content).toEqual([]);
    expect(toEditorData(null).data.content).toEqual([]);
  });

  it('takes the uuid from the item id: the id itself, the uuid Puck puts after the type, else one made once', () => {
    expect(uuidOf(UUID)).toBe(UUID);
    expect(uuidOf(`Cards-${UUID}`)).toBe(UUID);
    const made = uuidOf('odd');
    expect(made).toMatch(/^[0-9a-f-]{36}$/);
    expect(uuidOf('odd')).toBe(made);
  });

  it('gives a block without a block id block- and six characters of its uuid', () => {
    expect(defaultBlockId(UUID)).toBe('block-0f8fad');
    const { blocks } = fromEditorData({ content: [{ type: 'Title', props: { id: UUID, blockId: '  ', hidden: false, text: 'Hi', size: 'xl' } }] });
    expect(blocks[0]).toEqual({ id: 17, uuid: UUID, blockId: 'block-0f8fad', hidden: false, editorData: { text: 'Hi', size: 'xl' } });
  });

  it('drops empty texts, nulls and emptied objects from options, but keeps list items', () => {
    expect(cleanEditorValue({ a: '', b: null, c: undefined, d: 'x', button: { buttonText: '', buttonUrl: '' }, list: ['', { title: '' }], n: 0 })).toEqual({ d: 'x', list: ['', {}], n: 0 });
  });

  it('keeps editor-only tmp_ options until stripTmp removes them for saving', () => {
    const { blocks } = fromEditorData({ content: [{ type: 'Markdown', props: { id: UUID, blockId: 'm', hidden: false, text: 'Hi', tmp_settings: 'true' } }] });
    expect(blocks[0]?.editorData).toEqual({ text: 'Hi', tmp_settings: 'true' });
    expect(stripTmp(blocks[0])).toEqual({ id: 3, uuid: UUID, blockId: 'm', hidden: false, editorData: { text: 'Hi' } });
  });

  it('starts every block type with what its lists need at least (two tabs for Accordion and Tabs)', () => {
    expect(Object.keys(FIRST_PROPS).sort()).toEqual([...BLOCK_NAMES].sort());
    expect(FIRST_PROPS.Accordion.tabs).toHaveLength(2);
    expect(FIRST_PROPS.Tabs.tabs).toHaveLength(2);
  });
});
