import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Button, ButtonLink } from '../../ui/Button.tsx';
import { eventPath } from '../events/context.ts';
import { isBadgeSize, type BadgeSize } from './badge-sizes.ts';

/** The chosen paper size, kept in the address (?size=card) so a reload prints the same. */
export function useBadgeSize(): [BadgeSize, (size: BadgeSize) => void] {
  const [params, setParams] = useSearchParams();
  const given = params.get('size');
  const size = isBadgeSize(given) ? given : 'a6';
  return [
    size,
    (next) =>
      setParams(
        (current) => {
          const copy = new URLSearchParams(current);
          copy.set('size', next);
          return copy;
        },
        { replace: true },
      ),
  ];
}

/** Back to the desk, the size (A6 or a card) and Print. */
export function PrintControls({ slug, size, onSize, disabled }: { slug: string; size: BadgeSize; onSize: (size: BadgeSize) => void; disabled?: boolean }) {
  const { t } = useTranslation();
  const name = useId();
  return (
    <div className="flex flex-wrap items-end justify-between gap-4">
      <ButtonLink to={eventPath(slug, 'volunteer/badges')} variant="ghost">
        {t('volunteer.back')}
      </ButtonLink>
      <fieldset className="flex flex-wrap items-center gap-3">
        <legend className="mb-1 text-sm font-semibold">{t('volunteer.size')}</legend>
        {(['a6', 'card'] as const).map((option) => (
          <label key={option} className="flex min-h-11 items-center gap-2 rounded-xl border border-line px-3 text-sm">
            <input type="radio" name={name} value={option} checked={size === option} onChange={() => onSize(option)} className="size-4 accent-[var(--brand-solid)]" data-testid={`size-${option}`} />
            {t(option === 'a6' ? 'volunteer.size_a6' : 'volunteer.size_card')}
          </label>
        ))}
      </fieldset>
      <Button onClick={() => window.print()} disabled={disabled} data-testid="print-button">
        {t('volunteer.print_button')}
      </Button>
    </div>
  );
}
