// Who may set an event's analytics tags. A Google tag container runs any script its owner likes
// on every page of the event, so the ids are a script-injection path: only platform staff, and
// people staff trust with the AnalyticsManager role (permission event.analytics), change them.
import { ErrorCode, MemberRole, type EventConfig } from '@lobby/contract';
import { and, eq } from 'drizzle-orm';
import type { EventAccess } from '../../access/access.ts';
import type { Db } from '../../db/client.ts';
import { eventMembers } from '../../db/schema/index.ts';
import { AppError } from '../../http/errors.ts';

type Analytics = EventConfig['analytics'] | undefined;

const normalised = (value: string | null | undefined): string | null => value?.trim() || null;

/** Whether the analytics ids differ; blank, null and missing all mean "none". */
export function analyticsChanged(before: Analytics, after: Analytics): boolean {
  return normalised(before?.googleTag) !== normalised(after?.googleTag) || normalised(before?.yandexMetrika) !== normalised(after?.yandexMetrika);
}

const refusal = (field: string) => {
  const message = 'Only platform staff, or people they trust with analytics, can set analytics ids.';
  return new AppError(403, ErrorCode.forbidden, message, { fields: [{ field, message }] });
};

/**
 * Refuses a change of the analytics ids by someone without event.analytics. Sending the stored
 * values back unchanged is fine, so an organiser can still save the rest of the event.
 */
export function requireAnalyticsRight(access: EventAccess, before: Analytics, after: Analytics): void {
  if (access.can('event.analytics') || !analyticsChanged(before, after)) return;
  const field = normalised(before?.googleTag) !== normalised(after?.googleTag) ? 'body.config.analytics.googleTag' : 'body.config.analytics.yandexMetrika';
  throw refusal(field);
}

/**
 * Role ids as an event's organiser may set them: giving the AnalyticsManager role is for staff
 * only (403), and a list that leaves it out keeps it, as only staff take it away.
 */
export function guardTrustRole(access: EventAccess, current: readonly number[], requested: readonly number[]): number[] {
  const role = MemberRole.AnalyticsManager;
  if (access.isStaff) return [...requested];
  const had = current.includes(role);
  if (requested.includes(role) && !had) throw new AppError(403, ErrorCode.forbidden, 'Only platform staff can trust someone with analytics.', { fields: [{ field: 'body.role_ids', message: 'Only platform staff can give this role.' }] });
  return had && !requested.includes(role) ? [...requested, role] : [...requested];
}

/** The member's role ids now, or none when there is no such member (the update then answers 404). */
export async function currentRoles(db: Db, eventId: number, memberId: number): Promise<number[]> {
  const [row] = await db
    .select({ roleIds: eventMembers.roleIds })
    .from(eventMembers)
    .where(and(eq(eventMembers.eventId, eventId), eq(eventMembers.id, memberId)))
    .limit(1);
  return row?.roleIds ?? [];
}
