// The lecture archive: product.md sections 2 (/lectures-archive), 3 (video entity), 6 (lecture deletion); contract archive.ts.
import multipart from '@fastify/multipart';
import { ErrorCode, IMAGE_TYPES, LECTURE_PREVIEW_MAX_BYTES, routes } from '@lobby/contract';
import type { FastifyInstance } from 'fastify';
import { accessSource } from '../../access/access.ts';
import type { Deps } from '../../deps.ts';
import { megabytes, receiveUpload } from '../../files/upload.ts';
import { AppError } from '../../http/errors.ts';
import { registerRoute } from '../../http/route.ts';
import { requireManage } from '../admin/policy.ts';
import {
  adminCreateArchiveVideo,
  adminListArchive,
  adminUpdateArchiveVideo,
  agreeArchiveVideo,
  archiveFilters,
  deleteArchiveVideo,
  getArchiveVideo,
  listArchive,
  requireEventVideo,
  setArchivePreview,
  type ArchiveContext,
} from './service.ts';

const PER_PAGE = 24;

export async function archiveRoutes(app: FastifyInstance, deps: Deps): Promise<void> {
  const { db, config } = deps;
  const ctx: ArchiveContext = { db, files: deps.files, secret: config.secret, jitsiHosts: config.jitsiHosts };

  registerRoute(app, routes.listArchive, async ({ params, query, request }) =>
    listArchive(
      ctx,
      accessSource(request, db),
      params.eventId,
      { category: query['filter[category]'], tag: query['filter[tag]'], speaker: query['filter[speaker]'], source: query['filter[source]'], event: query['filter[event]'], query: query['filter[query]'] },
      query.page ?? 1,
      query.per_page ?? PER_PAGE,
    ),
  );
  registerRoute(app, routes.archiveFilters, async ({ params, request }) => archiveFilters(ctx, accessSource(request, db), params.eventId));
  registerRoute(app, routes.getArchiveVideo, async ({ params, request }) => getArchiveVideo(ctx, accessSource(request, db), params.eventId, params.id));
  registerRoute(app, routes.agreeArchiveVideo, async ({ params, request }) => agreeArchiveVideo(ctx, accessSource(request, db), params.eventId, params.id));
  registerRoute(app, routes.deleteArchiveVideo, async ({ params, request }) => deleteArchiveVideo(ctx, accessSource(request, db), params.eventId, params.id));

  registerRoute(app, routes.adminListArchive, async ({ params, query, request }) => {
    await requireManage(request, db, params.eventId);
    return adminListArchive(ctx, params.eventId, query['filter[query]'], query.page ?? 1, query.per_page ?? PER_PAGE);
  });
  registerRoute(app, routes.adminCreateArchiveVideo, async ({ params, body, request }) => {
    await requireManage(request, db, params.eventId);
    return adminCreateArchiveVideo(ctx, params.eventId, body);
  });
  registerRoute(app, routes.adminUpdateArchiveVideo, async ({ params, body, request }) => {
    await requireManage(request, db, params.eventId);
    return adminUpdateArchiveVideo(ctx, params.eventId, params.videoId, body);
  });

  // Its own scope, so the multipart parser exists for the upload alone.
  await app.register(async (scope) => {
    await scope.register(multipart, { limits: { fileSize: LECTURE_PREVIEW_MAX_BYTES + 1, files: 1, fields: 4, parts: 6 } });
    registerRoute(scope, routes.adminUploadArchivePreview, async ({ params, request }) => {
      // Checked before the file is read: a refused person's upload is not worth receiving.
      await requireManage(request, db, params.eventId);
      await requireEventVideo(ctx, params.eventId, params.videoId);
      const file = await receiveUpload(request, { maxBytes: LECTURE_PREVIEW_MAX_BYTES, types: IMAGE_TYPES }).catch((error: unknown) => {
        if (error instanceof AppError && error.status === 413) {
          throw new AppError(413, ErrorCode.lecturePreviewTooBig, `The preview is larger than ${megabytes(LECTURE_PREVIEW_MAX_BYTES)} MB.`, error.details);
        }
        throw error;
      });
      return setArchivePreview(ctx, params.eventId, params.videoId, file);
    });
  });
}
