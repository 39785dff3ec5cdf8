import { POLL_OPTION_MAX, POLL_OPTIONS_MAX, POLL_OPTIONS_MIN, POLL_QUESTION_MAX, routes, type LecturePoll } from '@lobby/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { callApi } from '../../api/client.ts';
import { Badge } from '../../ui/Badge.tsx';
import { Button } from '../../ui/Button.tsx';
import { Field } from '../../ui/Field.tsx';
import { cn } from '../../ui/cn.ts';
import { Skeleton } from '../../ui/Skeleton.tsx';
import { apiErrorText } from '../auth/api-error.ts';
import { pollsQuery, putPoll } from './api.ts';
import { share } from './qa.ts';

function PollCard({ poll, eventId, lectureId, canModerate }: { poll: LecturePoll; eventId: number; lectureId: number; canModerate: boolean }) {
  const { t } = useTranslation();
  const titleId = useId();
  const onError = (error: unknown) => toast.error(apiErrorText(t, error));
  const vote = useMutation({
    mutationFn: (optionId: number) => callApi(routes.voteLecturePoll, { params: { eventId, id: lectureId, pollId: poll.id }, body: { option_id: optionId } }),
    onSuccess: (answer) => putPoll(eventId, lectureId, answer.data, false),
    onError,
  });
  const close = useMutation({
    mutationFn: () => callApi(routes.closeLecturePoll, { params: { eventId, id: lectureId, pollId: poll.id } }),
    onSuccess: (answer) => putPoll(eventId, lectureId, answer.data, false),
    onError,
  });
  const canVote = poll.is_open && poll.my_option_id === null;
  return (
    <li className="rounded-xl border border-line bg-surface p-3" data-testid="lecture-poll" data-poll-id={poll.id}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h3 id={titleId} className="font-semibold">
          {poll.question}
        </h3>
        {poll.is_open ? <Badge tone="live">{t('program.poll_open')}</Badge> : <Badge>{t('program.poll_closed')}</Badge>}
      </div>
      {canVote ? (
        <div role="group" aria-labelledby={titleId} className="mt-2 flex flex-col gap-2">
          {poll.options.map((option) => (
            <Button key={option.id} variant="secondary" className="justify-start" disabled={vote.isPending} onClick={() => vote.mutate(option.id)} data-testid="poll-option">
              {option.text}
            </Button>
          ))}
        </div>
      ) : (
        <ul className="mt-2 flex flex-col gap-2" aria-labelledby={titleId}>
          {poll.options.map((option) => {
            const percent = share(option.votes, poll.total);
            const chosen = option.id === poll.my_option_id;
            return (
              <li key={option.id} data-testid="poll-result">
                <div className="flex justify-between gap-2 text-sm">
                  <span className={cn(chosen && 'font-semibold')}>
                    {option.text}
                    {chosen ? <span className="text-fg-muted"> · {t('program.poll_your_choice')}</span> : null}
                  </span>
                  <span className="tabular-nums text-fg-muted">{t('program.poll_votes', { percent, votes: option.votes })}</span>
                </div>
                <div role="meter" aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent} aria-label={option.text} className="mt-1 h-2.5 overflow-hidden rounded-full bg-surface-muted">
                  <div className={cn('h-full rounded-full', chosen ? 'bg-brand-solid' : 'bg-brand/50')} style={{ width: `${percent}%` }} />
                </div>
              </li>
            );
          })}
        </ul>
      )}
      <div className="mt-2 flex flex-wrap items-center justify-between gap-2 text-xs text-fg-muted">
        <span>{t('program.poll_total', { votes: poll.total })}</span>
        {canModerate && poll.is_open ? (
          <Button variant="secondary" className="min-h-9 px-3 text-xs" disabled={close.isPending} onClick={() => close.mutate()} data-testid="poll-close">
            {t('program.poll_close')}
          </Button>
        ) : null}
      </div>
    </li>
  );
}

/** A moderator's new poll: a question and 2 to 8 options. */
function NewPoll({ eventId, lectureId }: { eventId: number; lectureId: number }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [question, setQuestion] = useState('');
  const [options, setOptions] = useState<string[]>(['', '']);
  const [error, setError] = useState<string | undefined>();
  const create = useMutation({
    mutationFn: () => callApi(routes.createLecturePoll, { params: { eventId, id: lectureId }, body: { question: question.trim(), options: options.map((o) => o.trim()).filter(Boolean) } }),
    onSuccess: (answer) => {
      putPoll(eventId, lectureId, answer.data, false);
      setQuestion('');
      setOptions(['', '']);
      setOpen(false);
    },
    onError: (failure) => setError(apiErrorText(t, failure)),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!question.trim() || options.filter((o) => o.trim()).length < POLL_OPTIONS_MIN) {
      setError(t('program.poll_incomplete', { min: POLL_OPTIONS_MIN }));
      return;
    }
    setError(undefined);
    create.mutate();
  };
  if (!open) {
    return (
      <div>
        <Button variant="secondary" onClick={() => setOpen(true)} data-testid="poll-new">
          {t('program.poll_new')}
        </Button>
      </div>
    );
  }
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-3 rounded-xl border border-line bg-surface p-3" data-testid="poll-form">
      <Field label={t('program.poll_question')} value={question} maxLength={POLL_QUESTION_MAX} onChange={(e) => setQuestion(e.target.value)} />
      {options.map((option, index) => (
        <Field
          key={index}
          label={t('program.poll_option', { n: index + 1 })}
          value={option}
          maxLength={POLL_OPTION_MAX}
          onChange={(e) => setOptions((current) => current.map((o, i) => (i === index ? e.target.value : o)))}
        />
      ))}
      {error ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          {error}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        {options.length < POLL_OPTIONS_MAX ? (
          <Button variant="ghost" onClick={() => setOptions((current) => [...current, ''])}>
            {t('program.poll_add_option')}
          </Button>
        ) : null}
        <Button variant="secondary" onClick={() => setOpen(false)}>
          {t('program.cancel')}
        </Button>
        <Button type="submit" disabled={create.isPending} data-testid="poll-start">
          {t('program.poll_start')}
        </Button>
      </div>
    </form>
  );
}

/** Live polls: moderators start and close them; everyone votes once and sees the results as bars. */
export function LecturePolls({ eventId, lectureId, canModerate }: { eventId: number; lectureId: number; canModerate: boolean }) {
  const { t } = useTranslation();
  const query = useQuery(pollsQuery(eventId, lectureId));
  const polls = query.data?.data ?? [];
  if (!canModerate && query.isSuccess && polls.length === 0) return null;
  return (
    <section aria-labelledby="lecture-polls-title" className="flex flex-col gap-3" data-testid="lecture-polls">
      <h2 id="lecture-polls-title" className="text-xl font-bold">
        {t('program.polls_title')}
      </h2>
      {canModerate ? <NewPoll eventId={eventId} lectureId={lectureId} /> : null}
      {query.isPending ? (
        <Skeleton className="h-20" />
      ) : query.isError ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          {apiErrorText(t, query.error)}
        </p>
      ) : polls.length === 0 ? (
        <p className="text-sm text-fg-muted">{t('program.polls_empty')}</p>
      ) : (
        <ul className="flex flex-col gap-3">
          {polls.map((poll) => (
            <PollCard key={poll.id} poll={poll} eventId={eventId} lectureId={lectureId} canModerate={canModerate} />
          ))}
        </ul>
      )}
    </section>
  );
}
