import { grantsOfFeatures, resolvePermissions, type Permission, type TicketKind } from '@lobby/contract';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/client.ts';
import { companyUsers, eventMembers, events, sessions, ticketTypes, users } from '../db/schema/index.ts';

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

/** What the access query reads of a person in one event. */
interface AccessRow {
  isStaff: boolean;
  isOrganizer: boolean;
  member: MemberRow | null;
  ticketType: TicketTypeRow | null;
  companyRoles: string[];
}

const companyRolesOf = () => sql<string[]>`array(select distinct role from ${companyUsers} cross join unnest(${companyUsers.roles}) as role where ${companyUsers.userId} = ${users.id})`;

function accessOf(userId: number, row: AccessRow): EventAccess {
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

/** What access is made of: the person's platform flags, the membership with its ticket type, company roles. */
const accessColumns = () => ({ isStaff: users.isStaff, isOrganizer: users.isOrganizer, member: eventMembers, ticketType: ticketTypes, companyRoles: companyRolesOf() });

/**
 * Resolves an actor's grants in an event: the user, the membership with its ticket type, and
 * company roles (DESIGN section 4).
 */
export async function loadAccess(db: Db, userId: number | null, eventId: number | null): Promise<EventAccess> {
  if (userId === null) return guest();
  // One round trip: the person, their membership with its ticket type, and their company roles.
  const [row] = await db
    .select(accessColumns())
    .from(users)
    .leftJoin(eventMembers, eventId === null ? sql`false` : and(eq(eventMembers.eventId, eventId), eq(eventMembers.userId, users.id)))
    .leftJoin(ticketTypes, eq(ticketTypes.id, eventMembers.ticketTypeId))
    .where(eq(users.id, userId))
    .limit(1);
  return row ? accessOf(userId, row) : guest();
}

/** The few columns of an active event that gates read before answering. */
export interface ActiveEvent {
  id: number;
  dateFrom: Date;
}

export async function loadActiveEvent(db: Db, eventId: number): Promise<ActiveEvent | null> {
  const [event] = await db
    .select({ id: events.id, dateFrom: events.dateFrom })
    .from(events)
    .where(and(eq(events.id, eventId), eq(events.active, true)))
    .limit(1);
  return event ?? null;
}

/**
 * The session check, the access and the event of a request naming an event, in one round trip
 * (docs/decisions.md, Members directory): no row means the session is not live (revoked, expired,
 * another user's), exactly as isSessionActive answers. Prepared once per database with
 * placeholders, so the SQL is not rebuilt per request.
 */
const sessionAccessQuery = (db: Db) =>
  db
    .select({ ...accessColumns(), event: { id: events.id, dateFrom: events.dateFrom }, sessionExpiresAt: sessions.expiresAt })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(eventMembers, and(eq(eventMembers.eventId, sql.placeholder('eventId')), eq(eventMembers.userId, users.id)))
    .leftJoin(ticketTypes, eq(ticketTypes.id, eventMembers.ticketTypeId))
    .leftJoin(events, and(eq(events.id, sql.placeholder('eventId')), eq(events.active, true)))
    .where(and(eq(sessions.id, sql.placeholder('sessionId')), eq(sessions.userId, sql.placeholder('userId')), isNull(sessions.revokedAt), gt(sessions.expiresAt, sql`now()`)))
    .limit(1)
    .prepare('lobby_session_access');

const prepared = new WeakMap<Db, ReturnType<typeof sessionAccessQuery>>();

export interface SessionAccess {
  access: EventAccess;
  event: ActiveEvent | null;
  /** When the session expires. */
  sessionExpiresAt: Date;
}

export async function loadSessionAccess(db: Db, claims: { userId: number; sessionId: string }, eventId: number): Promise<SessionAccess | null> {
  let query = prepared.get(db);
  if (!query) {
    query = sessionAccessQuery(db);
    prepared.set(db, query);
  }
  const [row] = await query.execute({ eventId, sessionId: claims.sessionId, userId: claims.userId });
  if (!row) return null;
  return { access: accessOf(claims.userId, row), event: row.event ?? null, sessionExpiresAt: row.sessionExpiresAt };
}

declare module 'fastify' {
  interface FastifyRequest {
    accessCache: Map<number | null, Promise<EventAccess>> | undefined;
    eventCache: Map<number, Promise<ActiveEvent | null>> | undefined;
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

/** The active event a request names, read once per request (or already by the session check). */
export function activeEventFor(request: FastifyRequest, db: Db, eventId: number): Promise<ActiveEvent | null> {
  request.eventCache ??= new Map();
  let event = request.eventCache.get(eventId);
  if (!event) {
    event = loadActiveEvent(db, eventId);
    request.eventCache.set(eventId, event);
  }
  return event;
}

/** What authentication read with the session (loadSessionAccess), kept for the rest of the request. */
export function primeRequest(request: FastifyRequest, eventId: number, access: EventAccess, event: ActiveEvent | null): void {
  (request.accessCache ??= new Map()).set(eventId, Promise.resolve(access));
  (request.eventCache ??= new Map()).set(eventId, Promise.resolve(event));
}

/** Access of one request, as services see it (they know nothing of requests). */
export interface AccessSource {
  get(eventId: number | null): Promise<EventAccess>;
  /** Forgets what was resolved, after a change of membership. */
  refresh(eventId: number): Promise<EventAccess>;
  /** The event if it exists and is active, else null. */
  activeEvent(eventId: number): Promise<ActiveEvent | null>;
}

export function accessSource(request: FastifyRequest, db: Db): AccessSource {
  return {
    get: (eventId) => accessFor(request, db, eventId),
    refresh: (eventId) => {
      request.accessCache?.delete(eventId);
      return accessFor(request, db, eventId);
    },
    activeEvent: (eventId) => activeEventFor(request, db, eventId),
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
