import { useTranslation } from 'react-i18next';
import { formatDate, formatTime } from '../../lib/format.ts';

/** A start and end date in the course timezone: both, either, or none (opened by hand). */
export function CourseDates({ start, end, timeZone }: { start: string | null; end: string | null; timeZone: string }) {
  const { t } = useTranslation();
  const at = (iso: string) => `${formatDate(iso, timeZone)} ${formatTime(iso, timeZone)}`;
  if (start && end) return <span>{t('academy_admin.dates_range', { start: at(start), end: at(end) })}</span>;
  if (start) return <span>{t('academy_admin.dates_from', { start: at(start) })}</span>;
  if (end) return <span>{t('academy_admin.dates_until', { end: at(end) })}</span>;
  return <span>{t('academy_admin.dates_none')}</span>;
}
