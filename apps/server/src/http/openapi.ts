import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import type { Config } from '../config.ts';
import { docsCsp } from './csp.ts';

/** OpenAPI 3.1 built from the contract's zod schemas: JSON at /api/docs/json, browsable at /api/docs. */
export async function registerOpenApi(app: FastifyInstance, config: Config): Promise<void> {
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Lobby API',
        version: config.version,
        description:
          'Events and networking platform for the games industry. Every error answers `{ "error": { "code", "message", "details" } }`. Send `Accept-Language: ru | en | zh`.',
        license: { name: 'AGPL-3.0-only', identifier: 'AGPL-3.0-only' },
      },
      components: {
        securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: 'Access token from a sign-in call; refresh with POST /api/v1/auth/refresh' } },
      },
      servers: [{ url: '/', description: 'This Lobby server' }],
      tags: [
        { name: 'system', description: 'Health and service information' },
        { name: 'timezones', description: 'Timezone directory with names in ru, en and zh' },
        { name: 'events', description: 'Events: the public list and event pages' },
        { name: 'auth', description: 'Registration, sign-in (password, magic link, magic code, Google), sessions' },
        { name: 'users', description: 'The signed-in person' },
        { name: 'mailbox', description: 'Local mailbox of the embedded mode' },
        { name: 'admin', description: 'Back office of organisers and platform staff: events, ticket types, attendees, CSV imports run as jobs (poll for progress and the per-row report)' },
        { name: 'academy', description: 'The academy: modules, lessons with page-editor content and their locks, homework sent in the lesson chat and reviewed by teachers, ratings, student progress (refreshed hourly), the academy admin and course settings' },
      ],
    },
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(fastifySwaggerUi, {
    routePrefix: '/api/docs',
    staticCSP: true,
    transformStaticCSP: (header) => docsCsp(header, config.publicUrl),
    uiConfig: { docExpansion: 'list', deepLinking: true },
  });
}
