// Form blocks (type 8) of organiser pages (issue 14): a member fills the fields the organiser
// defined; the submission is stored per page and block, listed and exported as CSV in the back
// office, and the block's chosen e-mail template is sent to the submitter.
import { z } from 'zod';
import { dataOf, pageOf, ZPageQuery, ZTimestamp } from './common.ts';
import { ZEventId } from './members.ts';
import type { ZFormField } from './page-blocks.ts';
import { PAGE_SLUG_PATTERN } from './pages.ts';
import { defineRoute } from './route.ts';

export const FORM_VALUE_MAX = 5000;
export const FORM_SHORT_VALUE_MAX = 300;
/** What one field may hold: text for text, email, phone, textarea and select; true or false for checkbox. */
export type FormValue = string | boolean;
export type FormField = z.infer<typeof ZFormField>;
export const FORM_VALUE_RULES = ['required', 'email', 'phone', 'option', 'too_long', 'kind', 'unknown'] as const;
export type FormValueRule = (typeof FORM_VALUE_RULES)[number];
export interface FormValueIssue {
  field: string;
  rule: FormValueRule;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const PHONE = /^\+?[\d\s().-]{5,30}$/;

/**
 * Checks a submission against the block's fields (the same rule in the browser and on the server).
 * `values` is read by own properties only; keys the form does not define are refused.
 */
export function checkFormValues(fields: readonly FormField[], values: Readonly<Record<string, unknown>>): FormValueIssue[] {
  const issues: FormValueIssue[] = [];
  const known = new Set(fields.map((field) => field.id));
  for (const key of Object.keys(values)) if (!known.has(key)) issues.push({ field: key, rule: 'unknown' });
  for (const field of fields) {
    const value = Object.hasOwn(values, field.id) ? values[field.id] : undefined;
    if (field.kind === 'checkbox') {
      if (value !== undefined && typeof value !== 'boolean') issues.push({ field: field.id, rule: 'kind' });
      else if (field.required && value !== true) issues.push({ field: field.id, rule: 'required' });
      continue;
    }
    if (value !== undefined && typeof value !== 'string') {
      issues.push({ field: field.id, rule: 'kind' });
      continue;
    }
    const text = (value ?? '').trim();
    if (text === '') {
      if (field.required) issues.push({ field: field.id, rule: 'required' });
      continue;
    }
    const max = field.kind === 'textarea' ? FORM_VALUE_MAX : FORM_SHORT_VALUE_MAX;
    if (text.length > max) issues.push({ field: field.id, rule: 'too_long' });
    else if (field.kind === 'email' && !EMAIL.test(text)) issues.push({ field: field.id, rule: 'email' });
    else if (field.kind === 'phone' && !PHONE.test(text)) issues.push({ field: field.id, rule: 'phone' });
    else if (field.kind === 'select' && !(field.options ?? []).includes(text)) issues.push({ field: field.id, rule: 'option' });
  }
  return issues;
}

/** The English text of a form problem, as the API sends it (the web app shows its own ru/en/zh text by rule). */
export const FORM_VALUE_MESSAGES: Readonly<Record<FormValueRule, string>> = {
  required: 'Fill in this field.',
  email: 'Enter an e-mail address such as name@example.com.',
  phone: 'Enter a phone number of digits, spaces and + ( ) - only.',
  option: 'Choose one of the listed options.',
  too_long: 'This answer is too long.',
  kind: 'This answer has the wrong kind of value.',
  unknown: 'The form has no such field.',
};

const ZPageSlug = z.string().regex(PAGE_SLUG_PATTERN);
const ZBlockId = z.string().regex(/^[A-Za-z][\w-]{0,63}$/);
const ZPageId = z.coerce.number().int().min(1).max(2_147_483_647);
const ZFieldKey = z.string().regex(/^[A-Za-z][\w-]{0,39}$/);

export const ZFormValues = z.record(ZFieldKey, z.union([z.string().max(FORM_VALUE_MAX), z.boolean()])).refine((value) => Object.keys(value).length <= 48, { message: 'Too many answers.' });

export const ZFormSubmissionInput = z.object({ values: ZFormValues });

export const ZFormSubmission = z
  .object({
    id: z.number().int(),
    block_id: z.string(),
    /** The form's title (or the block id) when it was sent. */
    form_title: z.string(),
    user: z.object({ id: z.number().int(), name: z.string(), email: z.string() }),
    /** The answers by field key, in the order of the form's fields. */
    values: z.record(z.string(), z.union([z.string(), z.boolean()])),
    created_at: ZTimestamp,
    updated_at: ZTimestamp,
  })
  .meta({ id: 'FormSubmission' });
export type FormSubmission = z.infer<typeof ZFormSubmission>;

export const submitPageForm = defineRoute({
  id: 'pages.forms.submit',
  method: 'POST',
  path: '/api/v1/{eventId}/pages/{slug}/forms/{blockId}',
  summary:
    "Send a form block's answers (members who may read the page). One submission per person and form: sending again replaces it. 422 validation.failed with each field's problem; the block's e-mail template, when chosen, is mailed to the sender",
  tags: ['pages'],
  auth: true,
  params: z.object({ eventId: ZEventId, slug: ZPageSlug, blockId: ZBlockId }),
  body: ZFormSubmissionInput,
  response: dataOf(z.object({ id: z.number().int(), created_at: ZTimestamp, updated_at: ZTimestamp, replaced: z.boolean() })),
  status: 201,
  errors: [400, 401, 403, 404, 422, 429],
});

export const adminListFormSubmissions = defineRoute({
  id: 'admin.pages.submissions',
  method: 'GET',
  path: '/api/admin/v1/events/{eventId}/pages/{pageId}/submissions',
  summary: "A page's form submissions, newest first, optionally of one form block",
  tags: ['admin', 'pages'],
  auth: true,
  params: z.object({ eventId: ZEventId, pageId: ZPageId }),
  query: ZPageQuery.extend({ block_id: ZBlockId.optional() }),
  response: pageOf(ZFormSubmission),
  errors: [400, 401, 403, 404],
});

export const adminExportFormSubmissions = defineRoute({
  id: 'admin.pages.submissions.export',
  method: 'GET',
  path: '/api/admin/v1/events/{eventId}/pages/{pageId}/submissions/export',
  summary: "A page's form submissions as a CSV attachment (one column per field of the form, then the sender and the time); block_id picks one form",
  tags: ['admin', 'pages'],
  auth: true,
  params: z.object({ eventId: ZEventId, pageId: ZPageId }),
  query: z.object({ block_id: ZBlockId.optional() }),
  response: z.string(),
  errors: [400, 401, 403, 404],
});
