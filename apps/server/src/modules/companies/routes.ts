// Companies: contract.md section 7 (Companies).
import { routes } from '@lobby/contract';
import type { FastifyInstance } from 'fastify';
import { accessSource } from '../../access/access.ts';
import type { Deps } from '../../deps.ts';
import { registerRoute } from '../../http/route.ts';
import { fileUrls } from '../../files/urls.ts';
import { createCompany, listCompanyUsers, removeCompanyUser, setCompanyRole, updateCompany } from './manage.ts';
import { autocomplete } from './repo.ts';
import { getCompany, getOwnCompany, listCompanies } from './service.ts';

export function companyRoutes(app: FastifyInstance, { db, config }: Deps): void {
  registerRoute(app, routes.listCompanies, async ({ params, query, request, lang }) =>
    listCompanies(
      db,
      config.secret,
      accessSource(request, db),
      params.eventId,
      {
        query: query['filter[query]'] || undefined,
        business: query['filter[business]'],
        tags: query['filter[tags]'],
        categories: [...(query['filter[categories][]'] ?? []), ...(query['filter[categories]'] ?? [])],
        ids: query['filter[id]'],
        showPrevious: query.show_previous ?? false,
        sort: query.sort ?? 'sponsor',
        order: query.order ?? 'asc',
        page: query.page ?? 1,
        perPage: query.per_page ?? 24,
      },
      lang,
    ),
  );

  registerRoute(app, routes.getCompany, async ({ params, request, lang }) => ({ data: await getCompany(db, config.secret, accessSource(request, db), params.eventId, params.id, lang) }));

  registerRoute(app, routes.getOwnCompany, async ({ params, request, lang }) => ({ data: await getOwnCompany(db, config.secret, accessSource(request, db), params.id, lang) }));

  registerRoute(app, routes.createCompany, async ({ body, request, lang }) => ({ data: await createCompany(db, config.secret, accessSource(request, db), body, lang) }));

  registerRoute(app, routes.updateCompany, async ({ params, body, request, lang }) => ({ data: await updateCompany(db, config.secret, accessSource(request, db), params.id, body, lang) }));

  registerRoute(app, routes.autocompleteCompanies, async ({ query }) => {
    const files = fileUrls(config.secret);
    const rows = await autocomplete(db, query.query || undefined);
    return { data: rows.map((row) => ({ id: row.id, name: row.name, logo_url: files.url(row.logoKey) })) };
  });

  registerRoute(app, routes.setCompanyRole, async ({ params, body, request }) => ({ data: await setCompanyRole(db, config.secret, accessSource(request, db), params.id, body.user_id, body.roles) }));

  registerRoute(app, routes.removeCompanyUser, async ({ params, request }) => {
    await removeCompanyUser(db, accessSource(request, db), params.id, params.userId);
    return { data: { removed: true as const } };
  });

  registerRoute(app, routes.listCompanyUsers, async ({ params, query, request }) => listCompanyUsers(db, config.secret, accessSource(request, db), params.id, query.page ?? 1, query.per_page ?? 24));
}
