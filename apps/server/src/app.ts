import { playerOrigins, type Language } from '@lobby/contract';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import { openDatabase, type Database } from './db/client.ts';
import { migrateDatabase } from './db/migrate.ts';
import { prepareDemoAssets, seedDemo } from './db/seed/demo.ts';
import { isFreshDataDir, pgliteDataDir, type TemplateCopy } from './db/template.ts';
import type { Deps } from './deps.ts';
import { registerAuthentication } from './auth/authenticate.ts';
import type { SessionAccess } from './access/access.ts';
import { SessionAccessCache } from './access/session-cache.ts';
import { Limiter, MemoryLimitStore, RedisLimitStore } from './auth/limits.ts';
import { issueNonce, scriptNonceSource } from './http/csp.ts';
import { handleFrameworkError, registerErrorHandling } from './http/errors.ts';
import { redactUrl } from './http/redact.ts';
import { registerSecurityHeaders } from './http/security-headers.ts';
import { registerApiCompression } from './http/compress.ts';
import { JobRunner, type RunnerOptions } from './jobs/runner.ts';
import { DELIVER_MAIL, mailDeliveryHandler, Mailer } from './mail/mailer.ts';
import { authRoutes } from './modules/auth/routes.ts';
import { mailboxRoutes } from './modules/mailbox/routes.ts';
import { userRoutes } from './modules/users/routes.ts';
import { pickLanguage } from './http/language.ts';
import { registerOpenApi } from './http/openapi.ts';
import { registerSpa } from './http/spa.ts';
import { eventRoutes } from './modules/events/routes.ts';
import { eventsFirstPaint, loadFirstPaintTexts } from './modules/events/first-paint.ts';
import { healthRoutes } from './modules/health/routes.ts';
import { syncTimezones } from './modules/timezones/service.ts';
import { timezoneRoutes } from './modules/timezones/routes.ts';
import { memberRoutes } from './modules/members/routes.ts';
import { adminRoutes } from './modules/admin/routes.ts';
import { dictionaryRoutes } from './modules/dictionaries/routes.ts';
import { dictionaryAdminRoutes } from './modules/dictionaries/admin.ts';
import { favoriteRoutes } from './modules/favorites/routes.ts';
import { contactRoutes } from './modules/contacts/routes.ts';
import { noteRoutes } from './modules/notes/routes.ts';
import { meetingRoutes } from './modules/meetings/routes.ts';
import { chatRoutes } from './modules/chat/routes.ts';
import { meetingReminderHandler } from './modules/meetings/jobs.ts';
import { MEETING_REMINDER_JOB } from './modules/meetings/service.ts';
import { notificationRoutes } from './modules/notifications/routes.ts';
import { emailTemplateRoutes } from './modules/emails/routes.ts';
import { programRoutes } from './modules/program/routes.ts';
import { LECTURE_REMINDER_JOB, lectureReminderHandler } from './modules/program/jobs.ts';

import { companyRoutes } from './modules/companies/routes.ts';
import { Realtime } from './realtime/server.ts';
import { openFileStore } from './files/index.ts';
import { mediaRoutes } from './modules/media/routes.ts';
import { archiveRoutes } from './modules/archive/routes.ts';
import { lectureLiveRoutes } from './modules/lecture-live/routes.ts';
import { newsRoutes } from './modules/news/routes.ts';
import { gameRoutes } from './modules/games/routes.ts';
import { showcaseRoutes } from './modules/showcase/routes.ts';
import { expoRoutes } from './modules/expo/routes.ts';
import { juryRoutes } from './modules/jury/routes.ts';
import { gamePollRoutes } from './modules/game-polls/routes.ts';
import { exhibitorRoutes } from './modules/exhibitors/routes.ts';
import { frameOriginsCache } from './modules/pages/frames.ts';
import { pageRoutes } from './modules/pages/routes.ts';
import { roomRoutes } from './modules/rooms/routes.ts';
import { academyRoutes } from './modules/academy/routes.ts';
import { callRoutes } from './modules/calls/routes.ts';
import { vacancyRoutes } from './modules/vacancies/routes.ts';
import { badgeRoutes } from './modules/badges/routes.ts';
import { leadRoutes } from './modules/leads/routes.ts';
import { recordingRoutes } from './modules/recordings/routes.ts';
import { openRedis } from './redis.ts';
import { errorRoutes, errorTunnelRoutes } from './modules/errors/routes.ts';
import type { PushTransport } from './modules/push/http.ts';
import { pushRoutes } from './modules/push/routes.ts';

declare module 'fastify' {
  interface FastifyRequest {
    lang: Language;
  }
  interface FastifyInstance {
    deps: Deps;
  }
}

