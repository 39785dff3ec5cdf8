// The back office's organiser pages (issue 14): what the list, the page form and the submissions
// table work out from the API's pages, kept free of React so the rules are tested on their own.
import { BlockType, PAGE_CONTENT_VERSION, PAGE_SLUG_PATTERN, PAGE_TITLE_MAX, ZFrameUrl, type AdminPage, type FormSubmission, type PageContent, type PageInput, type PageKind } from '@lobby/contract';

/** Slugs are at most 64 characters (PAGE_SLUG_PATTERN). */
const SLUG_MAX = 64;

const CYRILLIC: Readonly<Record<string, string>> = {
  а: 'a', б: 'b', в: 'v', г: 'g', д: 'd', е: 'e', ё: 'e', ж: 'zh', з: 'z', и: 'i', й: 'y', к: 'k', л: 'l', м: 'm', н: 'n', о: 'o', п: 'p',
  р: 'r', с: 's', т: 't', у: 'u', ф: 'f', х: 'kh', ц: 'ts', ч: 'ch', ш: 'sh', щ: 'shch', ъ: '', ы: 'y', ь: '', э: 'e', ю: 'yu', я: 'ya',
};

/**
 * The address a title suggests: Latin letters without accents, Russian letters spelt in Latin ones,
 * every other run of characters a single hyphen. Empty when nothing of the title fits (a title in
 * Chinese): the organiser then types the address.
 */
export function suggestSlug(title: string): string {
  const latin = [...title.toLowerCase().normalize('NFKD')].map((char) => CYRILLIC[char] ?? char).join('');
  const slug = latin
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return slug.slice(0, SLUG_MAX).replace(/-+$/, '');
}

export interface PageFormValues {
  kind: PageKind;
  title: string;
  slug: string;
  frame_url: string;
  published: boolean;
}

export type PageField = 'kind' | 'title' | 'slug' | 'frame_url';
/** A field's problem as a text key (form.* or admin_pages.*) and its parameters. */
export interface PageProblem {
  key: string;
  params?: Record<string, number>;
}

/** The same rules the server applies to the fields the form has (ZPageInput, ZFrameUrl). */
export function checkPageValues(values: PageFormValues): Partial<Record<PageField, PageProblem>> {
  const problems: Partial<Record<PageField, PageProblem>> = {};
  const title = values.title.trim();
  if (title === '') problems.title = { key: 'form.required' };
  else if (title.length > PAGE_TITLE_MAX) problems.title = { key: 'form.max_length', params: { max: PAGE_TITLE_MAX } };
  if (values.slug === '') problems.slug = { key: 'form.required' };
  else if (!PAGE_SLUG_PATTERN.test(values.slug)) problems.slug = { key: 'admin_pages.slug_invalid' };
  if (values.kind === 'frame') {
    if (values.frame_url.trim() === '') problems.frame_url = { key: 'form.required' };
    else if (!ZFrameUrl.safeParse(values.frame_url).success) problems.frame_url = { key: 'admin_pages.frame_url_invalid' };
  }
  return problems;
}

/** A new page of blocks starts empty; the editor fills it. */
export const emptyContent = (): PageContent => ({ version: PAGE_CONTENT_VERSION, blocks: [] });

/** What the form sends: a frame page its address, the other kinds their blocks (kept as they are when editing). */
export function pageInputOf(values: PageFormValues, content: PageContent | null = null): PageInput {
  const base = { kind: values.kind, title: values.title.trim(), slug: values.slug, published: values.published };
  return values.kind === 'frame' ? { ...base, frame_url: values.frame_url.trim() } : { ...base, content: content ?? emptyContent() };
}

export const valuesOfPage = (page: AdminPage): PageFormValues => ({ kind: page.kind, title: page.title, slug: page.slug, frame_url: page.frame_url ?? '', published: page.published });

/** The whole page again with another published state (the update is a PUT of the page). */
export const withPublished = (page: AdminPage, published: boolean): PageInput => pageInputOf({ ...valuesOfPage(page), published }, page.content);

/** Where members read the page, inside the event: stub/{slug}, frame/{slug}, or partyspace. */
export const readingSegment = (page: Pick<AdminPage, 'kind' | 'slug'>): string => (page.kind === 'partyspace' ? 'partyspace' : `${page.kind}/${page.slug}`);

/** The back office's addresses of a page: the editor (full width, outside the event's tabs) and the form submissions. */
export const editPath = (eventId: number, pageId: number): string => `/admin/events/${eventId}/pages/${pageId}/edit`;
export const submissionsPath = (eventId: number, pageId: number): string => `/admin/events/${eventId}/pages/${pageId}/submissions`;
export const pagesPath = (eventId: number): string => `/admin/events/${eventId}/pages`;

/** Stub and partyspace pages are built in the editor; a frame page is edited in its row. */
export const hasBlocks = (kind: PageKind): boolean => kind !== 'frame';

export interface FormBlock {
  blockId: string;
  /** The form's title, or its block id when it has none. */
  title: string;
  fields: { id: string; label: string }[];
}

/** The Form blocks of a page's content, in page order. */
export function formBlocksOf(content: PageContent | null): FormBlock[] {
  const forms: FormBlock[] = [];
  for (const block of content?.blocks ?? []) {
    if (block.id !== BlockType.Form) continue;
    forms.push({ blockId: block.blockId, title: block.editorData.title?.trim() || block.blockId, fields: block.editorData.fields.map((field) => ({ id: field.id, label: field.label })) });
  }
  return forms;
}

export interface Answer {
  key: string;
  /** The field's label on the page now, or its key when the field is gone. */
  label: string;
  value: string | boolean;
}

/** A submission's answers in the order it holds them, labelled by the form's fields. */
export function answersOf(submission: Pick<FormSubmission, 'block_id' | 'values'>, forms: readonly FormBlock[]): Answer[] {
  const fields = forms.find((form) => form.blockId === submission.block_id)?.fields ?? [];
  return Object.entries(submission.values).map(([key, value]) => ({ key, label: fields.find((field) => field.id === key)?.label ?? key, value }));
}
