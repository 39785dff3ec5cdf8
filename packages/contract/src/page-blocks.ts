// The page editor's blocks (contract.md sections 3 "Lesson content block", 5 "Page editor block
// schemas", 9; product.md section 3 Block types): one zod schema per type, used by the editor,
// the renderer and the server, which refuses invalid content with the field and the spec's message.
import { z } from 'zod';
import { isSameOriginPath, PICTURE_URL } from './links.ts';

/** Block types by id (contract.md section 3). */
export const BlockType = {
  Images: 2,
  Markdown: 3,
  Video: 4,
  Content: 5,
  Cards: 6,
  Banners: 7,
  Form: 8,
  Speakers: 9,
  Reviews: 10,
  Iframe: 11,
  Cover: 12,
  Accordion: 13,
  Statistics: 14,
  Tabs: 15,
  TextColumns: 16,
  Title: 17,
} as const;
export type BlockTypeId = (typeof BlockType)[keyof typeof BlockType];
export const BLOCK_TYPE_IDS = Object.values(BlockType) as BlockTypeId[];

/** The spec's messages (contract.md section 5), word for word. */
export const VIDEO_INVALID_MESSAGE = 'Please check that the URL or source of the video is entered correctly.';
export const CARD_LINKS_MESSAGE = "Please, don't use links in markdown text if you have the link on the card";

// Section 9 and section 5 constants.
export const PAGE_CONTENT_WIDTH = 576;
export const PAGE_GRID_GAP = 24;
export const IFRAME_DEFAULT_HEIGHT = 500;
export const DEFAULT_COLOUR = '#000000';
export const PAGE_BLOCKS_MAX = 100;
export const BLOCK_ITEMS_MAX = 48;
export const BLOCK_TEXT_MAX = 20_000;
export const BLOCK_LABEL_MAX = 300;
export const STATISTICS_TITLE_MAX = 4;
export const PAGE_VIDEO_SOURCES = ['youtube', 'gcore', 'googledrive', 'jitsi'] as const;
export const ALIGNMENTS = ['start', 'center', 'end'] as const;
/** Banners and Cover align left, center or right. */
export const SIDE_ALIGNMENTS = ['left', 'center', 'right'] as const;
export const PADDINGS = ['xs', 'sm', 'md', 'lg'] as const;
export const TITLE_SIZES = ['xl', 'xl2', 'xl3'] as const;
export const IMAGE_WIDTHS = ['w-1/2', 'w-1/3', 'w-full'] as const;
export const STATISTICS_IMAGE_SIZES = ['w-1/3', 'w-1/2', 'w-2/3'] as const;
export const FORM_FIELD_KINDS = ['text', 'email', 'phone', 'textarea', 'select', 'checkbox'] as const;

/**
 * The colour widget's rule (contract.md section 5): with a leading # it has 4 or 7 characters, without
 * one exactly 7. Only hexadecimal digits are taken (the value reaches a style attribute).
 */
export function isValidColour(value: string): boolean {
  if (value.startsWith('#')) return (value.length === 4 || value.length === 7) && /^#[0-9a-f]+$/i.test(value);
  return value.length === 7 && /^[0-9a-f]+$/i.test(value);
}

/** Editor option fields starting with tmp_ are stripped on save (contract.md section 5), at every depth. */
export function stripTmp(value: unknown, depth = 0): unknown {
  // Saved content is at most a few levels deep; deeper input is cut, never recursed into without bound.
  if (depth > 12) return undefined;
  if (Array.isArray(value)) return value.map((item) => stripTmp(item, depth + 1));
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    if (key.startsWith('tmp_') || key === '__proto__') continue;
    out[key] = stripTmp(item, depth + 1);
  }
  return out;
}

/** Markdown links (`[x](y)`, `<https://..>`) or bare web addresses inside a text. */
export function markdownHasLinks(text: string): boolean {
  return /\[[^\]]*\]\([^)]*\)|<https?:\/\/[^>]+>|https?:\/\/\S+|www\.\S+\.\S+/i.test(text);
}

