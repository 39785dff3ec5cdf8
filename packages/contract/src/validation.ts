import { z } from 'zod';

/**
 * Form rules of product.md section 5. Schemas carry no message texts: `describeIssue` turns any
 * failed check into a stable key and parameters, which the server renders in English and the web
 * app in ru, en or zh (i18n keys `form.*`).
 */
export const FORM_MESSAGE_KEYS = ['required', 'email', 'min_length', 'max_length', 'must_match', 'invalid_characters', 'invalid', 'max_selected'] as const;
export type FormMessageKey = (typeof FORM_MESSAGE_KEYS)[number];

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
export const NAME_MAX = 60;

/** Refinements that name their rule in `params.rule` (zod keeps params on custom issues). */
const rule = (name: FormMessageKey) => ({ params: { rule: name } });

export const ZEmail = z
  .string()
  .trim()
  .min(1)
  .max(254)
  .pipe(z.email())
  .transform((value) => value.toLowerCase());

export const ZPassword = z.string().min(PASSWORD_MIN).max(PASSWORD_MAX);

/**
 * Name rule: letters of the Han, Latin and Cyrillic scripts, apostrophe and hyphen; words
 * separated by single spaces; ends with a letter, apostrophe or hyphen. Empty is allowed by the
 * rule itself; required-ness is a separate check.
 */
export const NAME_PATTERN = /^(?:[\p{Script=Han}\p{Script=Latin}\p{Script=Cyrillic}'-]+(?: [\p{Script=Han}\p{Script=Latin}\p{Script=Cyrillic}'-]+)*)?$/u;

export const ZName = z.string().trim().max(NAME_MAX).regex(NAME_PATTERN);
export const ZRequiredName = z.string().trim().min(1).pipe(ZName);

export const ZMagicCode = z.string().trim().regex(/^\d{4}$/);

/** Adds "values must match" on the confirmation field. */
export const passwordsMatch = <T extends { password: string; password_confirmation: string }>(value: T, ctx: z.core.$RefinementCtx<T>) => {
  if (value.password !== value.password_confirmation) ctx.addIssue({ code: 'custom', path: ['password_confirmation'], message: 'must_match', ...rule('must_match') });
};

export interface DescribedIssue {
  key: FormMessageKey;
  params: Record<string, number | string>;
}

/** The message key of a failed check, with what the text needs (min, max, limit). */
export function describeIssue(issue: z.core.$ZodRawIssue | z.core.$ZodIssue): DescribedIssue {
  switch (issue.code) {
    case 'too_small':
      return Number(issue.minimum) <= 1 && issue.origin === 'string' ? { key: 'required', params: {} } : { key: 'min_length', params: { min: Number(issue.minimum) } };
    case 'too_big':
      return issue.origin === 'array' ? { key: 'max_selected', params: { limit: Number(issue.maximum) } } : { key: 'max_length', params: { max: Number(issue.maximum) } };
    case 'invalid_format':
      return issue.format === 'email' ? { key: 'email', params: {} } : { key: 'invalid_characters', params: {} };
    case 'invalid_type':
      return issue.input === undefined || issue.input === null ? { key: 'required', params: {} } : { key: 'invalid', params: {} };
    case 'custom': {
      const name = (issue.params as { rule?: string } | undefined)?.rule;
      return (FORM_MESSAGE_KEYS as readonly string[]).includes(name ?? '') ? { key: name as FormMessageKey, params: {} } : { key: 'invalid', params: {} };
    }
    default:
      return { key: 'invalid', params: {} };
  }
}

/** English texts of the form messages, as the API sends them. */
export const englishFormMessage = ({ key, params }: DescribedIssue): string =>
  ({
    required: 'This field is required.',
    email: 'Enter a valid e-mail address.',
    min_length: `Must be at least ${params.min} characters.`,
    max_length: `Must be at most ${params.max} characters.`,
    must_match: 'The values must match.',
    invalid_characters: 'Contains characters that are not allowed.',
    invalid: 'This value is not valid.',
    max_selected: `Choose at most ${params.limit}.`,
  })[key];
