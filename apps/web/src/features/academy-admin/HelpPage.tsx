// academy-admin/help: who does what in the academy, the homework states and how blocking homework
// and opening dates decide when a student's lesson opens.
import { useTranslation } from 'react-i18next';
import { PageTitle } from './parts.tsx';

const SECTIONS = [
  { key: 'roles', items: ['role_admin', 'role_teacher', 'role_student', 'role_organiser'] },
  { key: 'course', items: ['course_modules', 'course_opening', 'course_active', 'course_timezone'] },
  { key: 'homework', items: ['state_created', 'state_approved', 'state_declined', 'homework_chat'] },
  { key: 'blocking', items: ['blocking_lesson', 'blocking_module', 'blocking_server'] },
  { key: 'progress', items: ['progress_lessons', 'progress_required', 'progress_refresh'] },
] as const;

export function HelpPage() {
  const { t } = useTranslation();
  return (
    <section data-testid="academy-help">
      <PageTitle title={t('academy_admin.nav_help')} />
      <p className="mb-4 max-w-prose text-fg-muted">{t('academy_admin.help.intro')}</p>
      <div className="flex max-w-prose flex-col gap-4">
        {SECTIONS.map((section) => (
          <section key={section.key} aria-labelledby={`help-${section.key}`} className="rounded-2xl border border-line bg-surface p-4 sm:p-5">
            <h3 id={`help-${section.key}`} className="mb-2 text-lg font-semibold">
              {t(`academy_admin.help.${section.key}_title`)}
            </h3>
            <ul className="flex list-disc flex-col gap-2 ps-5 text-sm leading-relaxed">
              {section.items.map((item) => (
                <li key={item}>{t(`academy_admin.help.${item}`)}</li>
              ))}
            </ul>
          </section>
        ))}
      </div>
    </section>
  );
}
