import autocannon from 'autocannon';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../apps/server/src/db/client.ts';

/** What a *.bench.ts file gets, inside the bare baseline's own process (bare-server.ts). */
export interface BenchContext {
  /** A bare Fastify instance: no plugins, no validation, no hooks. */
  bare: FastifyInstance;
  db: Db;
}

/** One comparison: the same work through Lobby's route and through a bare route. */
export interface BenchCase {
  name: string;
  lobbyPath: string;
  barePath: string;
  headers?: Record<string, string>;
  /** Sign in to Lobby first (POST /api/v1/auth/login) and send the token; the bare route needs none. */
  login?: { email: string; password: string };
  /** Connection counts to measure at (default: BENCH_CONNECTIONS); each adds a row. */
  loads?: number[];
  /** The query plan the bare process saw, printed with the results. */
  explain?: string;
}

export interface Measurement {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
}

export const seconds = Number(process.env.BENCH_SECONDS ?? 5);
export const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);
/** Seconds of load on each side before each measured run. */
export const warmup = Number(process.env.BENCH_WARMUP ?? 3);

/**
 * Load from the bench process; every server under test is a child process, so the load generator
 * never shares an event loop (or a core's time slice accounting) with the server it measures.
 */
export async function measure(url: string, headers: Record<string, string> = {}, duration = seconds, load = connections): Promise<Measurement> {
  const result = await autocannon({ url, connections: load, duration, headers });
  return { requestsPerSecond: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, errors: result.errors, non2xx: result.non2xx };
}

/**
 * Runs of one side taken as one: mean requests/s and p50, the worst p99 (a conservative reading,
 * as runs' histograms are not kept), errors and non-2xx summed.
 */
export function combine(runs: Measurement[]): Measurement {
  const mean = (pick: (run: Measurement) => number) => runs.reduce((sum, run) => sum + pick(run), 0) / Math.max(1, runs.length);
  return {
    requestsPerSecond: mean((run) => run.requestsPerSecond),
    p50: mean((run) => run.p50),
    p99: Math.max(...runs.map((run) => run.p99)),
    errors: runs.reduce((sum, run) => sum + run.errors, 0),
    non2xx: runs.reduce((sum, run) => sum + run.non2xx, 0),
  };
}

/** Prints rows as a right-aligned table; the first row is the header. */
export function printTable(rows: string[][]): void {
  const widths = rows[0]?.map((_, column) => Math.max(...rows.map((row) => (row[column] ?? '').length))) ?? [];
  for (const row of rows) console.log(row.map((cell, column) => cell.padStart(widths[column] ?? 0)).join('  '));
}

export const ratio = (a: number, b: number): string => (b > 0 ? (a / b).toFixed(2) : '-');
