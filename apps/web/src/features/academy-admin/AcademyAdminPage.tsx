// /academy-admin (product.md section 2, issue 15): the academy's staff pages. Home goes to
// students; modules and lessons, settings and the lecture archive are for course admins only;
// teachers read the students, review homework, read the promo messages sent (course admins write
// them) and see the stream records and the help.
import { lazy, Suspense, useEffect, useMemo, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, NavLink, Route, Routes, useLocation, useParams } from 'react-router';
import { cn } from '../../ui/cn.ts';
import { NotFoundPage } from '../errors/pages.tsx';
import { eventPath, useEventContext } from '../events/context.ts';
import { SectionGate } from '../members/SectionGate.tsx';
import { AdminContext, type AcademyAdminContext } from './context.ts';
import { AdminOnly, ListLoading } from './parts.tsx';
import { canEditCourse, canReview } from './queries.ts';

const StudentsPage = lazy(() => import('./StudentsPage.tsx').then((m) => ({ default: m.StudentsPage })));
const HomeworksPage = lazy(() => import('./HomeworksPage.tsx').then((m) => ({ default: m.HomeworksPage })));
const ModulesRoutes = lazy(() => import('./ModulesRoutes.tsx').then((m) => ({ default: m.ModulesRoutes })));
const PromoMessagesPage = lazy(() => import('./PromoMessagesPage.tsx').then((m) => ({ default: m.PromoMessagesPage })));
const StreamRecordsPage = lazy(() => import('./StreamRecordsPage.tsx').then((m) => ({ default: m.StreamRecordsPage })));
const LecturesArchivePage = lazy(() => import('./LecturesArchivePage.tsx').then((m) => ({ default: m.LecturesArchivePage })));
const SettingsPage = lazy(() => import('./SettingsPage.tsx').then((m) => ({ default: m.SettingsPage })));
const HelpPage = lazy(() => import('./HelpPage.tsx').then((m) => ({ default: m.HelpPage })));

/** The children in the order the navigation lists them; `editor`: only course admins see them. */
const PAGES = [
  { sub: 'students', editor: false },
  { sub: 'homeworks', editor: false },
  { sub: 'promo-messages', editor: false },
  { sub: 'modules', editor: true },
  { sub: 'stream-records', editor: false },
  { sub: 'lectures-archive', editor: true },
  { sub: 'settings', editor: true },
  { sub: 'help', editor: false },
] as const;
type Sub = (typeof PAGES)[number]['sub'];

const linkClass = ({ isActive }: { isActive: boolean }) =>
  cn('-mb-px inline-flex min-h-11 items-center whitespace-nowrap border-b-2 px-3 text-sm font-semibold transition-colors', isActive ? 'border-brand text-brand-ink' : 'border-transparent text-fg-muted hover:text-fg');

function AdminNav({ slug, editor }: { slug: string; editor: boolean }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const nav = useRef<HTMLElement>(null);
  // On phones the links scroll sideways: the current one is brought into view.
  useEffect(() => {
    nav.current?.querySelector<HTMLElement>('[aria-current="page"]')?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  }, [pathname]);
  return (
    <nav ref={nav} aria-label={t('academy_admin.sections')} className="-mx-4 overflow-x-auto px-4 sm:mx-0 sm:px-0" data-testid="academy-admin-nav">
      <ul className="flex gap-1 border-b border-line">
        {PAGES.filter((page) => editor || !page.editor).map((page) => (
          <li key={page.sub}>
            <NavLink to={eventPath(slug, `academy-admin/${page.sub}`)} className={linkClass} data-testid={`academy-admin-nav-${page.sub}`}>
              {t(`academy_admin.nav_${page.sub.replace('-', '_')}`)}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

function Lazy({ children }: { children: ReactNode }) {
  return <Suspense fallback={<ListLoading />}>{children}</Suspense>;
}

function AcademyAdmin({ context }: { context: AcademyAdminContext }) {
  const { t } = useTranslation();
  const only = (page: ReactNode) => (context.editor ? page : <AdminOnly />);
  const pages: Record<Sub, ReactNode> = {
    students: <StudentsPage />,
    homeworks: <HomeworksPage />,
    'promo-messages': <PromoMessagesPage />,
    modules: only(<ModulesRoutes />),
    'stream-records': <StreamRecordsPage />,
    'lectures-archive': only(<LecturesArchivePage />),
    settings: only(<SettingsPage />),
    help: <HelpPage />,
  };
  return (
    <AdminContext.Provider value={context}>
      <div className="mx-auto max-w-7xl px-4 py-6 sm:py-8" data-testid="academy-admin-page">
        <h1 className="mb-4 text-3xl font-bold tracking-tight">{t('academy_admin.title')}</h1>
        <div className="flex flex-col gap-6">
          <AdminNav slug={context.slug} editor={context.editor} />
          <div className="min-w-0">
            <Lazy>
              <Routes>
                {PAGES.map((page) => (
                  <Route key={page.sub} path={page.sub === 'modules' ? 'modules/*' : page.sub} element={pages[page.sub]} />
                ))}
                <Route path="*" element={<NotFoundPage />} />
              </Routes>
            </Lazy>
          </div>
        </div>
      </div>
    </AdminContext.Provider>
  );
}

/** /academy-admin -> /academy-admin/students; staff only (the academy_admin section). */
export function Component() {
  const { event, member, slug } = useEventContext();
  const rest = useParams()['*'] ?? '';
  const roomId = event.config.wnmeet.roomId?.trim() || null;
  const editor = canEditCourse(member);
  const reviewer = canReview(member);
  const organiser = member?.abilities.includes('event.manage') ?? false;
  const context = useMemo<AcademyAdminContext>(() => ({ eventId: event.id, slug, roomId, editor, reviewer, organiser }), [event.id, slug, roomId, editor, reviewer, organiser]);
  if (rest === '' || rest === '/') return <Navigate to={eventPath(slug, 'academy-admin/students')} replace />;
  return (
    <SectionGate section="academy_admin" event={event} member={member}>
      <AcademyAdmin context={context} />
    </SectionGate>
  );
}
