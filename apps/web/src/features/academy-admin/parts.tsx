// Small pieces the academy admin pages share: headings, loading and error states, the notice for
// pages only course admins open, and a Yes/No badge.
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../ui/Alert.tsx';
import { Badge } from '../../ui/Badge.tsx';
import { Button } from '../../ui/Button.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { Skeleton } from '../../ui/Skeleton.tsx';
import { apiErrorText } from '../auth/api-error.ts';

/** A page's title (the layout's h1 names the academy admin) with its actions beside it. */
export function PageTitle({ title, children, testId }: { title: string; children?: ReactNode; testId?: string }) {
  return (
    <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
      <h2 className="text-2xl font-bold tracking-tight" data-testid={testId}>
        {title}
      </h2>
      {children ? <div className="flex flex-wrap gap-2">{children}</div> : null}
    </div>
  );
}

export function ListLoading({ rows = 3, label }: { rows?: number; label?: string }) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col gap-3" data-testid="academy-loading" role="status" aria-label={label ?? t('common.loading')}>
      {Array.from({ length: rows }, (_, n) => (
        <Skeleton key={n} className="h-16" />
      ))}
    </div>
  );
}

export function LoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col items-start gap-3" data-testid="academy-error">
      <Alert tone="error">{apiErrorText(t, error)}</Alert>
      <Button variant="secondary" onClick={onRetry}>
        {t('errors.retry')}
      </Button>
    </div>
  );
}

/** What teachers see on a page only course admins open (the server refuses their calls anyway). */
export function AdminOnly() {
  const { t } = useTranslation();
  return (
    <div data-testid="academy-admin-only">
      <EmptyState title={t('academy_admin.admin_only_title')} text={t('academy_admin.admin_only_text')} />
    </div>
  );
}

export function YesNo({ value, yes, no }: { value: boolean; yes?: string; no?: string }) {
  const { t } = useTranslation();
  return <Badge tone={value ? 'success' : 'neutral'}>{value ? (yes ?? t('academy_admin.yes')) : (no ?? t('academy_admin.no'))}</Badge>;
}

/** A positive whole number from a route parameter, else null. */
export const idParam = (value: string | undefined): number | null => {
  if (!value || !/^[1-9]\d{0,9}$/.test(value)) return null;
  const id = Number(value);
  return id <= 2_147_483_647 ? id : null;
};
