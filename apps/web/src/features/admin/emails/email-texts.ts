import { EMAIL_TYPE_IDS, LANGUAGES, type EmailTemplate, type EmailTypeId, type Language } from '@lobby/contract';

/** The editor's values: every language has both fields, empty when not written. */
export interface EmailFormValues {
  name: string;
  type_id: string;
  translations: Record<Language, { subject: string; body: string }>;
}

export const isEmailTypeId = (value: number): value is EmailTypeId => (EMAIL_TYPE_IDS as number[]).includes(value);

export const emailValuesOf = (template?: EmailTemplate): EmailFormValues => ({
  name: template?.name ?? '',
  type_id: template ? String(template.type_id) : '',
  translations: Object.fromEntries(LANGUAGES.map((lang) => [lang, { subject: template?.translations[lang]?.subject ?? '', body: template?.translations[lang]?.body ?? '' }])) as EmailFormValues['translations'],
});

/** The request body: a language left wholly empty is not sent (the server then falls back to English, else any). */
export function emailInputOf(values: EmailFormValues) {
  const translations: Partial<Record<Language, { subject: string; body: string }>> = {};
  for (const lang of LANGUAGES) {
    const { subject, body } = values.translations[lang];
    if (subject.trim() !== '' || body.trim() !== '') translations[lang] = { subject, body };
  }
  return { name: values.name, type_id: Number(values.type_id), translations };
}

/** Puts `{{name}}` in place of the selection (or at the caret); answers the new text and where the caret goes. */
export function insertVariable(text: string, start: number | null, end: number | null, name: string): { text: string; caret: number } {
  const token = `{{${name}}}`;
  const from = Math.min(Math.max(start ?? text.length, 0), text.length);
  const to = Math.min(Math.max(end ?? from, from), text.length);
  return { text: text.slice(0, from) + token + text.slice(to), caret: from + token.length };
}
