/**
 * A small RFC 4180 reader: commas or semicolons (guessed from the header), double-quoted fields
 * with "" escapes and line breaks inside quotes, CRLF or LF, an optional UTF-8 BOM.
 */
export function parseCsv(text: string): string[][] {
  const source = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const firstLine = source.slice(0, source.search(/\r?\n|$/));
  const delimiter = (firstLine.match(/;/g)?.length ?? 0) > (firstLine.match(/,/g)?.length ?? 0) ? ';' : ',';
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < source.length; i += 1) {
    const char = source[i];
    if (quoted) {
      if (char === '"' && source[i + 1] === '"') {
        field += '"';
        i += 1;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"' && field === '') quoted = true;
    else if (char === delimiter) {
      row.push(field);
      field = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && source[i + 1] === '\n') i += 1;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += char;
  }
  if (field !== '' || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  return rows.filter((cells) => cells.some((cell) => cell.trim() !== ''));
}

/** Splits a CSV into parts of about `rowsPerPart` lines, each starting with the header, for uploads with progress. */
export function splitCsv(text: string, rowsPerPart: number): { header: string; parts: { firstRow: number; body: string }[] } {
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  const header = lines[0] ?? '';
  const parts: { firstRow: number; body: string }[] = [];
  let current: string[] = [];
  let firstRow = 2;
  let quotes = 0;
  for (let index = 1; index < lines.length; index += 1) {
    const line = lines[index] ?? '';
    current.push(line);
    quotes += (line.match(/"/g)?.length ?? 0);
    // Only cut between records, never inside a quoted field that spans lines.
    if (quotes % 2 === 0 && current.length >= rowsPerPart) {
      parts.push({ firstRow, body: current.join('\n') });
      firstRow = index + 2;
      current = [];
    }
  }
  if (current.some((line) => line.trim() !== '')) parts.push({ firstRow, body: current.join('\n') });
  return { header, parts };
}
