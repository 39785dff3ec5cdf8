import { ErrorCode, regionOfCountry, type ZProfileInput } from '@lobby/contract';
import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { companies, companyUsers, eventCompanies, eventMembers, type users } from '../../db/schema/index.ts';
import { AppError } from '../../http/errors.ts';
import type { UserRow } from './repo.ts';

export type ProfileValues = z.output<typeof ZProfileInput>;
type UserValues = Partial<typeof users.$inferInsert>;

/** Keeps the first of each id: a repeated option is one choice, not two. */
const unique = (ids: readonly number[]): number[] => [...new Set(ids)];

/** Contacts merge over what is stored; an emptied contact is removed. */
function mergeContacts(stored: Record<string, string>, given: NonNullable<ProfileValues['contacts']>): Record<string, string> {
  const merged = { ...stored };
  for (const [name, value] of Object.entries(given)) {
    if (value === undefined) continue;
    if (value === null) delete merged[name];
    else merged[name] = value;
  }
  return merged;
}

/** The users columns a profile form changes; only the fields it sent. */
export function profileColumns(user: UserRow, input: ProfileValues): UserValues {
  const values: UserValues = {};
  if (input.first_name !== undefined) values.firstName = input.first_name;
  if (input.last_name !== undefined) values.lastName = input.last_name;
  if (input.job !== undefined) values.job = input.job;
  if (input.bio !== undefined) values.bio = input.bio;
  if (input.portfolio !== undefined) values.portfolio = input.portfolio;
  if (input.phone !== undefined) values.phone = input.phone;
  if (input.whatsapp !== undefined) values.whatsapp = input.whatsapp;
  if (input.linkedin !== undefined) values.linkedin = input.linkedin;
  if (input.contacts !== undefined) values.contacts = mergeContacts(user.contacts, input.contacts);
  if (input.city !== undefined) values.city = input.city;
  if (input.geo !== undefined) {
    values.geo = input.geo;
    // Kept beside the country so the directory filters on one indexed column.
    values.region = regionOfCountry(input.geo);
  }
  if (input.company_id !== undefined) values.companyId = input.company_id;
  if (input.offer_ids !== undefined) values.offerIds = unique(input.offer_ids);
  if (input.looking_ids !== undefined) values.lookingIds = unique(input.looking_ids);
  if (input.show_email !== undefined) values.showEmail = input.show_email;
  if (input.show_phone !== undefined) values.showPhone = input.show_phone;
  if (input.disable_email_notifications !== undefined) values.disableEmailNotifications = input.disable_email_notifications;
  return values;
}

export async function assertCompanyExists(db: Db, companyId: number): Promise<void> {
  const [row] = await db.select({ id: companies.id }).from(companies).where(eq(companies.id, companyId)).limit(1);
  if (!row) {
    const message = 'This company was not found.';
    throw new AppError(404, ErrorCode.companyNotFound, message, { fields: [{ field: 'body.company_id', message, key: 'not_found', params: {} }] });
  }
}

/**
 * Joining a company: the person is listed among its people (no roles yet) and the company takes
 * part in every event the person is a member of. Leaving keeps the roles row, so a person who
 * comes back is still what they were.
 */
export async function joinCompany(db: Db, userId: number, companyId: number): Promise<void> {
  await db.insert(companyUsers).values({ companyId, userId, roles: [] }).onConflictDoNothing();
  await db.execute(sql`
    insert into ${eventCompanies} (event_id, company_id)
    select ${eventMembers.eventId}, ${companyId} from ${eventMembers} where ${eventMembers.userId} = ${userId}
    on conflict do nothing`);
}
