import type { LecturePoll, LectureQuestion } from '@lobby/contract';
import { describe, expect, it } from 'vitest';
import { mergePoll, mergeQuestion, share, sortQuestions } from './qa.ts';

const question = (id: number, votes: number, extra: Partial<LectureQuestion> = {}): LectureQuestion => ({
  id,
  lecture_id: 1,
  text: `q${id}`,
  author: { user_id: 1, first_name: 'A', last_name: 'B', avatar_url: null },
  votes,
  voted: false,
  answered: false,
  created_at: `2026-11-24T09:0${id}:00Z`,
  ...extra,
});

const poll = (id: number, extra: Partial<LecturePoll> = {}): LecturePoll => ({
  id,
  lecture_id: 1,
  question: 'Which?',
  options: [
    { id: 1, text: 'a', votes: 0 },
    { id: 2, text: 'b', votes: 0 },
  ],
  total: 0,
  is_open: true,
  my_option_id: null,
  created_at: `2026-11-24T09:0${id}:00Z`,
  ...extra,
});

describe('questions', () => {
  it('sort by votes, answered ones last, then the oldest first', () => {
    const list = [question(1, 1), question(2, 5, { answered: true }), question(3, 3), question(4, 3)];
    expect(sortQuestions(list).map((q) => q.id)).toEqual([3, 4, 1, 2]);
  });

  it('keep the reader’s own vote when the same question comes live, take it from their own answer', () => {
    const mine = [question(1, 1, { voted: true }), question(2, 4)];
    const live = mergeQuestion(mine, question(1, 7, { voted: false }), true);
    expect(live.map((q) => [q.id, q.votes, q.voted])).toEqual([
      [1, 7, true],
      [2, 4, false],
    ]);
    const unvoted = mergeQuestion(live, question(1, 6, { voted: false }), false);
    expect(unvoted.find((q) => q.id === 1)?.voted).toBe(false);
    expect(mergeQuestion([], question(9, 0), true).map((q) => q.id)).toEqual([9]);
  });
});

describe('polls', () => {
  it('keep the reader’s choice from live updates and list the newest first', () => {
    const held = [poll(1, { my_option_id: 2 })];
    const merged = mergePoll(mergePoll(held, poll(1, { total: 3, my_option_id: null }), true), poll(2), true);
    expect(merged.map((p) => [p.id, p.my_option_id, p.total])).toEqual([
      [2, null, 0],
      [1, 2, 3],
    ]);
  });

  it('shows shares in whole percent, 0 without votes', () => {
    expect(share(1, 3)).toBe(33);
    expect(share(0, 0)).toBe(0);
    expect(share(2, 2)).toBe(100);
  });
});
