import { ErrorCode, MemberRole, publicRoleIds, sectionAccess, type MemberCard, type TicketKind } from '@lobby/contract';
import { and, asc, count, eq, ilike, or, sql } from 'drizzle-orm';
import { upgradeOffer, type AccessSource } from '../../access/access.ts';
import type { Db } from '../../db/client.ts';
import { eventMembers, events, users } from '../../db/schema/index.ts';
import { AppError } from '../../http/errors.ts';
import { listTicketTypes } from './repo.ts';
import { containsPattern, pageMeta } from '../../db/sql.ts';


/** The people directory, for those whose ticket opens the members section. */
export async function listDirectory(db: Db, source: AccessSource, eventId: number, page: number, perPage: number, query: string | undefined) {
  const [event] = await db
    .select({ id: events.id })
    .from(events)
    .where(and(eq(events.id, eventId), eq(events.active, true)))
    .limit(1);
  if (!event) throw new AppError(404, ErrorCode.eventNotFound, `Event ${eventId} was not found.`);
  const access = await source.get(eventId);
  const offer = upgradeOffer(await listTicketTypes(db, eventId), access.ticketType);
  const verdict = sectionAccess('members', {
    signedIn: access.userId !== null,
    isMember: access.member !== null,
    ticketKind: (access.ticketType?.kind as TicketKind | undefined) ?? null,
    permissions: access.permissions,
    upgradeGrants: offer?.grants ?? null,
  });
  if (verdict !== 'ok') throw new AppError(403, ErrorCode.sectionLocked, 'Your ticket does not open the people directory.', { section: 'members', access: verdict });

  const search = query ? or(ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, containsPattern(query)), ilike(users.job, containsPattern(query))) : undefined;
  const where = and(eq(eventMembers.eventId, eventId), search);
  const [rows, [{ n } = { n: 0 }]] = await Promise.all([
    db
      .select({ member: eventMembers, user: users })
      .from(eventMembers)
      .innerJoin(users, eq(users.id, eventMembers.userId))
      .where(where)
      .orderBy(asc(users.lastName), asc(users.firstName), asc(eventMembers.id))
      .limit(perPage)
      .offset((page - 1) * perPage),
    db.select({ n: count() }).from(eventMembers).innerJoin(users, eq(users.id, eventMembers.userId)).where(where),
  ]);
  const data: MemberCard[] = rows.map(({ member, user }) => ({
    id: member.id,
    user: { id: user.id, first_name: user.firstName, last_name: user.lastName, job: user.job, avatar_url: null, company: null, region: null },
    // Whom staff trust with analytics is not for other attendees to see.
    role_ids: publicRoleIds(member.roleIds),
    is_speaker: member.roleIds.includes(MemberRole.Speaker),
    is_sponsor: member.roleIds.includes(MemberRole.Sponsor),
    is_organizer: member.isOrganizer,
    highlight: false,
    is_favorite: false,
    last_seen_at: member.lastSeenAt.toISOString(),
  }));
  return { data, meta: pageMeta(page, perPage, n) };
}
