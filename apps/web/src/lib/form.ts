import { describeIssue, FORM_MESSAGE_KEYS } from '@lobby/contract';
import type { FieldError, FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';
import { asTypes } from './form-types.ts';

export { asTypes };

/**
 * react-hook-form resolver running a contract schema: the same rule in the browser as on the
 * server. Each error carries a message key (form.*) in `message` and its parameters in `types`.
 */
export function contractResolver<S extends z.ZodType<FieldValues, FieldValues>>(schema: S): Resolver<z.input<S>, unknown, z.output<S>> {
  return async (values) => {
    const result = await schema.safeParseAsync(values);
    if (result.success) return { values: result.data, errors: {} };
    const errors: Record<string, FieldError> = {};
    for (const issue of result.error.issues) {
      const name = issue.path.join('.') || 'root';
      if (errors[name]) continue;
      const { key, params } = describeIssue(issue);
      errors[name] = { type: key, message: key, types: asTypes(params) };
    }
    return { values: {}, errors: errors as FieldErrors<z.input<S>> };
  };
}

/** Translates a form error made by the resolver or set from a server 400. */
export function formErrorText(t: (key: string, options?: Record<string, unknown>) => string, error: FieldError | undefined): string | undefined {
  if (!error?.message) return undefined;
  return (FORM_MESSAGE_KEYS as readonly string[]).includes(error.message) ? t(`form.${error.message}`, (error.types ?? {}) as Record<string, unknown>) : error.message;
}
