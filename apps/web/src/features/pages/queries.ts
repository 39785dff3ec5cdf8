// The organiser pages' calls (packages/contract/src/pages.ts, page-forms.ts) for the reading side.
import { routes, type FormValue } from '@lobby/contract';
import { apiQuery, callApi } from '../../api/client.ts';

/** The event's published pages by title (the Pages index, frame and partyspace without an id). */
export const pagesQuery = (eventId: number) => apiQuery(routes.listPages, { params: { eventId } });

/** One published page by its slug. */
export const pageQuery = (eventId: number, slug: string) => apiQuery(routes.getPage, { params: { eventId, slug } });

/** Sends a form block's answers; a second send replaces the person's earlier answers. */
export const sendPageForm = async (eventId: number, slug: string, blockId: string, values: Record<string, FormValue>): Promise<{ replaced: boolean }> => {
  const answer = await callApi(routes.submitPageForm, { params: { eventId, slug, blockId }, body: { values } });
  return { replaced: answer.data.replaced };
};
