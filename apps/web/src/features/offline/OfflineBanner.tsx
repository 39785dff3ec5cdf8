import { useTranslation } from 'react-i18next';
import { useOnline } from './online.ts';

/**
 * The offline banner across the app (issue 18): a live region that is always there, so a screen
 * reader hears it when the connection goes and comes back.
 */
export function OfflineBanner() {
  const { t } = useTranslation();
  const online = useOnline();
  return (
    <div role="status" aria-live="polite">
      {online ? null : (
        <p className="border-b border-amber-300 bg-amber-100 px-4 py-2 text-center text-sm font-medium text-amber-950 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-50" data-testid="offline-banner">
          {t('offline.banner')}
        </p>
      )}
    </div>
  );
}
