import { LECTURE_POLL, LECTURE_QUESTION, LECTURE_QUESTION_DELETED, SUBSCRIBE_EVENT, type LecturePoll, type LectureQuestion, type LectureQuestionDeletedPayload } from '@lobby/contract';
import { useEffect } from 'react';
import { queryClient } from '../../api/query-client.ts';
import { acquireSocket, releaseSocket } from '../events/realtime.ts';
import { dropQuestion, pollsQuery, putPoll, putQuestion, questionsQuery } from './api.ts';

/**
 * Live Q&A and polls of one lecture on the event's channel (the tab's shared socket). The event
 * layout joins the channel too; joining again is harmless and makes sure of it on this page. After
 * a reconnect the lists load again, since events may have been missed meanwhile.
 */
export function useLectureLive(eventId: number, lectureId: number, enabled: boolean): void {
  useEffect(() => {
    if (!enabled) return undefined;
    let detach: (() => void) | undefined;
    let closed = false;
    const refetch = () => {
      void queryClient.invalidateQueries({ queryKey: questionsQuery(eventId, lectureId).queryKey });
      void queryClient.invalidateQueries({ queryKey: pollsQuery(eventId, lectureId).queryKey });
    };
    acquireSocket()
      .then((socket) => {
        if (closed) return;
        let seen = socket.connected;
        const join = () => socket.emit(SUBSCRIBE_EVENT, { event_id: eventId }, () => {});
        const onConnect = () => {
          join();
          if (seen) refetch();
          seen = true;
        };
        const onQuestion = (question: LectureQuestion & { event_id?: number }) => {
          if (question.lecture_id === lectureId && (question.event_id === undefined || question.event_id === eventId)) putQuestion(eventId, lectureId, question, true);
        };
        const onDeleted = (payload: LectureQuestionDeletedPayload) => {
          if (payload.lecture_id === lectureId && payload.event_id === eventId) dropQuestion(eventId, lectureId, payload.id);
        };
        const onPoll = (poll: LecturePoll & { event_id?: number }) => {
          if (poll.lecture_id === lectureId && (poll.event_id === undefined || poll.event_id === eventId)) putPoll(eventId, lectureId, poll, true);
        };
        if (socket.connected) join();
        socket.on('connect', onConnect);
        socket.on(LECTURE_QUESTION, onQuestion);
        socket.on(LECTURE_QUESTION_DELETED, onDeleted);
        socket.on(LECTURE_POLL, onPoll);
        detach = () => {
          socket.off('connect', onConnect);
          socket.off(LECTURE_QUESTION, onQuestion);
          socket.off(LECTURE_QUESTION_DELETED, onDeleted);
          socket.off(LECTURE_POLL, onPoll);
        };
      })
      .catch((error: unknown) => console.warn('Lobby: live Q&A is unavailable', error));
    return () => {
      closed = true;
      detach?.();
      releaseSocket();
    };
  }, [eventId, lectureId, enabled]);
}
