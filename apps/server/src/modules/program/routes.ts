// The program, lectures, speakers, the shared program and their back office: product.md sections 2, 3, 6; contract.md sections 3, 7, 8.
import multipart from '@fastify/multipart';
import { ErrorCode, routes } from '@lobby/contract';
import type { FastifyInstance } from 'fastify';
import { accessSource } from '../../access/access.ts';
import type { Deps } from '../../deps.ts';
import { receiveUpload } from '../../files/upload.ts';
import { fileUrls } from '../../files/urls.ts';
import { AppError } from '../../http/errors.ts';
import { registerRoute } from '../../http/route.ts';
import { requireManage } from '../admin/policy.ts';
import {
  adminHalls,
  adminLectures,
  createHall,
  createLecture,
  deleteHall,
  deleteLecture,
  previewRules,
  previewTooBig,
  programSettings,
  setPreview,
  updateHall,
  updateLecture,
  updateProgramSettings,
} from './admin.ts';
import { renderProgramIcs } from './ics.ts';
import { importProgram } from './import.ts';
import { canDeleteLecture } from './policy.ts';
import { favoriteLectures, getLecture, getProgram, getSharedProgram, joinLecture, listSpeakers, requireLecture, videoUrl, type ProgramContext } from './service.ts';

export async function programRoutes(app: FastifyInstance, deps: Deps): Promise<void> {
  const { db, config } = deps;
  const ctx: ProgramContext = { db, files: fileUrls(config.secret), jitsiHosts: config.jitsiHosts };
  const host = new URL(config.publicUrl).hostname;

  registerRoute(app, routes.getProgram, async ({ params, query, request }) => ({ data: await getProgram(ctx, accessSource(request, db), params.eventId, query) }));
  registerRoute(app, routes.getLecture, async ({ params, request }) => ({ data: await getLecture(ctx, accessSource(request, db), params.eventId, params.id) }));
  registerRoute(app, routes.joinLecture, async ({ params, request }) => ({ data: await joinLecture(ctx, accessSource(request, db), params.eventId, params.id) }));
  registerRoute(app, routes.listFavoriteLectures, async ({ params, query, request }) => favoriteLectures(ctx, accessSource(request, db), params.eventId, query.page ?? 1, query.per_page ?? 50));
  registerRoute(app, routes.videoUrl, async ({ params, query, request }) => ({ data: await videoUrl(ctx, accessSource(request, db), params.eventId, query.url) }));
  registerRoute(app, routes.listSpeakers, async ({ params, query, request }) => listSpeakers(ctx, accessSource(request, db), params.eventId, query['filter[query]'], query.page ?? 1, query.per_page ?? 20));
  registerRoute(app, routes.getSharedProgram, async ({ params }) => ({ data: await getSharedProgram(ctx, params.eventId) }));
  registerRoute(app, routes.sharedProgramIcs, async ({ params, reply }) => {
    const body = await renderProgramIcs(db, params.eventId, host);
    return reply
      .header('content-type', 'text/calendar; charset=utf-8')
      .header('content-disposition', `attachment; filename="program-${params.eventId}.ics"`)
      .header('cache-control', 'public, max-age=300')
      .send(body);
  });

  registerRoute(app, routes.adminListHalls, async ({ params, request }) => {
    await requireManage(request, db, params.eventId);
    return { data: await adminHalls(ctx, params.eventId) };
  });
  registerRoute(app, routes.adminCreateHall, async ({ params, body, request }) => {
    await requireManage(request, db, params.eventId);
    return { data: await createHall(ctx, params.eventId, body) };
  });
  registerRoute(app, routes.adminUpdateHall, async ({ params, body, request }) => {
    await requireManage(request, db, params.eventId);
    return { data: await updateHall(ctx, params.eventId, params.hallId, body) };
  });
  registerRoute(app, routes.adminDeleteHall, async ({ params, request }) => {
    await requireManage(request, db, params.eventId);
    return { data: await deleteHall(ctx, params.eventId, params.hallId) };
  });
  registerRoute(app, routes.adminListLectures, async ({ params, request }) => {
    await requireManage(request, db, params.eventId);
    return { data: await adminLectures(ctx, params.eventId) };
  });
  registerRoute(app, routes.adminCreateLecture, async ({ params, body, request }) => {
    await requireManage(request, db, params.eventId);
    return { data: await createLecture(ctx, params.eventId, body) };
  });
  registerRoute(app, routes.adminUpdateLecture, async ({ params, body, request }) => {
    await requireManage(request, db, params.eventId);
    return { data: await updateLecture(ctx, params.eventId, params.lectureId, body) };
  });
  registerRoute(app, routes.adminDeleteLecture, async ({ params, request }) => {
    const { access } = await requireManage(request, db, params.eventId);
    await requireLecture(db, params.eventId, params.lectureId);
    if (!canDeleteLecture(access)) throw new AppError(403, ErrorCode.lectureDeleteForbidden, 'Lectures cannot be deleted here. Contact a platform manager.');
    return { data: await deleteLecture(ctx, deps.files, params.eventId, params.lectureId) };
  });
  registerRoute(app, routes.adminImportProgram, async ({ params, body, request }) => {
    const { event } = await requireManage(request, db, params.eventId);
    return { data: await importProgram(ctx, event, body.csv) };
  });
  registerRoute(app, routes.adminGetProgramSettings, async ({ params, request }) => {
    const { event } = await requireManage(request, db, params.eventId);
    return { data: await programSettings(db, config.publicUrl, event) };
  });
  registerRoute(app, routes.adminUpdateProgramSettings, async ({ params, body, request }) => {
    const { event } = await requireManage(request, db, params.eventId);
    return { data: await updateProgramSettings(db, config.publicUrl, event, body.shared) };
  });

  // The preview upload in its own scope, so the multipart parser exists for it alone.
  await app.register(async (scope) => {
    const rules = previewRules(config.uploadMaxBytes);
    await scope.register(multipart, { limits: { fileSize: rules.maxBytes, files: 1, fields: 4, parts: 6 } });
    registerRoute(scope, routes.adminUploadLecturePreview, async ({ params, request }) => {
      // Checked before the file is read: a refused person's upload is not worth receiving.
      await requireManage(request, db, params.eventId);
      await requireLecture(db, params.eventId, params.lectureId);
      const file = await receiveUpload(request, rules).catch((error: unknown) => {
        throw error instanceof AppError && error.status === 413 ? previewTooBig(rules.maxBytes) : error;
      });
      return { data: await setPreview(ctx, deps.files, params.eventId, params.lectureId, file) };
    });
  });
}
