// People of the venue tests (badges.test.ts, contacts-exchange.test.ts, leads.test.ts): an event
// with tickets, members with roles, companies taking part, and calls with their headers.
import { MemberRole } from '@lobby/contract';
import { companies, companyUsers, eventCompanies, users } from '../src/db/schema/index.ts';
import { addMembership, authHeader, createEvent, createTicketType, createUser } from './factories.ts';
import type { TestApp } from './harness.ts';

export type Headers = Record<string, string>;

export interface VenuePerson {
  id: number;
  headers: Headers;
}

export function venue(t: TestApp) {
  const db = () => t.database.db;
  const call = (method: 'GET' | 'POST' | 'PATCH', url: string, headers: Headers | undefined, payload?: unknown) =>
    t.app.inject({ method, url, ...(headers ? { headers } : {}), ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });

  async function person(eventId: number | null, values: { ticketTypeId?: number | null; roleIds?: number[]; organiser?: boolean; staff?: boolean; first?: string; last?: string; email?: string; job?: string; companyId?: number | null; showEmail?: boolean } = {}): Promise<VenuePerson> {
    const user = await createUser(db(), {
      isStaff: values.staff ?? false,
      ...(values.first ? { firstName: values.first } : {}),
      ...(values.last ? { lastName: values.last } : {}),
      ...(values.email ? { email: values.email } : {}),
      job: values.job ?? null,
      companyId: values.companyId ?? null,
      showEmail: values.showEmail ?? false,
    });
    if (eventId !== null) await addMembership(db(), eventId, user.id, { ticketTypeId: values.ticketTypeId ?? null, roleIds: values.roleIds ?? [MemberRole.Member], isOrganizer: values.organiser ?? false });
    return { id: user.id, headers: await authHeader(db(), t.config.secret, user.id) };
  }

  async function company(name: string, eventIds: number[]) {
    const [row] = await db().insert(companies).values({ name }).returning();
    if (!row) throw new Error('no company');
    for (const eventId of eventIds) await db().insert(eventCompanies).values({ eventId, companyId: row.id });
    return row.id;
  }

  const employ = (companyId: number, userId: number, roles: string[]) => db().insert(companyUsers).values({ companyId, userId, roles });

  async function world() {
    const event = await createEvent(db(), { name: 'Venue Summit' });
    const other = await createEvent(db(), { name: 'Other Fair' });
    const business = await createTicketType(db(), event.id, { code: 'business', name: 'Business pass', kind: 'business' });
    const general = await createTicketType(db(), event.id, { code: 'general', name: 'General pass', kind: 'general' });
    return { eventId: event.id, otherEventId: other.id, business: business.id, general: general.id };
  }

  return { db, call, person, company, employ, world, users };
}
