import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** The group call's address for others: copied with one press, or shown to copy by hand when the clipboard refuses. */
export function InviteLink() {
  const { t } = useTranslation();
  const [result, setResult] = useState<'copied' | 'manual' | null>(null);
  const address = window.location.href;
  const copy = () => {
    if (!navigator.clipboard) return setResult('manual');
    navigator.clipboard.writeText(address).then(
      () => setResult('copied'),
      () => setResult('manual'),
    );
  };
  return (
    <div className="flex min-w-0 items-center gap-2">
      <button type="button" onClick={copy} className="min-h-10 shrink-0 rounded-xl bg-white/10 px-3 text-sm font-semibold text-white hover:bg-white/20" data-testid="call-copy-address">
        {t('calls.copy_address')}
      </button>
      {result === 'manual' ? (
        <input readOnly value={address} aria-label={t('calls.address')} onFocus={(event) => event.currentTarget.select()} className="min-h-10 min-w-0 flex-1 rounded-xl bg-white/10 px-3 text-sm text-white" />
      ) : null}
      <span role="status" className="truncate text-sm text-neutral-300">
        {result === 'copied' ? t('calls.address_copied') : ''}
      </span>
    </div>
  );
}
