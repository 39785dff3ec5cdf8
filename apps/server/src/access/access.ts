import { grantsOfFeatures, resolvePermissions, type Permission, type TicketKind } from '@lobby/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/client.ts';
import { companyUsers, eventMembers, ticketTypes, users } from '../db/schema/index.ts';

export type MemberRow = typeof eventMembers.$inferSelect;
export type TicketTypeRow = typeof ticketTypes.$inferSelect;

/** Who the actor is in one event, and what they may do there. */
export interface EventAccess {
  userId: number | null;
  isStaff: boolean;
  member: MemberRow | null;
  ticketType: TicketTypeRow | null;
  companyRoles: string[];
  permissions: Set<Permission>;
  can(permission: Permission): boolean;
}

const guest = (): EventAccess => ({ userId: null, isStaff: false, member: null, ticketType: null, companyRoles: [], permissions: new Set(), can: () => false });

/**
 * Resolves an actor's grants in an event: the user, the membership with its ticket type, and
 * company roles (DESIGN section 4).
 */
export async function loadAccess(db: Db, userId: number | null, eventId: number | null): Promise<EventAccess> {
  if (userId === null) return guest();
  // One round trip: the person, their membership with its ticket type, and their company roles.
  const [row] = await db
    .select({
      isStaff: users.isStaff,
      isOrganizer: users.isOrganizer,
      member: eventMembers,
      ticketType: ticketTypes,
      companyRoles: sql<string[]>`array(select distinct role from ${companyUsers} cross join unnest(${companyUsers.roles}) as role where ${companyUsers.userId} = ${users.id})`,
    })
    .from(users)
    .leftJoin(eventMembers, eventId === null ? sql`false` : and(eq(eventMembers.eventId, eventId), eq(eventMembers.userId, users.id)))
    .leftJoin(ticketTypes, eq(ticketTypes.id, eventMembers.ticketTypeId))
    .where(eq(users.id, userId))
    .limit(1);
  if (!row) return guest();
  const member = row.member ?? null;
  const ticketType = row.ticketType ?? null;
  const companyRoles = row.companyRoles;
  const permissions = resolvePermissions({
    isStaff: row.isStaff,
    isPlatformOrganizer: row.isOrganizer,
    member: member ? { isOrganizer: member.isOrganizer, roleIds: member.roleIds, features: ticketType?.features ?? [], ticketKind: (ticketType?.kind as TicketKind | undefined) ?? null } : null,
    companyRoles,
  });
  return { userId, isStaff: row.isStaff, member, ticketType, companyRoles, permissions, can: (p) => permissions.has(p) };
}

declare module 'fastify' {
  interface FastifyRequest {
    accessCache: Map<number | null, Promise<EventAccess>> | undefined;
  }
}

/** Resolved once per request and event, whatever number of checks follow. */
export function accessFor(request: FastifyRequest, db: Db, eventId: number | null): Promise<EventAccess> {
  request.accessCache ??= new Map();
  let access = request.accessCache.get(eventId);
  if (!access) {
    access = loadAccess(db, request.actor?.userId ?? null, eventId);
    request.accessCache.set(eventId, access);
  }
  return access;
}

/** Access of one request, as services see it (they know nothing of requests). */
export interface AccessSource {
  get(eventId: number | null): Promise<EventAccess>;
  /** Forgets what was resolved, after a change of membership. */
  refresh(eventId: number): Promise<EventAccess>;
}

export function accessSource(request: FastifyRequest, db: Db): AccessSource {
  return {
    get: (eventId) => accessFor(request, db, eventId),
    refresh: (eventId) => {
      request.accessCache?.delete(eventId);
      return accessFor(request, db, eventId);
    },
  };
}

/** The business pass an attendee could upgrade to, when it would give them more. */
export function upgradeOffer(types: TicketTypeRow[], current: TicketTypeRow | null): { type: TicketTypeRow; grants: Set<Permission> } | null {
  if (current?.kind === 'business') return null;
  const offer = types.find((type) => type.kind === 'business' && type.id !== current?.id);
  if (!offer) return null;
  const mine = new Set(current?.features ?? []);
  return offer.features.some((feature) => !mine.has(feature)) || current?.kind === 'general' ? { type: offer, grants: grantsOfFeatures(offer.features) } : null;
}
