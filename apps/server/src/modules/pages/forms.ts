// Form blocks of organiser pages (issue 14): members send their answers, organisers list and export
// them, and the e-mail template the organiser chose goes to the sender.
import { checkFormValues, EmailType, ErrorCode, LANGUAGES, type FormSubmission, type Language } from '@lobby/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { AccessSource } from '../../access/access.ts';
import type { Limiter } from '../../auth/limits.ts';
import type { Db } from '../../db/client.ts';
import { pageMeta } from '../../db/sql.ts';
import { AppError } from '../../http/errors.ts';
import type { Mailer } from '../../mail/mailer.ts';
import type { MailOverride } from '../../mail/templates.ts';
import { findTemplate } from '../emails/repo.ts';
import { submissionsTable, toCsv } from './export.ts';
import { submissionsOf, submitterAndEvent, upsertSubmission, type SubmissionRow } from './forms-repo.ts';
import { formBlockOf, formProblems, formTitleOf, storedValues, type FormBlock } from './policy.ts';
import { contentOf } from './present.ts';
import { findPage, findPublishedPage, type PageRow } from './repo.ts';
import { notFound, requirePageReader } from './service.ts';

/** A person sends one form of one page at most this many times a minute. */
export const FORM_SUBMISSIONS_PER_MINUTE = 10;
/** An export holds at most this many submissions, the newest. */
export const EXPORT_MAX = 20_000;

export interface FormContext {
  db: Db;
  limiter: Limiter;
  mailer: Mailer;
  log: FastifyBaseLogger;
}

const formNotFound = () => new AppError(404, ErrorCode.pageFormNotFound, 'This page has no such form.');
const pageContent = (row: PageRow) => (row.kind === 'frame' ? null : contentOf(row.content));
const languageOf = (value: string): Language => ((LANGUAGES as readonly string[]).includes(value) ? (value as Language) : 'en');

/**
 * Stores a person's answers to a visible Form block of a published page (who may read the page may
 * send it): 404 page.form_not_found for any other block, 422 validation.failed per field, 429 past
 * FORM_SUBMISSIONS_PER_MINUTE. Sending again replaces the answers.
 */
export async function submitForm(ctx: FormContext, source: AccessSource, eventId: number, slug: string, blockId: string, values: Record<string, string | boolean>) {
  const access = await requirePageReader(source, eventId);
  const page = await findPublishedPage(ctx.db, eventId, slug);
  if (!page) throw notFound();
  const form = formBlockOf(pageContent(page), blockId);
  if (!form) throw formNotFound();
  await ctx.limiter.check([{ key: `pages:form:${page.id}:${access.userId}`, limit: FORM_SUBMISSIONS_PER_MINUTE, windowMs: 60_000 }]);
  const issues = checkFormValues(form.editorData.fields, values);
  if (issues.length > 0) {
    const fields = formProblems(issues);
    throw new AppError(422, ErrorCode.validation, fields[0]?.message ?? 'The answers are not valid.', { fields });
  }
  const row = await upsertSubmission(ctx.db, { eventId, pageId: page.id, blockId, userId: access.userId, formTitle: formTitleOf(form), values: storedValues(form, values) });
  await mailSender(ctx, eventId, access.userId, form);
  return { data: { id: row.id, created_at: row.createdAt.toISOString(), updated_at: row.updatedAt.toISOString(), replaced: !row.inserted } };
}

/**
 * The form's e-mail template, in the sender's language (else English, else any it has), with the
 * variables name and event. A template that is gone, of another event or of type Custom is skipped
 * and logged; nothing here fails the submission, which is stored already.
 */
async function mailSender(ctx: FormContext, eventId: number, userId: number, form: FormBlock): Promise<void> {
  const templateId = form.editorData.emailTemplateId;
  if (templateId === undefined || templateId === null) return;
  try {
    const template = await findTemplate(ctx.db, eventId, templateId);
    if (!template || template.typeId === EmailType.Custom) {
      ctx.log.warn({ eventId, blockId: form.blockId, templateId }, 'form mail skipped: the e-mail template is missing or of type Custom');
      return;
    }
    const found = await submitterAndEvent(ctx.db, userId, eventId);
    if (!found) return;
    const language = languageOf(found.person.language);
    const texts = template.translations[language] ?? template.translations.en ?? LANGUAGES.map((lang) => template.translations[lang]).find(Boolean);
    if (!texts) {
      ctx.log.warn({ eventId, templateId }, 'form mail skipped: the e-mail template has no text');
      return;
    }
    const values = { name: found.person.firstName, event: found.event.name };
    const override: MailOverride = { subject: texts.subject, body: texts.body, values };
    await ctx.mailer.send(found.person.email, { kind: 'page_form', ...values }, language, override);
  } catch (error) {
    ctx.log.error({ err: error, eventId, blockId: form.blockId, templateId }, 'form mail not written');
  }
}

/** The answers by key: the form's current fields in its order, then keys it no longer has. */
function orderedValues(form: FormBlock | null, values: Readonly<Record<string, string | boolean>>): Record<string, string | boolean> {
  const ordered: Record<string, string | boolean> = {};
  for (const field of form?.editorData.fields ?? []) if (Object.hasOwn(values, field.id)) ordered[field.id] = values[field.id] as string | boolean;
  for (const [key, value] of Object.entries(values)) if (!Object.hasOwn(ordered, key)) ordered[key] = value;
  return ordered;
}


const presentSubmission = (row: SubmissionRow, form: FormBlock | null): FormSubmission => ({
  id: row.id,
  block_id: row.blockId,
  form_title: row.formTitle,
  user: { id: row.user.id, name: `${row.user.firstName} ${row.user.lastName}`.trim(), email: row.user.email },
  values: orderedValues(form, row.values),
  created_at: row.createdAt.toISOString(),
  updated_at: row.updatedAt.toISOString(),
});

async function pageOfEvent(db: Db, eventId: number, pageId: number): Promise<PageRow> {
  const row = await findPage(db, eventId, pageId);
  if (!row) throw notFound();
  return row;
}

/** Back office (event.manage): a page's submissions, last sent first, optionally of one form. */
export async function adminSubmissions(db: Db, eventId: number, pageId: number, blockId: string | undefined, page: number, perPage: number) {
  const row = await pageOfEvent(db, eventId, pageId);
  const content = pageContent(row);
  const { rows, total } = await submissionsOf(db, row.id, blockId, perPage, (page - 1) * perPage);
  return { data: rows.map((submission) => presentSubmission(submission, formBlockOf(content, submission.blockId, { hidden: true }))), meta: pageMeta(page, perPage, total) };
}

/** Back office (event.manage): the submissions as a CSV file `<slug>-submissions.csv`. */
export async function exportSubmissions(db: Db, eventId: number, pageId: number, blockId: string | undefined) {
  const row = await pageOfEvent(db, eventId, pageId);
  const { rows } = await submissionsOf(db, row.id, blockId, EXPORT_MAX, 0);
  const table = submissionsTable(
    pageContent(row),
    rows.map((submission) => ({
      blockId: submission.blockId,
      formTitle: submission.formTitle,
      name: `${submission.user.firstName} ${submission.user.lastName}`.trim(),
      email: submission.user.email,
      sentAt: submission.updatedAt,
      values: submission.values,
    })),
    blockId,
  );
  return { filename: `${row.slug}-submissions.csv`, body: toCsv(table) };
}
