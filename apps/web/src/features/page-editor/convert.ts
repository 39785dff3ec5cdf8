// Page content <-> the editor's (Puck's) data. A block `{ id, uuid, blockId, hidden, editorData }`
// becomes one Puck component whose type is the block type's name and whose props are the block's
// editorData plus blockId and hidden; Puck's own item id is the block's uuid.
import { BLOCK_TYPE_IDS, BlockType, migratePageContent, PAGE_CONTENT_VERSION, type BlockTypeId } from '@lobby/contract';
import type { ComponentData, Data } from '@puckeditor/core';

export type BlockName = keyof typeof BlockType;
/** The sixteen block types in their id order (2..17). */
export const BLOCK_NAMES = (Object.keys(BlockType) as BlockName[]).sort((a, b) => BlockType[a] - BlockType[b]);
const NAME_OF = new Map<number, BlockName>(BLOCK_NAMES.map((name) => [BlockType[name], name]));
export const blockNameOf = (id: number): BlockName | undefined => NAME_OF.get(id);
export const isBlockName = (value: string): value is BlockName => Object.hasOwn(BlockType, value);
/** The translation key of a block type's name. */
export const blockLabelKey = (name: BlockName): string => `page_editor.blocks.${name}`;

/** The zone Puck keeps the page's blocks in. */
export const ROOT_ZONE = 'root:default-zone';

