import { autocompleteEmailTemplates, getEvent, EmailType, listRoomVideos } from '@lobby/contract';
import { queryOptions } from '@tanstack/react-query';
import { apiQuery, callApi } from '../../../api/client.ts';

/** The e-mail templates the form block may send: the event's, every type but Custom (the server leaves those out; so does this). */
export const emailTemplatesQuery = (eventId: number) =>
  queryOptions({
    ...apiQuery(autocompleteEmailTemplates, { params: { eventId } }),
    select: (answer) => answer.data.filter((template) => template.type_id !== EmailType.Custom),
  });

/**
 * The event as its members read it (its config names the WN Meet room): the public call, so a
 * course admin editing a lesson, who does not run the event, may pick its recordings too.
 */
export const editorEventQuery = (eventId: number) => apiQuery(getEvent, { params: { slug: String(eventId) } });

/**
 * A room's recordings, read once per opening of the picker: `opening` numbers each opening, so a new
 * one never reuses an earlier answer; never stale while its picker is open, dropped once it closes.
 */
export const roomRecordingsQuery = (eventId: number, room: string, opening: number) =>
  queryOptions({
    queryKey: [listRoomVideos.id, eventId, room, opening] as const,
    queryFn: ({ signal }) => callApi(listRoomVideos, { params: { eventId, room }, query: { broadcast: 'jitsi' } }, signal),
    staleTime: Infinity,
    gcTime: 0,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
