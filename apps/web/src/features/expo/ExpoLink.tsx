import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { eventPath } from '../events/context.ts';
import { ExpoIcon } from './nav-icons.tsx';

/** The way into the expo hall from the event's home: one small card (members only; the hall is theirs). */
export function ExpoLink({ slug }: { slug: string }) {
  const { t } = useTranslation();
  return (
    <Link to={eventPath(slug, 'expo')} className="group flex items-center gap-3 rounded-2xl border border-line bg-surface p-4 hover:bg-surface-muted focus-visible:outline-2 focus-visible:outline-brand" data-testid="home-expo-link">
      <span className="flex size-11 shrink-0 items-center justify-center rounded-xl bg-brand/15 text-brand-ink">
        <ExpoIcon className="size-6" />
      </span>
      <span className="min-w-0 flex-1">
        <span className="block font-semibold group-hover:underline">{t('expo.home_link_title')}</span>
        <span className="block text-sm text-fg-muted">{t('expo.home_link_text')}</span>
      </span>
      <span aria-hidden="true" className="text-fg-muted">
        →
      </span>
    </Link>
  );
}
