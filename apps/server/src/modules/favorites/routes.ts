// Favorites: product.md section 2 (/favorites: users, companies; lectures join with the program).
import { routes } from '@lobby/contract';
import type { FastifyInstance } from 'fastify';
import { accessSource } from '../../access/access.ts';
import type { Deps } from '../../deps.ts';
import { registerRoute } from '../../http/route.ts';
import { favoriteCompanies, favoriteMembers, setFavorite } from './service.ts';

const PER_PAGE = 24;

export function favoriteRoutes(app: FastifyInstance, { db, config }: Deps): void {
  registerRoute(app, routes.addFavorite, async ({ params, request }) => setFavorite(db, accessSource(request, db), params.eventId, params.type, params.id, true));
  registerRoute(app, routes.removeFavorite, async ({ params, request }) => setFavorite(db, accessSource(request, db), params.eventId, params.type, params.id, false));
  registerRoute(app, routes.listFavoriteMembers, async ({ params, query, request }) =>
    favoriteMembers(db, config.secret, accessSource(request, db), params.eventId, query.page ?? 1, query.per_page ?? PER_PAGE),
  );
  registerRoute(app, routes.listFavoriteCompanies, async ({ params, query, request, lang }) =>
    favoriteCompanies(db, config.secret, accessSource(request, db), params.eventId, lang, query.page ?? 1, query.per_page ?? PER_PAGE),
  );
}
