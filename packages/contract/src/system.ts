import { z } from 'zod';
import { ZLanguage } from './common.ts';
import { defineRoute } from './route.ts';

export const ZHealth = z
  .object({
    status: z.enum(['ok', 'degraded']),
    version: z.string(),
    mode: z.enum(['embedded', 'postgres']),
    database: z.enum(['up', 'down']),
    redis: z.enum(['up', 'down', 'off']),
    uptime_s: z.number(),
  })
  .meta({ id: 'Health' });
export type Health = z.infer<typeof ZHealth>;

export const getHealth = defineRoute({
  id: 'system.health',
  method: 'GET',
  path: '/api/health',
  summary: 'Liveness and readiness: database reachable, version, mode (503 when the database is down)',
  tags: ['system'],
  response: ZHealth,
  otherResponses: { 503: ZHealth },
  errors: [],
});

/**
 * The configuration injected into index.html (product.md section 1): `slug` is an event slug in
 * single-event mode or "general" in general mode.
 */
export const ZClientConfig = z.object({
  slug: z.string(),
  languages: z.array(ZLanguage).min(1),
  public_url: z.string(),
  version: z.string(),
  /** Show the Google button: the server has a client id and secret. */
  google_sign_in: z.boolean(),
  /**
   * The local mailbox page of the demo: `open` to everyone (the server listens on loopback alone),
   * `staff` (reachable from the network: platform staff only) or `off`.
   */
  mailbox: z.enum(['off', 'open', 'staff']),
});
export type ClientConfig = z.infer<typeof ZClientConfig>;
