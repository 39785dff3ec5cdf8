// Organiser pages (product.md section 2; issue 14): stub, frame and partyspace pages of an event.
import { ErrorCode, parsePageContent, type PageInput, type TicketKind } from '@lobby/contract';
import type { AccessSource, EventAccess } from '../../access/access.ts';
import type { Db } from '../../db/client.ts';
import type { FileUrls } from '../../files/urls.ts';
import { pgCode } from '../../db/sql.ts';
import { AppError } from '../../http/errors.ts';
import { contentProblems, contentShapeProblem, DEFAULT_MESSAGE, kindProblem, pageAccess, type FieldProblem } from './policy.ts';
import { storeFileUrls } from './file-urls.ts';
import { presentAdminPage, presentPage } from './present.ts';
import { deletePage, findPage, findPublishedPage, insertPage, pagesOf, publishedPagesOf, updatePage, type PageRow, type PageValues } from './repo.ts';

/** unique_violation: (event, slug), or the event's one partyspace page. */
const UNIQUE_VIOLATION = '23505';
export const notFound = () => new AppError(404, ErrorCode.pageNotFound, 'This page was not found.');
const slugTaken = () => new AppError(409, ErrorCode.pageSlugTaken, 'Another page of this event has this address.');
const partyspaceTaken = () => new AppError(409, ErrorCode.partyspaceTaken, 'This event already has its partyspace page.');
const invalid = (fields: FieldProblem[]) => new AppError(422, ErrorCode.validation, fields[0]?.message ?? 'The page is not valid.', { fields });

const readerOf = (access: EventAccess) => ({
  signedIn: access.userId !== null,
  isMember: access.member !== null,
  ticketKind: (access.ticketType?.kind as TicketKind | undefined) ?? null,
  permissions: access.permissions,
});

/**
 * Who may read the event's pages (and send their forms): 404 for an unknown or inactive event; 401
 * for guests, 403 for people outside the event, and 403 section.locked on a general ticket.
 */
export async function requirePageReader(source: AccessSource, eventId: number): Promise<EventAccess & { userId: number }> {
  const [event, access] = await Promise.all([source.activeEvent(eventId), source.get(eventId)]);
  if (!event) throw new AppError(404, ErrorCode.eventNotFound, `Event ${eventId} was not found.`);
  const verdict = pageAccess(readerOf(access));
  if (verdict === 'sign_in' || access.userId === null) throw new AppError(401, ErrorCode.unauthorized, 'Sign in to see the pages of this event.');
  if (verdict === 'not_member') throw new AppError(403, ErrorCode.forbidden, "Only the event's members can see its pages.");
  if (verdict !== 'ok') throw new AppError(403, ErrorCode.sectionLocked, 'Your ticket does not open the pages of this event.', { section: 'pages', access: verdict });
  return { ...access, userId: access.userId };
}

/** A published page; 404 page.not_found for drafts, unknown slugs and other events' pages. */
export async function readPage(db: Db, files: FileUrls, source: AccessSource, eventId: number, slug: string) {
  await requirePageReader(source, eventId);
  const row = await findPublishedPage(db, eventId, slug);
  if (!row) throw notFound();
  return { data: presentPage(row, files) };
}

/** The pages index: the event's published pages by title. */
export async function listPublishedPages(db: Db, source: AccessSource, eventId: number) {
  await requirePageReader(source, eventId);
  return { data: (await publishedPagesOf(db, eventId)).map((row) => ({ slug: row.slug, kind: row.kind, title: row.title })) };
}

// Back office (the caller has event.manage) ---------------------------------------------------------

export async function adminPages(db: Db, files: FileUrls, eventId: number) {
  return { data: (await pagesOf(db, eventId)).map((row) => presentAdminPage(row, files)) };
}

/**
 * The stored values of an input: content through storedPageContent, or 422 with each problem.
 */
function valuesOf(input: PageInput, files: FileUrls): PageValues {
  const frameUrl = input.kind === 'frame' ? (input.frame_url ?? null) : null;
  const hasContent = input.content !== undefined && input.content !== null;
  const missing = kindProblem(input.kind, { content: hasContent, frameUrl: frameUrl !== null });
  if (missing) throw invalid([missing]);
  const content = input.kind === 'frame' ? null : storedPageContent(input.content, files);
  return { slug: input.slug, kind: input.kind, title: input.title, published: input.published, content, frameUrl };
}

/**
 * Page-editor content as it is stored (organiser pages, academy lessons): parsePageContent's
 * result (tmp_ options stripped) with its pictures' signed addresses stored by key, or 422
 * validation.failed with each problem under body.content.
 */
export function storedPageContent(content: unknown, files: FileUrls): unknown {
  const shape = contentShapeProblem(content);
  if (shape) throw invalid([shape]);
  const parsed = parsePageContent(content, { error: () => DEFAULT_MESSAGE });
  if (!parsed.success) throw invalid(contentProblems(parsed.error.issues));
  const stored = storeFileUrls(parsed.data, files);
  if (stored.problems.length > 0) throw invalid(stored.problems.map((problem) => ({ field: ['body', 'content', ...problem.path.map(String)].join('.'), message: problem.message, key: 'file_expired', params: {} })));
  return stored.content;
}

/** Slug and partyspace conflicts, checked first for a clear answer and again by the indexes under a race. */
async function checkConflicts(db: Db, eventId: number, values: PageValues, selfId: number | null): Promise<void> {
  const others = (await pagesOf(db, eventId)).filter((row) => row.id !== selfId);
  if (others.some((row) => row.slug === values.slug)) throw slugTaken();
  if (values.kind === 'partyspace' && others.some((row) => row.kind === 'partyspace')) throw partyspaceTaken();
}

async function uniqueSafe(db: Db, eventId: number, values: PageValues, selfId: number | null, work: () => Promise<PageRow | undefined>): Promise<PageRow | undefined> {
  await checkConflicts(db, eventId, values, selfId);
  try {
    return await work();
  } catch (error) {
    if (pgCode(error) !== UNIQUE_VIOLATION) throw error;
    await checkConflicts(db, eventId, values, selfId);
    throw slugTaken();
  }
}

export async function adminCreatePage(db: Db, files: FileUrls, eventId: number, input: PageInput) {
  const values = valuesOf(input, files);
  const row = await uniqueSafe(db, eventId, values, null, () => insertPage(db, eventId, values));
  if (!row) throw notFound();
  return { data: presentAdminPage(row, files) };
}

export async function adminUpdatePage(db: Db, files: FileUrls, eventId: number, id: number, input: PageInput) {
  if (!(await findPage(db, eventId, id))) throw notFound();
  const values = valuesOf(input, files);
  const row = await uniqueSafe(db, eventId, values, id, () => updatePage(db, eventId, id, values));
  if (!row) throw notFound();
  return { data: presentAdminPage(row, files) };
}

export async function adminDeletePage(db: Db, eventId: number, id: number) {
  if (!(await deletePage(db, eventId, id))) throw notFound();
  return { data: { id, deleted: true } };
}
