// Who may do what with vacancies (issue 17, "Vacancies"; docs/decisions.md, Vacancies). Pure, so
// policy.test.ts can table-test them.
import type { VacancyState } from '@lobby/contract';
import { isCompanyAdmin } from '../companies/policy.ts';

export interface VacancyReader {
  signedIn: boolean;
  isMember: boolean;
  canManage: boolean;
  isStaff: boolean;
}

/**
 * The event's vacancies are for its people: members on any ticket (the general pass too: the
 * spec does not close /vacancies to it, and students are whom academy-to-hiring serves), its
 * managers and platform staff. Anyone else is told the event does not exist for them.
 */
export function vacanciesAccess(reader: VacancyReader): 'ok' | 'unauthorized' | 'not_found' {
  if (!reader.signedIn) return 'unauthorized';
  return reader.isMember || reader.canManage || reader.isStaff ? 'ok' : 'not_found';
}

/** A company's vacancies and their responses are its admins' (roles in THAT company) and platform staff's. */
export const canManageVacancies = (rolesInCompany: readonly string[] | null, isStaff: boolean): boolean => isCompanyAdmin(rolesInCompany, isStaff);

/** Drafts are read only by those who may edit them; open and closed vacancies by every reader. */
export const canReadVacancy = (state: VacancyState, canEdit: boolean): boolean => state !== 'draft' || canEdit;

export type RespondVerdict = 'ok' | 'closed' | 'own_company' | 'already_responded';

/**
 * Whether a person may respond: the vacancy is open, it is not their own company's (its people
 * hire, they do not apply), and they have not responded yet (the unique index decides a race).
 */
export function respondVerdict(facts: { state: VacancyState; inCompany: boolean; responded: boolean }): RespondVerdict {
  if (facts.state !== 'open') return 'closed';
  if (facts.inCompany) return 'own_company';
  if (facts.responded) return 'already_responded';
  return 'ok';
}
