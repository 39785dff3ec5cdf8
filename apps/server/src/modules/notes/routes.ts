// Private notes: product.md section 2 (private notes), private to their author and the event.
import { routes } from '@lobby/contract';
import type { FastifyInstance } from 'fastify';
import { accessSource } from '../../access/access.ts';
import type { Deps } from '../../deps.ts';
import { registerRoute } from '../../http/route.ts';
import { createNote, deleteNote, listNotes, updateNote } from './service.ts';

export function noteRoutes(app: FastifyInstance, { db }: Deps): void {
  registerRoute(app, routes.listNotes, async ({ params, query, request }) =>
    listNotes(db, accessSource(request, db), params.eventId, { type: query['filter[subject_type]'], id: query['filter[subject_id]'] }, query.page ?? 1, query.per_page ?? 50),
  );
  registerRoute(app, routes.createNote, async ({ params, body, request }) => ({ data: await createNote(db, accessSource(request, db), params.eventId, body) }));
  registerRoute(app, routes.updateNote, async ({ params, body, request }) => ({ data: await updateNote(db, accessSource(request, db), params.eventId, params.id, body.text) }));
  registerRoute(app, routes.deleteNote, async ({ params, request }) => {
    await deleteNote(db, accessSource(request, db), params.eventId, params.id);
    return { data: { deleted: true as const } };
  });
}
