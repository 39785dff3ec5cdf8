import { useTranslation } from 'react-i18next';
import { Spinner } from '../ui/Spinner.tsx';

/** Shown while the first page's code and data load. */
export function BootScreen() {
  const { t } = useTranslation();
  return (
    <div className="flex min-h-dvh items-center justify-center text-brand">
      <Spinner label={t('common.loading')} className="scale-150" />
    </div>
  );
}