export interface BuildOptions {
  /** An already opened (and migrated) database; tests pass one. Otherwise opened from config. */
  database?: Database;
  /** false = no logging (tests); otherwise pino with Lobby's redaction, to `logStream` if given. */
  logger?: false;
  logStream?: NodeJS.WritableStream;
  logLevel?: Config['logLevel'];
  /** Job runner: started with the app unless `start` is false (tests drive it with runOnce). */
  jobs?: RunnerOptions & { start?: boolean };
  /** How long a call's page may be away before its seat is given up (tests shorten it). */
  callReconnectGraceMs?: number;
  /** How the push clients reach their services (tests: local receivers and their certificate). */
  pushTransport?: PushTransport;
  /** false: demo mode without the demo's data (tests of the mailbox, which only needs the mode). */
  seed?: boolean;
  /** The template copy main.ts began before the modules loaded (db/template.ts). */
  templateCopy?: TemplateCopy;
  /**
   * How long an event read's session check may be remembered (access/session-cache.ts); default
   * SESSION_ACCESS_CACHE_MS on a single node, 0 (off) with REDIS_URL.
   */
  sessionAccessCacheMs?: number;
}

/** See access/session-cache.ts; docs/decisions.md, "Session access cache". */
export const SESSION_ACCESS_CACHE_MS = 2_000;

/** Headers whose values must never reach the logs. */
const redactedPaths = ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'];

