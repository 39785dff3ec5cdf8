import type { TFunction } from 'i18next';
import { ApiError } from '../../api/errors.ts';
import { apiErrorText } from '../auth/api-error.ts';

/** A failed vacancy call in the person's language: the vacancy codes have their own texts, the rest the app's. */
export function vacancyErrorText(t: TFunction, error: unknown): string {
  if (error instanceof ApiError && error.code.startsWith('vacancy.')) {
    return t(`vacancies.errors.${error.code.slice('vacancy.'.length)}`, { defaultValue: error.message, max: Number(error.details?.max_mb ?? 0) });
  }
  return apiErrorText(t, error);
}