/** A link on a page: a path of this site, an in-page block link (#id), or an http(s) address. */
export function isPageLink(value: string): boolean {
  if (value.startsWith('#')) return /^#[A-Za-z][\w-]{0,63}$/.test(value);
  if (isSameOriginPath(value)) return true;
  // eslint-disable-next-line no-control-regex -- excluding control characters is the point
  return /^https?:\/\/[^\s"'<>\\\u0000-\u001f\u007f-\u009f]+$/i.test(value);
}

const text = (max = BLOCK_TEXT_MAX) => z.string().trim().min(1).max(max);
const ZPageLink = z.string().trim().max(2000).refine(isPageLink, { params: { rule: 'page_link' }, message: 'Use a link of this site, a block link (#id) or an http(s) address.' });
const ZPicture = z.string().trim().max(2000).regex(PICTURE_URL, { message: 'Use a picture uploaded here or an https address.' });
const ZColour = z.string().trim().refine(isValidColour, { params: { rule: 'colour' }, message: 'Use a colour such as #000000.' });
const ZColumns = (desktopMax: number) => z.object({ desktop: z.number().int().min(1).max(desktopMax), mobile: z.number().int().min(1).max(6) });
const items = <T extends z.ZodType>(item: T, min = 1) => z.array(item).min(min).max(BLOCK_ITEMS_MAX);

/** Button: buttonUrl and buttonText required (contract.md section 5). */
export const ZBlockButton = z.object({ buttonUrl: ZPageLink, buttonText: text(120) });

/** Layout options every block may carry. */
const layout = {
  padding: z.enum(PADDINGS).optional(),
  background: ZColour.optional(),
};

export const ZImagesData = z.object({ ...layout, columns: ZColumns(6), images: items(z.object({ url: ZPicture, alt: z.string().trim().max(BLOCK_LABEL_MAX).optional(), width: z.enum(IMAGE_WIDTHS).optional(), link: ZPageLink.optional() })) });
export const ZMarkdownData = z.object({ ...layout, text: text(), alignment: z.enum(ALIGNMENTS).optional() });
/** Every problem of a video reads as the spec's one message: a missing or unknown source, a missing id, a link under 20 characters. */
const videoError = { error: VIDEO_INVALID_MESSAGE };
export const ZVideoData = z.object({
  ...layout,
  source: z.enum(PAGE_VIDEO_SOURCES, videoError),
  videoId: z.string(videoError).trim().min(1, videoError).max(200, videoError),
  videoUrl: z.string(videoError).trim().min(20, videoError).max(2000, videoError),
  title: z.string().trim().max(BLOCK_LABEL_MAX).optional(),
});
export const ZContentData = z.object({
  ...layout,
  title: z.string().trim().max(BLOCK_LABEL_MAX).optional(),
  text: text(),
  image: ZPicture.optional(),
  imageWidth: z.enum(IMAGE_WIDTHS).optional(),
  alignment: z.enum(ALIGNMENTS).optional(),
  button: ZBlockButton.optional(),
});
export const ZCardsData = z.object({
  ...layout,
  columns: ZColumns(6),
  cards: items(z.object({ title: text(BLOCK_LABEL_MAX), text: z.string().trim().max(BLOCK_TEXT_MAX).optional(), image: ZPicture.optional(), link: ZPageLink.optional() })),
});
export const ZBannersData = z.object({
  ...layout,
  banners: items(z.object({ image: ZPicture, title: z.string().trim().max(BLOCK_LABEL_MAX).optional(), text: z.string().trim().max(2000).optional(), link: ZPageLink.optional(), alignment: z.enum(SIDE_ALIGNMENTS).optional() })),
});
export const ZFormField = z.object({
  /** The field's key in a submission: letters, digits, _ and -. */
  id: z.string().regex(/^[A-Za-z][\w-]{0,39}$/),
  label: text(BLOCK_LABEL_MAX),
  kind: z.enum(FORM_FIELD_KINDS),
  required: z.boolean().optional(),
  options: z.array(text(BLOCK_LABEL_MAX)).max(BLOCK_ITEMS_MAX).optional(),
});
export const ZFormData = z.object({
  ...layout,
  title: z.string().trim().max(BLOCK_LABEL_MAX).optional(),
  fields: items(ZFormField),
  submitText: text(120),
  /** The e-mail template sent to the submitter ('Email Template', 'Not selected'; not of type Custom), stored as a number. */
  emailTemplateId: z.number().int().min(1).max(2_147_483_647).nullable().optional(),
});
export const ZSpeakersData = z.object({ ...layout, visibleNumber: z.number().int().min(1).max(BLOCK_ITEMS_MAX), speakers: items(z.object({ title: text(BLOCK_LABEL_MAX), subtitle: text(BLOCK_LABEL_MAX), image: ZPicture })) });
export const ZReviewsData = z.object({ ...layout, reviews: items(z.object({ name: text(BLOCK_LABEL_MAX), company: text(BLOCK_LABEL_MAX), text: text(5000), image: ZPicture.optional() })) });
export const ZIframeData = z.object({ ...layout, url: z.url({ protocol: /^https$/, hostname: z.regexes.domain }).max(2000), height: z.number().int().min(100).max(5000).optional(), title: z.string().trim().max(BLOCK_LABEL_MAX).optional() });
export const ZCoverData = z.object({ ...layout, title: text(BLOCK_LABEL_MAX), subtitle: z.string().trim().max(2000).optional(), image: ZPicture.optional(), alignment: z.enum(SIDE_ALIGNMENTS).optional(), button: ZBlockButton.optional() });
const ZTab = z.object({ label: text(BLOCK_LABEL_MAX), text: text() });
export const ZAccordionData = z.object({ ...layout, tabs: items(ZTab, 2) });
export const ZStatisticsData = z.object({
  ...layout,
  image: ZPicture.optional(),
  imageSize: z.enum(STATISTICS_IMAGE_SIZES).optional(),
  cards: items(z.object({ title: text(STATISTICS_TITLE_MAX), subtitle: text(BLOCK_LABEL_MAX) })),
});
export const ZTabsData = z.object({ ...layout, tabs: items(ZTab, 2) });
export const ZTextColumnsData = z.object({ ...layout, columns: ZColumns(4), texts: items(z.object({ text: text() })) });
export const ZTitleData = z.object({ ...layout, text: text(BLOCK_LABEL_MAX), size: z.enum(TITLE_SIZES), alignment: z.enum(ALIGNMENTS).optional(), colour: ZColour.optional() });

const block = <T extends BlockTypeId, D extends z.ZodType>(type: T, data: D) =>
  z.object({
    id: z.literal(type),
    uuid: z.uuid(),
    /** The in-page block id block links scroll to (#blockId). */
    blockId: z.string().regex(/^[A-Za-z][\w-]{0,63}$/),
    hidden: z.boolean(),
    editorData: data,
  });

/** One block of a page: `{ id (the type), uuid, blockId, hidden, editorData }`. */
export const ZPageBlock = z
  .discriminatedUnion('id', [
    block(BlockType.Images, ZImagesData),
    block(BlockType.Markdown, ZMarkdownData),
    block(BlockType.Video, ZVideoData),
    block(BlockType.Content, ZContentData),
    block(BlockType.Cards, ZCardsData),
    block(BlockType.Banners, ZBannersData),
    block(BlockType.Form, ZFormData),
    block(BlockType.Speakers, ZSpeakersData),
    block(BlockType.Reviews, ZReviewsData),
    block(BlockType.Iframe, ZIframeData),
    block(BlockType.Cover, ZCoverData),
    block(BlockType.Accordion, ZAccordionData),
    block(BlockType.Statistics, ZStatisticsData),
    block(BlockType.Tabs, ZTabsData),
    block(BlockType.TextColumns, ZTextColumnsData),
    block(BlockType.Title, ZTitleData),
  ])
  .superRefine((value, ctx) => {
    if (value.id === BlockType.Cards) {
      value.editorData.cards.forEach((card, index) => {
        if (card.link !== undefined && card.text !== undefined && markdownHasLinks(card.text)) {
          ctx.addIssue({ code: 'custom', path: ['editorData', 'cards', index, 'text'], message: CARD_LINKS_MESSAGE, params: { rule: 'card_links' } });
        }
      });
    }
    if (value.id === BlockType.Form) {
      const seen = new Set<string>();
      value.editorData.fields.forEach((field, index) => {
        if (seen.has(field.id)) ctx.addIssue({ code: 'custom', path: ['editorData', 'fields', index, 'id'], message: 'Each field needs its own key.', params: { rule: 'unique' } });
        seen.add(field.id);
        if (field.kind === 'select' && (field.options?.length ?? 0) < 2) ctx.addIssue({ code: 'custom', path: ['editorData', 'fields', index, 'options'], message: 'A list needs at least 2 options.', params: { rule: 'options_min' } });
      });
    }
  });
export type PageBlock = z.infer<typeof ZPageBlock>;

/** Saved page content is versioned; older shapes are migrated when read. */
export const PAGE_CONTENT_VERSION = 1;
export const ZPageContent = z
  .object({ version: z.literal(PAGE_CONTENT_VERSION), blocks: z.array(ZPageBlock).max(PAGE_BLOCKS_MAX) })
  .superRefine((value, ctx) => {
    const ids = new Set<string>();
    value.blocks.forEach((b, index) => {
      if (ids.has(b.blockId)) ctx.addIssue({ code: 'custom', path: ['blocks', index, 'blockId'], message: 'Each block needs its own block id.', params: { rule: 'unique' } });
      ids.add(b.blockId);
    });
  });
export type PageContent = z.infer<typeof ZPageContent>;

/**
 * Reads stored content of any version: version 0 was a bare array of blocks whose in-page id was
 * `anchor`. Unknown shapes give an empty page (never a crash of the reading page).
 */
export function migratePageContent(stored: unknown): unknown {
  if (Array.isArray(stored)) {
    return {
      version: PAGE_CONTENT_VERSION,
      blocks: stored.map((item: unknown) => {
        if (item === null || typeof item !== 'object') return item;
        const { anchor, ...rest } = item as Record<string, unknown>;
        return Object.hasOwn(rest, 'blockId') || anchor === undefined ? rest : { ...rest, blockId: anchor };
      }),
    };
  }
  if (stored !== null && typeof stored === 'object' && (stored as { version?: unknown }).version === PAGE_CONTENT_VERSION) return stored;
  return { version: PAGE_CONTENT_VERSION, blocks: [] };
}

/**
 * What the server does with content sent by the editor: strip tmp_ options, then check every block.
 * `params` are zod's parse options (the server passes an error map to tell the spec's own messages
 * from zod's defaults).
 */
export const parsePageContent = (input: unknown, params?: Parameters<typeof ZPageContent.safeParse>[1]) => ZPageContent.safeParse(stripTmp(migratePageContent(input)), params);
