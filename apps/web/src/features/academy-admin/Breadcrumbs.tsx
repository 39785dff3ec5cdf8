import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** Where a module or lesson page sits: Modules › a module › Lessons › a lesson (the last is the current page). */
export function Breadcrumbs({ trail }: { trail: { label: string; to?: string }[] }) {
  const { t } = useTranslation();
  return (
    <nav aria-label={t('academy_admin.breadcrumbs')} className="mb-2 text-sm">
      <ol className="flex flex-wrap items-center gap-1 text-fg-muted">
        {trail.map((step, index) => (
          <li key={index} className="flex items-center gap-1">
            {index > 0 ? <span aria-hidden="true">›</span> : null}
            {step.to ? (
              <Link to={step.to} className="font-medium text-brand-ink underline-offset-2 hover:underline">
                {step.label}
              </Link>
            ) : (
              <span aria-current="page">{step.label}</span>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}
