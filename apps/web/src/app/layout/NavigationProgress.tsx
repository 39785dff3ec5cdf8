import { useTranslation } from 'react-i18next';
import { useNavigation } from 'react-router';
import { Spinner } from '../../ui/Spinner.tsx';

/** A spinner shows on route change (product.md section 2). */
export function NavigationProgress() {
  const { t } = useTranslation();
  const navigation = useNavigation();
  if (navigation.state === 'idle') return null;
  return (
    <div data-testid="route-spinner" className="pointer-events-none fixed inset-x-0 top-0 z-50">
      <div className="h-1 w-full animate-pulse bg-brand" />
      <div className="absolute right-4 top-3 rounded-full bg-surface p-2 text-brand shadow">
        <Spinner label={t('common.loading')} />
      </div>
    </div>
  );
}
