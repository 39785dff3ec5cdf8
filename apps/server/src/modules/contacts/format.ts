import type { Contact } from '@lobby/contract';

const CRLF = '\r\n';

/** RFC 6350 text value escaping: backslash, comma, semicolon and line breaks. */
export const vcardEscape = (value: string): string => value.replace(/\\/g, '\\\\').replace(/,/g, '\\,').replace(/;/g, '\\;').replace(/\r\n|\r|\n/g, '\\n');

/** RFC 6350 folds lines longer than 75 octets; a continuation line starts with a space. */
function fold(line: string): string {
  const bytes = Buffer.from(line, 'utf8');
  if (bytes.length <= 75) return line;
  const parts: string[] = [];
  let current = '';
  for (const char of line) {
    if (Buffer.byteLength(current + char, 'utf8') > (parts.length === 0 ? 75 : 74)) {
      parts.push(current);
      current = '';
    }
    current += char;
  }
  parts.push(current);
  return parts.join(`${CRLF} `);
}

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
