// How a lead reads in the API and in the CSV export.
import type { Lead } from '@lobby/contract';
import type { FileUrls } from '../../files/urls.ts';
import { CRLF } from '../../http/content-lines.ts';
import { csvCell } from '../contacts/format.ts';
import type { LeadRow } from './repo.ts';

export const presentLead = (row: LeadRow, files: FileUrls): Lead => ({
  id: row.id,
  company_id: row.companyId,
  visitor: {
    user_id: row.visitor.id,
    member_id: row.memberId,
    first_name: row.visitor.firstName,
    last_name: row.visitor.lastName,
    job: row.visitor.job,
    company: row.visitorCompany,
    avatar_url: files.url(row.visitor.avatarThumbKey ?? row.visitor.avatarKey),
    // The visitor's own settings decide, as on their member page and in contacts.
    email: row.visitor.showEmail ? row.visitor.email : null,
    phone: row.visitor.showPhone ? row.visitor.phone : null,
  },
  note: row.note,
  rating: row.rating,
  captured_by: row.capturedBy !== null ? { user_id: row.capturedBy, name: `${row.capturerFirst ?? ''} ${row.capturerLast ?? ''}`.trim() } : null,
  created_at: row.createdAt.toISOString(),
  updated_at: row.updatedAt.toISOString(),
});

export const LEADS_CSV_HEADER = ['first_name', 'last_name', 'company', 'job', 'email', 'phone', 'rating', 'note', 'captured_by', 'captured_at', 'updated_at'];

/** RFC 4180 with every cell quoted and formulas neutralised (the contacts export's rule). */
export function leadsCsv(items: Lead[]): string {
  const rows = items.map((lead) => [
    lead.visitor.first_name,
    lead.visitor.last_name,
    lead.visitor.company,
    lead.visitor.job,
    lead.visitor.email,
    lead.visitor.phone,
    lead.rating === null ? null : String(lead.rating),
    lead.note,
    lead.captured_by?.name ?? null,
    lead.created_at,
    lead.updated_at,
  ]);
  return [LEADS_CSV_HEADER, ...rows].map((row) => row.map(csvCell).join(',')).join(CRLF) + CRLF;
}
