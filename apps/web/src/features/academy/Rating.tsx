import { useQuery } from '@tanstack/react-query';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { cn } from '../../ui/cn.ts';
import { apiErrorText } from '../auth/api-error.ts';
import { formatAverage, RATINGS } from './academy-view.ts';
import { myRatingQuery, rateLesson } from './queries.ts';

function Star({ filled }: { filled: boolean }) {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" className={cn('size-8', filled ? 'fill-amber-500 text-amber-600' : 'fill-transparent text-fg-muted')} stroke="currentColor" strokeWidth={1.5} strokeLinejoin="round">
      <path d="m12 3 2.8 5.7 6.2.9-4.5 4.4 1.1 6.2L12 17.3 6.4 20.2l1.1-6.2L3 9.6l6.2-.9z" />
    </svg>
  );
}

/**
 * The lesson's rating: 1 to 5 stars as a radio group (arrows choose, as radios do), the student's own
 * rating read from the server and sent on each choice (again replaces it), and the average. The
 * course's staff see the average only. Choices made while one is being sent are sent after it, the last one winning.
 */
export function Rating({ eventId, lessonId, canRate }: { eventId: number; lessonId: number; canRate: boolean }) {
  const { t, i18n } = useTranslation();
  const name = useId();
  const query = useQuery(myRatingQuery(lessonId));
  const [hover, setHover] = useState<number | null>(null);
  const [chosen, setChosen] = useState<number | null>(null);
  const sending = useRef(false);
  const queued = useRef<number | null>(null);
  const mine = chosen ?? query.data?.data.rating ?? null;
  const shown = hover ?? mine ?? 0;

  const send = async (value: number) => {
    if (sending.current) {
      queued.current = value;
      return;
    }
    sending.current = true;
    try {
      await rateLesson(eventId, lessonId, value);
    } catch (error) {
      setChosen(null);
      toast.error(t('academy.rating_failed'), { description: apiErrorText(t, error) });
    } finally {
      sending.current = false;
      const next = queued.current;
      queued.current = null;
      if (next !== null && next !== value) void send(next);
    }
  };

  const choose = (value: number) => {
    setChosen(value);
    void send(value);
  };

  const summary = query.data?.data;
  return (
    <section aria-labelledby={`${name}-title`} className="flex flex-col gap-2 rounded-2xl border border-line bg-surface p-4 sm:p-5" data-testid="lesson-rating">
      <h2 id={`${name}-title`} className="text-lg font-bold">
        {t('academy.rating_title')}
      </h2>
      {canRate ? (
        <fieldset className="flex flex-col gap-1" data-testid="lesson-rating-stars">
          <legend className="text-sm text-fg-muted">{t(mine === null ? 'academy.rating_ask' : 'academy.rating_yours', { rating: mine ?? 0 })}</legend>
          <div className="flex gap-0.5" onMouseLeave={() => setHover(null)}>
            {RATINGS.map((value) => (
              <label key={value} className="cursor-pointer rounded-lg p-1 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand" onMouseEnter={() => setHover(value)}>
                <input type="radio" name={name} value={value} checked={mine === value} onChange={() => choose(value)} disabled={query.isPending} className="sr-only" data-testid={`lesson-rating-${value}`} />
                <span className="sr-only">{t('academy.stars', { count: value })}</span>
                <Star filled={value <= shown} />
              </label>
            ))}
          </div>
        </fieldset>
      ) : null}
      <p className="text-sm text-fg-muted" aria-live="polite" data-testid="lesson-rating-average">
        {summary && summary.average !== null && summary.count > 0
          ? t('academy.rating_average', { rating: formatAverage(summary.average, i18n.language), count: summary.count })
          : query.isError
            ? t('academy.rating_unavailable')
            : query.isPending
              ? '\u00a0'
              : t('academy.rating_none')}
      </p>
    </section>
  );
}