/** Builds the whole server: database ready, modules registered. main.ts only listens. */
export async function buildApp(config: Config, options: BuildOptions = {}): Promise<FastifyInstance> {
  const ownsDatabase = !options.database;
  const seeding = config.demo && options.seed !== false;
  const demoFiles = seeding ? openFileStore(config) : undefined;
  // A fresh embedded database is sure to be seeded: its passwords are hashed and its pictures
  // stored while the main thread opens the database.
  const demoAssets = seeding && ownsDatabase && !config.databaseUrl && isFreshDataDir(pgliteDataDir(config.dataDir)) ? prepareDemoAssets(demoFiles) : undefined;
  demoAssets?.catch(() => {});
  const database = options.database ?? (await openDatabase(config, options.templateCopy));
  try {
    if (ownsDatabase) await migrateDatabase(database);
    await syncTimezones(database.db);
    // The first seed of a demo leaves tens of MB of garbage; collect it at once where the runtime
    // allows it (`npm start` passes --expose-gc), so the server idles at its steady size.
    if (seeding && (await seedDemo(database.db, Date.now(), demoFiles, demoAssets))) (globalThis as { gc?: () => void }).gc?.();
  } catch (error) {
    if (ownsDatabase) await database.close();
    throw error;
  }
  const redis = config.redisUrl ? openRedis(config.redisUrl) : undefined;

  // Fastify types these factories for JSON-schema compilers; zod's have the same calling shape.
  type CompilersFactory = NonNullable<NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']>;
  const zodCompilers = { buildValidator: () => validatorCompiler, buildSerializer: () => serializerCompiler } as unknown as CompilersFactory;
  const app = Fastify({
    logger: options.logger ?? {
      level: options.logLevel ?? config.logLevel,
      ...(options.logStream ? { stream: options.logStream } : {}),
      redact: { paths: redactedPaths, censor: '[redacted]' },
      serializers: {
        req: (request: { method: string; url: string; ip?: string }) => ({ method: request.method, url: redactUrl(request.url), remoteAddress: request.ip }),
      },
    },
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    routerOptions: { maxParamLength: 200 },
    // Router errors (bad percent-encoding, over-long parameters) in Lobby's error shape.
    frameworkErrors: handleFrameworkError,
    return503OnClosing: true,
    // Every route validates and serialises with zod (set below): Fastify's own JSON-schema
    // compilers (ajv, fast-json-stringify) would never run, so they are not even loaded, which
    // takes about a tenth of a second off every start.
    schemaController: { compilersFactory: zodCompilers },
  });
  // Off with REDIS_URL: another node's change could not empty this node's memory in time.
  const sessionCache = new SessionAccessCache<SessionAccess>(options.sessionAccessCacheMs ?? (redis ? 0 : SESSION_ACCESS_CACHE_MS));
  const jobs = new JobRunner(database.db, app.log, { ...options.jobs, afterJob: () => sessionCache.clear() });
  if (config.smtpUrl) jobs.register(DELIVER_MAIL, mailDeliveryHandler(database.db, config.smtpUrl, config.mailFrom));
  const mailer = new Mailer(database.db, Boolean(config.smtpUrl), () => jobs.nudge());
  const limiter = new Limiter(redis ? new RedisLimitStore(redis.client) : new MemoryLimitStore(), (error) => app.log.warn({ err: error }, 'rate limit store unavailable'));
  const realtime = new Realtime(app.server, database.db, config.secret, app.log, redis);
  const deps: Deps = { config, database, db: database.db, redis, limiter, mailer, jobs, realtime, files: openFileStore(config) };
  // The https origins published organiser pages frame, for frame-src (loaded now, kept fresh by the pages module).
  const frameOrigins = frameOriginsCache(database.db, (error, context) => app.log.warn({ err: error }, context));
  await frameOrigins.refresh();
  jobs.register(MEETING_REMINDER_JOB, meetingReminderHandler(deps));
  jobs.register(LECTURE_REMINDER_JOB, lectureReminderHandler(deps));
  app.decorate('deps', deps);
  app.decorateRequest('lang', 'en');
  app.decorateRequest('accessCache', undefined);
  app.decorateRequest('eventCache', undefined);
  // Sockets go first, or the HTTP server would wait for them to close.
  app.addHook('preClose', async () => realtime.close());
  app.addHook('onRequest', async (request) => {
    request.lang = pickLanguage(request.headers['accept-language'], config.languages);
  });
  app.addHook('onClose', async () => {
    await jobs.stop();
    await redis?.close();
    if (ownsDatabase) await database.close();
  });

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  // First, so its trace and error hooks see every route.
  const errorReporter = errorRoutes(app, deps);
  registerAuthentication(app, database.db, config.secret, sessionCache);
  registerApiCompression(app);

  // Before helmet's own hook, so the CSP it writes carries this response's nonce.
  app.addHook('onRequest', async (_request, reply) => {
    issueNonce(reply.raw);
  });
  registerSecurityHeaders(app, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // No analytics host is allowed wholesale: the tags staff configured for an event load
        // through scripts carrying this response's nonce (web: features/events/analytics.ts).
        scriptSrc: ["'self'", scriptNonceSource],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", 'https://*.google-analytics.com', 'https://mc.yandex.ru'],
        objectSrc: ["'none'"],
        // Lecture videos: only the fixed https players of the five sources (program-rules.ts); and
        // the https origins published organiser pages frame (their frame pages and Iframe blocks).
        frameSrc: ["'self'", ...playerOrigins(config.jitsiHosts), frameOrigins.source],
        // WN Meet recordings play in the browser's own player (a page's jitsi video, the recordings picker).
        mediaSrc: ["'self'", 'blob:', ...config.jitsiHosts.map((host) => `https://${host}`)],
        frameAncestors: ["'self'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: config.publicUrl.startsWith('https:') ? [] : null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  await registerOpenApi(app, config);

  healthRoutes(app, deps);
  timezoneRoutes(app, deps);
  eventRoutes(app, deps);
  authRoutes(app, deps);
  userRoutes(app, deps);
  mailboxRoutes(app, deps);
  memberRoutes(app, deps);
  adminRoutes(app, deps);
  dictionaryRoutes(app, deps);
  dictionaryAdminRoutes(app, deps);
  favoriteRoutes(app, deps);
  contactRoutes(app, deps);
  noteRoutes(app, deps);
  meetingRoutes(app, deps);
  notificationRoutes(app, deps);
  emailTemplateRoutes(app, deps);

  companyRoutes(app, deps);

  await mediaRoutes(app, deps);
  await chatRoutes(app, deps);
  await programRoutes(app, deps);
  await archiveRoutes(app, deps);
  lectureLiveRoutes(app, deps);
  await newsRoutes(app, deps);
  await gameRoutes(app, deps);
  showcaseRoutes(app, deps);
  juryRoutes(app, deps);
  gamePollRoutes(app, deps);
  await expoRoutes(app, deps);
  exhibitorRoutes(app, deps);
  pageRoutes(app, deps, frameOrigins);
  roomRoutes(app, deps);
  academyRoutes(app, deps);
  callRoutes(app, deps, { reconnectGraceMs: options.callReconnectGraceMs });
  await vacancyRoutes(app, deps);
  pushRoutes(app, deps, options.pushTransport);
  await errorTunnelRoutes(app, deps, errorReporter);
  badgeRoutes(app, deps);
  leadRoutes(app, deps);
  await recordingRoutes(app, deps);
  if (options.jobs?.start !== false) app.addHook('onReady', async () => jobs.start());

  const firstPaintTexts = loadFirstPaintTexts(config.webDist);
  await registerSpa(app, config, firstPaintTexts ? eventsFirstPaint(database.db, config, firstPaintTexts) : undefined);
  return app;
}
