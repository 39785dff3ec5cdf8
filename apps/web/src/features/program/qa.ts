import type { LecturePoll, LectureQuestion } from '@lobby/contract';

// Live Q&A and polls: the lists as answers and the event channel change them.

/** Most upvoted first, answered ones last, then the oldest first. */
export const sortQuestions = (list: readonly LectureQuestion[]): LectureQuestion[] =>
  [...list].sort((a, b) => Number(a.answered) - Number(b.answered) || b.votes - a.votes || Date.parse(a.created_at) - Date.parse(b.created_at) || a.id - b.id);

/**
 * A question as the server sent it merged into the list. From the reader's own call it carries
 * their vote; from the event channel `voted` is the same for everyone (false), so the reader's
 * own vote is kept from what they held.
 */
export function mergeQuestion(list: readonly LectureQuestion[], incoming: LectureQuestion, fromLive: boolean): LectureQuestion[] {
  const held = list.find((q) => q.id === incoming.id);
  const next = fromLive ? { ...incoming, voted: held?.voted ?? false } : incoming;
  return sortQuestions(held ? list.map((q) => (q.id === incoming.id ? next : q)) : [...list, next]);
}

/** Newest first; a live poll keeps the reader's own choice. */
export function mergePoll(list: readonly LecturePoll[], incoming: LecturePoll, fromLive: boolean): LecturePoll[] {
  const held = list.find((p) => p.id === incoming.id);
  const next = fromLive ? { ...incoming, my_option_id: held?.my_option_id ?? null } : incoming;
  const merged = held ? list.map((p) => (p.id === incoming.id ? next : p)) : [...list, next];
  return merged.sort((a, b) => Date.parse(b.created_at) - Date.parse(a.created_at) || b.id - a.id);
}

/** A poll's share of votes for one option, in whole percent. */
export const share = (votes: number, total: number): number => (total > 0 ? Math.round((votes / total) * 100) : 0);
