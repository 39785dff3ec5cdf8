// A CSV upload answered at once with a per-row report (the back office's program upload, the
// academy's course upload): a title and how-to, an example file, the file field, the running
// state, the server's refusal of the whole file, the summary and the rows not taken.
import { useMutation } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../ui/Alert.tsx';
import { apiErrorText } from '../auth/api-error.ts';
import { ImportFailures } from './ImportCsv.tsx';

export interface CsvUploadReport {
  failed: readonly { row: number; title: string; code: string; reason: string }[];
}

export interface CsvUploadProps<R extends CsvUploadReport> {
  title: string;
  text: string;
  example: string;
  exampleLabel: string;
  fileLabel: string;
  runningText: string;
  /** The column the failed rows are named by (a lecture's title, a lesson). */
  subject: string;
  /** `{prefix}-file` on the field, `{prefix}-report` on the report. */
  testId: string;
  upload: (csv: string) => Promise<R>;
  onSettled?: () => unknown;
  summary: (report: R) => string;
  /** A failed row's reason in the reader's language. */
  reason: (row: R['failed'][number]) => string;
  className?: string;
}

export function CsvUpload<R extends CsvUploadReport>({ title, text, example, exampleLabel, fileLabel, runningText, subject, testId, upload, onSettled, summary, reason, className }: CsvUploadProps<R>) {
  const { t } = useTranslation();
  const id = useId();
  const mutation = useMutation({ mutationFn: async (file: File) => upload(await file.text()), onSettled });
  const report = mutation.data;
  return (
    <section className={`flex flex-col gap-3 rounded-2xl border border-line bg-surface p-5 ${className ?? ''}`} aria-labelledby={`${id}-title`} data-testid={testId}>
      <h2 id={`${id}-title`} className="text-lg font-bold">
        {title}
      </h2>
      <p className="text-sm text-fg-muted">{text}</p>
      <pre tabIndex={0} aria-label={exampleLabel} className="overflow-x-auto rounded-xl bg-surface-muted p-3 text-xs">
        {example}
      </pre>
      <label htmlFor={id} className="text-sm font-semibold">
        {fileLabel}
      </label>
      <input
        id={id}
        type="file"
        accept=".csv,text/csv"
        data-testid={`${testId}-file`}
        disabled={mutation.isPending}
        onChange={(event) => {
          const file = event.target.files?.[0];
          if (file) mutation.mutate(file);
          event.target.value = '';
        }}
        className="text-sm"
      />
      {mutation.isPending ? (
        <p role="status" className="text-sm text-fg-muted">
          {runningText}
        </p>
      ) : null}
      {mutation.isError ? <Alert tone="error">{apiErrorText(t, mutation.error)}</Alert> : null}
      {report ? (
        <div className="flex flex-col gap-3" data-testid={`${testId}-report`}>
          <Alert tone={report.failed.length > 0 ? 'info' : 'success'}>{summary(report)}</Alert>
          <ImportFailures subject={subject} rows={report.failed.map((row) => ({ row: row.row, subject: row.title, reason: reason(row) }))} />
        </div>
      ) : null}
    </section>
  );
}
