import { ErrorCode, type FavoriteType, type Language } from '@lobby/contract';
import type { AccessSource } from '../../access/access.ts';
import type { Db } from '../../db/client.ts';
import { pageMeta } from '../../db/sql.ts';
import { AppError } from '../../http/errors.ts';
import { planStarReminder } from '../program/jobs.ts';
import { requireParticipant } from './policy.ts';
import { presentCompanyCards, presentMemberCard } from './present.ts';
import { addStar, companyOfEvent, lectureOfEvent, memberOfEvent, removeStar, starredCompanies, starredMembers, type FavoriteEntity } from './repo.ts';

const ENTITY: Record<FavoriteType, FavoriteEntity> = { users: 'member', companies: 'company', lectures: 'lecture' };

/** A star only goes on a member or a company of this very event (another event's id is not found). */
export async function requireSubject(db: Db, eventId: number, entity: FavoriteEntity, id: number): Promise<void> {
  const found = entity === 'member' ? await memberOfEvent(db, eventId, id) : entity === 'lecture' ? await lectureOfEvent(db, eventId, id) : await companyOfEvent(db, eventId, id);
  if (found) return;
  if (entity === 'lecture') throw new AppError(404, ErrorCode.lectureNotFound, `Lecture ${id} was not found in this event.`);
  if (entity === 'member') throw new AppError(404, ErrorCode.memberNotFound, `Member ${id} was not found in this event.`);
  throw new AppError(404, ErrorCode.notFound, `Company ${id} was not found in this event.`);
}

export async function setFavorite(db: Db, source: AccessSource, eventId: number, type: FavoriteType, id: number, on: boolean) {
  const access = await requireParticipant(db, source, eventId);
  const entity = ENTITY[type];
  await requireSubject(db, eventId, entity, id);
  if (on) await addStar(db, access.userId, eventId, entity, id);
  else await removeStar(db, access.userId, eventId, entity, id);
  // A starred lecture's reminder (the job skips it if the star is gone by then).
  if (on && entity === 'lecture') await planStarReminder(db, id, access.userId);
  return { data: { type, id, is_favorite: on } };
}

export async function favoriteMembers(db: Db, secret: string, source: AccessSource, eventId: number, page: number, perPage: number) {
  const access = await requireParticipant(db, source, eventId);
  const { rows, total } = await starredMembers(db, access.userId, eventId, perPage, (page - 1) * perPage);
  return { data: rows.map((row) => presentMemberCard(secret, row, true)), meta: pageMeta(page, perPage, total) };
}

export async function favoriteCompanies(db: Db, secret: string, source: AccessSource, eventId: number, language: Language, page: number, perPage: number) {
  const access = await requireParticipant(db, source, eventId);
  const { rows, total } = await starredCompanies(db, access.userId, eventId, perPage, (page - 1) * perPage);
  return { data: await presentCompanyCards(db, secret, eventId, language, rows, true), meta: pageMeta(page, perPage, total) };
}
