import {
  GAME_POLL_OPTION_MAX,
  GAME_POLL_OPTIONS_MAX,
  GAME_POLL_OPTIONS_MIN,
  GAME_POLL_QUESTION_MAX,
  GAME_POLL_QUESTIONS_MAX,
  GAME_POLL_REFUSALS,
  GAME_POLL_TEXT_ANSWER_MAX,
  routes,
  type GamePollKind,
  type GamePollQuestion,
  type GamePollRefusal,
} from '@lobby/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { apiQuery, callApi } from '../../api/client.ts';
import { ApiError } from '../../api/errors.ts';
import { queryClient } from '../../api/query-client.ts';
import { Badge } from '../../ui/Badge.tsx';
import { Button } from '../../ui/Button.tsx';
import { Checkbox, SelectField, TextareaField } from '../../ui/Controls.tsx';
import { Field } from '../../ui/Field.tsx';
import { apiErrorText } from '../auth/api-error.ts';

// A game's poll in an event (packages/contract/src/game-polls.ts): questions, the reader's answers,
// the results they may see (jury-only answers: the jury, the game's company, moderators) and, for
// the game's company admins and the organisers, adding and removing questions.

const pollQuery = (eventId: number, gameId: number) => apiQuery(routes.getGamePoll, { params: { eventId, id: gameId } });
const refreshPoll = () => queryClient.invalidateQueries({ predicate: (q) => String(q.queryKey[0]) === routes.getGamePoll.id });

function refusalOf(error: unknown): GamePollRefusal | null {
  if (!(error instanceof ApiError) || error.code !== 'game_poll.answer_refused') return null;
  const reason = error.details?.reason;
  return (GAME_POLL_REFUSALS as readonly unknown[]).includes(reason) ? (reason as GamePollRefusal) : null;
}

function Results({ question }: { question: GamePollQuestion }) {
  const { t } = useTranslation();
  if (!question.results_visible || !question.results) {
    return question.jury_only ? (
      <p className="text-sm text-fg-muted" data-testid="poll-hidden">
        {t('game_poll.hidden_note')}
      </p>
    ) : null;
  }
  const { counts, texts } = question.results;
  if (question.kind === 'choice') {
    const total = counts.reduce((sum, n) => sum + n, 0);
    return (
      <ul className="flex flex-col gap-2" aria-label={t('game_poll.results_of', { question: question.text })} data-testid="poll-results">
        {question.options.map((option, index) => {
          const n = counts[index] ?? 0;
          const share = total === 0 ? 0 : Math.round((n / total) * 100);
          return (
            <li key={`${index}-${option}`} className="flex flex-col gap-1 text-sm">
              <span className="flex justify-between gap-2">
                <span className="min-w-0 break-words">{option}</span>
                <span className="shrink-0 text-fg-muted" data-testid="poll-count">
                  {t('game_poll.count', { count: n, share })}
                </span>
              </span>
              <span aria-hidden="true" className="h-2 w-full overflow-hidden rounded-full bg-surface-muted">
                <span className="block h-full rounded-full bg-brand" style={{ width: `${share}%` }} />
              </span>
            </li>
          );
        })}
      </ul>
    );
  }
  if (texts.length === 0) return <p className="text-sm text-fg-muted">{t('game_poll.no_answers')}</p>;
  return (
    <ul className="flex flex-col gap-2" aria-label={t('game_poll.results_of', { question: question.text })} data-testid="poll-results">
      {texts.map((answer, index) => (
        <li key={`${answer.user_id}-${index}`} className="rounded-xl bg-surface-muted p-3 text-sm" data-testid="poll-text-answer">
          <span className="font-semibold">{answer.name}</span>
          <p className="break-words whitespace-pre-line">{answer.text}</p>
        </li>
      ))}
    </ul>
  );
}

