// The page's problems as the editor shows them: each names its block and field and carries the
// spec's message (the video's, the card links') or the form message of the rule. The same list is
// made from the contract's check in the browser and from the server's 422 answer.
import { BlockType, CARD_LINKS_MESSAGE, describeIssue, FORM_MESSAGE_KEYS, VIDEO_INVALID_MESSAGE, ZPageContent, type FormMessageKey } from '@lobby/contract';
import type { DraftBlock, DraftContent } from './convert.ts';

export interface PageProblem {
  /** The block's uuid, or null for a problem of the page as a whole. */
  uuid: string | null;
  /** The field's path inside the block (['editorData', 'cards', 0, 'text'], ['blockId']). */
  path: (string | number)[];
  /** The translation key of its text (form.* or page_editor.messages.*) and the text's values. */
  key: string;
  params: Record<string, string | number>;
  /** The contract's own English text when this build has no translation of it. */
  fallback?: string;
}

/** What zod says when a schema names no message of its own (passed as the parse's error map). */
const DEFAULT_MESSAGE = '\u0000default';

/** Messages the block schemas carry, by their English text, and the key of their translation. */
export const OWN_MESSAGES: Record<string, string> = {
  [VIDEO_INVALID_MESSAGE]: 'page_editor.messages.video',
  [CARD_LINKS_MESSAGE]: 'page_editor.messages.card_links',
  'Use a link of this site, a block link (#id) or an http(s) address.': 'page_editor.messages.link',
  'Use a picture uploaded here or an https address.': 'page_editor.messages.picture',
  'Use a colour such as #000000.': 'page_editor.messages.colour',
  'Each field needs its own key.': 'page_editor.messages.field_key',
  'A list needs at least 2 options.': 'page_editor.messages.options_min',
  'Each block needs its own block id.': 'page_editor.messages.block_id',
};

const formKey = (value: unknown): string => `form.${(FORM_MESSAGE_KEYS as readonly string[]).includes(String(value)) ? (value as FormMessageKey) : 'invalid'}`;

/** A message of the block schemas (the spec's own texts): its translation, or the English text itself. */
const ownMessage = (message: string): Pick<PageProblem, 'key' | 'params' | 'fallback'> => {
  const key = OWN_MESSAGES[message];
  return key ? { key, params: {} } : { key: '', params: {}, fallback: message };
};

/** The value at a path of a block (to tell a list from a text when the server says "at least 2"). */
function valueAt(root: unknown, path: readonly (string | number)[]): unknown {
  let node = root;
  for (const part of path) node = node !== null && typeof node === 'object' ? (node as Record<string | number, unknown>)[part] : undefined;
  return node;
}

/** "Add at least N" for a list that is too short; the form's "at least N characters" reads wrong there. */
const itemsMin = (min: number): Pick<PageProblem, 'key' | 'params'> => ({ key: 'page_editor.messages.items_min', params: { min } });

/** A video's source, id and link are one field in the editor (the video widget). */
const VIDEO_PARTS = new Set(['source', 'videoId', 'videoUrl']);
function editorPath(block: DraftBlock | undefined, path: (string | number)[]): (string | number)[] {
  if (block?.id === BlockType.Video && path.length === 2 && path[0] === 'editorData' && VIDEO_PARTS.has(String(path[1]))) return ['editorData', 'video'];
  return path;
}

/** One line per block, field and text (a video's three parts say the same thing). */
function unique(problems: PageProblem[]): PageProblem[] {
  const seen = new Set<string>();
  return problems.filter((problem) => {
    const key = JSON.stringify([problem.uuid, problem.path, problem.key, problem.params, problem.fallback]);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** Every problem of the content, in block order, by the contract's ZPageContent (as the server checks it). */
export function checkContent(content: DraftContent): PageProblem[] {
  const result = ZPageContent.safeParse(content, { error: () => DEFAULT_MESSAGE });
  if (result.success) return [];
  const problems = result.error.issues.map((issue): PageProblem => {
    const [head, index, ...rest] = issue.path;
    const block = head === 'blocks' && typeof index === 'number' ? content.blocks[index] : undefined;
    const path = editorPath(block, (block ? rest : issue.path).map((part) => (typeof part === 'number' ? part : String(part))));
    const uuid = block?.uuid ?? null;
    if (issue.message && issue.message !== DEFAULT_MESSAGE) return { uuid, path, ...ownMessage(issue.message) };
    if (issue.code === 'too_small' && issue.origin === 'array') return { uuid, path, ...itemsMin(Number(issue.minimum)) };
    const described = describeIssue(issue);
    return { uuid, path, key: `form.${described.key}`, params: described.params };
  });
  return unique(problems);
}

interface ServerField {
  field?: unknown;
  message?: unknown;
  key?: unknown;
  params?: unknown;
}

/**
 * The server's 422 field list (`body.content.blocks.3.editorData.videoUrl`) on the blocks of the
 * content that was sent; a problem outside the blocks (the slug, the title) belongs to no block.
 */
export function serverProblems(fields: unknown, sent: DraftContent): PageProblem[] {
  if (!Array.isArray(fields)) return [];
  const problems = (fields as ServerField[]).map((item): PageProblem => {
    const parts = String(item.field ?? '')
      .replace(/^body\./, '')
      .split('.')
      .filter(Boolean);
    const inBlocks = parts[0] === 'content' && parts[1] === 'blocks' && /^\d+$/.test(parts[2] ?? '');
    const block = inBlocks ? sent.blocks[Number(parts[2])] : undefined;
    const path = editorPath(block, (block ? parts.slice(3) : parts).map((part) => (/^\d+$/.test(part) ? Number(part) : part)));
    const params = item.params !== null && typeof item.params === 'object' ? (item.params as Record<string, string | number>) : {};
    const uuid = block?.uuid ?? null;
    if (typeof item.message === 'string' && Object.hasOwn(OWN_MESSAGES, item.message)) return { uuid, path, ...ownMessage(item.message) };
    if (item.key === 'min_length' && block && Array.isArray(valueAt(block, path))) return { uuid, path, ...itemsMin(Number(params.min)) };
    return { uuid, path, key: formKey(item.key), params };
  });
  return unique(problems);
}

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** A problem's text in the person's language. */
export function problemText(t: Translate, problem: PageProblem): string {
  return problem.fallback ?? t(problem.key, problem.params);
}

/**
 * The field a problem is about, for people: the option names along its path and list positions
 * counted from 1 ('Cards › 2 › Text'). `editorData` itself is not named.
 */
export function problemField(t: Translate, problem: PageProblem): string {
  const parts = problem.path.filter((part) => part !== 'editorData');
  if (parts.length === 0) return t('page_editor.whole_block');
  return parts.map((part) => (typeof part === 'number' ? String(part + 1) : t(`page_editor.fields.${part}`, { defaultValue: part }))).join(' › ');
}
