import type { CompanyRole, Me } from '@lobby/contract';
import type { Db } from '../../db/client.ts';
import { fileUrls } from '../../files/urls.ts';
import { asLanguage, defaultLabeller, presentMe, type Labeller } from './present.ts';
import { findCompanyOf, type UserRow } from './repo.ts';

/** The signed-in person as the API shows them: company, roles there, labels in their language, signed picture addresses. */
export async function loadMe(db: Db, secret: string, user: UserRow, label: Labeller = defaultLabeller(asLanguage(user.language))): Promise<Me> {
  const { company, roles } = await findCompanyOf(db, user);
  return presentMe(user, { company, companyRoles: roles.filter((r): r is CompanyRole => r === 'chat' || r === 'admin'), files: fileUrls(secret), label });
}
