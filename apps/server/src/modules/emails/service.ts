import { EMAIL_TYPE_VARIABLES, ErrorCode, LANGUAGES, type EmailTemplate, type EmailTypeId, type Language } from '@lobby/contract';
import type { Db } from '../../db/client.ts';
import { pageMeta } from '../../db/sql.ts';
import { AppError } from '../../http/errors.ts';
import { renderOverride, type MailOverride } from '../../mail/templates.ts';
import { deleteTemplate, findTemplate, insertTemplate, listTemplates, templateOfType, updateTemplate, type EmailTemplateRow } from './repo.ts';

const present = (row: EmailTemplateRow): EmailTemplate => ({
  id: row.id,
  name: row.name,
  type_id: row.typeId,
  event_id: row.eventId,
  translations: row.translations,
  variables: [...(EMAIL_TYPE_VARIABLES[row.typeId as EmailTypeId] ?? [])],
  updated_at: row.updatedAt.toISOString(),
});
const item = (row: EmailTemplateRow) => ({ id: row.id, name: row.name, type_id: row.typeId });
const notFound = (id: number) => new AppError(404, ErrorCode.emailTemplateNotFound, `E-mail template ${id} was not found.`);

export async function listEmailTemplates(db: Db, eventId: number, filter: { query?: string | undefined; typeIds?: number[] | undefined }, page: number, perPage: number) {
  const { rows, total } = await listTemplates(db, eventId, filter, perPage, (page - 1) * perPage);
  return { data: rows.map(item), meta: pageMeta(page, perPage, total) };
}

export async function autocompleteEmailTemplates(db: Db, eventId: number, query: string | undefined) {
  return { data: (await listTemplates(db, eventId, { query, exceptCustom: true }, 20, 0)).rows.map(item) };
}

export async function getEmailTemplate(db: Db, eventId: number, id: number): Promise<EmailTemplate> {
  const row = await findTemplate(db, eventId, id);
  if (!row) throw notFound(id);
  return present(row);
}

export async function createEmailTemplate(db: Db, eventId: number, input: { name: string; type_id: number; translations: EmailTemplateRow['translations'] }): Promise<EmailTemplate> {
  const row = await insertTemplate(db, { eventId, typeId: input.type_id, name: input.name, translations: input.translations });
  if (!row) throw new AppError(409, ErrorCode.emailTemplateTaken, 'This event already has a template of that type: edit it instead.', { type_id: input.type_id });
  return present(row);
}

export async function updateEmailTemplate(db: Db, eventId: number, id: number, input: { name: string; translations: EmailTemplateRow['translations'] }): Promise<EmailTemplate> {
  const row = await updateTemplate(db, eventId, id, input);
  if (!row) throw notFound(id);
  return present(row);
}

export async function removeEmailTemplate(db: Db, eventId: number, id: number): Promise<void> {
  if (!(await deleteTemplate(db, eventId, id))) throw notFound(id);
}

/** What the preview fills variables with. */
const SAMPLE: Record<string, string> = { name: 'Alex', other: 'Wei Zhang', event: 'Lobby Summit', when: '25.11.2026 14:30 (Asia/Nicosia)', location: 'Meeting zone A', reason: 'Fully booked that day.', link: 'https://lobby.example.org/', vacancy: 'Game designer' };

export function previewEmailTemplate(input: { type_id: number; language: Language; subject: string; body: string }) {
  const allowed = EMAIL_TYPE_VARIABLES[input.type_id as EmailTypeId] ?? [];
  const values = Object.fromEntries(allowed.map((name) => [name, SAMPLE[name] ?? name]));
  return renderOverride({ subject: input.subject, body: input.body, values }, input.language);
}

/** The event's text for a mail type in the recipient's language (else English, else any), if organisers wrote one. */
export async function eventMailOverride(db: Db, eventId: number, typeId: EmailTypeId, language: Language, values: Record<string, string>): Promise<MailOverride | undefined> {
  const row = await templateOfType(db, eventId, typeId);
  if (!row) return undefined;
  const texts = row.translations[language] ?? row.translations.en ?? LANGUAGES.map((lang) => row.translations[lang]).find(Boolean);
  if (!texts) return undefined;
  const allowed = new Set(EMAIL_TYPE_VARIABLES[typeId]);
  return { subject: texts.subject, body: texts.body, values: Object.fromEntries(Object.entries(values).filter(([name]) => allowed.has(name))) };
}