function AnswerForm({ eventId, gameId, question }: { eventId: number; gameId: number; question: GamePollQuestion }) {
  const { t } = useTranslation();
  const name = useId();
  const [choice, setChoice] = useState<number | null>(question.my_answer?.choice ?? null);
  const [text, setText] = useState(question.my_answer?.text ?? '');
  const [problem, setProblem] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const params = { eventId, id: gameId, questionId: question.id };
  const onError = (error: unknown) => {
    const reason = refusalOf(error);
    setProblem(reason ? `${t('api.game_poll_answer_refused')} ${t(`game_poll.refusal_${reason}`)}` : apiErrorText(t, error));
  };
  const answer = useMutation({
    mutationFn: (body: { choice?: number; text?: string }) => callApi(routes.answerGamePoll, { params, body }),
    onMutate: () => {
      setProblem(null);
      setSaved(false);
    },
    onSuccess: () => {
      setSaved(true);
      return refreshPoll();
    },
    onError,
  });
  const takeBack = useMutation({
    mutationFn: () => callApi(routes.unanswerGamePoll, { params }),
    onMutate: () => setProblem(null),
    onSuccess: () => {
      setChoice(null);
      setText('');
      setSaved(false);
      return refreshPoll();
    },
    onError,
  });
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (question.kind === 'choice') {
      if (choice === null) return setProblem(t('game_poll.pick_option'));
      answer.mutate({ choice });
    } else {
      if (text.trim() === '') return setProblem(t('game_poll.write_answer'));
      answer.mutate({ text: text.trim() });
    }
  };
  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-2" data-testid="poll-answer-form">
      {question.kind === 'choice' ? (
        <fieldset className="flex flex-col gap-1">
          <legend className="sr-only">{question.text}</legend>
          {question.options.map((option, index) => (
            <label key={`${index}-${option}`} className="flex min-h-11 items-center gap-3 rounded-xl border border-line px-3 py-2">
              <input
                type="radio"
                name={name}
                value={index}
                checked={choice === index}
                onChange={() => {
                  setChoice(index);
                  setSaved(false);
                }}
                className="size-5"
              />
              <span className="min-w-0 break-words">{option}</span>
            </label>
          ))}
        </fieldset>
      ) : (
        <TextareaField
          label={t('game_poll.your_answer_to', { question: question.text })}
          rows={3}
          maxLength={GAME_POLL_TEXT_ANSWER_MAX}
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            setSaved(false);
          }}
          data-testid="poll-text"
        />
      )}
      {problem ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400" data-testid="poll-problem">
          {problem}
        </p>
      ) : null}
      <div className="flex flex-wrap items-center gap-2">
        <Button type="submit" variant="secondary" disabled={answer.isPending} data-testid="poll-send">
          {question.my_answer ? t('game_poll.change_answer') : t('game_poll.send_answer')}
        </Button>
        {question.my_answer ? (
          <Button variant="ghost" disabled={takeBack.isPending} onClick={() => takeBack.mutate()} aria-label={t('game_poll.take_back_of', { question: question.text })} data-testid="poll-take-back">
            {t('game_poll.take_back')}
          </Button>
        ) : null}
        <span role="status" className="text-sm font-semibold text-brand-ink">
          {saved ? t('game_poll.saved') : ''}
        </span>
      </div>
    </form>
  );
}

function MyAnswer({ question }: { question: GamePollQuestion }) {
  const { t } = useTranslation();
  const mine = question.my_answer;
  if (!mine) return null;
  const value = question.kind === 'choice' ? (mine.choice === null ? '' : (question.options[mine.choice] ?? '')) : (mine.text ?? '');
  return (
    <p className="text-sm break-words" data-testid="poll-my-answer">
      <span className="font-semibold">{t('game_poll.your_answer')}</span> {value}
    </p>
  );
}

function Question({ eventId, gameId, question, canAnswer, canEdit }: { eventId: number; gameId: number; question: GamePollQuestion; canAnswer: boolean; canEdit: boolean }) {
  const { t } = useTranslation();
  const remove = useMutation({
    mutationFn: () => callApi(routes.deleteGamePollQuestion, { params: { eventId, id: gameId, questionId: question.id } }),
    onSuccess: () => refreshPoll(),
  });
  return (
    <li className="flex flex-col gap-3 rounded-2xl border border-line p-4" data-testid="poll-question">
      <div className="flex flex-wrap items-start gap-2">
        <h3 className="min-w-0 flex-1 font-semibold break-words">{question.text}</h3>
        {question.jury_only ? <Badge tone="warning">{t('game_poll.jury_only')}</Badge> : null}
        {canEdit ? (
          <Button variant="ghost" disabled={remove.isPending} onClick={() => remove.mutate()} aria-label={t('game_poll.remove_named', { question: question.text })} data-testid="poll-remove">
            {t('game_poll.remove')}
          </Button>
        ) : null}
      </div>
      <p className="text-xs text-fg-muted">{t('game_poll.answers', { count: question.answers_count })}</p>
      {remove.isError ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          {apiErrorText(t, remove.error)}
        </p>
      ) : null}
      {canAnswer ? <AnswerForm eventId={eventId} gameId={gameId} question={question} /> : <MyAnswer question={question} />}
      <Results question={question} />
    </li>
  );
}

