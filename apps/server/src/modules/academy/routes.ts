// The academy: contract.md section 7 (Academy), sections 3, 4 and 9, "Academy and page editor details"; issue 15.
import { HomeworkStatus, routes } from '@lobby/contract';
import type { FastifyInstance } from 'fastify';
import { accessSource } from '../../access/access.ts';
import type { Deps } from '../../deps.ts';
import { fileUrls } from '../../files/urls.ts';
import { registerRoute } from '../../http/route.ts';
import { attachmentHeader } from '../expo/policy.ts';
import type { ChatContext } from '../chat/service.ts';
import { academySettings, adminLesson, adminLessons, adminModule, adminModules, changeAcademySettings, changeLesson, changeModule, createLesson, createModule, removeLesson, removeModule, sortLessons, sortModules } from './admin.ts';
import { CERTIFICATE_MAIL_JOB } from './certificate-issue.ts';
import { certificateMailHandler, certificatePdfFile, myCertificate, verifyCertificate } from './certificates.ts';
import { importCourse } from './import.ts';
import { listAcademyNews, listPromoMessages, listPromoTemplates, PROMO_MAIL_JOB, promoMailHandler, sendPromoMessage } from './promo.ts';
import { listHomeworks, myHomework, reviewHomeworkCall, submitHomework } from './homework.ts';
import { PROGRESS_REFRESH_JOB, progressRefreshHandler } from './progress.ts';
import { autocompleteLessons, courseProgram, getLesson, getLessonById, listLessons, myProgress, myRating, rateLesson, type AcademyContext } from './service.ts';
import { exportStudents, listStudents } from './students.ts';

const PER_PAGE = 20;

