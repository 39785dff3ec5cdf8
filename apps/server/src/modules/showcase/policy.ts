// Who sees a showcase and its entries, who submits, and the rules of the organisers' form
// (product.md sections 5 and 6; docs/decisions.md, Games and the showcase). Pure, table-tested in policy.test.ts.
import type { RequestStatus } from '@lobby/contract';
import { isCompanyAdmin } from '../companies/policy.ts';

export interface ShowcaseReader {
  signedIn: boolean;
  isMember: boolean;
  canManage: boolean;
  isStaff: boolean;
}

/** The event's members (any ticket: the showcase is not closed to the general ticket), its organisers and staff. */
export function showcaseAccess(reader: ShowcaseReader): 'ok' | 'unauthorized' | 'forbidden' {
  if (!reader.signedIn) return 'unauthorized';
  return reader.isMember || reader.canManage || reader.isStaff ? 'ok' : 'forbidden';
}

/** Accepted entries are everyone's (who sees the showcase); pending and rejected ones only the game's company's and the organisers'. */
export const seesEntry = (status: RequestStatus, who: { inGameCompany: boolean; canManage: boolean }): boolean => status === 'accepted' || who.inGameCompany || who.canManage;

/** A game is submitted by its company's admins (staff for any company). */
export const canSubmit = (rolesInGameCompany: readonly string[] | null, isStaff: boolean): boolean => isCompanyAdmin(rolesInGameCompany, isStaff);

/** The voting window: either end may be open; when both are set, it must end after it starts. */
export const windowValid = (startsAt: string | null, endsAt: string | null): boolean => startsAt === null || endsAt === null || Date.parse(endsAt) > Date.parse(startsAt);

/**
 * What a new list of categories does to the stored ones: ids that are not the showcase's
 * (`unknown`), stored categories left out (`dropped`), and those of them that have votes
 * (`droppedWithVotes`, which may not go).
 */
export function categoryPlan(stored: readonly { id: number; votes: number }[], incoming: readonly { id?: number | undefined }[]) {
  const storedIds = new Set(stored.map((c) => c.id));
  const kept = new Set(incoming.flatMap((c) => (c.id === undefined ? [] : [c.id])));
  const unknown = [...kept].filter((id) => !storedIds.has(id));
  const repeated = incoming.filter((c) => c.id !== undefined).length !== kept.size;
  const dropped = stored.filter((c) => !kept.has(c.id));
  return { unknown, repeated, dropped: dropped.map((c) => c.id), droppedWithVotes: dropped.filter((c) => c.votes > 0).map((c) => c.id) };
}
