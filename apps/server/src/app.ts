import helmet from '@fastify/helmet';
import { type Language } from '@lobby/contract';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import { openDatabase, type Database } from './db/client.ts';
import { migrateDatabase } from './db/migrate.ts';
import { seedDemo } from './db/seed/demo.ts';
import type { Deps } from './deps.ts';
import { registerErrorHandling } from './http/errors.ts';
import { pickLanguage } from './http/language.ts';
import { registerOpenApi } from './http/openapi.ts';
import { registerSpa } from './http/spa.ts';
import { eventRoutes } from './modules/events/routes.ts';
import { healthRoutes } from './modules/health/routes.ts';
import { syncTimezones } from './modules/timezones/service.ts';
import { timezoneRoutes } from './modules/timezones/routes.ts';
import { openRedis } from './redis.ts';

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
  logger?: FastifyServerOptions['logger'];
}

/** Headers whose values must never reach the logs. */
const redactedPaths = ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'];

/** Builds the whole server: database ready, modules registered. main.ts only listens. */
export async function buildApp(config: Config, options: BuildOptions = {}): Promise<FastifyInstance> {
  const ownsDatabase = !options.database;
  const database = options.database ?? (await openDatabase(config));
  try {
    if (ownsDatabase) await migrateDatabase(database);
    await syncTimezones(database.db);
    if (config.demo) await seedDemo(database.db);
  } catch (error) {
    if (ownsDatabase) await database.close();
    throw error;
  }
  const redis = config.redisUrl ? openRedis(config.redisUrl) : undefined;

  const app = Fastify({
    logger: options.logger ?? { level: config.logLevel, redact: { paths: redactedPaths, censor: '[redacted]' } },
    trustProxy: true,
    bodyLimit: 1024 * 1024,
    routerOptions: { maxParamLength: 200 },
    return503OnClosing: true,
  });
  const deps: Deps = { config, database, db: database.db, redis };
  app.decorate('deps', deps);
  app.decorateRequest('lang', 'en');
  app.addHook('onRequest', async (request) => {
    request.lang = pickLanguage(request.headers['accept-language'], config.languages);
  });
  app.addHook('onClose', async () => {
    await redis?.close();
    if (ownsDatabase) await database.close();
  });

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);

  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
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

  await registerSpa(app, config);
  return app;
}
