import type { TFunction } from 'i18next';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError, NetworkError } from '../../api/errors.ts';
import { asTypes } from '../../lib/form-types.ts';

/** A failed call as a sentence in the person's language: known codes have texts, others the server's. */
export function apiErrorText(t: TFunction, error: unknown): string {
  if (error instanceof NetworkError) return t('errors.no_network_text');
  if (!(error instanceof ApiError)) return t('errors.unknown_text');
  const key = `api.${error.code.replace(/\./g, '_')}`;
  const seconds = Number(error.details?.retry_after ?? 0);
  const left = Number(error.details?.attempts_left ?? 0);
  return t(key, { defaultValue: error.message, seconds, left });
}

interface ServerField {
  field: string;
  message: string;
  key?: string;
  params?: Record<string, string | number>;
}

/** A server's field errors (400, 422) that belong to the given form fields, by field name. */
export function fieldErrorsOf(error: unknown, fields: readonly string[]): (ServerField & { name: string })[] {
  if (!(error instanceof ApiError)) return [];
  return ((error.details?.fields ?? []) as ServerField[]).map((item) => ({ ...item, name: item.field.replace(/^body\./, '') })).filter((item) => fields.includes(item.name));
}

/** Puts a server's field errors on the form fields; answers whether any matched. */
export function applyFieldErrors<T extends FieldValues>(t: TFunction, error: unknown, setError: UseFormSetError<T>, fields: readonly string[]): boolean {
  const matched = fieldErrorsOf(error, fields);
  for (const item of matched) {
    setError(item.name as Path<T>, { type: item.key ?? 'server', message: item.key ?? apiErrorText(t, error), types: asTypes(item.params) });
  }
  return matched.length > 0;
}
