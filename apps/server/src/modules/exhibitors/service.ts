// The back office's exhibitors: list the event's companies, give them a tier and a stand, add an
// existing company, take one out while none of its people is a member of the event.
import { ErrorCode, type Exhibitor } from '@lobby/contract';
import type { Db } from '../../db/client.ts';
import { pageMeta } from '../../db/sql.ts';
import type { FileUrls } from '../../files/urls.ts';
import { AppError } from '../../http/errors.ts';
import { removalRefusal } from './policy.ts';
import { presentExhibitor } from './present.ts';
import { companyExists, deleteExhibitor, findExhibitor, insertExhibitor, listExhibitors, updateExhibitor, type ExhibitorFilter } from './repo.ts';

export interface ExhibitorContext {
  db: Db;
  files: FileUrls;
}

interface Stand {
  sponsor_type?: number | null | undefined;
  location?: string | null | undefined;
}

const notInEvent = (companyId: number) => new AppError(404, ErrorCode.companyNotFound, `Company ${companyId} does not take part in this event.`);

async function read(ctx: ExhibitorContext, eventId: number, companyId: number): Promise<Exhibitor> {
  const row = await findExhibitor(ctx.db, eventId, companyId);
  // Taken out between the write and this read.
  if (!row) throw notInEvent(companyId);
  return presentExhibitor(row, ctx.files);
}

export async function exhibitors(ctx: ExhibitorContext, eventId: number, f: ExhibitorFilter) {
  const { rows, total } = await listExhibitors(ctx.db, eventId, f);
  return { data: rows.map((row) => presentExhibitor(row, ctx.files)), meta: pageMeta(f.page, f.perPage, total) };
}

export async function addExhibitor(ctx: ExhibitorContext, eventId: number, body: Stand & { company_id: number }): Promise<Exhibitor> {
  if (!(await companyExists(ctx.db, body.company_id))) {
    const message = 'This company was not found.';
    throw new AppError(404, ErrorCode.companyNotFound, message, { fields: [{ field: 'body.company_id', message, key: 'not_found', params: {} }] });
  }
  const added = await insertExhibitor(ctx.db, eventId, body.company_id, { sponsorType: body.sponsor_type ?? null, location: body.location ?? null });
  if (!added) throw new AppError(409, ErrorCode.exhibitorExists, 'This company already takes part in the event.', { company_id: body.company_id });
  return read(ctx, eventId, body.company_id);
}

export async function setExhibitor(ctx: ExhibitorContext, eventId: number, companyId: number, body: Required<Stand>): Promise<Exhibitor> {
  const updated = await updateExhibitor(ctx.db, eventId, companyId, { sponsorType: body.sponsor_type ?? null, location: body.location ?? null });
  if (!updated) throw notInEvent(companyId);
  return read(ctx, eventId, companyId);
}

export async function removeExhibitor(ctx: ExhibitorContext, eventId: number, companyId: number): Promise<{ id: number; deleted: boolean }> {
  const outcome = await deleteExhibitor(ctx.db, eventId, companyId, removalRefusal);
  if (outcome === 'not_found') throw notInEvent(companyId);
  if (outcome !== 'deleted') {
    throw new AppError(
      409,
      ErrorCode.exhibitorHasMembers,
      `${outcome.members} of this company's people ${outcome.members === 1 ? 'is a member' : 'are members'} of the event, so it stays in it: clear its tier instead, or remove those people from the event first.`,
      { members_count: outcome.members },
    );
  }
  return { id: companyId, deleted: true };
}
