import type { Progress } from '@lobby/contract';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { progressView } from './academy-view.ts';

/** One bar: its label, "x of y" beside it, and the bar read by screen readers as a progress bar. */
function ProgressBar({ label, done, total, value, testId }: { label: string; done: number; total: number; value: number; testId: string }) {
  const { t } = useTranslation();
  const labelId = useId();
  const text = t('academy.of_total', { done, total });
  return (
    <div className="flex flex-col gap-1.5" data-testid={testId}>
      <div className="flex items-baseline justify-between gap-3 text-sm">
        <span id={labelId} className="font-semibold">
          {label}
        </span>
        <span className="shrink-0 whitespace-nowrap tabular-nums text-fg-muted" aria-hidden="true">
          {text}
        </span>
      </div>
      <div role="progressbar" aria-labelledby={labelId} aria-valuemin={0} aria-valuemax={total} aria-valuenow={done} aria-valuetext={text} className="h-2.5 overflow-hidden rounded-full bg-surface-muted">
        <div className="h-full rounded-full bg-brand-solid transition-[width]" style={{ width: `${value}%` }} />
      </div>
    </div>
  );
}

/** The student's progress: lessons done and, when the course has any, required homework approved. */
export function ProgressCard({ progress }: { progress: Progress }) {
  const { t } = useTranslation();
  const view = progressView(progress);
  return (
    <section aria-labelledby="academy-progress-title" className="flex flex-col gap-4 rounded-2xl border border-line bg-surface p-5" data-testid="academy-progress">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="academy-progress-title" className="text-lg font-bold">
          {t('academy.progress_title')}
        </h2>
        {view.complete ? (
          <span className="rounded-full bg-emerald-500/15 px-2.5 py-0.5 text-xs font-semibold text-emerald-700 dark:text-emerald-300" data-testid="academy-complete">
            {t('academy.complete')}
          </span>
        ) : null}
      </div>
      <ProgressBar label={t('academy.progress_lessons')} done={view.lessons.done} total={view.lessons.total} value={view.lessons.percent} testId="academy-progress-lessons" />
      {view.required.total > 0 ? (
        <ProgressBar label={t('academy.progress_required')} done={view.required.done} total={view.required.total} value={view.required.percent} testId="academy-progress-required" />
      ) : null}
    </section>
  );
}
