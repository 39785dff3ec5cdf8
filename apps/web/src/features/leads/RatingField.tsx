import { LEAD_RATING_MAX } from '@lobby/contract';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

/** A lead's rating: none, or 1 to 5, as a select (one keyboard stop, readable by screen readers). */
export function RatingField({ value, onChange, testId }: { value: number | null; onChange: (value: number | null) => void; testId: string }) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-semibold">
        {t('leads.rating')}
      </label>
      <select id={id} value={value ?? ''} onChange={(e) => onChange(e.target.value ? Number(e.target.value) : null)} className="min-h-11 rounded-xl border border-line bg-surface px-3 text-base" data-testid={testId}>
        <option value="">{t('leads.rating_none')}</option>
        {Array.from({ length: LEAD_RATING_MAX }, (_, i) => i + 1).map((n) => (
          <option key={n} value={n}>
            {t('leads.rating_value', { count: n })}
          </option>
        ))}
      </select>
    </div>
  );
}

/** A rating as stars for reading, with its words for screen readers. */
export function Stars({ value }: { value: number | null }) {
  const { t } = useTranslation();
  if (value === null) return <span className="text-sm text-fg-muted">{t('leads.rating_none')}</span>;
  return (
    <span className="text-amber-700 dark:text-amber-300" aria-label={t('leads.rating_value', { count: value })} role="img" data-testid="lead-rating" data-value={value}>
      {'★'.repeat(value)}
      <span aria-hidden="true" className="text-fg-muted">
        {'★'.repeat(LEAD_RATING_MAX - value)}
      </span>
    </span>
  );
}
