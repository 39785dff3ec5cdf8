// Organiser pages (issue 14): who reads them, and what a page must carry for its kind.
import { BlockType, describeIssue, englishFormMessage, FORM_VALUE_MESSAGES, PAGE_CONTENT_VERSION, sectionAccess, type FormValueIssue, type PageBlock, type PageContent, type PageKind, type Permission, type SectionAccess, type TicketKind } from '@lobby/contract';
import type { z } from 'zod';

export interface PageReader {
  signedIn: boolean;
  isMember: boolean;
  ticketKind: TicketKind | null;
  permissions: ReadonlySet<Permission>;
}

/** stub, frame and partyspace pages: members not on a general ticket, organisers and staff (SECTIONS.pages). */
export const pageAccess = (reader: PageReader): SectionAccess => sectionAccess('pages', { ...reader, upgradeGrants: null });

export interface FieldProblem {
  field: string;
  message: string;
  key: string;
  params: Record<string, number | string>;
}

/** The message zod gives an issue whose schema names no text of its own (passed as the parse's error map). */
export const DEFAULT_MESSAGE = '\u0000default';

/**
 * Block problems as the API lists them: the field path under body.content, and the spec's message
 * where the block schema has one (the video's, the card links'), else the form message of the rule.
 */
export function contentProblems(issues: readonly z.core.$ZodIssue[]): FieldProblem[] {
  return issues.map((issue) => {
    const described = describeIssue(issue);
    const message = issue.message && issue.message !== DEFAULT_MESSAGE ? issue.message : englishFormMessage(described);
    return { field: ['body', 'content', ...issue.path.map(String)].join('.'), message, key: described.key, params: described.params };
  });
}

/** What a page of a kind must carry: blocks for stub and partyspace, an address for frame. */
export function kindProblem(kind: PageKind, has: { content: boolean; frameUrl: boolean }): FieldProblem | null {
  if (kind === 'frame' && !has.frameUrl) return { field: 'body.frame_url', message: 'A frame page needs the https address it shows.', key: 'required', params: {} };
  if (kind !== 'frame' && !has.content) return { field: 'body.content', message: 'This page needs its blocks.', key: 'required', params: {} };
  return null;
}

/**
 * Content the editor sends is the current version, or a bare array of blocks (version 0). Reading
 * turns any other shape into an empty page; saving refuses it, so nothing is lost silently.
 */
export function contentShapeProblem(content: unknown): FieldProblem | null {
  if (Array.isArray(content)) return null;
  if (content !== null && typeof content === 'object' && (content as { version?: unknown }).version === PAGE_CONTENT_VERSION) return null;
  return { field: 'body.content', message: `Send the blocks as { version: ${PAGE_CONTENT_VERSION}, blocks }.`, key: 'invalid', params: {} };
}

export type FormBlock = Extract<PageBlock, { id: typeof BlockType.Form }>;

/**
 * The form a submission names: a visible Form block of the page's content, else null (the same 404
 * for each case). The back office reads hidden forms too (their answers stay).
 */
export function formBlockOf(content: PageContent | null, blockId: string, options: { hidden?: boolean } = {}): FormBlock | null {
  const block = content?.blocks.find((candidate) => candidate.blockId === blockId);
  if (!block || (block.hidden && !options.hidden) || block.id !== BlockType.Form) return null;
  return block;
}

/** A form's name in the back office and the export: its title, else its block id. */
export const formTitleOf = (block: FormBlock): string => block.editorData.title?.trim() || block.blockId;

/** checkFormValues' problems as the API lists them: `values.<field key>` with the English text of the rule. */
export const formProblems = (issues: readonly FormValueIssue[]): FieldProblem[] => issues.map((issue) => ({ field: `values.${issue.field}`, message: FORM_VALUE_MESSAGES[issue.rule], key: issue.rule, params: {} }));

/**
 * What is stored of the answers (after checkFormValues): the form's fields in its order, text
 * trimmed, blank optional answers left out.
 */
export function storedValues(block: FormBlock, values: Readonly<Record<string, string | boolean>>): Record<string, string | boolean> {
  const stored: Record<string, string | boolean> = {};
  for (const field of block.editorData.fields) {
    if (!Object.hasOwn(values, field.id)) continue;
    const value = values[field.id];
    if (typeof value === 'boolean') stored[field.id] = value;
    else if (typeof value === 'string' && value.trim() !== '') stored[field.id] = value.trim();
  }
  return stored;
}
