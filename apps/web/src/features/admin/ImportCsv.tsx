import { routes, splitCsv, type ImportReport } from '@lobby/contract';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callApi } from '../../api/client.ts';
import { queryClient } from '../../api/query-client.ts';
import { Alert } from '../../ui/Alert.tsx';
import { apiErrorText } from '../auth/api-error.ts';

const ROWS_PER_PART = 200;

/** CSV import: the file goes up in parts, so a large file shows its progress and a per-row report. */
export function ImportCsv({ eventId }: { eventId: number }) {
  const { t } = useTranslation();
  const id = useId();
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  const [report, setReport] = useState<ImportReport | null>(null);
  const [error, setError] = useState<unknown>(null);

  const upload = async (file: File) => {
    setReport(null);
    setError(null);
    const { header, parts } = splitCsv(await file.text(), ROWS_PER_PART);
    const total: ImportReport = { rows: 0, added: 0, updated: 0, created_users: 0, failed: [] };
    setProgress({ done: 0, total: parts.length });
    try {
      for (const [index, part] of parts.entries()) {
        const { data } = await callApi(routes.adminImportMembers, { params: { id: eventId }, body: { csv: part.body, header, first_row: part.firstRow } });
        total.rows += data.rows;
        total.added += data.added;
        total.updated += data.updated;
        total.created_users += data.created_users;
        total.failed.push(...data.failed);
        setProgress({ done: index + 1, total: parts.length });
      }
      setReport(total);
    } catch (caught) {
      setError(caught);
      setReport(total.rows > 0 ? total : null);
    } finally {
      setProgress(null);
      await queryClient.invalidateQueries({ queryKey: [routes.adminListMembers.id] });
    }
  };

  return (
    <section className="flex flex-col gap-3 rounded-2xl border border-line bg-surface p-5" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="text-lg font-bold">
        {t('admin.import_title')}
      </h2>
      <p className="text-sm text-fg-muted">{t('admin.import_text')}</p>
      <pre className="overflow-x-auto rounded-xl bg-surface-muted p-3 text-xs">email,first_name,last_name,ticket,roles{'\n'}ann@example.org,Ann,Lee,visitor,1{'\n'}bob@example.org,Bob,Ray,business,1|8</pre>
      <label htmlFor={id} className="text-sm font-semibold">
        {t('admin.import_file')}
      </label>
      <input
        id={id}
        type="file"
        accept=".csv,text/csv"
        data-testid="import-file"
        disabled={progress !== null}
        onChange={(event) => {
          const file = event.target.files?.[0];
          if (file) void upload(file);
          event.target.value = '';
        }}
        className="text-sm"
      />
      {progress ? (
        <div role="status" className="flex flex-col gap-1">
          <progress max={progress.total} value={progress.done} className="h-2 w-full accent-[var(--brand-solid)]" aria-label={t('admin.import_progress')} />
          <p className="text-xs text-fg-muted">{t('admin.import_progress_text', { done: progress.done, total: progress.total })}</p>
        </div>
      ) : null}
      {error ? <Alert tone="error">{apiErrorText(t, error)}</Alert> : null}
      {report ? (
        <div className="flex flex-col gap-3" data-testid="import-report">
          <Alert tone={report.failed.length > 0 ? 'info' : 'success'}>
            {t('admin.import_summary', { rows: report.rows, added: report.added, updated: report.updated, created: report.created_users, failed: report.failed.length })}
          </Alert>
          {report.failed.length > 0 ? (
            <div className="overflow-x-auto">
              <table className="w-full text-left text-sm">
                <thead>
                  <tr className="border-b border-line">
                    <th className="py-2 pr-3">{t('admin.import_row')}</th>
                    <th className="py-2 pr-3">{t('auth.email')}</th>
                    <th className="py-2">{t('admin.import_reason')}</th>
                  </tr>
                </thead>
                <tbody>
                  {report.failed.map((row) => (
                    <tr key={`${row.row}-${row.email}`} className="border-b border-line">
                      <td className="py-2 pr-3">{row.row}</td>
                      <td className="py-2 pr-3">{row.email || '—'}</td>
                      <td className="py-2">{t(`admin.import_code_${row.code}`, { defaultValue: row.reason })}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}
