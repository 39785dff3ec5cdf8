import { routes, type LecturePoll, type LectureQuestion, type Program } from '@lobby/contract';
import { apiQuery } from '../../api/client.ts';
import { mergePoll, mergeQuestion } from './qa.ts';
import { queryClient } from '../../api/query-client.ts';

// The program's calls and what they change in the query cache.

/** The whole program (hundreds of lectures at most): the page filters it without another call. */
export const programQuery = (eventId: number) => ({ ...apiQuery(routes.getProgram, { params: { eventId }, query: {} }), staleTime: 30_000 });

export const lectureQuery = (eventId: number, id: number) => apiQuery(routes.getLecture, { params: { eventId, id } });

export const sharedProgramQuery = (eventId: number) => ({ ...apiQuery(routes.getSharedProgram, { params: { eventId } }), retry: false });

export const questionsQuery = (eventId: number, id: number) => apiQuery(routes.listLectureQuestions, { params: { eventId, id } });

export const pollsQuery = (eventId: number, id: number) => apiQuery(routes.listLecturePolls, { params: { eventId, id } });

/** A star flipped somewhere: the program (its favourites filter) and the lecture follow at once. */
export function setFavorite(eventId: number, lectureId: number, starred: boolean): void {
  queryClient.setQueryData<{ data: Program }>(programQuery(eventId).queryKey, (old) =>
    old ? { data: { ...old.data, lectures: old.data.lectures.map((l) => (l.id === lectureId ? { ...l, is_favorite: starred } : l)) } } : old,
  );
  queryClient.setQueryData(lectureQuery(eventId, lectureId).queryKey, (old) => (old ? { data: { ...old.data, is_favorite: starred } } : old));
}

export function putQuestion(eventId: number, lectureId: number, question: LectureQuestion, fromLive: boolean): void {
  queryClient.setQueryData<{ data: LectureQuestion[] }>(questionsQuery(eventId, lectureId).queryKey, (old) => (old ? { data: mergeQuestion(old.data, question, fromLive) } : old));
}

export function dropQuestion(eventId: number, lectureId: number, id: number): void {
  queryClient.setQueryData<{ data: LectureQuestion[] }>(questionsQuery(eventId, lectureId).queryKey, (old) => (old ? { data: old.data.filter((q) => q.id !== id) } : old));
}

export function putPoll(eventId: number, lectureId: number, poll: LecturePoll, fromLive: boolean): void {
  queryClient.setQueryData<{ data: LecturePoll[] }>(pollsQuery(eventId, lectureId).queryKey, (old) => (old ? { data: mergePoll(old.data, poll, fromLive) } : old));
}
