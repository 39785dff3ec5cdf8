// Shared set-up of the vacancy suites: an event with two companies taking part (their admins, a
// chat-only employee), members on a business and a general pass, organisers, staff, outsiders, and
// another event with a company of its own (IDOR attempts); calls with their answers.
import type { CompanyVacancy, VacancyCard } from '@lobby/contract';
import { expect } from 'vitest';
import { companyUsers } from '../src/db/schema/index.ts';
import { addMembership, authHeader, createEvent, createTicketType, createUser } from './factories.ts';
import type { TestApp } from './harness.ts';
import { addEventCompany } from './people-fixtures.ts';
import { multipartBody } from './support/multipart.ts';

export interface Person {
  id: number;
  email: string;
  headers: Record<string, string>;
}
type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export async function vacancyWorld(t: TestApp) {
  const { db } = t.database;
  const event = await createEvent(db);
  const other = await createEvent(db);
  const business = await createTicketType(db, event.id, { kind: 'business', code: 'biz' });
  const general = await createTicketType(db, event.id, { kind: 'general', code: 'gen' });
  const person = async (options: { event?: number | null; ticket?: number; organiser?: boolean; staff?: boolean; first?: string; language?: string } = {}): Promise<Person> => {
    const user = await createUser(db, { ...(options.staff ? { isStaff: true } : {}), ...(options.first ? { firstName: options.first } : {}), ...(options.language ? { language: options.language } : {}) });
    const eventId = options.event === undefined ? event.id : options.event;
    if (eventId !== null) await addMembership(db, eventId, user.id, { ticketTypeId: options.ticket ?? null, isOrganizer: options.organiser ?? false });
    return { id: user.id, email: user.email, headers: await authHeader(db, t.config.secret, user.id) };
  };
  const companyA = await addEventCompany(db, event.id, { name: 'Nebula Forge' });
  const companyB = await addEventCompany(db, event.id, { name: 'Orbit Works' });
  const companyC = await addEventCompany(db, other.id, { name: 'Faraway Games' });
  const employ = async (who: Person, companyId: number, roles: string[]) => {
    await db.insert(companyUsers).values({ companyId, userId: who.id, roles });
  };
  const people = {
    adminA: await person({ ticket: business.id, first: 'Ada' }),
    adminA2: await person({ event: null, first: 'Boris', language: 'ru' }),
    chatterA: await person({ ticket: business.id }),
    adminB: await person({ ticket: business.id }),
    adminC: await person({ event: other.id }),
    member: await person({ ticket: business.id, first: 'Mira' }),
    student: await person({ ticket: general.id, first: 'Sam' }),
    organiser: await person({ organiser: true }),
    staff: await person({ event: null, staff: true }),
    outsider: await person({ event: null }),
  };
  await employ(people.adminA, companyA.id, ['chat', 'admin']);
  await employ(people.adminA2, companyA.id, ['admin']);
  await employ(people.chatterA, companyA.id, ['chat']);
  await employ(people.adminB, companyB.id, ['admin']);
  await employ(people.adminC, companyC.id, ['admin']);

  const call = (method: Method, url: string, who: Person | Record<string, string>, payload?: unknown) =>
    t.app.inject({ method, url, headers: 'headers' in who ? (who.headers as Record<string, string>) : who, ...(payload !== undefined ? { payload: payload as Record<string, unknown> } : {}) });
  const ok = async <T>(method: Method, url: string, who: Person, payload?: unknown, status = 200): Promise<T> => {
    const res = await call(method, url, who, payload);
    expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(status);
    return res.json<{ data: T }>().data;
  };
  /** "status code" of an answer, such as "409 vacancy.closed" (or "200"). */
  const codeOf = async (method: Method, url: string, who: Person | Record<string, string>, payload?: unknown) => {
    const res = await call(method, url, who, payload);
    const code = res.statusCode >= 400 ? res.json<{ error?: { code: string } }>().error?.code : undefined;
    return `${res.statusCode}${code ? ` ${code}` : ''}`;
  };
  const post = (companyId: number, values: Record<string, unknown> = {}, who: Person = people.adminA) =>
    ok<CompanyVacancy>('POST', `/api/v1/companies/${companyId}/vacancies`, who, { title: 'Gameplay programmer', seniority: 'middle', ...values }, 201);
  const list = async (query = '', who: Person = people.member, eventId = event.id) => {
    const res = await call('GET', `/api/v1/${eventId}/vacancies${query}`, who);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ data: VacancyCard[]; meta: { total: number } }>();
  };
  const respondForm = (fields: Record<string, string>, file?: { name: string; filename: string; type: string; data: Buffer }) => multipartBody(fields, file);
  const respond = (who: Person, vacancyId: number, fields: Record<string, string>, file?: { name: string; filename: string; type: string; data: Buffer }, eventId = event.id) => {
    const form = respondForm(fields, file);
    return t.app.inject({ method: 'POST', url: `/api/v1/${eventId}/vacancies/${vacancyId}/responses`, headers: { ...who.headers, ...form.headers }, payload: form.payload });
  };
  return { event, other, business, general, companyA, companyB, companyC, people, person, call, ok, codeOf, post, list, respond };
}

export type VacancyWorld = Awaited<ReturnType<typeof vacancyWorld>>;

export const past = (hours = 24) => new Date(Date.now() - hours * 3_600_000).toISOString();
export const future = (hours = 24) => new Date(Date.now() + hours * 3_600_000).toISOString();
