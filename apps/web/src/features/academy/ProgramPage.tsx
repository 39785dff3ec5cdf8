// academy/program (product.md section 2; contract.md "Academy"): the 'Course program' page. The
// modules in course order with their lessons, each lesson's lock explained, the student's progress,
// their certificate once the course is complete, the course admins' latest news, every date in the
// course timezone; the course's staff find the academy admin from here.
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Button, ButtonLink } from '../../ui/Button.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { Skeleton } from '../../ui/Skeleton.tsx';
import { apiErrorText } from '../auth/api-error.ts';
import { signedInOnly } from '../auth/guards.ts';
import { eventPath, useEventContext } from '../events/context.ts';
import { SectionGate } from '../members/SectionGate.tsx';
import { inCourseOrder, zoneName } from './academy-view.ts';
import { CertificateCard } from './CertificateCard.tsx';
import { ModuleCard } from './ModuleCard.tsx';
import { NewsCard } from './NewsCard.tsx';
import { ProgressCard } from './ProgressCard.tsx';
import { programQuery } from './queries.ts';
import { useDocumentTitle } from './use-document-title.ts';

export const loader = signedInOnly;

function ProgramSkeleton() {
  return (
    <div className="flex flex-col gap-4" data-testid="academy-program-loading">
      <Skeleton className="h-28" />
      <Skeleton className="h-64" />
      <Skeleton className="h-64" />
    </div>
  );
}

function Program({ eventId, slug }: { eventId: number; slug: string }) {
  const { t } = useTranslation();
  const query = useQuery(programQuery(eventId));
  if (query.isPending) return <ProgramSkeleton />;
  if (query.isError) {
    return (
      <div data-testid="academy-program-error">
        <EmptyState title={t('errors.server_error_title')} text={apiErrorText(t, query.error)} action={<Button onClick={() => void query.refetch()}>{t('errors.retry')}</Button>} />
      </div>
    );
  }
  const program = query.data.data;
  const modules = inCourseOrder(program.modules);
  const staff = program.can_edit || program.can_review;
  // Lessons are numbered through the whole course, as the students follow them.
  const firstNumbers = modules.reduce<number[]>((starts, module, index) => [...starts, index === 0 ? 1 : (starts[index - 1] ?? 1) + (modules[index - 1]?.lessons.length ?? 0)], []);
  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-fg-muted" data-testid="academy-timezone">
          {t('academy.timezone_note', { zone: zoneName(program.timezone) })}
        </p>
        {staff ? (
          <ButtonLink to={eventPath(slug, 'academy-admin')} variant="secondary" data-testid="academy-admin-link">
            {t('academy.admin_link')}
          </ButtonLink>
        ) : null}
      </div>
      {program.progress ? <ProgressCard progress={program.progress} /> : null}
      <CertificateCard eventId={eventId} complete={program.progress?.complete === true} timeZone={program.timezone} />
      <NewsCard eventId={eventId} timeZone={program.timezone} />
      {modules.length === 0 ? (
        <div data-testid="academy-program-empty">
          <EmptyState title={t('academy.empty_title')} text={t(staff ? 'academy.empty_text_staff' : 'academy.empty_text')} />
        </div>
      ) : (
        modules.map((module, index) => <ModuleCard key={module.id} module={module} firstNumber={firstNumbers[index] ?? 1} slug={slug} timeZone={program.timezone} />)
      )}
    </>
  );
}

export function Component() {
  const { t } = useTranslation();
  const { event, member, slug } = useEventContext();
  const title = t('academy.program_title');
  useDocumentTitle(title, event.title);
  return (
    <SectionGate section="academy" event={event} member={member}>
      <div className="mx-auto flex w-full max-w-4xl flex-col gap-5 px-4 py-6 sm:py-8" data-testid="academy-program">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{title}</h1>
        <Program eventId={event.id} slug={slug} />
      </div>
    </SectionGate>
  );
}
