// academy-admin/lectures-archive: the lecture archive is edited in the event's back office (its
// calls are the organisers', event.manage), so this page leads there and to the archive itself.
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../ui/Button.tsx';
import { eventPath } from '../events/context.ts';
import { useAcademyAdmin } from './context.ts';
import { PageTitle } from './parts.tsx';

export function LecturesArchivePage() {
  const { t } = useTranslation();
  const { eventId, slug, organiser } = useAcademyAdmin();
  return (
    <section data-testid="academy-lectures-archive">
      <PageTitle title={t('academy_admin.nav_lectures_archive')} />
      <div className="flex flex-col gap-4 rounded-2xl border border-line bg-surface p-4 sm:p-6">
        <p>{t('academy_admin.archive_text')}</p>
        <p className="text-sm text-fg-muted">{organiser ? t('academy_admin.archive_organiser') : t('academy_admin.archive_not_organiser')}</p>
        <div className="flex flex-wrap gap-3">
          {organiser ? (
            <ButtonLink to={`/admin/events/${eventId}/archive`} data-testid="archive-editor-link">
              {t('academy_admin.archive_edit')}
            </ButtonLink>
          ) : null}
          <ButtonLink variant={organiser ? 'secondary' : 'primary'} to={eventPath(slug, 'lectures-archive')} data-testid="archive-link">
            {t('academy_admin.archive_open')}
          </ButtonLink>
        </div>
      </div>
    </section>
  );
}
