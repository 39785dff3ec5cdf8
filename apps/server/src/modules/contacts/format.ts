import type { Contact } from '@lobby/contract';
import { CRLF, escapeText, foldLine } from '../../http/content-lines.ts';

/** RFC 6350 text value escaping (the same as iCalendar's). */
export const vcardEscape = escapeText;
const fold = foldLine;

export interface ExportedContact {
  contact: Contact;
  url: string;
}

export function toVcard(items: ExportedContact[]): string {
  return items
    .map(({ contact, url }) => {
      const { user } = contact;
      const name = `${user.first_name} ${user.last_name}`.trim();
      const lines = ['BEGIN:VCARD', 'VERSION:4.0', `FN:${vcardEscape(name || url)}`, `N:${vcardEscape(user.last_name)};${vcardEscape(user.first_name)};;;`];
      if (user.company) lines.push(`ORG:${vcardEscape(user.company.name)}`);
      if (user.job) lines.push(`TITLE:${vcardEscape(user.job)}`);
      if (contact.email) lines.push(`EMAIL:${vcardEscape(contact.email)}`);
      if (contact.phone) lines.push(`TEL:${vcardEscape(contact.phone)}`);
      // URI values are not text values: they are not escaped (RFC 6350 section 5.1 and 6.7.8).
      lines.push(`URL:${url}`, 'END:VCARD');
      return lines.map(fold).join(CRLF) + CRLF;
    })
    .join('');
}

/** A spreadsheet would run a cell starting with these as a formula; a leading ' keeps it text. */
const FORMULA_START = /^[=+\-@\t\r]/;

export const csvCell = (value: string | null): string => {
  const text = value ?? '';
  const safe = FORMULA_START.test(text) ? `'${text}` : text;
  return `"${safe.replace(/"/g, '""')}"`;
};

export const CSV_HEADER = ['first_name', 'last_name', 'company', 'job', 'email', 'phone', 'url'];

export function toCsv(items: ExportedContact[]): string {
  const rows = items.map(({ contact, url }) => [contact.user.first_name, contact.user.last_name, contact.user.company?.name ?? null, contact.user.job, contact.email, contact.phone, url]);
  return [CSV_HEADER, ...rows].map((row) => row.map(csvCell).join(',')).join(CRLF) + CRLF;
}
