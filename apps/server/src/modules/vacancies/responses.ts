// Responding to a vacancy (contract.md section 8, "vacancy respond") and the company's side of the
// responses: listed with a status (new, seen, declined, invited), the CV behind a short-lived
// signed address. One response per person and vacancy: the unique index decides a race.
import { ErrorCode, matchingSkills, mayChangeResponse, VACANCY_CV_URL_TTL_S, vacancyState, type Language, type OwnVacancyResponse, type VacancyResponse, type VacancyResponseDecision, type VacancyResponseStatus } from '@lobby/contract';
import type { FastifyRequest } from 'fastify';
import type { AccessSource } from '../../access/access.ts';
import type { Db } from '../../db/client.ts';
import { pageMeta } from '../../db/sql.ts';
import { newFileKey } from '../../files/store.ts';
import { AppError } from '../../http/errors.ts';
import { labelsOf, loadDictionaries, type DictionarySet } from '../dictionaries/service.ts';
import { requireCompanyAdmin } from './company.ts';
import { receiveResponse } from './cv.ts';
import { mailCompanyAdmins } from './mail.ts';
import { respondVerdict } from './policy.ts';
import { presentCompany } from './present.ts';
import { findCompanyVacancy, type CompanyHead, type VacancyRow } from './repo.ts';
import { findOwnResponse, findResponse, insertResponse, listOwnResponses, listResponses, markSeen, setStatus, verifiedOf, type ResponseRow, type ResponseView } from './response-repo.ts';
import { eventReader, readableVacancy, vacancyNotFound, type VacanciesContext } from './service.ts';

const alreadyResponded = () => new AppError(409, ErrorCode.vacancyAlreadyResponded, 'You have already responded to this vacancy.');
const responseNotFound = (id: number) => new AppError(404, ErrorCode.vacancyResponseNotFound, `Response ${id} was not found.`);

function presentOwn(response: ResponseRow, vacancy: VacancyRow, company: CompanyHead, ctx: VacanciesContext, now: Date): OwnVacancyResponse {
  return {
    id: response.id,
    status: response.status,
    message: response.message,
    cv_name: response.cvName,
    vacancy: { id: vacancy.id, title: vacancy.title, state: vacancyState(vacancy, now), company: presentCompany(company, ctx.files) },
    created_at: response.createdAt.toISOString(),
    updated_at: response.updatedAt.toISOString(),
  };
}

/**
 * Checked before the file is read (a refused person's CV is not worth receiving): the vacancy is
 * readable and open, not the reader's company's, not answered yet. The CV is stored, then the row
 * inserted; a parallel request that inserted first makes this one 409, and its file is removed.
 */
export async function respond(ctx: VacanciesContext, source: AccessSource, eventId: number, id: number, request: FastifyRequest): Promise<{ data: OwnVacancyResponse }> {
  const reader = await eventReader(source, eventId);
  const { row, roles } = await readableVacancy(ctx, reader, id);
  const verdict = respondVerdict({ state: vacancyState(row.vacancy, new Date()), inCompany: roles !== null, responded: (await findOwnResponse(ctx.db, id, reader.userId)) !== undefined });
  if (verdict === 'closed') throw new AppError(409, ErrorCode.vacancyClosed, 'This vacancy is closed: it no longer takes responses.');
  if (verdict === 'own_company') throw new AppError(422, ErrorCode.vacancyOwnCompany, 'This is a vacancy of your own company: you cannot respond to it.');
  if (verdict === 'already_responded') throw alreadyResponded();
  const received = await receiveResponse(request, ctx.uploadMaxBytes);
  const key = newFileKey(`cv${id}`, received.cv.contentType);
  await ctx.store.put(key, received.cv.data, received.cv.contentType);
  let inserted: ResponseRow | null;
  try {
    inserted = await insertResponse(ctx.db, { vacancyId: id, userId: reader.userId, eventId, message: received.message, cvKey: key, cvName: received.cv.name, cvType: received.cv.contentType, cvSize: received.cv.data.length });
  } catch (error) {
    await ctx.store.delete(key).catch(() => {});
    throw error;
  }
  if (!inserted) {
    await ctx.store.delete(key).catch(() => {});
    throw alreadyResponded();
  }
  try {
    await mailCompanyAdmins(ctx, { eventId, vacancy: row.vacancy, applicantId: reader.userId, message: received.message });
  } catch (error) {
    // The response is stored and listed for the company; a mail that could not be written is logged.
    ctx.log.warn({ err: error, responseId: inserted.id }, 'job application mail not written');
  }
  return { data: presentOwn(inserted, row.vacancy, row.company, ctx, new Date()) };
}

export async function listMine(ctx: VacanciesContext, source: AccessSource, eventId: number, page: number, perPage: number) {
  const reader = await eventReader(source, eventId);
  const { rows, total } = await listOwnResponses(ctx.db, reader.userId, eventId, page, perPage);
  const now = new Date();
  return { data: rows.map((row) => presentOwn(row.response, row.vacancy, row.company, ctx, now)), meta: pageMeta(page, perPage, total) };
}

