import { IMPORT_MAX_ROWS, routes, splitCsv, type ImportJob, type ImportReport } from '@lobby/contract';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callApi } from '../../api/client.ts';
import { queryClient } from '../../api/query-client.ts';
import { Alert } from '../../ui/Alert.tsx';
import { apiErrorText } from '../auth/api-error.ts';

/** How often a running import is asked for its progress. */
const POLL_MS = 1000;

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const addReport = (total: ImportReport, part: ImportReport) => {
  total.rows += part.rows;
  total.added += part.added;
  total.updated += part.updated;
  total.created_users += part.created_users;
  total.failed.push(...part.failed);
};

/**
 * CSV import: the server runs each upload as a job and this page polls it, showing progress by
 * rows and then the per-row report. Files longer than the server's cap go up in parts, queued
 * one after another.
 */
export function ImportCsv({ eventId }: { eventId: number }) {
  const { t } = useTranslation();
  const id = useId();
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  const [report, setReport] = useState<ImportReport | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [failed, setFailed] = useState(false);

  const upload = async (file: File) => {
    setReport(null);
    setError(null);
    setFailed(false);
    const { header, parts } = splitCsv(await file.text(), IMPORT_MAX_ROWS);
    const total: ImportReport = { rows: 0, added: 0, updated: 0, created_users: 0, failed: [] };
    setProgress({ done: 0, total: 0 });
    try {
      const started: ImportJob[] = [];
      for (const part of parts) {
        const { data } = await callApi(routes.adminImportMembers, { params: { id: eventId }, body: { csv: part.body, header, first_row: part.firstRow } });
        started.push(data);
      }
      const rows = started.reduce((sum, job) => sum + job.total, 0);
      let before = 0;
      for (const job of started) {
        let current = job;
        while (current.status === 'queued' || current.status === 'running') {
          setProgress({ done: before + current.processed, total: rows });
          await wait(POLL_MS);
          current = (await callApi(routes.adminGetImport, { params: { id: eventId, importId: job.id } })).data;
        }
        addReport(total, current.report);
        before += current.total;
        if (current.status === 'failed') {
          setFailed(true);
          break;
        }
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
          <progress max={Math.max(progress.total, 1)} value={progress.done} className="h-2 w-full accent-[var(--brand-solid)]" aria-label={t('admin.import_progress')} />
          <p className="text-xs text-fg-muted">{t('admin.import_progress_text', { done: progress.done, total: progress.total })}</p>
        </div>
      ) : null}
      {error ? <Alert tone="error">{apiErrorText(t, error)}</Alert> : null}
      {failed ? <Alert tone="error">{t('admin.import_failed')}</Alert> : null}
      {report ? (
        <div className="flex flex-col gap-3" data-testid="import-report">
          <Alert tone={report.failed.length > 0 ? 'info' : 'success'}>
            {t('admin.import_summary', { rows: report.rows, added: report.added, updated: report.updated, created: report.created_users, failed: report.failed.length })}
          </Alert>
          <ImportFailures
            subject={t('auth.email')}
            rows={report.failed.map((row) => ({ row: row.row, subject: row.email, reason: t(`admin.import_code_${row.code}`, { defaultValue: row.reason }) }))}
          />
        </div>
      ) : null}
    </section>
  );
}

/** The rows an upload could not take: row number, what the row was about (e-mail, title) and why. Nothing when all went in. */
export function ImportFailures({ subject, rows }: { subject: string; rows: readonly { row: number; subject: string; reason: string }[] }) {
  const { t } = useTranslation();
  if (rows.length === 0) return null;
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm">
        <thead>
          <tr className="border-b border-line">
            <th className="py-2 pr-3">{t('admin.import_row')}</th>
            <th className="py-2 pr-3">{subject}</th>
            <th className="py-2">{t('admin.import_reason')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row, index) => (
            <tr key={`${row.row}-${index}`} className="border-b border-line">
              <td className="py-2 pr-3">{row.row}</td>
              <td className="py-2 pr-3">{row.subject || '—'}</td>
              <td className="py-2">{row.reason}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
