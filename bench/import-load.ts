// Health latency of Lobby while the back office imports a large member CSV, next to an idle run.
// The API calls live in signIn() and importMembersCsv() only, so a change of the import API
// (a background job, a row cap per request) is adapted in one place.
import autocannon from 'autocannon';
import { IMPORT_MAX_ROWS, splitCsv } from '../packages/contract/src/index.ts';
import { measure, type Measurement } from './lib.ts';

export interface ImportLoadResult {
  rows: number;
  importSeconds: number;
  imported: number;
  failed: number;
  idle: Measurement;
  duringImport: Measurement;
}

/** As the back office sends it: parts of at most IMPORT_MAX_ROWS rows, each a background job. */
const ROWS_PER_PART = IMPORT_MAX_ROWS;

async function call<T>(url: string, init: RequestInit & { token?: string }): Promise<T> {
  const headers: Record<string, string> = { 'content-type': 'application/json', ...(init.token ? { authorization: `Bearer ${init.token}` } : {}) };
  const response = await fetch(url, { ...init, headers });
  const body = (await response.json()) as T;
  if (!response.ok) throw new Error(`${init.method ?? 'GET'} ${url}: ${response.status} ${JSON.stringify(body)}`);
  return body;
}

export async function signIn(base: string, email: string, password: string): Promise<string> {
  const { data } = await call<{ data: { access_token: string } }>(`${base}/api/v1/auth/login`, { method: 'POST', body: JSON.stringify({ email, password }) });
  return data.access_token;
}

interface ImportJob {
  id: number;
  status: 'queued' | 'running' | 'done' | 'failed';
  report: { added: number; updated: number; failed: unknown[] };
}

/**
 * The import as the back office sends it (apps/web/src/features/admin/ImportCsv.tsx): parts of at
 * most IMPORT_MAX_ROWS rows, each queued as a job, then polled until every job has ended.
 */
export async function importMembersCsv(base: string, token: string, eventId: number, csv: string): Promise<{ imported: number; failed: number }> {
  const { header, parts } = splitCsv(csv, ROWS_PER_PART);
  const jobs: number[] = [];
  for (const part of parts) {
    const { data } = await call<{ data: ImportJob }>(`${base}/api/admin/v1/events/${eventId}/members/import`, {
      method: 'POST',
      token,
      body: JSON.stringify({ csv: part.body, header, first_row: part.firstRow }),
    });
    jobs.push(data.id);
  }
  let imported = 0;
  let failed = 0;
  for (const id of jobs) {
    for (;;) {
      const { data } = await call<{ data: ImportJob }>(`${base}/api/admin/v1/events/${eventId}/members/import/${id}`, { token });
      if (data.status === 'failed') throw new Error(`import job ${id} failed`);
      if (data.status === 'done') {
        imported += data.report.added + data.report.updated;
        failed += data.report.failed.length;
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }
  return { imported, failed };
}

/** The demo event the organiser runs, and one of its ticket codes. */
async function demoEvent(base: string, token: string): Promise<{ id: number; ticket: string }> {
  const found = JSON.stringify(await call<unknown>(`${base}/api/v1/events`, {})).match(/"id":(\d+),"slug":"lobby-summit"/);
  const id = Number(found?.[1]);
  if (!id) throw new Error('the demo event lobby-summit is missing');
  const { data } = await call<{ data: { ticket_types: { code: string }[] } }>(`${base}/api/admin/v1/events/${id}`, { token });
  const ticket = data.ticket_types[0]?.code;
  if (!ticket) throw new Error('the demo event has no ticket type');
  return { id, ticket };
}

/** Health latency while `work` runs: the load stops when the work is done. */
function healthDuring(url: string, work: Promise<unknown>): Promise<Measurement> {
  return new Promise((resolve, reject) => {
    const instance = autocannon({ url, connections: 2, duration: 3600 }, (error, result) => {
      if (error) reject(error);
      else resolve({ requestsPerSecond: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, errors: result.errors, non2xx: result.non2xx });
    });
    const stop = () => instance.stop();
    void work.then(stop, stop);
  });
}

export async function importUnderLoad(base: string, rows = Number(process.env.BENCH_IMPORT_ROWS ?? 10_000)): Promise<ImportLoadResult> {
  const token = await signIn(base, 'organizer@lobby.demo', 'Organizer-2026');
  const event = await demoEvent(base, token);
  const stamp = Date.now().toString(36);
  const lines = ['email,first_name,last_name,ticket'];
  // Names allow letters only, so the row number is spelled in letters (0 = a, 27 = bb...).
  const letters = (n: number): string => (n < 26 ? '' : letters(Math.floor(n / 26) - 1)) + String.fromCharCode(97 + (n % 26));
  for (let index = 0; index < rows; index += 1) lines.push(`bench-${stamp}-${index}@lobby.example,Bench,Person${letters(index)},${event.ticket}`);

  const health = `${base}/api/health`;
  const idle = await measure(health, {}, 5, 2);
  const started = performance.now();
  const work = importMembersCsv(base, token, event.id, lines.join('\n'));
  const duringImport = await healthDuring(health, work);
  const { imported, failed } = await work;
  if (failed > 0) console.warn(`  import: ${failed} of ${rows} rows failed`);
  return { rows, importSeconds: (performance.now() - started) / 1000, imported, failed, idle, duringImport };
}