export function academyRoutes(app: FastifyInstance, deps: Deps): void {
  const { db, config } = deps;
  const files = fileUrls(config.secret);
  const chat: ChatContext = { db, files, realtime: deps.realtime, limiter: deps.limiter, floodLimit: config.chatFloodLimit };
  const ctx: AcademyContext = { db, files, chat, mailer: deps.mailer, realtime: deps.realtime, publicUrl: config.publicUrl, log: app.log, nudge: () => deps.jobs.nudge() };
  deps.jobs.register(PROGRESS_REFRESH_JOB, progressRefreshHandler(db));
  deps.jobs.register(CERTIFICATE_MAIL_JOB, certificateMailHandler({ db, mailer: deps.mailer, publicUrl: config.publicUrl }));
  deps.jobs.register(PROMO_MAIL_JOB, promoMailHandler({ db, mailer: deps.mailer, publicUrl: config.publicUrl }));
  const src = (request: Parameters<typeof accessSource>[0]) => accessSource(request, db);

  // Students and staff (academy.view).
  registerRoute(app, routes.getCourseProgram, async ({ params, request }) => courseProgram(db, src(request), params.eventId));
  registerRoute(app, routes.listLessons, async ({ params, query, request }) =>
    listLessons(db, src(request), params.eventId, { page: query.page ?? 1, perPage: query.per_page ?? PER_PAGE, moduleId: query['filter[module_id]'] }),
  );
  registerRoute(app, routes.autocompleteLessons, async ({ params, query, request }) => autocompleteLessons(db, src(request), params.eventId, query['filter[query]'] ?? ''));
  registerRoute(app, routes.getLesson, async ({ params, request }) => getLesson(db, files, src(request), params.eventId, params.id));
  registerRoute(app, routes.getLessonById, async ({ params, request }) => getLessonById(db, files, src(request), params.id));
  registerRoute(app, routes.getMyProgress, async ({ params, request }) => myProgress(db, src(request), params.eventId));
  registerRoute(app, routes.getMyHomework, async ({ params, request }) => myHomework(ctx, src(request), params.eventId, params.id));
  registerRoute(app, routes.submitHomework, async ({ params, body, request }) => submitHomework(ctx, src(request), params.eventId, params.id, body));
  registerRoute(app, routes.getMyLessonRating, async ({ params, request }) => myRating(db, src(request), params.id));
  registerRoute(app, routes.rateLesson, async ({ params, body, request }) => rateLesson(db, src(request), params.eventId, params.id, body.rating));

  // Teachers and course admins (academy.admin.view) read; course admins (academy.lesson.edit) write.
  registerRoute(app, routes.adminListModules, async ({ params, request }) => adminModules(ctx, src(request), params.eventId));
  registerRoute(app, routes.adminGetModule, async ({ params, request }) => adminModule(ctx, src(request), params.eventId, params.id));
  registerRoute(app, routes.createModule, async ({ params, body, request }) => createModule(ctx, src(request), params.eventId, body));
  registerRoute(app, routes.updateModule, async ({ params, body, request }) => changeModule(ctx, src(request), params.eventId, params.id, body));
  registerRoute(app, routes.deleteModule, async ({ params, request, reply }) => {
    await removeModule(ctx, src(request), params.eventId, params.id);
    return reply.status(204).send();
  });
  registerRoute(app, routes.sortModules, async ({ params, body, request }) => sortModules(ctx, src(request), params.eventId, body.items));
  registerRoute(app, routes.adminListLessons, async ({ params, query, request }) => adminLessons(ctx, src(request), params.eventId, query.module_id));
  registerRoute(app, routes.adminGetLesson, async ({ params, request }) => adminLesson(ctx, src(request), params.eventId, params.id));
  registerRoute(app, routes.createLesson, async ({ params, body, request }) => createLesson(ctx, src(request), params.eventId, body));
  registerRoute(app, routes.updateLesson, async ({ params, body, request }) => changeLesson(ctx, src(request), params.eventId, params.id, body));
  registerRoute(app, routes.deleteLesson, async ({ params, request, reply }) => {
    await removeLesson(ctx, src(request), params.eventId, params.id);
    return reply.status(204).send();
  });
  registerRoute(app, routes.importCourse, async ({ params, body, request }) => importCourse(ctx, src(request), params.eventId, body.csv));
  registerRoute(app, routes.sortLessons, async ({ params, body, request }) => sortLessons(ctx, src(request), params.eventId, body.module_id, body.items));

  // Homework review (academy.homework.review).
  registerRoute(app, routes.adminListHomeworks, async ({ params, query, request }) =>
    listHomeworks(
      ctx,
      src(request),
      params.eventId,
      { status: query['filter[status]'], lessonId: query['filter[lesson_id]'], moduleId: query['filter[module_id]'], query: query['filter[query]'] },
      query.page ?? 1,
      query.per_page ?? PER_PAGE,
    ),
  );
  registerRoute(app, routes.approveHomework, async ({ params, body, request }) => reviewHomeworkCall(ctx, src(request), params.eventId, params.id, HomeworkStatus.Approved, body?.comment));
  registerRoute(app, routes.declineHomework, async ({ params, body, request }) => reviewHomeworkCall(ctx, src(request), params.eventId, params.id, HomeworkStatus.Declined, body.comment));

  // Students and settings.
  registerRoute(app, routes.adminListStudents, async ({ params, query, request }) =>
    listStudents(ctx, src(request), params.eventId, { query: query['filter[query]'], state: query['filter[state]'], sort: query.sort, order: query.order }, query.page ?? 1, query.per_page ?? PER_PAGE),
  );
  registerRoute(app, routes.exportStudents, async ({ params, query, request, reply }) => {
    const file = await exportStudents(ctx, src(request), params.eventId, { query: query['filter[query]'], state: query['filter[state]'], sort: query.sort, order: query.order });
    // A file, not JSON: sent as is with its own type, so the JSON serialiser never sees it.
    return reply.header('content-type', 'text/csv; charset=utf-8').header('content-disposition', attachmentHeader(file.filename)).header('cache-control', 'private, no-store').send(file.body);
  });
  registerRoute(app, routes.listPromoMessages, async ({ params, query, request }) => listPromoMessages(ctx, src(request), params.eventId, query.page ?? 1, query.per_page ?? PER_PAGE));
  registerRoute(app, routes.sendPromoMessage, async ({ params, body, request }) => sendPromoMessage(ctx, src(request), params.eventId, body));
  registerRoute(app, routes.listPromoTemplates, async ({ params, request }) => listPromoTemplates(ctx, src(request), params.eventId));
  registerRoute(app, routes.listAcademyNews, async ({ params, query, request }) => listAcademyNews(ctx, src(request), params.eventId, query.page ?? 1, query.per_page ?? PER_PAGE));
  // Certificates: the student's own, and the public check and PDF for anyone holding the code.
  registerRoute(app, routes.getMyCertificate, async ({ params, request }) => myCertificate(ctx, src(request), params.eventId));
  registerRoute(app, routes.verifyCertificate, async ({ params }) => verifyCertificate(db, params.code));
  registerRoute(app, routes.certificatePdf, async ({ params, reply }) => {
    const file = await certificatePdfFile(db, config.publicUrl, params.code);
    // A file, not JSON; shown in the browser (inline) with its name for saving.
    return reply.header('content-type', 'application/pdf').header('content-disposition', attachmentHeader(file.filename).replace(/^attachment/, 'inline')).header('cache-control', 'private, max-age=300').send(file.body);
  });
  registerRoute(app, routes.getAcademySettings, async ({ params, request }) => academySettings(ctx, src(request), params.eventId));
  registerRoute(app, routes.updateAcademySettings, async ({ params, body, request }) => changeAcademySettings(ctx, src(request), params.eventId, body));
}
