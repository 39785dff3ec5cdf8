// A server's 422 (or 400) answer on the form's fields: each field problem under its field, by the
// rule's key when it has one (form.*), else the server's own sentence.
import { FORM_MESSAGE_KEYS } from '@lobby/contract';
import { ApiError } from '../../api/errors.ts';
import { formFieldOf, type Problems } from './forms.ts';

interface ServerField {
  field?: unknown;
  message?: unknown;
  key?: unknown;
  params?: unknown;
}

export function serverFieldProblems<F extends string>(error: unknown, fields: readonly F[]): Problems<F> {
  const problems: Problems<F> = {};
  if (!(error instanceof ApiError)) return problems;
  for (const item of (error.details?.fields ?? []) as ServerField[]) {
    const field = formFieldOf(item.field, fields);
    if (!field || problems[field]) continue;
    const params = item.params !== null && typeof item.params === 'object' ? (item.params as Record<string, string | number>) : {};
    const known = typeof item.key === 'string' && (FORM_MESSAGE_KEYS as readonly string[]).includes(item.key);
    problems[field] = known ? { key: `form.${String(item.key)}`, params } : typeof item.message === 'string' && item.message !== '' ? { key: '', params: {}, text: item.message } : { key: 'form.invalid', params: {} };
  }
  // A code that names one field (the dates, the teachers) without a field list.
  if (error.code === 'academy.dates_invalid' && (fields as readonly string[]).includes('end_date') && !problems['end_date' as F]) problems['end_date' as F] = { key: 'api.academy_dates_invalid', params: {} };
  if (error.code === 'academy.teacher_not_member' && (fields as readonly string[]).includes('teachers') && !problems['teachers' as F]) problems['teachers' as F] = { key: 'api.academy_teacher_not_member', params: {} };
  return problems;
}

/** Whether the error was fully said on the fields (nothing left for a message above the form). */
export const onFieldsOnly = (error: unknown, problems: Record<string, unknown>): boolean => error instanceof ApiError && (error.status === 422 || error.status === 400) && Object.keys(problems).length > 0;
