// The academy's calls for the students' pages (packages/contract/src/academy.ts; the lesson chat
// from chat.ts), and what a change refreshes.
import { routes, type Homework, type HomeworkInput } from '@lobby/contract';
import { apiQuery, callApi } from '../../api/client.ts';
import { queryClient } from '../../api/query-client.ts';

/** The 'Course program' page: the timezone, modules with lessons and the reader's locks, progress. */
export const programQuery = (eventId: number) => apiQuery(routes.getCourseProgram, { params: { eventId } });

/** One lesson with its content; 403 academy.lesson_locked while it is closed to the reader. */
export const lessonQuery = (eventId: number, id: number) => apiQuery(routes.getLesson, { params: { eventId, id } });

/** The reader's homework on the lesson, or null before the first sending. */
export const myHomeworkQuery = (eventId: number, id: number) => apiQuery(routes.getMyHomework, { params: { eventId, id } });

/** The reader's own rating of the lesson with its average and count. */
export const myRatingQuery = (id: number) => apiQuery(routes.getMyLessonRating, { params: { id } });

/** The student's chat with the lesson's teachers (made on first use): its channel id. */
export const lessonChatQuery = (eventId: number, id: number) => ({
  queryKey: ['chat.lesson', { eventId, id }] as const,
  queryFn: async () => (await callApi(routes.lessonChatChannel, { params: { eventId, id } })).data.chat_id,
  staleTime: Number.POSITIVE_INFINITY,
});

/** Every academy query: after sending homework or rating, the program and the lesson show it. */
export const refreshAcademy = () => queryClient.invalidateQueries({ predicate: (query) => String(query.queryKey[0]).startsWith('academy.') });

/** Sends homework (a comment, uploaded file keys, or both); the answer becomes the lesson's homework at once. */
export async function sendHomework(eventId: number, lessonId: number, input: HomeworkInput): Promise<Homework> {
  const answer = await callApi(routes.submitHomework, { params: { eventId, id: lessonId }, body: input });
  queryClient.setQueryData(myHomeworkQuery(eventId, lessonId).queryKey, { data: answer.data });
  void refreshAcademy();
  return answer.data;
}

/** Rates the lesson 1 to 5 (again replaces it); the rating call's cache takes the answer at once. */
export async function rateLesson(eventId: number, lessonId: number, rating: number): Promise<void> {
  const answer = await callApi(routes.rateLesson, { params: { eventId, id: lessonId }, body: { rating } });
  queryClient.setQueryData(myRatingQuery(lessonId).queryKey, { data: answer.data });
  void queryClient.invalidateQueries({ queryKey: [routes.getCourseProgram.id] });
}
