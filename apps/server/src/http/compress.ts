import { promisify } from 'node:util';
import { constants, gzip } from 'node:zlib';
import type { FastifyInstance } from 'fastify';

const gzipAsync = promisify(gzip);

/** Smaller answers gain less than the compression costs (and than the gzip header adds). */
export const COMPRESS_MIN_BYTES = 1024;

/** Whether Accept-Encoding allows gzip: listed, or `*`, and not with q=0. */
export function acceptsGzip(header: string | string[] | undefined): boolean {
  const value = Array.isArray(header) ? header.join(',') : (header ?? '');
  let allowed = false;
  for (const part of value.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    if (name !== 'gzip' && name !== '*') continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const zero = q !== undefined && Number(q.slice(2)) === 0;
    if (name === 'gzip') return !zero;
    allowed = !zero;
  }
  return allowed;
}

/**
 * JSON answers of the API go out gzipped when the client accepts it and they are at least
 * COMPRESS_MIN_BYTES: the dictionaries (about 21 kB) and lists shrink four to five times, which a
 * phone on a slow link waits for before the page fills. The built web files have their own
 * compressed copies (http/spa.ts); a reverse proxy that compresses leaves these as they are.
 * gzip at level 6 in the thread pool: a few tenths of a millisecond for 20 kB, off the event loop.
 * index.html too, rendered per response (its nonce, and the events list's first paint, about
 * 17 kB -> 4 kB): it carries no secret that a compression side channel could read (no session
 * token, no form token; the nonce is new in every response).
 */
export function registerApiCompression(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (typeof payload !== 'string' || Buffer.byteLength(payload) < COMPRESS_MIN_BYTES) return payload;
    if (request.method === 'HEAD' || reply.hasHeader('content-encoding')) return payload;
    if (!/^(application\/json|text\/html)/.test(String(reply.getHeader('content-type') ?? ''))) return payload;
    const vary = String(reply.getHeader('vary') ?? '');
    if (!/accept-encoding/i.test(vary)) reply.header('vary', vary ? `${vary}, accept-encoding` : 'accept-encoding');
    if (!acceptsGzip(request.headers['accept-encoding'])) return payload;
    reply.header('content-encoding', 'gzip');
    reply.removeHeader('content-length');
    return gzipAsync(payload, { level: constants.Z_DEFAULT_COMPRESSION });
  });
}
