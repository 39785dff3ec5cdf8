import { ErrorCode, IMPORT_MAX_ROWS, parseCsv, ZEmail, ZName, type ImportReport } from '@lobby/contract';
import { AppError } from '../../http/errors.ts';
import type { UserRow } from '../users/repo.ts';
import { issueTicket, type IssueContext } from './members.ts';
import type { EventRow } from './policy.ts';
import type { ticketTypes } from '../../db/schema/index.ts';

export type TicketTypeRow = typeof ticketTypes.$inferSelect;

export type Column = 'email' | 'first_name' | 'last_name' | 'ticket' | 'roles';

/** Column names accepted in the header (any case; ru and zh spellings for hand-made files). */
const COLUMNS: Record<string, Column | undefined> = {
  email: 'email',
  'e-mail': 'email',
  почта: 'email',
  邮箱: 'email',
  first_name: 'first_name',
  firstname: 'first_name',
  имя: 'first_name',
  名: 'first_name',
  last_name: 'last_name',
  lastname: 'last_name',
  фамилия: 'last_name',
  姓: 'last_name',
  ticket: 'ticket',
  билет: 'ticket',
  门票: 'ticket',
  roles: 'roles',
  role_ids: 'roles',
  роли: 'roles',
  角色: 'roles',
};

class RowError extends Error {
  constructor(
    public readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/** A CSV read and checked up front: which column is which, and the data rows as cells. */
export interface ParsedImport {
  columns: (Column | null)[];
  records: string[][];
}

/**
 * Reads the CSV (with `header` prepended when a file is sent in parts) and checks the header and
 * the row cap before anything is written, so a refused request leaves nothing behind.
 */
export function parseImport(csv: string, header?: string): ParsedImport {
  const rows = parseCsv(header ? `${header}\n${csv}` : csv);
  const [head, ...records] = rows;
  const columns = (head ?? []).map((name) => COLUMNS[name.trim().toLowerCase()] ?? null);
  if (!columns.includes('email') || !columns.includes('ticket')) {
    throw new AppError(400, 'import.header', 'The first line must name the columns, with at least "email" and "ticket".', { fields: [{ field: 'body.csv', message: 'Missing email or ticket column.' }] });
  }
  if (records.length > IMPORT_MAX_ROWS) {
    throw new AppError(413, ErrorCode.importTooManyRows, `An import takes at most ${IMPORT_MAX_ROWS} rows per request; this one has ${records.length}. Send the file in parts.`, {
      max_rows: IMPORT_MAX_ROWS,
      rows: records.length,
    });
  }
  return { columns, records };
}

export const emptyReport = (): ImportReport => ({ rows: 0, added: 0, updated: 0, created_users: 0, failed: [] });

/**
 * Issues the ticket of one CSV row and adds the outcome to `report`. A failing row never stops the
 * others: its reason goes in the report. `row` numbers rows as the file does (header = 1).
 */
export async function importRow(
  ctx: IssueContext,
  event: EventRow,
  types: TicketTypeRow[],
  columns: (Column | null)[],
  cells: string[],
  row: number,
  report: ImportReport,
  notify: (user: UserRow, createdUser: boolean) => Promise<unknown>,
): Promise<void> {
  const value = (name: Column) => (cells[columns.indexOf(name)] ?? '').trim();
  const rawEmail = value('email');
  report.rows += 1;
  try {
    const email = ZEmail.safeParse(rawEmail);
    if (!email.success) throw new RowError(rawEmail ? 'invalid_email' : 'missing_email', rawEmail ? `"${rawEmail}" is not a valid e-mail address.` : 'The e-mail is missing.');
    const firstName = ZName.safeParse(value('first_name'));
    const lastName = ZName.safeParse(value('last_name'));
    if (!firstName.success || !lastName.success) throw new RowError('invalid_name', 'The name contains characters that are not allowed.');
    const ticket = value('ticket');
    const type = types.find((t) => t.code === ticket.toLowerCase() || t.name.toLowerCase() === ticket.toLowerCase());
    if (!type) throw new RowError('unknown_ticket', `There is no ticket "${ticket}" in this event.`);
    const rolesText = value('roles');
    const roleIds = rolesText ? rolesText.split(/[\s|/]+/).filter(Boolean).map(Number) : undefined;
    if (roleIds?.some((id) => !Number.isInteger(id) || id < 1 || id > 9)) throw new RowError('invalid_roles', `Roles must be numbers from 1 to 9, got "${rolesText}".`);
    const result = await issueTicket(ctx, event, { email: email.data, firstName: firstName.data || undefined, lastName: lastName.data || undefined, ticketTypeId: type.id, roleIds }, notify);
    if (result.createdUser) report.created_users += 1;
    if (result.createdMember) report.added += 1;
    else report.updated += 1;
  } catch (error) {
    const code = error instanceof RowError ? error.code : error instanceof AppError && error.code === ErrorCode.passesExhausted ? 'passes_exhausted' : 'failed';
    const reason = error instanceof Error ? error.message : 'Unexpected error.';
    report.failed.push({ row, email: rawEmail, code, reason });
  }
}
