// Booth leads: who may capture, read, change and export a company's leads in an event (issue 17).
// The roles themselves are the contract's (venue-rules.ts: leadRole, mayTouchLead, mayExportLeads).
import type { LeadRole } from '@lobby/contract';

export interface BoothReader {
  signedIn: boolean;
  eventActive: boolean;
  /** The company takes part in the event (event_companies). */
  companyInEvent: boolean;
  role: LeadRole | null;
}

/**
 * A company's booth in an event: 404 for an unknown or inactive event or a company that does not
 * take part in it, 401 for guests, 403 for anybody without a role in the company.
 */
export function boothVerdict(who: BoothReader): 'ok' | 'event_not_found' | 'company_not_found' | 'sign_in' | 'forbidden' {
  if (!who.eventActive) return 'event_not_found';
  if (!who.signedIn) return 'sign_in';
  if (!who.companyInEvent) return 'company_not_found';
  return who.role ? 'ok' : 'forbidden';
}
