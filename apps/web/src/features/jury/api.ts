import { JURY_REFUSALS, routes, type JuryRefusal } from '@lobby/contract';
import { ApiError } from '../../api/errors.ts';
import { apiQuery } from '../../api/client.ts';
import { queryClient } from '../../api/query-client.ts';

// Jury voting's calls (packages/contract/src/jury.ts) and what a score or the back office changes.

export const roundsQuery = (eventId: number) => apiQuery(routes.listJuryRounds, { params: { eventId } });
export const roundQuery = (eventId: number, slug: string) => apiQuery(routes.getJuryRound, { params: { eventId, slug } });
export const finalistQuery = (eventId: number, slug: string, requestId: number) => apiQuery(routes.getJuryFinalist, { params: { eventId, slug, requestId } });
export const resultsQuery = (eventId: number, slug: string) => apiQuery(routes.getJuryResults, { params: { eventId, slug } });
export const adminJuryQuery = (eventId: number, showcaseId: number) => apiQuery(routes.adminGetJury, { params: { eventId, showcaseId } });

const JURY_IDS: string[] = [routes.listJuryRounds.id, routes.getJuryRound.id, routes.getJuryFinalist.id, routes.getJuryResults.id, routes.adminGetJury.id];

/** A score or the jury settings changed: every jury page reads again. */
export const refreshJury = () => queryClient.invalidateQueries({ predicate: (q) => JURY_IDS.includes(String(q.queryKey[0])) });

/** Why a score was refused (403 jury.score_refused, details.reason), when it is a reason the page knows. */
export function juryRefusalOf(error: unknown): JuryRefusal | null {
  if (!(error instanceof ApiError) || error.code !== 'jury.score_refused') return null;
  const reason = error.details?.reason;
  return (JURY_REFUSALS as readonly unknown[]).includes(reason) ? (reason as JuryRefusal) : null;
}

/** A positive id from the address, 0 otherwise. */
export const idOf = (raw: string | undefined): number => (raw && /^[1-9][0-9]{0,9}$/.test(raw) ? Number(raw) : 0);
