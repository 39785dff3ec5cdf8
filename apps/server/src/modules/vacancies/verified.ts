// Verified skills as people see them (issue 15, academy-to-hiring): on a member's page, whoever may
// open it; on one's own profile.
import { ErrorCode, type Language } from '@lobby/contract';
import { and, eq } from 'drizzle-orm';
import type { AccessSource } from '../../access/access.ts';
import type { Db } from '../../db/client.ts';
import { eventMembers } from '../../db/schema/index.ts';
import { AppError } from '../../http/errors.ts';
import { openDirectory } from '../members/gate.ts';
import { verifiedSkillsOf } from './skills.ts';

/** A member of this event, behind the people directory's gate (403 section.locked, 404 for another event's member). */
export async function memberVerifiedSkills(db: Db, source: AccessSource, eventId: number, memberId: number, language: Language) {
  await openDirectory(db, source, eventId);
  const [member] = await db.select({ userId: eventMembers.userId }).from(eventMembers).where(and(eq(eventMembers.id, memberId), eq(eventMembers.eventId, eventId))).limit(1);
  if (!member) throw new AppError(404, ErrorCode.memberNotFound, 'This person is not a member of this event.');
  return { data: await verifiedSkillsOf(db, member.userId, language) };
}

export async function myVerifiedSkills(db: Db, source: AccessSource, language: Language) {
  const access = await source.get(null);
  return { data: await verifiedSkillsOf(db, access.userId ?? 0, language) };
}
