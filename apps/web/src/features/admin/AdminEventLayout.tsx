import { useSuspenseQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, Outlet, useParams, type LoaderFunctionArgs } from 'react-router';
import { queryClient } from '../../api/query-client.ts';
import { cn } from '../../ui/cn.ts';
import { signedInOnly } from '../auth/guards.ts';
import { adminEventQuery } from './queries.ts';

export const eventIdOf = (params: Record<string, string | undefined>): number => Number(params.id);

export async function loader(args: LoaderFunctionArgs) {
  signedInOnly(args);
  await queryClient.ensureQueryData(adminEventQuery(eventIdOf(args.params)));
  return null;
}

/**
 * The e-mail templates' code, imported from this (lazy) module rather than from the router: the
 * router's entry then repeats this module's import and adds next to nothing to the first load.
 */
export const loadEmailTemplates = () => import('./emails/EmailTemplatesRoutes.tsx');

const TABS = ['settings', 'tickets', 'attendees', 'meetings', 'chat', 'program', 'archive', 'news', 'pages', 'showcase', 'media', 'exhibitors', 'pushes', 'emails', 'branding', 'dictionaries'] as const;
/** Tabs whose texts live with their own page's keys. */
const TAB_LABELS: Partial<Record<(typeof TABS)[number], string>> = { dictionaries: 'dictionaries_admin.tab', meetings: 'admin_meetings.tab', chat: 'admin_chat.tab', emails: 'admin_emails.tab', program: 'admin_program.tab', archive: 'admin_archive.tab', news: 'admin_news.tab', pages: 'admin_pages.tab', showcase: 'admin_showcase.tab', media: 'admin_media.tab', exhibitors: 'admin_exhibitors.tab', pushes: 'admin_push.tab' };

/** One event in the back office, with its tabs. */
export function Component() {
  const { t } = useTranslation();
  const id = eventIdOf(useParams());
  const { data } = useSuspenseQuery(adminEventQuery(id));
  const event = data.data;
  return (
    <div className="mx-auto max-w-5xl px-4 py-8">
      <Link to="/admin" className="text-sm font-semibold text-brand-ink underline">
        {t('admin.back')}
      </Link>
      <div className="mt-2 flex flex-wrap items-baseline justify-between gap-2">
        <h1 className="text-3xl font-bold tracking-tight">{event.name}</h1>
        <Link to={`/events/${event.slug}`} className="text-sm font-semibold text-brand-ink underline">
          {t('admin.open_event')}
        </Link>
      </div>
      <nav aria-label={t('admin.tabs')} className="mt-4 flex gap-1 overflow-x-auto border-b border-line">
        {TABS.map((tab) => (
          <NavLink
            key={tab}
            to={`/admin/events/${id}/${tab}`}
            className={({ isActive }) => cn('-mb-px whitespace-nowrap border-b-2 px-3 py-2 text-sm font-semibold', isActive ? 'border-brand text-brand-ink' : 'border-transparent text-fg-muted hover:text-fg')}
          >
            {t(TAB_LABELS[tab] ?? `admin.tab_${tab}`)}
          </NavLink>
        ))}
      </nav>
      <div className="pt-6">
        <Outlet />
      </div>
    </div>
  );
}
