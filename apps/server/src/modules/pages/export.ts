// The CSV export of a page's form submissions (back office; RFC 4180, formula-safe cells).
import { BlockType, type PageContent } from '@lobby/contract';
import { CRLF } from '../../http/content-lines.ts';
import { csvCell } from '../contacts/format.ts';
import { formTitleOf, type FormBlock } from './policy.ts';

export interface ExportedSubmission {
  blockId: string;
  formTitle: string;
  name: string;
  email: string;
  sentAt: Date;
  values: Readonly<Record<string, string | boolean>>;
}

export const EXPORT_COLUMNS = { form: 'Form', name: 'Name', email: 'E-mail', sentAt: 'Sent at' } as const;

const formsOf = (content: PageContent | null, blockId: string | undefined): FormBlock[] =>
  (content?.blocks ?? []).filter((block): block is FormBlock => block.id === BlockType.Form && (blockId === undefined || block.blockId === blockId));

const cellText = (value: string | boolean): string => (typeof value === 'boolean' ? (value ? 'yes' : 'no') : value);

/**
 * The table: a Form column when every form is exported, the sender's name and e-mail, when it was
 * sent, then one column per field label of the forms as they are now (forms sharing a label share
 * its column), and a column per answer key no current field has (a field removed since).
 */
export function submissionsTable(content: PageContent | null, rows: readonly ExportedSubmission[], blockId?: string): string[][] {
  const forms = new Map(formsOf(content, blockId).map((form) => [form.blockId, form]));
  const columns: string[] = [];
  const seen = new Set<string>();
  const column = (label: string) => {
    if (!seen.has(label)) columns.push(label);
    seen.add(label);
  };
  for (const form of forms.values()) for (const field of form.editorData.fields) column(field.label);
  const cells = rows.map((row) => {
    const byLabel = new Map<string, string[]>();
    const put = (label: string, value: string | boolean) => byLabel.set(label, [...(byLabel.get(label) ?? []), cellText(value)]);
    const fields = forms.get(row.blockId)?.editorData.fields ?? [];
    const known = new Set(fields.map((field) => field.id));
    for (const field of fields) if (Object.hasOwn(row.values, field.id)) put(field.label, row.values[field.id] as string | boolean);
    for (const [key, value] of Object.entries(row.values)) {
      if (known.has(key)) continue;
      column(key);
      put(key, value);
    }
    return byLabel;
  });
  const header = [...(blockId === undefined ? [EXPORT_COLUMNS.form] : []), EXPORT_COLUMNS.name, EXPORT_COLUMNS.email, EXPORT_COLUMNS.sentAt, ...columns];
  const body = rows.map((row, index) => {
    const byLabel = cells[index] ?? new Map<string, string[]>();
    const title = forms.get(row.blockId);
    return [
      ...(blockId === undefined ? [title ? formTitleOf(title) : row.formTitle] : []),
      row.name,
      row.email,
      row.sentAt.toISOString(),
      ...columns.map((label) => (byLabel.get(label) ?? []).join('; ')),
    ];
  });
  return [header, ...body];
}

/** RFC 4180: every cell quoted, CRLF line ends; a cell a spreadsheet would run as a formula starts with '. */
export const toCsv = (table: readonly (readonly string[])[]): string => table.map((row) => row.map(csvCell).join(',')).join(CRLF) + CRLF;
