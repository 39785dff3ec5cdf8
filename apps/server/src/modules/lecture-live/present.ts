import type { LecturePoll, LectureQuestion } from '@lobby/contract';
import type { FileUrls } from '../../files/urls.ts';
import type { PollWithCounts, QuestionWithAuthor } from './repo.ts';

export const presentQuestion = (files: FileUrls, { question, author, voted }: QuestionWithAuthor): LectureQuestion => ({
  id: question.id,
  lecture_id: question.lectureId,
  text: question.text,
  author: { user_id: author.id, first_name: author.firstName, last_name: author.lastName, avatar_url: files.url(author.avatarThumbKey ?? author.avatarKey) },
  votes: question.votes,
  voted: Boolean(voted),
  answered: question.answered,
  created_at: question.createdAt.toISOString(),
});

export const presentPoll = ({ poll, options, myOptionId }: PollWithCounts): LecturePoll => ({
  id: poll.id,
  lecture_id: poll.lectureId,
  question: poll.question,
  options,
  total: options.reduce((sum, option) => sum + option.votes, 0),
  is_open: poll.isOpen,
  my_option_id: myOptionId,
  created_at: poll.createdAt.toISOString(),
});
