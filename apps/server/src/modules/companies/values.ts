import type { ZCompanyInput } from '@lobby/contract';
import type { z } from 'zod';
import type { companies } from '../../db/schema/index.ts';

export type CompanyBody = z.output<typeof ZCompanyInput>;

/**
 * Columns from a company form. Fields left out keep their value on edit; an empty text clears it.
 * The e-mail is stored for the organisers and never read back.
 */
export function companyValues(body: CompanyBody): Partial<typeof companies.$inferInsert> & { name: string } {
  const text = (value: string | null | undefined) => (value === undefined ? undefined : value === '' ? null : value);
  const values: Partial<typeof companies.$inferInsert> & { name: string } = { name: body.name, business: body.business };
  const optional = {
    site: text(body.site),
    description: text(body.description),
    primaryBusiness: body.primary_business,
    tags: body.tags,
    size: body.size,
    geo: body.geo,
    email: text(body.email),
    location: text(body.location),
    hasChat: body.has_chat,
    publisherLookingFor: body.publisher_looking_for === undefined ? undefined : [...new Set(body.publisher_looking_for)],
    publisherGenres: body.publisher_genres === undefined ? undefined : [...new Set(body.publisher_genres)],
  };
  for (const [key, value] of Object.entries(optional)) if (value !== undefined) Object.assign(values, { [key]: value });
  return values;
}

/** Values of a dictionary field that are not in its list (an empty list when every one is). */
export const unknownValues = (given: readonly number[] | undefined, known: readonly (number | string)[]): number[] => (given ?? []).filter((value) => !known.includes(value));
