import { ErrorCode, unknownTimezoneMessage, type Language, type Me } from '@lobby/contract';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import { joinCompany } from '../companies/manage.ts';
import { canonicalTimezone } from '../timezones/service.ts';
import { loadMe } from './me.ts';
import { findUser, updateUser } from './repo.ts';

export async function getMe(db: Db, secret: string, userId: number): Promise<Me> {
  const user = await findUser(db, userId);
  if (!user) throw new AppError(401, ErrorCode.unauthorized, 'Please sign in to continue.');
  return loadMe(db, secret, user);
}

/** Own settings; a timezone must exist (product.md section 5), aliases are stored canonically. */
export async function updateMe(db: Db, secret: string, userId: number, input: { timezone?: string | undefined; language?: Language | undefined; company_id?: number | null | undefined }): Promise<Me> {
  // The company picker joins the company's people (companies module owns that rule).
  if (input.company_id !== undefined) await joinCompany(db, userId, input.company_id);
  const values: { timezone?: string; language?: Language } = {};
  if (input.timezone !== undefined) {
    const timezone = await canonicalTimezone(db, input.timezone);
    if (!timezone) {
      const message = unknownTimezoneMessage(input.timezone);
      throw new AppError(422, ErrorCode.timezoneUnknown, message, { fields: [{ field: 'body.timezone', message }] });
    }
    values.timezone = timezone;
  }
  if (input.language !== undefined) values.language = input.language;
  if (Object.keys(values).length === 0) return getMe(db, secret, userId);
  return loadMe(db, secret, await updateUser(db, userId, values));
}
