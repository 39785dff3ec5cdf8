import { z } from 'zod';

/**
 * Form rules of product.md section 5. Each failing check carries a stable `message` key so the
 * web app can show it in ru, en or zh; the server sends the English sentence.
 */
export const FormMessage = {
  required: 'form.required',
  email: 'form.email',
  minLength: 'form.min_length',
  maxLength: 'form.max_length',
  mustMatch: 'form.must_match',
  invalidCharacters: 'form.invalid_characters',
  code: 'form.code',
} as const;

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
export const NAME_MAX = 60;
export const MAGIC_CODE_LENGTH = 4;

export const ZEmail = z
  .string()
  .trim()
  .min(1, FormMessage.required)
  .max(254, FormMessage.maxLength)
  .pipe(z.email(FormMessage.email))
  .transform((value) => value.toLowerCase());

export const ZPassword = z.string().min(PASSWORD_MIN, FormMessage.minLength).max(PASSWORD_MAX, FormMessage.maxLength);

/**
 * Name rule: letters of the Han, Latin and Cyrillic scripts, apostrophe and hyphen; words
 * separated by single spaces; ends with a letter, apostrophe or hyphen. Empty is allowed by the
 * rule itself; required-ness is a separate check.
 */
export const NAME_PATTERN = /^(?:[\p{Script=Han}\p{Script=Latin}\p{Script=Cyrillic}'-]+(?: [\p{Script=Han}\p{Script=Latin}\p{Script=Cyrillic}'-]+)*)?$/u;

export const ZName = z.string().trim().max(NAME_MAX, FormMessage.maxLength).regex(NAME_PATTERN, FormMessage.invalidCharacters);
export const ZRequiredName = z.string().trim().min(1, FormMessage.required).pipe(ZName);

export const ZMagicCode = z.string().trim().regex(/^\d{4}$/, FormMessage.code);

/** Adds "values must match" on the confirmation field. */
export const passwordsMatch = <T extends { password: string; password_confirmation: string }>(value: T, ctx: z.core.$RefinementCtx<T>) => {
  if (value.password !== value.password_confirmation) ctx.addIssue({ code: 'custom', path: ['password_confirmation'], message: FormMessage.mustMatch });
};
