// Small fixtures for the favorites, contacts and notes suites: an event with members and a company in it.
import type { Db } from '../src/db/client.ts';
import { companies, eventCompanies } from '../src/db/schema/index.ts';
import { addMembership, authHeader, createEvent, createTicketType, createUser } from './factories.ts';
import type { TestApp } from './harness.ts';

export async function addEventCompany(db: Db, eventId: number, values: Partial<typeof companies.$inferInsert> = {}, sponsorType: number | null = null) {
  const [company] = await db
    .insert(companies)
    .values({ name: `Company ${Math.random().toString(36).slice(2, 8)}`, ...values })
    .returning();
  if (!company) throw new Error('no company row');
  await db.insert(eventCompanies).values({ eventId, companyId: company.id, sponsorType });
  return company;
}

export interface Person {
  userId: number;
  memberId: number;
  headers: Record<string, string>;
}

export async function person(t: TestApp, eventId: number, user: Partial<Parameters<typeof createUser>[1]> = {}): Promise<Person> {
  const { db } = t.database;
  const row = await createUser(db, user);
  const member = await addMembership(db, eventId, row.id);
  return { userId: row.id, memberId: member.id, headers: await authHeader(db, t.config.secret, row.id) };
}

/** An event with a ticket type, for suites that need a few people in it. */
export async function eventWithTicket(t: TestApp) {
  const event = await createEvent(t.database.db);
  await createTicketType(t.database.db, event.id);
  return event;
}
