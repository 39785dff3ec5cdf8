import { availableParallelism } from 'node:os';

/**
 * Connections Lobby keeps to PostgreSQL when DATABASE_POOL_MAX is not set: twice the cores this
 * process may use, at least 4 and at most 10. More connections than the cores can run only
 * time-slice the same queries: on 2 cores with 10 requests in flight, a pool of 4 left
 * throughput as it was and cut the members directory's p99 by a fifth (docs/decisions.md,
 * "PostgreSQL pool size"). Requests beyond the pool wait in Node, in order.
 */
export const defaultPoolMax = (cores = availableParallelism()): number => Math.min(10, Math.max(4, 2 * cores));
