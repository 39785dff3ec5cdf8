import type { EventMember } from '@lobby/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { AccessSource } from '../../access/access.ts';
import type { Db } from '../../db/client.ts';
import { eventMembers } from '../../db/schema/index.ts';
import { saveProfile, type MeInput } from '../users/service.ts';
import { myMembership } from './service.ts';

export type MembershipInput = Omit<MeInput, 'language'> & { settings?: Record<string, unknown> | undefined };

/**
 * PATCH /{eventId}/members/me: profile fields (the person's, shared by every event), member
 * settings (merged into this membership's settings) or the timezone. Only a member may call it,
 * so the membership is resolved first (404 otherwise).
 */
export async function updateMyMembership(db: Db, secret: string, source: AccessSource, eventId: number, input: MembershipInput): Promise<EventMember> {
  const before = await myMembership(db, secret, source, eventId);
  const { settings, ...profile } = input;
  await saveProfile(db, before.user_id, profile);
  if (settings && Object.keys(settings).length > 0) {
    // jsonb || merges keys, so settings this form does not know are kept.
    await db
      .update(eventMembers)
      .set({ settings: sql`${eventMembers.settings} || ${JSON.stringify(settings)}::jsonb` })
      .where(and(eq(eventMembers.eventId, eventId), eq(eventMembers.userId, before.user_id)));
  }
  await source.refresh(eventId);
  return myMembership(db, secret, source, eventId);
}
