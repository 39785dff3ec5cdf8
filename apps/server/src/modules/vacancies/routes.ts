// Vacancies (issue 17, "Vacancies"; issue 15, academy-to-hiring): contract vacancies.ts; docs/decisions.md, Vacancies.
import multipart from '@fastify/multipart';
import { routes, VACANCIES_PER_PAGE } from '@lobby/contract';
import type { FastifyInstance } from 'fastify';
import { accessSource } from '../../access/access.ts';
import { isLoopbackHost } from '../../config.ts';
import type { Deps } from '../../deps.ts';
import { fileUrls } from '../../files/urls.ts';
import { registerRoute } from '../../http/route.ts';
import { requireManage } from '../admin/policy.ts';
import { allowsPrivateFeeds } from '../news/policy.ts';
import { createVacancy, deleteVacancy, getCompanyVacancy, listCompanyVacancies, updateVacancy } from './company.ts';
import { getJobFeed, refreshJobFeed, setJobFeed } from './feed-admin.ts';
import { JOB_FEED_IMPORT, jobFeedHandler } from './jobs.ts';
import { changeResponse, listCompanyResponses, listMine, respond, responseCv } from './responses.ts';
import { getVacancy, listExternalJobs, listVacancies, type VacanciesContext } from './service.ts';
import { memberVerifiedSkills, myVerifiedSkills } from './verified.ts';

export async function vacancyRoutes(app: FastifyInstance, deps: Deps): Promise<void> {
  const { db, config } = deps;
  const ctx: VacanciesContext = {
    db,
    files: fileUrls(config.secret),
    store: deps.files,
    mailer: deps.mailer,
    log: app.log,
    publicUrl: config.publicUrl,
    uploadMaxBytes: config.uploadMaxBytes,
    allowPrivateFeeds: allowsPrivateFeeds(config, isLoopbackHost),
    nudge: () => deps.jobs.nudge(),
  };
  deps.jobs.register(JOB_FEED_IMPORT, jobFeedHandler(db, ctx.allowPrivateFeeds));
  const src = (request: Parameters<typeof accessSource>[0]) => accessSource(request, db);
  const paging = (query: { page?: number | undefined; per_page?: number | undefined }) => ({ page: query.page ?? 1, perPage: query.per_page ?? VACANCIES_PER_PAGE });

  registerRoute(app, routes.listVacancies, async ({ params, query, request, lang }) =>
    listVacancies(
      ctx,
      src(request),
      params.eventId,
      {
        query: query['filter[query]'],
        seniority: query['filter[seniority][]'],
        skills: query['filter[skills][]'],
        remote: query['filter[remote]'],
        companyId: query['filter[company_id]'],
        matches: query['filter[matches]'],
        sort: query.sort,
        ...paging(query),
      },
      lang,
    ),
  );
  registerRoute(app, routes.listExternalJobs, async ({ params, query, request }) => {
    const { page, perPage } = paging(query);
    return listExternalJobs(ctx, src(request), params.eventId, query['filter[query]'], page, perPage);
  });
  registerRoute(app, routes.listMyVacancyResponses, async ({ params, query, request }) => {
    const { page, perPage } = paging(query);
    return listMine(ctx, src(request), params.eventId, page, perPage);
  });
  registerRoute(app, routes.getVacancy, async ({ params, request, lang }) => ({ data: await getVacancy(ctx, src(request), params.eventId, params.id, lang) }));

  registerRoute(app, routes.listCompanyVacancies, async ({ params, query, request, lang }) => {
    const { page, perPage } = paging(query);
    return listCompanyVacancies(ctx, src(request), params.id, page, perPage, lang);
  });
  registerRoute(app, routes.getCompanyVacancy, async ({ params, request, lang }) => getCompanyVacancy(ctx, src(request), params.id, params.vacancyId, lang));
  registerRoute(app, routes.createVacancy, async ({ params, body, request, lang }) => createVacancy(ctx, src(request), params.id, body, lang));
  registerRoute(app, routes.updateVacancy, async ({ params, body, request, lang }) => updateVacancy(ctx, src(request), params.id, params.vacancyId, body, lang));
  registerRoute(app, routes.deleteVacancy, async ({ params, request }) => deleteVacancy(ctx, src(request), params.id, params.vacancyId));
  registerRoute(app, routes.listVacancyResponses, async ({ params, query, request, lang }) => {
    const { page, perPage } = paging(query);
    return listCompanyResponses(ctx, src(request), params.id, params.vacancyId, query['filter[status]'], page, perPage, lang);
  });
  registerRoute(app, routes.updateVacancyResponse, async ({ params, body, request, lang }) => changeResponse(ctx, src(request), params.id, params.vacancyId, params.responseId, body.status, lang));
  registerRoute(app, routes.vacancyResponseCv, async ({ params, request }) => responseCv(ctx, src(request), params.id, params.vacancyId, params.responseId));

  registerRoute(app, routes.listMemberVerifiedSkills, async ({ params, request, lang }) => memberVerifiedSkills(db, src(request), params.eventId, params.id, lang));
  registerRoute(app, routes.listMyVerifiedSkills, async ({ request, lang }) => myVerifiedSkills(db, src(request), lang));

  registerRoute(app, routes.adminGetJobFeed, async ({ params, request }) => {
    await requireManage(request, db, params.eventId);
    return getJobFeed(ctx, params.eventId);
  });
  registerRoute(app, routes.adminSetJobFeed, async ({ params, body, request }) => {
    await requireManage(request, db, params.eventId);
    return setJobFeed(ctx, params.eventId, body.url);
  });
  registerRoute(app, routes.adminRefreshJobFeed, async ({ params, request }) => {
    await requireManage(request, db, params.eventId);
    return refreshJobFeed(ctx, params.eventId);
  });

  // Responding in its own scope, so the multipart parser exists for it alone.
  await app.register(async (scope) => {
    await scope.register(multipart, { limits: { fileSize: config.uploadMaxBytes + 1, files: 1, fields: 2, parts: 4 } });
    registerRoute(scope, routes.respondToVacancy, async ({ params, request }) => respond(ctx, src(request), params.eventId, params.id, request));
  });
}
