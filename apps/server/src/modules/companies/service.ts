// Companies: product.md sections 3 (Company) and 6 (company roles); contract.md section 7 (Companies).
import { ErrorCode, type Company, type Language } from '@lobby/contract';
import { and, eq } from 'drizzle-orm';
import type { AccessSource, EventAccess } from '../../access/access.ts';
import type { Db } from '../../db/client.ts';
import { events, users } from '../../db/schema/index.ts';
import { fileUrls } from '../../files/urls.ts';
import { AppError } from '../../http/errors.ts';
import { pageMeta } from '../../db/sql.ts';
import { loadDictionaries } from '../dictionaries/service.ts';
import { eventCompaniesAccess, isCompanyAdmin } from './policy.ts';
import { presentCard, presentCompany, presentPerson, type Presenter } from './present.ts';
import { companyExtras, findCompany, listCompanyMedia, listEventCompanies, listPeople, rolesIn, type CompanyFilter, type CompanyRow } from './repo.ts';

type EventRow = typeof events.$inferSelect;

export const companyNotFound = (id: number) => new AppError(404, ErrorCode.companyNotFound, `Company ${id} was not found.`);

/** The event, and the reader's access to its companies (404 for outsiders, like the members routes). */
export async function eventReader(db: Db, source: AccessSource, eventId: number): Promise<{ event: EventRow; access: EventAccess }> {
  const [event] = await db.select().from(events).where(and(eq(events.id, eventId), eq(events.active, true))).limit(1);
  if (!event) throw new AppError(404, ErrorCode.eventNotFound, `Event ${eventId} was not found.`);
  const access = await source.get(eventId);
  const verdict = eventCompaniesAccess({ signedIn: access.userId !== null, isMember: access.member !== null, canManage: access.can('event.manage'), isStaff: access.isStaff });
  if (verdict === 'unauthorized') throw new AppError(401, ErrorCode.unauthorized, 'Sign in to see the companies of this event.');
  if (verdict === 'not_found') throw new AppError(404, ErrorCode.eventNotFound, `Event ${eventId} was not found.`);
  return { event, access };
}

const presenter = async (db: Db, secret: string, eventId: number | null, language: Language): Promise<Presenter> => ({ dictionaries: await loadDictionaries(db, eventId), language, files: fileUrls(secret) });

export async function listCompanies(db: Db, secret: string, source: AccessSource, eventId: number, filter: Omit<CompanyFilter, 'eventId' | 'eventStart' | 'readerId'>, language: Language) {
  const { event, access } = await eventReader(db, source, eventId);
  const { rows, total } = await listEventCompanies(db, { ...filter, eventId, eventStart: event.dateFrom, readerId: access.userId ?? 0 });
  const p = await presenter(db, secret, eventId, language);
  return { data: rows.map((row) => presentCard(row.company, row, p)), meta: pageMeta(filter.page, filter.perPage, total) };
}

async function wnManager(db: Db, id: number | null) {
  if (id === null) return null;
  const [row] = await db.select({ id: users.id, first: users.firstName, last: users.lastName }).from(users).where(eq(users.id, id)).limit(1);
  return row ? { id: row.id, name: `${row.first} ${row.last}`.trim() } : null;
}

/** The company page; eventId null is the company's own settings view (no sponsor tier, no favorite). */
export async function describe(db: Db, secret: string, company: CompanyRow, reader: { userId: number; isStaff: boolean; mayChat: boolean }, eventId: number | null, sponsorType: number | null, language: Language): Promise<Company> {
  const [extras, mediaRows, people, roles, manager, p] = await Promise.all([
    companyExtras(db, company.id, reader.userId, eventId),
    listCompanyMedia(db, company.id),
    listPeople(db, company.id, eventId),
    rolesIn(db, company.id, reader.userId),
    wnManager(db, company.wnManagerId),
    presenter(db, secret, eventId, language),
  ]);
  const admin = isCompanyAdmin(roles, reader.isStaff);
  return presentCompany(
    company,
    {
      ...extras,
      sponsorType,
      media: mediaRows,
      people: people.rows.map((row) => presentPerson(row.user, row.roles, row.memberId, p.files)),
      abilities: { edit: admin, manage_members: admin, chat: company.hasChat && reader.mayChat && roles === null },
      wnManager: manager,
    },
    p,
  );
}

/** One company of the event; companies of the platform's earlier events are shown too, as the list's show_previous does. */
export async function getCompany(db: Db, secret: string, source: AccessSource, eventId: number, id: number, language: Language): Promise<Company> {
  const { event, access } = await eventReader(db, source, eventId);
  const company = await findCompany(db, id);
  if (!company) throw companyNotFound(id);
  const { rows } = await listEventCompanies(db, { eventId, eventStart: event.dateFrom, readerId: access.userId ?? 0, ids: [id], showPrevious: true, sort: 'name', order: 'asc', page: 1, perPage: 1 });
  const row = rows[0];
  if (!row) throw companyNotFound(id);
  return describe(db, secret, company, { userId: access.userId ?? 0, isStaff: access.isStaff, mayChat: access.can('chat.send') }, eventId, row.sponsorType, language);
}

/** The company outside any event, for its own people (settings pages) and staff; others are told it does not exist. */
export async function getOwnCompany(db: Db, secret: string, source: AccessSource, id: number, language: Language): Promise<Company> {
  const access = await source.get(null);
  const company = await findCompany(db, id);
  if (!company || (!access.isStaff && (await rolesIn(db, id, access.userId ?? 0)) === null)) throw companyNotFound(id);
  return describe(db, secret, company, { userId: access.userId ?? 0, isStaff: access.isStaff, mayChat: false }, null, null, language);
}
