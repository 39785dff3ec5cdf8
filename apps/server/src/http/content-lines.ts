// Content lines of the text formats Lobby serves as files: vCard (RFC 6350) and iCalendar
// (RFC 5545) escape text values and fold long lines the same way.

export const CRLF = '\r\n';

/** Text value escaping: backslash, comma, semicolon and line breaks. */
export const escapeText = (value: string): string => value.replace(/\\/g, '\\\\').replace(/,/g, '\\,').replace(/;/g, '\\;').replace(/\r\n|\r|\n/g, '\\n');

/** Folds a line longer than 75 octets; a continuation line starts with a space (never inside a character). */
export function foldLine(line: string): string {
  if (Buffer.byteLength(line, 'utf8') <= 75) return line;
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
