import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import { ErrorCode, eventHubTarget, type ClientConfig } from '@lobby/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';
import type { FirstPaint } from '../modules/events/first-paint.ts';
import { nonceOf } from './csp.ts';
import { errorBody } from './errors.ts';

const PLACEHOLDER = '<!--lobby-config-->';

export function clientConfig(config: Config): ClientConfig {
  return {
    slug: config.eventSlug,
    languages: config.languages,
    public_url: config.publicUrl,
    version: config.version,
    google_sign_in: config.google !== undefined,
    mailbox: config.mailbox,
  };
}

/**
 * index.html with the configuration injected as a JSON data block: not executed, so the strict
 * CSP (script-src 'self' plus a nonce) holds, and `<` is escaped so no value can close the tag.
 * The block carries the response's nonce: the web reads it from there (the `nonce` property) to
 * mark the analytics loader scripts it adds. Rendered per response, as the nonce is.
 */
export function renderIndex(template: string, config: ClientConfig, nonce: string): string {
  const json = JSON.stringify(config).replace(/</g, '\\u003c');
  return template.replace(PLACEHOLDER, () => `<script type="application/json" id="lobby-config" nonce="${nonce}">${json}</script>`);
}

const notBuiltPage = `<!doctype html><html lang="en"><meta charset="utf-8"><title>Lobby</title>
<body><h1>Lobby</h1><p>The web app is not built yet. Run <code>npm run build -w @lobby/web</code> (npm start does it for you).</p></body></html>`;

const ROOT = '<div id="root"></div>';

/**
 * A first paint into index.html: the page's markup inside #root (marked with the path it was
 * rendered for, which the app checks before it keeps it), the document's language, and the
 * answer it was made from as a JSON data block with the response's nonce, so the app starts from
 * the same data instead of asking again. `<` is escaped in the JSON as in the configuration block.
 */
export function withFirstPaint(page: string, paint: FirstPaint, nonce: string): string {
  if (!page.includes(ROOT)) return page;
  const json = JSON.stringify({ path: paint.path, language: paint.language, ...paint.data }).replace(/</g, '\\u003c');
  return page
    .replace(/<html lang="[a-z]+">/, () => `<html lang="${paint.language}">`)
    // The page is readable without the app's scripts: they load after the stylesheet and the pictures.
    .replace(/<script type="module" /g, '<script type="module" fetchpriority="low" ')
    .replace(/<link rel="modulepreload" /g, '<link rel="modulepreload" fetchpriority="low" ')
    .replace(ROOT, () => `<div id="root" data-first-paint="${paint.path}">${paint.html}</div><script type="application/json" id="lobby-first-data" nonce="${nonce}">${json}</script>`);
}

export type FirstPaintSource = (request: FastifyRequest) => Promise<FirstPaint | undefined>;

/** Serves the built SPA with history fallback; unknown /api paths answer 404 in the error shape. */
export async function registerSpa(app: FastifyInstance, config: Config, firstPaint?: FirstPaintSource): Promise<void> {
  const indexFile = join(config.webDist, 'index.html');
  const built = existsSync(indexFile);
  const template = built ? readFileSync(indexFile, 'utf8') : undefined;
  const client = clientConfig(config);

  if (built) {
    // Hashed names never change content: cached for a year. Everything else for five minutes.
    const hashed = (reply: FastifyReply) => reply.header('cache-control', 'public, max-age=31536000, immutable');
    const named = (reply: FastifyReply) => reply.header('cache-control', 'public, max-age=300');
    // The build's hashed files (scripts, styles, fonts: most of its nearly thousand files) are
    // served by one route over their folder, looked up on disk per request; a name that is not
    // there is not found in the error shape. One route per file, as below, would cost every start
    // a tenth of a second or more of registering routes.
    await app.register(fastifyStatic, {
      root: join(config.webDist, 'assets'),
      prefix: '/assets/',
      index: false,
      // The build writes .br and .gz copies beside each text asset; they are sent as they are to
      // browsers that accept them, never addressed by their own names.
      preCompressed: true,
      allowedPath: (path) => !/\.(br|gz)$/i.test(path),
      setHeaders: hashed,
    });
    await app.register(fastifyStatic, {
      root: config.webDist,
      index: false,
      decorateReply: false,
      // One route per file outside assets/ (the icons, the manifest, the service worker, the demo's
      // pictures); everything else falls through to the history fallback below.
      wildcard: false,
      preCompressed: true,
      globIgnore: ['index.html', '**/*.br', '**/*.gz', 'assets/**'],
      setHeaders: named,
    });
  }

  // Links from mails and the native shell: eventhub/index.html?event=&action=&entity=&redirect=
  // eventHubTarget takes any value (repeated parameters arrive as arrays) and answers an ASCII path.
  app.get('/eventhub/index.html', { schema: { hide: true } }, async (request, reply) => {
    const query = request.query as Record<string, unknown>;
    const own = (name: string): unknown => (Object.hasOwn(query, name) ? query[name] : undefined);
    return reply.redirect(eventHubTarget({ event: own('event'), action: own('action'), entity: own('entity'), redirect: own('redirect') }));
  });

  // A first paint that fails (the database is away) is left out: the app renders the page itself.
  const paintFor = async (request: FastifyRequest): Promise<FirstPaint | undefined> => {
    if (!firstPaint || template === undefined) return undefined;
    try {
      return await firstPaint(request);
    } catch (error) {
      request.log.warn({ err: error }, 'first paint left out');
      return undefined;
    }
  };
  const sendIndex = async (request: FastifyRequest, reply: FastifyReply) => {
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache');
    if (template === undefined) return reply.send(notBuiltPage);
    const nonce = nonceOf(reply.raw);
    const page = renderIndex(template, client, nonce);
    const paint = await paintFor(request);
    // The page differs by these cookies when it carries a first paint.
    if (firstPaint) reply.header('vary', 'cookie');
    return reply.send(paint ? withFirstPaint(page, paint, nonce) : page);
  };

  app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
    const path = request.url.split('?')[0] ?? '/';
    const wantsPage = (request.method === 'GET' || request.method === 'HEAD') && !path.startsWith('/api/') && path !== '/api' && !/\.[a-z0-9]{1,8}$/i.test(path);
    if (wantsPage) return sendIndex(request, reply);
    return reply.status(404).send(errorBody(ErrorCode.routeNotFound, `No such address: ${request.method} ${path}`));
  });
}
