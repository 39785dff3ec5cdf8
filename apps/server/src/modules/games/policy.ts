// Who may make, change and delete games, and the rules of their pictures (product.md sections 3
// and 6; docs/decisions.md, Games and the showcase). Pure, so policy.test.ts can table-test them.
import { GAME_SCREENSHOTS_MAX, youtubeId, type GameMediaCategory } from '@lobby/contract';
import { isCompanyAdmin } from '../companies/policy.ts';

/** A game is changed by the admins of ITS company (roles of another company do not count) and platform staff. */
export const canEditGame = (rolesInGameCompany: readonly string[] | null, isStaff: boolean): boolean => isCompanyAdmin(rolesInGameCompany, isStaff);

/** Deletion goes through support (product.md section 6): platform staff alone. */
export const canDeleteGame = (who: { isStaff: boolean }): boolean => who.isStaff;

export interface Membership {
  companyId: number;
  roles: readonly string[];
}

/**
 * The company a new game goes to. `asked` is the body's company_id. Without one: the person's
 * primary company when they admin it, else the first company they admin. No company at all is
 * 'no_company' (422); companies without the admin role, or an asked company they do not admin, are
 * 'forbidden' (403), whether or not they have a company of their own. Staff may name any existing
 * company; a staff member naming none needs a company too.
 */
export function pickCompany(
  memberships: readonly Membership[],
  asked: number | undefined,
  who: { isStaff: boolean; primaryCompanyId: number | null; askedExists: boolean },
): { companyId: number } | 'no_company' | 'forbidden' {
  if (asked !== undefined) {
    if (who.isStaff) return who.askedExists ? { companyId: asked } : 'no_company';
    const own = memberships.find((m) => m.companyId === asked);
    return own && own.roles.includes('admin') ? { companyId: asked } : 'forbidden';
  }
  if (memberships.length === 0) return 'no_company';
  const admins = memberships.filter((m) => m.roles.includes('admin')).sort((a, b) => a.companyId - b.companyId);
  const primary = admins.find((m) => m.companyId === who.primaryCompanyId);
  const chosen = primary ?? admins[0];
  return chosen ? { companyId: chosen.companyId } : 'forbidden';
}

/** Icon and cover are one picture each: a new one replaces the old. Screenshots are a gallery. */
export const replacesOld = (category: GameMediaCategory): boolean => category !== 'screenshot';

/** Whether one more screenshot fits. */
export const screenshotFits = (count: number): boolean => count < GAME_SCREENSHOTS_MAX;

/** A new order must name every screenshot of the game exactly once, and nothing else. */
export function isFullOrder(ids: readonly number[], existing: readonly number[]): boolean {
  if (ids.length !== existing.length || new Set(ids).size !== ids.length) return false;
  const known = new Set(existing);
  return ids.every((id) => known.has(id));
}

/** The trailer's player: only the fixed youtube-nocookie address, never what the person typed. */
export function trailerEmbedUrl(videoUrl: string | null): string | null {
  const id = videoUrl ? youtubeId(videoUrl) : null;
  return id ? `https://www.youtube-nocookie.com/embed/${id}` : null;
}
