import { z } from 'zod';

export * from './error-codes.ts';

/** The one error shape every failing call answers with. */
export const ZFieldError = z.object({
  field: z.string().meta({ description: 'Dotted path of the failing input, e.g. "query.filter[group]"' }),
  message: z.string(),
  key: z.string().optional().meta({ description: 'Message key for translation (form.* in the web app)' }),
  params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
});

export const ZErrorBody = z
  .object({
    error: z.object({
      code: z.string().meta({ description: 'Stable machine code, e.g. "event.not_found"' }),
      message: z.string().meta({ description: 'A sentence a person understands' }),
      details: z.record(z.string(), z.unknown()).optional(),
    }),
  })
  .meta({ id: 'Error' });
export type ErrorBody = z.infer<typeof ZErrorBody>;
