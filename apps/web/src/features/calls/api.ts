import { ErrorCode, routes, type Call, type CallSeat, type VideoToken } from '@lobby/contract';
import { apiQuery, callApi } from '../../api/client.ts';
import { ApiError } from '../../api/errors.ts';
import { eventPath } from '../events/context.ts';

// The calls of contract calls.ts as the pages use them.

/** Read once per visit of a call's page: the page follows the call live from then on. */
export const callQuery = (id: string) => ({ ...apiQuery(routes.getCall, { params: { id } }), retry: false, gcTime: 0, staleTime: Number.POSITIVE_INFINITY, refetchOnWindowFocus: false });

export const startDirectCall = async (eventId: number, userId: number): Promise<Call> => (await callApi(routes.startCall, { params: { eventId }, body: { kind: 'direct', user_id: userId } })).data;
export const startGroupCall = async (eventId: number, channelId: string | null): Promise<Call> => (await callApi(routes.startCall, { params: { eventId }, body: { kind: 'group', channel_id: channelId } })).data;
export const openMeetingCall = async (eventId: number, meetingId: number): Promise<Call> => (await callApi(routes.meetingCall, { params: { eventId, id: meetingId } })).data;

export const getCall = async (id: string): Promise<Call> => (await callApi(routes.getCall, { params: { id } })).data;
export const acceptCall = async (id: string): Promise<Call> => (await callApi(routes.acceptCall, { params: { id } })).data;
export const declineCall = async (id: string): Promise<Call> => (await callApi(routes.declineCall, { params: { id } })).data;
export const joinCall = async (id: string): Promise<CallSeat> => (await callApi(routes.joinCall, { params: { id } })).data;
export const leaveCall = async (id: string): Promise<Call> => (await callApi(routes.leaveCall, { params: { id } })).data;

/** A token for entering the room again; a seat given up meanwhile (a long reconnect) is taken again. */
export async function freshToken(id: string): Promise<VideoToken> {
  try {
    return (await callApi(routes.videoToken, { params: { id } })).data;
  } catch (error) {
    if (error instanceof ApiError && error.code === ErrorCode.callNotSeated) return (await joinCall(id)).token;
    throw error;
  }
}

/** A call's page: a group call's grid, or the 1:1 page of direct and meeting calls. */
export const callPath = (slug: string, call: { id: string; kind: Call['kind'] }): string => eventPath(slug, `${call.kind === 'group' ? 'group-call' : 'video-call'}/${call.id}`);

/** The same page for a call of another event than the one open (a ring that came while elsewhere). */
export const otherEventCallPath = (eventId: number, call: { id: string; kind: Call['kind'] }): string => `/events/${eventId}/${call.kind === 'group' ? 'group-call' : 'video-call'}/${call.id}`;

export const errorCode = (error: unknown): string | null => (error instanceof ApiError ? error.code : null);
