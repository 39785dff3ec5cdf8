// E-mail templates per event (contract.md section 7 "Email templates (admin)", section "Email
// template types"): organisers override the subject and body of a type in each language.
import { z } from 'zod';
import { dataOf, pageOf, ZLanguage, ZQueryIds, ZSearchText, ZTimestamp } from './common.ts';
import { ZEventId } from './members.ts';
import { defineRoute } from './route.ts';

export const EmailType = {
  PlatformRegistration: 1,
  PasswordRecovery: 2,
  JobApplication: 3,
  EventRegistrationNewUser: 4,
  EventRegistrationExistingUser: 5,
  ChatNewMessage: 6,
  MeetingRequestSent: 7,
  MeetingRequestAccepted: 8,
  MeetingRequestRejected: 9,
  MeetingCanceled: 10,
  MeetingParticipantLeave: 11,
  MeetingPostponed: 12,
  Certificate: 13,
  Custom: 14,
} as const;
export type EmailTypeId = (typeof EmailType)[keyof typeof EmailType];
export const EMAIL_TYPE_IDS = Object.values(EmailType) as EmailTypeId[];

const MEETING_VARS = ['name', 'other', 'event', 'when', 'location', 'reason', 'link'] as const;
/** The variables each type fills in (`{{name}}`), in the order the editor lists them. */
export const EMAIL_TYPE_VARIABLES: Record<EmailTypeId, readonly string[]> = {
  1: ['link'],
  2: ['name', 'link'],
  /** JobApplication: `name` is the company admin mailed, `applicant` who responded, `message` their words. */
  3: ['name', 'event', 'link', 'applicant', 'vacancy', 'message'],
  4: ['name', 'event', 'link'],
  5: ['name', 'event', 'link'],
  6: ['name', 'other', 'event', 'link'],
  7: MEETING_VARS,
  8: MEETING_VARS,
  9: MEETING_VARS,
  10: MEETING_VARS,
  11: MEETING_VARS,
  12: MEETING_VARS,
  13: ['name', 'event', 'link'],
  14: ['name', 'event', 'text', 'link'],
};

/** Fills `{{variable}}` placeholders in one pass (a filled value is never searched again); unknown ones stay. */
export function fillEmailVariables(text: string, values: Readonly<Record<string, string>>): string {
  return text.replace(/\{\{\s*([a-z_]+)\s*\}\}/g, (whole, name: string) => (Object.hasOwn(values, name) ? (values[name] ?? '') : whole));
}

const ZTranslation = z.object({ subject: z.string().trim().min(1).max(200), body: z.string().trim().min(1).max(10_000) });
export const ZEmailTranslations = z.partialRecord(ZLanguage, ZTranslation).refine((value) => Object.keys(value).length > 0, { params: { rule: 'required' }, message: 'Give the text in at least one language.' });

export const ZEmailTemplateItem = z.object({ id: z.number().int(), name: z.string(), type_id: z.number().int() }).meta({ id: 'EmailTemplateItem' });
export const ZEmailTemplate = ZEmailTemplateItem.extend({
  event_id: z.number().int(),
  translations: z.partialRecord(ZLanguage, z.object({ subject: z.string(), body: z.string() })),
  variables: z.array(z.string()),
  updated_at: ZTimestamp,
}).meta({ id: 'EmailTemplate' });
export type EmailTemplate = z.infer<typeof ZEmailTemplate>;
export type EmailTemplateItem = z.infer<typeof ZEmailTemplateItem>;

export const ZEmailTemplateInput = z.object({
  name: z.string().trim().min(1).max(120),
  type_id: z.number().int().min(1).max(14),
  translations: ZEmailTranslations,
});

const ZEmailsPath = z.object({ eventId: ZEventId });
const ZEmailPath = z.object({ eventId: ZEventId, emailId: z.coerce.number().int().min(1).max(2_147_483_647) });

export const listEmailTemplates = defineRoute({
  id: 'emails.list',
  method: 'GET',
  path: '/api/v1/events/{eventId}/emails',
  summary: "The event's e-mail templates (organisers); filter[query] searches names, filter[type_ids] keeps some types",
  tags: ['emails'],
  auth: true,
  params: ZEmailsPath,
  query: z.object({ page: z.coerce.number().int().min(1).max(100_000).optional(), per_page: z.coerce.number().int().min(1).max(100).optional(), 'filter[query]': ZSearchText.optional(), 'filter[type_ids]': ZQueryIds(14).optional() }),
  response: pageOf(ZEmailTemplateItem),
  errors: [400, 401, 403, 404],
});

export const autocompleteEmailTemplates = defineRoute({
  id: 'emails.autocomplete',
  method: 'GET',
  path: '/api/v1/events/{eventId}/emails/autocomplete',
  summary: 'Templates for the editor\'s template picker: every type but 14 Custom',
  tags: ['emails'],
  auth: true,
  params: ZEmailsPath,
  query: z.object({ 'filter[query]': ZSearchText.optional() }),
  response: z.object({ data: z.array(ZEmailTemplateItem) }),
  errors: [400, 401, 403, 404],
});

export const getEmailTemplate = defineRoute({
  id: 'emails.get',
  method: 'GET',
  path: '/api/v1/events/{eventId}/emails/{emailId}',
  summary: 'One template with its texts in each language and the variables of its type',
  tags: ['emails'],
  auth: true,
  params: ZEmailPath,
  response: dataOf(ZEmailTemplate),
  errors: [400, 401, 403, 404],
});

export const createEmailTemplate = defineRoute({
  id: 'emails.create',
  method: 'POST',
  path: '/api/v1/events/{eventId}/emails',
  summary: 'Override a type\'s mail for this event (one template per type; any number of Custom ones); 409 when the type has one',
  tags: ['emails'],
  auth: true,
  params: ZEmailsPath,
  body: ZEmailTemplateInput,
  response: dataOf(ZEmailTemplate),
  status: 201,
  errors: [400, 401, 403, 404, 409],
});

export const updateEmailTemplate = defineRoute({
  id: 'emails.update',
  method: 'PUT',
  path: '/api/v1/events/{eventId}/emails/{emailId}',
  summary: 'Change a template; the type stays',
  tags: ['emails'],
  auth: true,
  params: ZEmailPath,
  body: ZEmailTemplateInput.omit({ type_id: true }),
  response: dataOf(ZEmailTemplate),
  errors: [400, 401, 403, 404],
});

export const deleteEmailTemplate = defineRoute({
  id: 'emails.delete',
  method: 'DELETE',
  path: '/api/v1/events/{eventId}/emails/{emailId}',
  summary: "Remove a template: the type's built-in mail is sent again",
  tags: ['emails'],
  auth: true,
  params: ZEmailPath,
  response: dataOf(z.object({ deleted: z.literal(true) })),
  errors: [400, 401, 403, 404],
});

export const previewEmailTemplate = defineRoute({
  id: 'emails.preview',
  method: 'POST',
  path: '/api/v1/events/{eventId}/emails/preview',
  summary: 'The mail as a recipient would get it, with sample values for the variables',
  tags: ['emails'],
  auth: true,
  params: ZEmailsPath,
  body: z.object({ type_id: z.number().int().min(1).max(14), language: ZLanguage, subject: z.string().max(200), body: z.string().max(10_000) }),
  response: dataOf(z.object({ subject: z.string(), text: z.string(), html: z.string() })),
  errors: [400, 401, 403, 404],
});
