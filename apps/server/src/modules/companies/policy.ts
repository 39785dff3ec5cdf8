// Company rules: product.md section 6 (company roles). Pure, so policy.test.ts can table-test them.
import type { CompanyRole } from '@lobby/contract';

export interface EventReader {
  signedIn: boolean;
  isMember: boolean;
  canManage: boolean;
  isStaff: boolean;
}

/**
 * Who may read an event's companies: its members, its managers and platform staff. Everyone else
 * is told the event does not exist for them (404), as the members routes do, so ids reveal nothing.
 */
export function eventCompaniesAccess(reader: EventReader): 'ok' | 'unauthorized' | 'not_found' {
  if (!reader.signedIn) return 'unauthorized';
  return reader.isMember || reader.canManage || reader.isStaff ? 'ok' : 'not_found';
}

/** A company admin holds 'admin' in THAT company (roles of another company do not count); staff may act for any company. */
export const isCompanyAdmin = (rolesInCompany: readonly string[] | null, isStaff: boolean): boolean => isStaff || (rolesInCompany?.includes('admin') ?? false);

/** Whether a person may remove someone from a company: its admins, or the person themself leaving. */
export const mayRemove = (actorId: number, targetId: number, admin: boolean): boolean => admin || actorId === targetId;

/**
 * Whether a change leaves the company without an admin: the target is its only admin and the
 * change takes admin away (new roles without it, or null for removal).
 */
export function dropsLastAdmin(admins: readonly number[], targetId: number, newRoles: readonly CompanyRole[] | null): boolean {
  if (!admins.includes(targetId) || admins.length > 1) return false;
  return newRoles === null || !newRoles.includes('admin');
}

/** Roles as stored: known ones only, each once, in a stable order. */
export const normaliseRoles = (roles: readonly string[]): CompanyRole[] => (['chat', 'admin'] as const).filter((role) => roles.includes(role));
