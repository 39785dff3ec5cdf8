// Files and pictures: contract media.ts (POST /users/me/media, /{eventId}/media, /companies/{id}/media, GET /files/{key}).
import multipart from '@fastify/multipart';
import { ErrorCode, routes } from '@lobby/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { accessSource } from '../../access/access.ts';
import { requireActor } from '../../auth/authenticate.ts';
import type { Deps } from '../../deps.ts';
import { fileUrls } from '../../files/urls.ts';
import { AppError } from '../../http/errors.ts';
import { registerRoute } from '../../http/route.ts';
import { findEventById } from './events.ts';
import { canManageCompany, canUploadEventMedia } from './policy.ts';
import { companyStanding } from './repo.ts';
import { deleteForCompany, eventMediaRules, imageRules, uploadForCompany, uploadForEvent, uploadForUser, type MediaContext } from './service.ts';
import { receiveUpload } from '../../files/upload.ts';

/** Registered in its own scope, so the multipart parser exists for these routes alone. */
export async function mediaRoutes(app: FastifyInstance, deps: Deps): Promise<void> {
  await app.register(async (scope) => {
    await scope.register(multipart, { limits: { fileSize: deps.config.uploadMaxBytes, files: 1, fields: 4, parts: 6 } });
    uploadRoutes(scope, deps);
  });
  fileRoute(app, deps);
}

function uploadRoutes(app: FastifyInstance, deps: Deps): void {
  const { db, config } = deps;
  const ctx: MediaContext = { db, files: deps.files, secret: config.secret, uploadMaxBytes: config.uploadMaxBytes };

  /** Checked before the file is read: a refused person's upload is not worth receiving. */
  const requireCompanyAdmin = async (request: FastifyRequest, companyId: number) => {
    const standing = await companyStanding(db, companyId, requireActor(request).userId);
    if (!standing.exists) throw new AppError(404, ErrorCode.companyNotFound, 'This company was not found.');
    if (!canManageCompany({ isStaff: standing.isStaff, rolesInCompany: standing.roles })) {
      throw new AppError(403, ErrorCode.companyEditForbidden, 'Only the admins of this company may change it.');
    }
  };

  registerRoute(app, routes.uploadMyMedia, async ({ request }) => ({ data: await uploadForUser(ctx, await receiveUpload(request, imageRules(ctx)), requireActor(request).userId) }));

  registerRoute(app, routes.uploadEventMedia, async ({ request, params }) => {
    await findEventById(db, params.eventId);
    const access = await accessSource(request, db).get(params.eventId);
    if (!canUploadEventMedia(access.can)) throw new AppError(403, ErrorCode.forbidden, 'Only organisers and course admins may upload files for this event.');
    return { data: await uploadForEvent(ctx, await receiveUpload(request, eventMediaRules(ctx)), params.eventId) };
  });

  registerRoute(app, routes.uploadCompanyMedia, async ({ request, params }) => {
    await requireCompanyAdmin(request, params.id);
    return { data: await uploadForCompany(ctx, await receiveUpload(request, imageRules(ctx)), params.id) };
  });

  registerRoute(app, routes.deleteCompanyMedia, async ({ request, params }) => {
    await requireCompanyAdmin(request, params.id);
    await deleteForCompany(ctx, params.id, params.mediaId);
    return { data: { deleted: true as const } };
  });
}

function fileRoute(app: FastifyInstance, { files, config }: Deps): void {
  const urls = fileUrls(config.secret);
  registerRoute(app, routes.getFile, async ({ params, query, reply }) => {
    if (!urls.verify(params.key, query.expires, query.sig)) throw new AppError(403, ErrorCode.fileLinkInvalid, 'This file link is wrong or has expired; reload the page.');
    const file = await files.open(params.key);
    if (!file) throw new AppError(404, ErrorCode.fileNotFound, 'This file was not found.');
    reply
      .status(200)
      .header('content-type', file.contentType)
      // Never cached past the address's own expiry (chat attachments' addresses live 15 minutes).
      .header('cache-control', `private, max-age=${Math.max(0, Math.min(86_400, query.expires - Math.floor(Date.now() / 1000)))}`)
      .header('x-content-type-options', 'nosniff')
      // An SVG opened on its own must not run anything, whatever survived sanitising.
      .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox");
    if (file.size !== undefined) reply.header('content-length', file.size);
    // Documents (chat PDFs) are downloaded, never shown inside Lobby's origin.
    if (!file.contentType.startsWith('image/')) reply.header('content-disposition', 'attachment');
    return reply.send(file.stream);
  });
}