/** A block as the editor builds it before the contract checks it (editorData may be incomplete). */
export interface DraftBlock {
  id: BlockTypeId;
  uuid: string;
  blockId: string;
  hidden: boolean;
  editorData: Record<string, unknown>;
}
export interface DraftContent {
  version: typeof PAGE_CONTENT_VERSION;
  blocks: DraftBlock[];
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const TRAILING_UUID = /([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i;
const minted = new Map<string, string>();

/**
 * The block uuid of a Puck item id: the id itself for blocks loaded or added from the menu
 * (crypto.randomUUID()), the uuid Puck puts after the type for items it makes (`Cards-<uuid>`, a
 * drag from the list or a copy), else one minted once per id.
 */
export function uuidOf(puckId: string): string {
  if (UUID.test(puckId)) return puckId.toLowerCase();
  const tail = TRAILING_UUID.exec(puckId)?.[1];
  if (tail) return tail.toLowerCase();
  let uuid = minted.get(puckId);
  if (!uuid) {
    uuid = crypto.randomUUID();
    minted.set(puckId, uuid);
  }
  return uuid;
}

/** The in-page id a block gets until the organiser names it: `block-` and six characters of its uuid. */
export const defaultBlockId = (uuid: string): string => `block-${uuid.replace(/-/g, '').slice(0, 6).toLowerCase()}`;

const isRecord = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value);

/**
 * What the editor's fields leave behind, made ready for the contract: empty texts, nulls and objects
 * left empty (an optional button with neither text nor link) are removed from objects, so optional
 * options are simply absent and required ones read as missing. Items of lists are kept.
 */
export function cleanEditorValue(value: unknown, depth = 0): unknown {
  if (depth > 12) return undefined;
  if (Array.isArray(value)) return value.map((item) => cleanEditorValue(item, depth + 1));
  if (!isRecord(value)) return value;
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    const cleaned = cleanEditorValue(item, depth + 1);
    if (cleaned === undefined || cleaned === null || cleaned === '') continue;
    if (isRecord(cleaned) && Object.keys(cleaned).length === 0) continue;
    out[key] = cleaned;
  }
  return out;
}

/** A Form field's options are a list of texts; the editor's list field edits objects `{ value }`. */
function optionsToEditor(editorData: Record<string, unknown>): Record<string, unknown> {
  if (!Array.isArray(editorData.fields)) return editorData;
  return {
    ...editorData,
    fields: editorData.fields.map((field: unknown) => (isRecord(field) && Array.isArray(field.options) ? { ...field, options: field.options.map((option: unknown) => ({ value: typeof option === 'string' ? option : '' })) } : field)),
  };
}

function optionsFromEditor(props: Record<string, unknown>): Record<string, unknown> {
  if (!Array.isArray(props.fields)) return props;
  return {
    ...props,
    fields: props.fields.map((field: unknown) =>
      isRecord(field) && Array.isArray(field.options) ? { ...field, options: field.options.map((option: unknown) => (isRecord(option) ? (option.value ?? '') : option)) } : field,
    ),
  };
}

/** A video's source, id and link are one value of the video widget (`video`). */
function videoToEditor(editorData: Record<string, unknown>): Record<string, unknown> {
  const { source, videoId, videoUrl, ...rest } = editorData;
  return source === undefined && videoId === undefined && videoUrl === undefined ? rest : { ...rest, video: { source, videoId, videoUrl } };
}

function videoFromEditor(props: Record<string, unknown>): Record<string, unknown> {
  const { video, ...rest } = props;
  return isRecord(video) ? { ...rest, source: video.source, videoId: video.videoId, videoUrl: video.videoUrl } : rest;
}

/** The editor's props of a block's editorData, and back. */
const TO_EDITOR: Partial<Record<BlockName, (data: Record<string, unknown>) => Record<string, unknown>>> = { Form: optionsToEditor, Video: videoToEditor };
const FROM_EDITOR: Partial<Record<BlockName, (props: Record<string, unknown>) => Record<string, unknown>>> = { Form: optionsFromEditor, Video: videoFromEditor };

/**
 * Stored content (any version, see migratePageContent) as the editor's data. Blocks of a type this
 * build does not know are left out and counted; a missing or repeated uuid gets a new one, so every
 * Puck item has its own id.
 */
export function toEditorData(stored: unknown): { data: Data; skipped: number } {
  const migrated = migratePageContent(stored) as { blocks?: unknown };
  const items: unknown[] = Array.isArray(migrated.blocks) ? migrated.blocks : [];
  const seen = new Set<string>();
  const content: ComponentData[] = [];
  let skipped = 0;
  for (const item of items) {
    const name = isRecord(item) && typeof item.id === 'number' && (BLOCK_TYPE_IDS as number[]).includes(item.id) ? blockNameOf(item.id) : undefined;
    if (!name || !isRecord(item)) {
      skipped += 1;
      continue;
    }
    let uuid = typeof item.uuid === 'string' && UUID.test(item.uuid) ? item.uuid.toLowerCase() : crypto.randomUUID();
    if (seen.has(uuid)) uuid = crypto.randomUUID();
    seen.add(uuid);
    const editorData = isRecord(item.editorData) ? item.editorData : {};
    content.push({
      type: name,
      props: { ...(TO_EDITOR[name]?.(editorData) ?? editorData), id: uuid, blockId: typeof item.blockId === 'string' ? item.blockId : '', hidden: item.hidden === true },
    });
  }
  return { data: { root: { props: {} }, content }, skipped };
}

/** One editor item as a block (before the contract checks it). */
export function blockOfItem(item: { type: string; props: Record<string, unknown> }): DraftBlock | null {
  if (!isBlockName(item.type)) return null;
  const { id, blockId, hidden, ...rest } = item.props;
  const uuid = uuidOf(String(id));
  const editorData = cleanEditorValue(FROM_EDITOR[item.type]?.(rest) ?? rest) as Record<string, unknown>;
  const ownId = typeof blockId === 'string' ? blockId.trim() : '';
  return { id: BlockType[item.type], uuid, blockId: ownId || defaultBlockId(uuid), hidden: hidden === true, editorData };
}

/** The editor's data as page content, in the editor's order. */
export function fromEditorData(data: Pick<Data, 'content'>): DraftContent {
  const blocks: DraftBlock[] = [];
  for (const item of data.content) {
    const block = blockOfItem(item as { type: string; props: Record<string, unknown> });
    if (block) blocks.push(block);
  }
  return { version: PAGE_CONTENT_VERSION, blocks };
}