function AddQuestion({ eventId, gameId, onDone }: { eventId: number; gameId: number; onDone: () => void }) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [kind, setKind] = useState<GamePollKind>('choice');
  const [options, setOptions] = useState('');
  const [juryOnly, setJuryOnly] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const add = useMutation({
    mutationFn: (body: { text: string; kind: GamePollKind; options?: string[]; jury_only: boolean }) => callApi(routes.addGamePollQuestion, { params: { eventId, id: gameId }, body }),
    onMutate: () => setProblem(null),
    onSuccess: async () => {
      setText('');
      setOptions('');
      setJuryOnly(false);
      await refreshPoll();
      onDone();
    },
    onError: (error) => setProblem(apiErrorText(t, error)),
  });
  const lines = options
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '');
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (text.trim() === '') return setProblem(t('game_poll.question_required'));
    if (kind === 'choice' && (lines.length < GAME_POLL_OPTIONS_MIN || lines.length > GAME_POLL_OPTIONS_MAX)) return setProblem(t('game_poll.options_count', { min: GAME_POLL_OPTIONS_MIN, max: GAME_POLL_OPTIONS_MAX }));
    if (lines.some((line) => line.length > GAME_POLL_OPTION_MAX)) return setProblem(t('game_poll.option_too_long', { max: GAME_POLL_OPTION_MAX }));
    add.mutate({ text: text.trim(), kind, ...(kind === 'choice' ? { options: lines } : {}), jury_only: juryOnly });
  };
  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-3 rounded-2xl border border-dashed border-line p-4" aria-labelledby="poll-add-title" data-testid="poll-add-form">
      <h3 id="poll-add-title" className="font-semibold">
        {t('game_poll.add_title')}
      </h3>
      <Field label={t('game_poll.f_text')} maxLength={GAME_POLL_QUESTION_MAX} value={text} onChange={(e) => setText(e.target.value)} data-testid="poll-add-text" />
      <SelectField label={t('game_poll.f_kind')} value={kind} onChange={(e) => setKind(e.target.value === 'text' ? 'text' : 'choice')} data-testid="poll-add-kind">
        <option value="choice">{t('game_poll.kind_choice')}</option>
        <option value="text">{t('game_poll.kind_text')}</option>
      </SelectField>
      {kind === 'choice' ? (
        <TextareaField label={t('game_poll.f_options')} hint={t('game_poll.f_options_hint', { min: GAME_POLL_OPTIONS_MIN, max: GAME_POLL_OPTIONS_MAX })} rows={4} value={options} onChange={(e) => setOptions(e.target.value)} data-testid="poll-add-options" />
      ) : null}
      <Checkbox label={t('game_poll.f_jury_only')} checked={juryOnly} onChange={(e) => setJuryOnly(e.target.checked)} data-testid="poll-add-jury" />
      {problem ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400" data-testid="poll-add-problem">
          {problem}
        </p>
      ) : null}
      <Button type="submit" className="self-start" disabled={add.isPending} data-testid="poll-add-save">
        {t('game_poll.add')}
      </Button>
    </form>
  );
}

/** The poll of a game in an event; renders nothing for people who may not see it or when it is empty and they cannot add to it. */
export function GamePoll({ eventId, gameId }: { eventId: number; gameId: number }) {
  const { t } = useTranslation();
  const query = useQuery(pollQuery(eventId, gameId));
  const [adding, setAdding] = useState(false);
  if (query.isPending || query.isError) return null;
  const { questions, can_answer: canAnswer, can_edit: canEdit } = query.data.data;
  if (questions.length === 0 && !canEdit) return null;
  const sorted = [...questions].sort((a, b) => a.position - b.position);
  return (
    <section className="flex flex-col gap-3" aria-labelledby="game-poll-title" data-testid="game-poll">
      <h2 id="game-poll-title" className="text-xl font-bold">
        {t('game_poll.title')}
      </h2>
      {sorted.length === 0 ? <p className="text-sm text-fg-muted">{t('game_poll.empty')}</p> : null}
      <ul className="flex flex-col gap-3">
        {sorted.map((question) => (
          <Question key={question.id} eventId={eventId} gameId={gameId} question={question} canAnswer={canAnswer} canEdit={canEdit} />
        ))}
      </ul>
      {canEdit ? (
        questions.length >= GAME_POLL_QUESTIONS_MAX ? (
          <p className="text-sm text-fg-muted">{t('game_poll.full', { max: GAME_POLL_QUESTIONS_MAX })}</p>
        ) : adding ? (
          <AddQuestion eventId={eventId} gameId={gameId} onDone={() => setAdding(false)} />
        ) : (
          <Button variant="secondary" className="self-start" onClick={() => setAdding(true)} data-testid="poll-add-open">
            {t('game_poll.add_open')}
          </Button>
        )
      ) : null}
    </section>
  );
}
