// Vacancies of an event (issue 17): product.md section 2 (/vacancies, /vacancies/{id}); the
// reader's verified skills (issue 15, academy-to-hiring) mark the skills a vacancy asks for.
import { ErrorCode, vacancyState, type Language, type Vacancy, type VacancySeniority, type VacancySort } from '@lobby/contract';
import type { AccessSource, EventAccess } from '../../access/access.ts';
import type { Db } from '../../db/client.ts';
import { pageMeta } from '../../db/sql.ts';
import type { FileStore } from '../../files/store.ts';
import type { FileUrls } from '../../files/urls.ts';
import { AppError } from '../../http/errors.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { loadDictionaries } from '../dictionaries/service.ts';
import { listExternal } from './feed-repo.ts';
import { canManageVacancies, canReadVacancy, respondVerdict, vacanciesAccess } from './policy.ts';
import { presentCard, presentExternalJob, type CardContext } from './present.ts';
import { findEventVacancy, listEventVacancies, rolesInCompany, type VacancyWithCompany } from './repo.ts';
import { findOwnResponse } from './response-repo.ts';
import { verifiedSkillValues } from './skills.ts';

export interface VacanciesContext {
  db: Db;
  files: FileUrls;
  store: FileStore;
  mailer: Mailer;
  log: { warn(details: object, message: string): void };
  publicUrl: string;
  uploadMaxBytes: number;
  allowPrivateFeeds: boolean;
  /** Wakes the job runner after a job is queued. */
  nudge: () => void;
}

export interface EventReader {
  event: { id: number };
  access: EventAccess;
  userId: number;
}

export const vacancyNotFound = (id: number) => new AppError(404, ErrorCode.vacancyNotFound, `Vacancy ${id} was not found.`);

/** The event, and the reader's right to its vacancies (401 for guests, 404 for outsiders). */
export async function eventReader(source: AccessSource, eventId: number): Promise<EventReader> {
  const [event, access] = await Promise.all([source.activeEvent(eventId), source.get(eventId)]);
  if (!event) throw new AppError(404, ErrorCode.eventNotFound, `Event ${eventId} was not found.`);
  const verdict = vacanciesAccess({ signedIn: access.userId !== null, isMember: access.member !== null, canManage: access.can('event.manage'), isStaff: access.isStaff });
  if (verdict === 'unauthorized') throw new AppError(401, ErrorCode.unauthorized, 'Sign in to see the vacancies of this event.');
  if (verdict === 'not_found') throw new AppError(404, ErrorCode.eventNotFound, `Event ${eventId} was not found.`);
  return { event, access, userId: access.userId ?? 0 };
}

export async function cardContext(ctx: VacanciesContext, eventId: number | null, userId: number, language: Language): Promise<CardContext> {
  const [dictionaries, verified] = await Promise.all([loadDictionaries(ctx.db, eventId), verifiedSkillValues(ctx.db, userId)]);
  return { files: ctx.files, dictionaries, language, verified, now: new Date() };
}

export interface VacancyListInput {
  query?: string | undefined;
  seniority?: VacancySeniority[] | undefined;
  skills?: number[] | undefined;
  remote?: boolean | undefined;
  companyId?: number | undefined;
  matches?: boolean | undefined;
  sort?: VacancySort | undefined;
  page: number;
  perPage: number;
}

export async function listVacancies(ctx: VacanciesContext, source: AccessSource, eventId: number, input: VacancyListInput, language: Language) {
  const reader = await eventReader(source, eventId);
  const cards = await cardContext(ctx, eventId, reader.userId, language);
  const { rows, total } = await listEventVacancies(ctx.db, {
    eventId,
    now: cards.now,
    query: input.query || undefined,
    seniority: input.seniority,
    skills: input.skills,
    remote: input.remote,
    companyId: input.companyId,
    matching: input.matches ? [...cards.verified] : undefined,
    sort: input.sort ?? 'newest',
    page: input.page,
    perPage: input.perPage,
  });
  return { data: rows.map((row) => presentCard(row.vacancy, row.company, cards)), meta: pageMeta(input.page, input.perPage, total) };
}

/** A vacancy as the reader may see it in the event, with what they may do to it; 404 for drafts of others. */
export async function readableVacancy(ctx: VacanciesContext, reader: EventReader, id: number): Promise<{ row: VacancyWithCompany; roles: string[] | null; canEdit: boolean }> {
  const row = await findEventVacancy(ctx.db, reader.event.id, id);
  if (!row) throw vacancyNotFound(id);
  const roles = await rolesInCompany(ctx.db, row.company.id, reader.userId);
  const canEdit = canManageVacancies(roles, reader.access.isStaff);
  if (!canReadVacancy(vacancyState(row.vacancy, new Date()), canEdit)) throw vacancyNotFound(id);
  return { row, roles, canEdit };
}

export async function getVacancy(ctx: VacanciesContext, source: AccessSource, eventId: number, id: number, language: Language): Promise<Vacancy> {
  const reader = await eventReader(source, eventId);
  const { row, roles, canEdit } = await readableVacancy(ctx, reader, id);
  const [cards, mine] = await Promise.all([cardContext(ctx, eventId, reader.userId, language), findOwnResponse(ctx.db, id, reader.userId)]);
  const card = presentCard(row.vacancy, row.company, cards);
  return {
    ...card,
    description: row.vacancy.description,
    my_response: mine ? { id: mine.id, status: mine.status, created_at: mine.createdAt.toISOString(), updated_at: mine.updatedAt.toISOString() } : null,
    can_edit: canEdit,
    can_respond: respondVerdict({ state: card.state, inCompany: roles !== null, responded: mine !== undefined }) === 'ok',
  };
}

export async function listExternalJobs(ctx: VacanciesContext, source: AccessSource, eventId: number, query: string | undefined, page: number, perPage: number) {
  await eventReader(source, eventId);
  const { rows, total } = await listExternal(ctx.db, eventId, query || undefined, page, perPage);
  return { data: rows.map(presentExternalJob), meta: pageMeta(page, perPage, total) };
}
