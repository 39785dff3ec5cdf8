import autocannon from 'autocannon';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../apps/server/src/db/client.ts';

export interface BenchContext {
  /** Lobby's real app (all plugins, validation, serialisation through the contract). */
  lobby: FastifyInstance;
  /** A bare Fastify instance in the same process: no plugins, no validation, no hooks. */
  bare: FastifyInstance;
  db: Db;
}

/** One comparison: the same work through Lobby's route and through a bare route. */
export interface BenchCase {
  name: string;
  lobbyPath: string;
  barePath: string;
  headers?: Record<string, string>;
}

export interface Measurement {
  requestsPerSecond: number;
  p99: number;
  errors: number;
  non2xx: number;
}

const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);

/** Load from a worker thread, so the load generator does not share the server's event loop. */
export async function measure(url: string, headers: Record<string, string> = {}, duration = seconds): Promise<Measurement> {
  const result = await autocannon({ url, connections, duration, headers, workers: 1 });
  return { requestsPerSecond: result.requests.average, p99: result.latency.p99, errors: result.errors, non2xx: result.non2xx };
}
