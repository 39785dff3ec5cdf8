const ESCAPES = new Map([
  ['&', '&amp;'],
  ['<', '&lt;'],
  ['>', '&gt;'],
  ['"', '&quot;'],
  ["'", '&#39;'],
]);

/** Text and attribute values in HTML the server writes (mails, the first paint): every character that could end a text or an attribute is escaped. */
export const escapeHtml = (value: string): string => value.replace(/[&<>"']/g, (char) => ESCAPES.get(char) ?? char);
