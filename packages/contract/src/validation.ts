import { z } from 'zod';

/**
 * Form rules of product.md section 5. Schemas carry no message texts: `describeIssue` turns any
 * failed check into a stable key and parameters, which the server renders in English and the web
 * app in ru, en or zh (i18n keys `form.*`).
 */
export const FORM_MESSAGE_KEYS = [
  'required',
  'email',
  'min_length',
  'max_length',
  'must_match',
  'invalid_characters',
  'invalid',
  'max_selected',
  'number',
  'whole_number',
  'min_value',
  'max_value',
  'date',
  'date_range',
  'invalid_url',
  'invalid_youtube',
  'at_least_one',
] as const;
export type FormMessageKey = (typeof FORM_MESSAGE_KEYS)[number];

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
export const NAME_MAX = 60;

/**
 * The years a date given to the API may fall in (UTC). PostgreSQL has no year 0 and JavaScript
 * dates end in year 275760; nothing Lobby plans lies outside this window.
 */
export const DATE_YEAR_MIN = 1900;
export const DATE_YEAR_MAX = 2200;

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

/**
 * What a finished zod issue no longer says: whether a value was given at all (zod drops the
 * input), and whether a number had to be whole (zod reports "expected number" for `abc` before
 * it reaches `.int()`).
 */
export interface IssueHints {
  given?: boolean;
  whole?: boolean;
}

const NUMBER_ORIGINS = new Set(['number', 'int', 'bigint']);

function describeWrongType(issue: { expected: string; received?: string; input?: unknown }, hints: IssueHints): DescribedIssue {
  // Without a hint, a coercion that gave NaN or Infinity still shows some text was given.
  const given = hints.given ?? (issue.input !== undefined && issue.input !== null ? true : issue.received === 'NaN' || issue.received === 'Infinity');
  if (!given) return { key: 'required', params: {} };
  if (issue.expected === 'int' || (issue.expected === 'number' && hints.whole)) return { key: 'whole_number', params: {} };
  if (issue.expected === 'number' || issue.expected === 'bigint') return { key: 'number', params: {} };
  return { key: 'invalid', params: {} };
}

/** The message key of a failed check, with what the text needs (min, max, limit). */
export function describeIssue(issue: z.core.$ZodRawIssue | z.core.$ZodIssue, hints: IssueHints = {}): DescribedIssue {
  switch (issue.code) {
    case 'too_small':
      if (NUMBER_ORIGINS.has(issue.origin)) return { key: 'min_value', params: { min: Number(issue.minimum) } };
      return Number(issue.minimum) <= 1 && issue.origin === 'string' ? { key: 'required', params: {} } : { key: 'min_length', params: { min: Number(issue.minimum) } };
    case 'too_big':
      if (NUMBER_ORIGINS.has(issue.origin)) return { key: 'max_value', params: { max: Number(issue.maximum) } };
      return issue.origin === 'array' ? { key: 'max_selected', params: { limit: Number(issue.maximum) } } : { key: 'max_length', params: { max: Number(issue.maximum) } };
    case 'invalid_format':
      if (issue.format === 'email') return { key: 'email', params: {} };
      return issue.format === 'datetime' || issue.format === 'date' ? { key: 'date', params: {} } : { key: 'invalid_characters', params: {} };
    case 'invalid_type':
      return describeWrongType(issue, hints);
    case 'custom': {
      const name = (issue.params as { rule?: string } | undefined)?.rule;
      if (name === 'date_range') return { key: 'date_range', params: { min: DATE_YEAR_MIN, max: DATE_YEAR_MAX } };
      return (FORM_MESSAGE_KEYS as readonly string[]).includes(name ?? '') ? { key: name as FormMessageKey, params: {} } : { key: 'invalid', params: {} };
    }
    default:
      return { key: 'invalid', params: {} };
  }
}

const hintKey = (code: string, path: readonly PropertyKey[]) => `${code}|${path.map(String).join('\u0000')}`;

/**
 * Collects, while zod parses, whether each failing number had to be whole: pass `error` as the
 * parse's error map (it leaves messages as they are), then read `wholeFor(issue)`.
 */
export function wholeNumberHints() {
  const whole = new Set<string>();
  return {
    error: (issue: z.core.$ZodRawIssue): undefined => {
      if (issue.inst instanceof z.ZodNumber && issue.inst.isInt) whole.add(hintKey(issue.code, issue.path ?? []));
      return undefined;
    },
    wholeFor: (issue: z.core.$ZodIssue): boolean => whole.has(hintKey(issue.code, issue.path)),
  };
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
    number: 'Must be a number.',
    whole_number: 'Must be a whole number.',
    min_value: `Must be at least ${params.min}.`,
    max_value: `Must be at most ${params.max}.`,
    date: 'Enter a valid date and time.',
    date_range: `Enter a date between the years ${params.min} and ${params.max}.`,
    invalid_url: 'Incorrect URL.',
    invalid_youtube: 'Incorrect YouTube link.',
    at_least_one: 'Choose at least one value.',
  })[key];

/**
 * Website rule (product.md section 5): optional scheme, optional www, a domain, optional path.
 * An address without a scheme gets https:// added, so what is stored is always a full URL.
 */
export const WEBSITE_PATTERN = /^(?:https?:\/\/)?(?:www\.)?(?:[\p{L}\p{N}](?:[\p{L}\p{N}-]{0,61}[\p{L}\p{N}])?\.)+[\p{L}]{2,63}(?::\d{2,5})?(?:[/?#][^\s]*)?$/iu;
export const withScheme = (value: string): string => (/^https?:\/\//i.test(value) ? value : `https://${value}`);
export const ZWebsite = z
  .string()
  .trim()
  .max(300)
  .refine((value) => value === '' || WEBSITE_PATTERN.test(value), rule('invalid_url'))
  .transform((value) => (value === '' ? null : withScheme(value)));

/** YouTube link rule: empty allowed; else a youtube.com or youtu.be address with an 11-character video id. */
export const YOUTUBE_PATTERN = /^(?:https?:\/\/)?(?:(?:www\.|m\.|music\.)?youtube\.com\/(?:watch\?(?:[^#\s]*&)?v=|embed\/|shorts\/|live\/|v\/)|youtu\.be\/)([A-Za-z0-9_-]{11})(?:[?&#][^\s]*)?$/;
export const youtubeId = (value: string): string | null => YOUTUBE_PATTERN.exec(value.trim())?.[1] ?? null;
export const ZYoutubeLink = z
  .string()
  .trim()
  .max(300)
  .refine((value) => value === '' || youtubeId(value) !== null, rule('invalid_youtube'));

/** A multi-select with a maximum (the message names the limit) and, where asked, at least one value. */
export const ZSelectedIds = (limit: number, { atLeastOne = false }: { atLeastOne?: boolean } = {}) => {
  const ids = z.array(z.number().int().min(0).max(2_147_483_647)).max(limit);
  return atLeastOne ? ids.refine((value) => value.length > 0, rule('at_least_one')) : ids;
};
