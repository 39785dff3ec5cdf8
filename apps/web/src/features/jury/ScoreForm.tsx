// The jury's score form of a finalist (voting-view): one control per criterion, the comment, refusals.
import { JURY_COMMENT_MAX, routes, type JuryCriterion, type JuryFinalist, type JuryRound } from '@lobby/contract';
import { useMutation } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { callApi } from '../../api/client.ts';
import { Alert } from '../../ui/Alert.tsx';
import { Button } from '../../ui/Button.tsx';
import { TextareaField } from '../../ui/Controls.tsx';
import { apiErrorText } from '../auth/api-error.ts';
import { juryRefusalOf, refreshJury } from './api.ts';

/** Scores up to this maximum are radio buttons; above it, a number field. */
const RADIO_MAX = 10;

function ScoreControl({ criterion, value, onChange, disabled }: { criterion: JuryCriterion; value: number | undefined; onChange: (score: number) => void; disabled: boolean }) {
  const { t } = useTranslation();
  const id = useId();
  const describe = criterion.description ? `${id}-description` : undefined;
  if (criterion.max_score > RADIO_MAX) {
    return (
      <div className="flex flex-col gap-1.5">
        <label htmlFor={id} className="text-sm font-semibold">
          {criterion.name} ({t('jury.scale', { max: criterion.max_score })})
        </label>
        {criterion.description ? (
          <p id={describe} className="text-xs text-fg-muted">
            {criterion.description}
          </p>
        ) : null}
        <input
          id={id}
          type="number"
          inputMode="numeric"
          min={1}
          max={criterion.max_score}
          step={1}
          disabled={disabled}
          value={value ?? ''}
          aria-describedby={describe}
          onChange={(e) => {
            const n = Number(e.target.value);
            if (Number.isInteger(n) && n >= 1 && n <= criterion.max_score) onChange(n);
          }}
          className="min-h-11 w-32 rounded-xl border border-line bg-surface px-4 text-base outline-none focus:border-brand"
          data-testid="jury-score-number"
        />
      </div>
    );
  }
  const scores = Array.from({ length: criterion.max_score }, (_, i) => i + 1);
  return (
    <fieldset className="flex flex-col gap-1.5" aria-describedby={describe} data-testid="jury-criterion">
      <legend className="mb-1 text-sm font-semibold">
        {criterion.name} ({t('jury.scale', { max: criterion.max_score })})
      </legend>
      {criterion.description ? (
        <p id={describe} className="text-xs text-fg-muted">
          {criterion.description}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-1.5">
        {scores.map((score) => (
          <label key={score} className="relative">
            <input type="radio" name={id} value={score} checked={value === score} disabled={disabled} onChange={() => onChange(score)} className="peer absolute inset-0 z-10 size-full cursor-pointer opacity-0 disabled:cursor-not-allowed" aria-label={t('jury.score_label', { score, max: criterion.max_score, name: criterion.name })} />
            <span
              aria-hidden="true"
              className="flex size-11 items-center justify-center rounded-xl border border-line bg-surface font-semibold peer-checked:border-brand peer-checked:bg-brand peer-checked:text-white peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand peer-disabled:opacity-60"
            >
              {score}
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

export function ScoreForm({ eventId, round, finalist }: { eventId: number; round: JuryRound; finalist: JuryFinalist }) {
  const { t } = useTranslation();
  const [scores, setScores] = useState<Record<string, number>>(() => Object.fromEntries(finalist.my_scores.map((s) => [String(s.criterion_id), s.score])));
  const [comment, setComment] = useState(finalist.my_comment ?? '');
  const [saved, setSaved] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: (body: { scores: { criterion_id: number; score: number }[]; comment: string | null }) =>
      callApi(routes.scoreJuryFinalist, { params: { eventId, slug: round.slug, requestId: finalist.request_id }, body }),
    onMutate: () => {
      setProblem(null);
      setSaved(false);
    },
    onSuccess: () => {
      setSaved(true);
      return refreshJury();
    },
    onError: (error) => {
      const reason = juryRefusalOf(error);
      setProblem(reason ? `${t('api.jury_score_refused')} ${t(`jury.refusal_${reason}`)}` : apiErrorText(t, error));
    },
  });
  const closedNote = !round.is_jury ? t('jury.refusal_not_jury') : round.phase === 'not_open' ? t('jury.refusal_not_open') : round.phase === 'closed' ? t('jury.refusal_closed') : null;
  const disabled = closedNote !== null;
  const chosen = round.criteria.filter((c) => scores[String(c.id)] !== undefined).map((c) => ({ criterion_id: c.id, score: scores[String(c.id)] ?? 0 }));
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (chosen.length === 0) {
      setProblem(t('jury.pick_one'));
      return;
    }
    save.mutate({ scores: chosen, comment: comment.trim() === '' ? null : comment.trim() });
  };
  const change = () => {
    setSaved(false);
    setProblem(null);
  };
  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4 rounded-2xl border border-line bg-surface p-4" aria-labelledby="jury-score-title" data-testid="jury-score-form">
      <h2 id="jury-score-title" className="text-xl font-bold">
        {t('jury.score_title')}
      </h2>
      {closedNote ? <Alert tone="info">{closedNote}</Alert> : null}
      {round.criteria.map((criterion) => (
        <ScoreControl
          key={criterion.id}
          criterion={criterion}
          value={scores[String(criterion.id)]}
          disabled={disabled}
          onChange={(score) => {
            change();
            setScores((prev) => ({ ...prev, [String(criterion.id)]: score }));
          }}
        />
      ))}
      <TextareaField
        label={t('jury.comment')}
        hint={t('jury.comment_hint')}
        rows={4}
        maxLength={JURY_COMMENT_MAX}
        disabled={disabled}
        value={comment}
        onChange={(e) => {
          change();
          setComment(e.target.value);
        }}
        data-testid="jury-comment"
      />
      {problem ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400" data-testid="jury-score-problem">
          {problem}
        </p>
      ) : null}
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" disabled={disabled || save.isPending} data-testid="jury-save">
          {t('jury.save')}
        </Button>
        <span role="status" className="text-sm font-semibold text-brand-ink" data-testid="jury-saved">
          {saved ? (chosen.length === round.criteria.length ? t('jury.saved_complete') : t('jury.saved')) : ''}
        </span>
      </div>
    </form>
  );
}
