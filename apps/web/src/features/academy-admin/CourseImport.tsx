// The course admin's program upload: a CSV of lessons, each naming its module (the server adds the
// modules it does not know), answered by a per-row report.
import { COURSE_IMPORT_MAX_ROWS, routes } from '@lobby/contract';
import { useTranslation } from 'react-i18next';
import { callApi } from '../../api/client.ts';
import { CsvUpload } from '../admin/CsvUpload.tsx';
import { refreshAcademy } from './queries.ts';

const EXAMPLE = 'module,lesson,start_date,end_date,is_open,has_homework,blocked_homework,homework_description,teachers\nBasics,Finding your audience,2026-12-01 10:00,,no,yes,yes,Describe three players,teacher@example.org\nBasics,Your first pitch,2026-12-08 10:00,,no,no,no,,';

/** The row problems with texts of their own; any other shows the server's reason. */
const ROW_CODES = new Set(['invalid_module', 'invalid_lesson', 'invalid_date', 'dates_invalid', 'invalid_flag', 'invalid_homework', 'invalid_teachers', 'teacher_not_member', 'failed']);

export function CourseImport({ eventId }: { eventId: number }) {
  const { t } = useTranslation();
  return (
    <CsvUpload
      className="mt-8"
      title={t('academy_admin.import_title')}
      text={t('academy_admin.import_text', { rows: COURSE_IMPORT_MAX_ROWS })}
      example={EXAMPLE}
      exampleLabel={t('academy_admin.import_example')}
      fileLabel={t('academy_admin.import_file')}
      runningText={t('academy_admin.import_running')}
      subject={t('academy_admin.import_lesson')}
      testId="course-import"
      upload={async (csv) => (await callApi(routes.importCourse, { params: { eventId }, body: { csv } })).data}
      onSettled={() => refreshAcademy()}
      summary={(report) => t('academy_admin.import_summary', { rows: report.rows, modules: report.modules_added, added: report.lessons_added, updated: report.lessons_updated, failed: report.failed.length })}
      reason={(row) => (ROW_CODES.has(row.code) ? t(`academy_admin.import_code.${row.code}`) : row.reason)}
    />
  );
}