// The company's side ---------------------------------------------------------------------------

async function companyVacancy(ctx: VacanciesContext, source: AccessSource, companyId: number, vacancyId: number): Promise<VacancyRow> {
  await requireCompanyAdmin(ctx, source, companyId);
  const found = await findCompanyVacancy(ctx.db, companyId, vacancyId);
  if (!found) throw vacancyNotFound(vacancyId);
  return found.vacancy;
}

/** Skills are labelled in the list of the event the person responded from (the platform's without one). */
async function presentResponses(ctx: VacanciesContext, vacancy: VacancyRow, rows: readonly ResponseView[], language: Language): Promise<VacancyResponse[]> {
  const verified = await verifiedOf(ctx.db, rows.map((row) => row.user.id));
  const lists = new Map<number | null, DictionarySet>();
  const listOf = async (eventId: number | null): Promise<DictionarySet> => {
    let list = lists.get(eventId);
    if (!list) {
      list = await loadDictionaries(ctx.db, eventId).catch(() => loadDictionaries(ctx.db, null));
      lists.set(eventId, list);
    }
    return list;
  };
  const presented: VacancyResponse[] = [];
  for (const { response, user, company, memberId } of rows) {
    const matches = matchingSkills(vacancy.skills, verified.get(user.id) ?? new Set());
    presented.push({
      id: response.id,
      vacancy_id: response.vacancyId,
      applicant: {
        user_id: user.id,
        member_id: memberId,
        event_id: response.eventId,
        first_name: user.firstName,
        last_name: user.lastName,
        job: user.job,
        company,
        avatar_url: ctx.files.url(user.avatarThumbKey ?? user.avatarKey),
        email: user.email,
      },
      message: response.message,
      cv: response.cvKey && response.cvName ? { name: response.cvName, content_type: response.cvType ?? 'application/octet-stream', size: response.cvSize ?? 0 } : null,
      status: response.status,
      matches: labelsOf(await listOf(response.eventId), 'vacancy.skills', language, matches),
      created_at: response.createdAt.toISOString(),
      updated_at: response.updatedAt.toISOString(),
    });
  }
  return presented;
}

/** The page as it stood when opened; its new responses are then marked seen. */
export async function listCompanyResponses(ctx: VacanciesContext, source: AccessSource, companyId: number, vacancyId: number, status: VacancyResponseStatus | undefined, page: number, perPage: number, language: Language) {
  const vacancy = await companyVacancy(ctx, source, companyId, vacancyId);
  const { rows, total } = await listResponses(ctx.db, vacancyId, status, page, perPage);
  const data = await presentResponses(ctx, vacancy, rows, language);
  await markSeen(
    ctx.db,
    rows.filter((row) => row.response.status === 'new').map((row) => row.response.id),
  );
  return { data, meta: pageMeta(page, perPage, total) };
}

async function requireResponse(db: Db, vacancyId: number, responseId: number): Promise<ResponseView> {
  const found = await findResponse(db, vacancyId, responseId);
  if (!found) throw responseNotFound(responseId);
  return found;
}

export async function changeResponse(ctx: VacanciesContext, source: AccessSource, companyId: number, vacancyId: number, responseId: number, to: VacancyResponseDecision, language: Language) {
  const vacancy = await companyVacancy(ctx, source, companyId, vacancyId);
  // Two admins at once: the change applies to the status it was checked against, else it is checked again.
  for (let attempt = 0; attempt < 3; attempt++) {
    const current = await requireResponse(ctx.db, vacancyId, responseId);
    const from = current.response.status;
    if (!mayChangeResponse(from, to)) throw new AppError(409, ErrorCode.vacancyStatusInvalid, `This response is ${from} already: it cannot go back to "seen".`, { status: from });
    if (from === to || (await setStatus(ctx.db, responseId, from, to))) {
      const [row] = await presentResponses(ctx, vacancy, [await requireResponse(ctx.db, vacancyId, responseId)], language);
      if (row) return { data: row };
    }
  }
  throw new AppError(409, ErrorCode.vacancyStatusInvalid, 'The response was changed meanwhile; reload and try again.');
}

export async function responseCv(ctx: VacanciesContext, source: AccessSource, companyId: number, vacancyId: number, responseId: number) {
  await companyVacancy(ctx, source, companyId, vacancyId);
  const { response } = await requireResponse(ctx.db, vacancyId, responseId);
  if (!response.cvKey) throw new AppError(404, ErrorCode.vacancyResponseNotFound, 'This response has no CV.');
  const { url, expires } = ctx.files.shortLived(response.cvKey, VACANCY_CV_URL_TTL_S);
  return { data: { url, name: response.cvName ?? 'cv', content_type: response.cvType ?? 'application/octet-stream', expires_at: new Date(expires * 1000).toISOString() } };
}
