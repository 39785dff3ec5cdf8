import { ErrorCode, unknownTimezoneMessage, type Language, type Me } from '@lobby/contract';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import { canonicalTimezone } from '../timezones/service.ts';
import { loadMe } from './me.ts';
import { findUser, updateUser, type UserRow } from './repo.ts';
import { assertCompanyExists, joinCompany, profileColumns, type ProfileValues } from './profile.ts';
import type { users } from '../../db/schema/index.ts';

export async function getMe(db: Db, secret: string, userId: number): Promise<Me> {
  const user = await findUser(db, userId);
  if (!user) throw new AppError(401, ErrorCode.unauthorized, 'Please sign in to continue.');
  return loadMe(db, secret, user);
}

/** A timezone must exist (product.md section 5); aliases are stored canonically. */
export async function checkedTimezone(db: Db, given: string): Promise<string> {
  const timezone = await canonicalTimezone(db, given);
  if (timezone) return timezone;
  const message = unknownTimezoneMessage(given);
  throw new AppError(422, ErrorCode.timezoneUnknown, message, { fields: [{ field: 'body.timezone', message }] });
}

export type MeInput = ProfileValues & { timezone?: string | undefined; language?: Language | undefined };

/**
 * Writes own profile fields and settings, only those sent. A company must exist (404); joining
 * one lists the person there and brings the company into their events.
 */
export async function saveProfile(db: Db, userId: number, input: MeInput): Promise<UserRow> {
  const user = await findUser(db, userId);
  if (!user) throw new AppError(401, ErrorCode.unauthorized, 'Please sign in to continue.');
  const values: Partial<typeof users.$inferInsert> = profileColumns(user, input);
  if (input.timezone !== undefined) values.timezone = await checkedTimezone(db, input.timezone);
  if (input.language !== undefined) values.language = input.language;
  const joins = input.company_id !== undefined && input.company_id !== null && input.company_id !== user.companyId ? input.company_id : null;
  if (joins !== null) await assertCompanyExists(db, joins);
  if (Object.keys(values).length === 0) return user;
  const saved = await updateUser(db, userId, values);
  if (joins !== null) await joinCompany(db, userId, joins);
  return saved;
}

export async function updateMe(db: Db, secret: string, userId: number, input: MeInput): Promise<Me> {
  return loadMe(db, secret, await saveProfile(db, userId, input));
}
