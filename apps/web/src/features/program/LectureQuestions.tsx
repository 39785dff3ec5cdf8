import { QUESTION_TEXT_MAX, routes, type LectureQuestion } from '@lobby/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { callApi } from '../../api/client.ts';
import { Avatar } from '../../ui/Avatar.tsx';
import { Badge } from '../../ui/Badge.tsx';
import { Button } from '../../ui/Button.tsx';
import { TextareaField } from '../../ui/Controls.tsx';
import { cn } from '../../ui/cn.ts';
import { Skeleton } from '../../ui/Skeleton.tsx';
import { apiErrorText } from '../auth/api-error.ts';
import { dropQuestion, putQuestion, questionsQuery } from './api.ts';
import { sortQuestions } from './qa.ts';

function QuestionItem({ question, eventId, lectureId, myId, canModerate }: { question: LectureQuestion; eventId: number; lectureId: number; myId: number | undefined; canModerate: boolean }) {
  const { t } = useTranslation();
  const params = { eventId, id: lectureId, questionId: question.id };
  const onError = (error: unknown) => toast.error(apiErrorText(t, error));
  const vote = useMutation({
    mutationFn: (up: boolean) => callApi(up ? routes.voteLectureQuestion : routes.unvoteLectureQuestion, { params }),
    onSuccess: (answer) => putQuestion(eventId, lectureId, answer.data, false),
    onError,
  });
  const answer = useMutation({
    mutationFn: (answered: boolean) => callApi(routes.answerLectureQuestion, { params, body: { answered } }),
    onSuccess: (result) => putQuestion(eventId, lectureId, result.data, false),
    onError,
  });
  const remove = useMutation({
    mutationFn: () => callApi(routes.deleteLectureQuestion, { params }),
    onSuccess: () => dropQuestion(eventId, lectureId, question.id),
    onError,
  });
  const name = `${question.author.first_name} ${question.author.last_name}`.trim();
  const mine = myId !== undefined && question.author.user_id === myId;
  return (
    <li data-testid="lecture-question" data-question-id={question.id} className={cn('flex gap-3 rounded-xl border border-line p-3', question.answered ? 'bg-surface-muted' : 'bg-surface')}>
      <button
        type="button"
        aria-pressed={question.voted}
        aria-label={t(question.voted ? 'program.qa_unvote' : 'program.qa_vote', { votes: question.votes })}
        disabled={vote.isPending}
        onClick={() => vote.mutate(!question.voted)}
        data-testid="question-vote"
        className={cn('flex min-h-11 min-w-11 shrink-0 flex-col items-center justify-center rounded-xl border text-sm font-bold focus-visible:outline-2', question.voted ? 'border-brand bg-brand/15 text-brand-ink' : 'border-line hover:bg-surface-muted')}
      >
        <svg viewBox="0 0 24 24" aria-hidden="true" className="size-4" fill="none" stroke="currentColor" strokeWidth={2} strokeLinecap="round" strokeLinejoin="round">
          <path d="m6 15 6-6 6 6" />
        </svg>
        <span data-testid="question-votes">{question.votes}</span>
      </button>
      <div className="min-w-0 flex-1">
        <p className="whitespace-pre-wrap break-words" data-testid="question-text">
          {question.text}
        </p>
        <p className="mt-1 flex flex-wrap items-center gap-2 text-xs text-fg-muted">
          <Avatar name={name} src={question.author.avatar_url} size={20} className="rounded-full" />
          {name}
          {question.answered ? <Badge tone="success">{t('program.qa_answered')}</Badge> : null}
        </p>
        {canModerate || mine ? (
          <div className="mt-2 flex flex-wrap gap-2">
            {canModerate ? (
              <Button variant="secondary" className="min-h-9 px-3 text-xs" disabled={answer.isPending} onClick={() => answer.mutate(!question.answered)} data-testid="question-answer">
                {t(question.answered ? 'program.qa_mark_unanswered' : 'program.qa_mark_answered')}
              </Button>
            ) : null}
            <Button variant="ghost" className="min-h-9 px-3 text-xs" disabled={remove.isPending} onClick={() => remove.mutate()} data-testid="question-delete">
              {t('program.qa_delete')}
            </Button>
          </div>
        ) : null}
      </div>
    </li>
  );
}

/** Live Q&A: ask, upvote (toggle), moderators mark answered or remove; most upvoted first. */
export function LectureQuestions({ eventId, lectureId, myId, canModerate }: { eventId: number; lectureId: number; myId: number | undefined; canModerate: boolean }) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | undefined>();
  const query = useQuery(questionsQuery(eventId, lectureId));
  const ask = useMutation({
    mutationFn: (body: string) => callApi(routes.askLectureQuestion, { params: { eventId, id: lectureId }, body: { text: body } }),
    onSuccess: (answer) => {
      putQuestion(eventId, lectureId, answer.data, false);
      setText('');
    },
    onError: (failure) => setError(apiErrorText(t, failure)),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const body = text.trim();
    if (!body) {
      setError(t('form.required'));
      return;
    }
    setError(undefined);
    ask.mutate(body);
  };
  return (
    <section aria-labelledby="lecture-qa-title" className="flex flex-col gap-3" data-testid="lecture-qa">
      <h2 id="lecture-qa-title" className="text-xl font-bold">
        {t('program.qa_title')}
      </h2>
      <form onSubmit={submit} className="flex flex-col gap-2" noValidate>
        <TextareaField label={t('program.qa_ask_label')} value={text} maxLength={QUESTION_TEXT_MAX} onChange={(e) => setText(e.target.value)} error={error} data-testid="question-input" rows={2} />
        <div>
          <Button type="submit" disabled={ask.isPending} data-testid="question-ask">
            {t('program.qa_ask')}
          </Button>
        </div>
      </form>
      {query.isPending ? (
        <Skeleton className="h-16" />
      ) : query.isError ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          {apiErrorText(t, query.error)}
        </p>
      ) : query.data.data.length === 0 ? (
        <p className="text-sm text-fg-muted">{t('program.qa_empty')}</p>
      ) : (
        <ol className="flex flex-col gap-2" data-testid="lecture-questions">
          {sortQuestions(query.data.data).map((question) => (
            <QuestionItem key={question.id} question={question} eventId={eventId} lectureId={lectureId} myId={myId} canModerate={canModerate} />
          ))}
        </ol>
      )}
    </section>
  );
}
