// Booth leads (issue 17): an exhibitor's staff capture visitors by their badge QR with a note and a
// rating; the company's admins list, change and export every lead, the rest of its staff their own
// captures; the visitor sees which companies captured them.
import { ErrorCode, leadRefusal, leadRole, mayExportLeads, mayTouchLead, type CapturedBy, type Lead, type LeadRole } from '@lobby/contract';
import { eq } from 'drizzle-orm';
import type { AccessSource } from '../../access/access.ts';
import type { Db } from '../../db/client.ts';
import { events, leads as leadsTable } from '../../db/schema/index.ts';
import { pageMeta } from '../../db/sql.ts';
import type { FileUrls } from '../../files/urls.ts';
import { AppError } from '../../http/errors.ts';
import { requireHolder } from '../badges/access.ts';
import type { BadgeSigner } from '../badges/qr.ts';
import { resolveScan } from '../badges/scan.ts';
import { boothVerdict } from './policy.ts';
import { leadsCsv, presentLead } from './present.ts';
import { capturesOf, companyInEvent, insertLead, leadOf, leadRow, listLeads, rolesIn, updateLeadValues, visitorLead } from './repo.ts';

export interface LeadContext {
  db: Db;
  files: FileUrls;
  signer: BadgeSigner;
}

interface Booth {
  userId: number;
  role: LeadRole;
}

const leadNotFound = () => new AppError(404, ErrorCode.leadNotFound, 'This lead was not found.');

/** The caller's part in the company's booth at the event. */
async function requireBooth(ctx: LeadContext, source: AccessSource, eventId: number, companyId: number): Promise<Booth> {
  const [event, access] = await Promise.all([source.activeEvent(eventId), source.get(eventId)]);
  const [inEvent, roles] = await Promise.all([companyInEvent(ctx.db, eventId, companyId), access.userId === null ? null : rolesIn(ctx.db, companyId, access.userId)]);
  const role = leadRole(roles, access.isStaff);
  const verdict = boothVerdict({ signedIn: access.userId !== null, eventActive: event !== null, companyInEvent: inEvent, role });
  if (verdict === 'event_not_found') throw new AppError(404, ErrorCode.eventNotFound, `Event ${eventId} was not found.`);
  if (verdict === 'sign_in' || access.userId === null) throw new AppError(401, ErrorCode.unauthorized, 'Sign in to continue.');
  if (verdict === 'company_not_found') throw new AppError(404, ErrorCode.companyNotFound, `Company ${companyId} does not take part in this event.`);
  if (verdict === 'forbidden' || !role) throw new AppError(403, ErrorCode.leadForbidden, "Only the company's people with a role at its booth work with its leads.");
  return { userId: access.userId, role };
}

async function readLead(ctx: LeadContext, eventId: number, companyId: number, leadId: number): Promise<Lead> {
  const row = await leadRow(ctx.db, eventId, companyId, leadId);
  if (!row) throw leadNotFound();
  return presentLead(row, ctx.files);
}

interface LeadInput {
  note?: string | undefined;
  rating?: number | null | undefined;
}

export async function capture(ctx: LeadContext, source: AccessSource, eventId: number, companyId: number, body: LeadInput & { qr: string }) {
  const booth = await requireBooth(ctx, source, eventId, companyId);
  const visitor = await resolveScan(ctx.db, ctx.signer, eventId, body.qr);
  const refusal = leadRefusal(booth.userId, visitor.userId, (await rolesIn(ctx.db, companyId, visitor.userId)) !== null);
  if (refusal === 'self') throw new AppError(422, ErrorCode.badgeSelf, "That is your own badge: scan the visitor's.");
  if (refusal === 'own_company') throw new AppError(422, ErrorCode.leadOwnCompany, 'This person works for the company: a colleague is not a lead.');
  const values = { note: body.note, rating: body.rating };
  const made = await insertLead(ctx.db, eventId, companyId, visitor.userId, booth.userId, values);
  if (made !== null) return { data: await readLead(ctx, eventId, companyId, made), created: true };
  // Scanned before: the same lead, updated where the scanner may touch it.
  const existing = await visitorLead(ctx.db, eventId, companyId, visitor.userId);
  if (!existing) throw leadNotFound();
  if (!mayTouchLead(booth.role, existing.capturedBy, booth.userId)) {
    throw new AppError(403, ErrorCode.leadForbidden, "A colleague captured this visitor already; the company's admins see their lead.");
  }
  if (values.note !== undefined || values.rating !== undefined) await updateLeadValues(ctx.db, existing.id, values);
  return { data: await readLead(ctx, eventId, companyId, existing.id), created: false };
}

export async function list(ctx: LeadContext, source: AccessSource, eventId: number, companyId: number, query: string | undefined, page: number, perPage: number) {
  const booth = await requireBooth(ctx, source, eventId, companyId);
  const filter = { query, capturedBy: booth.role === 'admin' ? undefined : booth.userId };
  const { rows, total } = await listLeads(ctx.db, eventId, companyId, filter, perPage, (page - 1) * perPage);
  return { data: rows.map((row) => presentLead(row, ctx.files)), meta: pageMeta(page, perPage, total), role: booth.role };
}

export async function update(ctx: LeadContext, source: AccessSource, eventId: number, companyId: number, leadId: number, body: LeadInput) {
  const booth = await requireBooth(ctx, source, eventId, companyId);
  const existing = await leadOf(ctx.db, eventId, companyId, eq(leadsTable.id, leadId));
  // A colleague's capture is as unknown to the rest of the staff as another company's lead.
  if (!existing || !mayTouchLead(booth.role, existing.capturedBy, booth.userId)) throw leadNotFound();
  if (body.note !== undefined || body.rating !== undefined) await updateLeadValues(ctx.db, leadId, body);
  return { data: await readLead(ctx, eventId, companyId, leadId) };
}

/** At most this many leads in one export: far more than one booth meets. */
export const EXPORT_MAX = 10_000;

export async function exportCsv(ctx: LeadContext, source: AccessSource, eventId: number, companyId: number) {
  const booth = await requireBooth(ctx, source, eventId, companyId);
  if (!mayExportLeads(booth.role)) throw new AppError(403, ErrorCode.leadForbidden, "Only the company's admins export its leads.");
  const [{ rows }, [event]] = await Promise.all([listLeads(ctx.db, eventId, companyId, {}, EXPORT_MAX, 0), ctx.db.select({ slug: events.slug }).from(events).where(eq(events.id, eventId)).limit(1)]);
  const slug = (event?.slug ?? String(eventId)).replace(/[^A-Za-z0-9_-]/g, '-');
  return { filename: `leads-${slug}-${companyId}.csv`, body: leadsCsv(rows.map((row) => presentLead(row, ctx.files))) };
}

export async function mine(ctx: LeadContext, source: AccessSource, eventId: number): Promise<{ data: CapturedBy[] }> {
  const access = await requireHolder(source, eventId);
  const rows = await capturesOf(ctx.db, eventId, access.userId);
  return { data: rows.map((row) => ({ company: { id: row.id, name: row.name, logo_url: ctx.files.url(row.logoThumbKey ?? row.logoKey) }, captured_at: row.capturedAt.toISOString() })) };
}
