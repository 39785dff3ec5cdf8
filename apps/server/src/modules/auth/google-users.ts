import { NAME_PATTERN, type Language } from '@lobby/contract';
import type { GoogleProfile } from '../../auth/google.ts';
import type { Db } from '../../db/client.ts';
import { findUserByEmail, insertUser, type UserRow } from '../users/repo.ts';

/** Names from Google that break Lobby's name rule are left for the person to fill in. */
const cleanName = (name: string) => (NAME_PATTERN.test(name) ? name : '');

/** A verified Google e-mail signs in the account with that e-mail, or creates one (no password). */
export async function findOrCreateGoogleUser(db: Db, profile: GoogleProfile, language: Language): Promise<UserRow> {
  const existing = await findUserByEmail(db, profile.email);
  if (existing) return existing;
  return insertUser(db, { email: profile.email, firstName: cleanName(profile.firstName), lastName: cleanName(profile.lastName), language });
}
