// The CV of a response: dropped on the zone or chosen with the file picker (a real file input,
// reached by keyboard). Type and size are checked here too; the server sniffs the content again.
import { CV_ACCEPT, cvFileProblem, UPLOAD_MAX_BYTES } from '@lobby/contract';
import { useId, useRef, useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/Button.tsx';
import { cn } from '../../ui/cn.ts';
import { sizeText } from './format.ts';

export function CvInput({ file, onChange, maxBytes = UPLOAD_MAX_BYTES, error }: { file: File | null; onChange: (file: File | null) => void; maxBytes?: number; error?: string | undefined }) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [over, setOver] = useState(false);
  const max = Math.round((maxBytes / 1024 / 1024) * 10) / 10;
  const take = (chosen: File | undefined) => {
    if (!chosen) return;
    const wrong = cvFileProblem(chosen, maxBytes);
    if (wrong) {
      setProblem(t(`vacancies.cv_${wrong}`, { max }));
      onChange(null);
      return;
    }
    setProblem(null);
    onChange(chosen);
  };
  const drop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setOver(false);
    take(event.dataTransfer.files[0]);
  };
  const shown = problem ?? error;
  return (
    <div className="flex flex-col gap-1.5">
      <span id={`${id}-label`} className="text-sm font-semibold">
        {t('vacancies.cv')}
      </span>
      <div
        onDragOver={(event) => {
          event.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={drop}
        className={cn('flex flex-col items-center gap-2 rounded-2xl border-2 border-dashed px-4 py-6 text-center', over ? 'border-brand bg-brand/10' : shown ? 'border-red-500' : 'border-line bg-surface')}
        data-testid="cv-drop"
      >
        {file ? (
          <p className="text-sm break-all" data-testid="cv-chosen">
            <span className="font-semibold">{file.name}</span> · {sizeText(file.size, i18n.language)}
          </p>
        ) : (
          <p className="text-sm text-fg-muted">{t('vacancies.cv_drop')}</p>
        )}
        <div className="flex flex-wrap justify-center gap-2">
          <Button variant="secondary" onClick={() => input.current?.click()} aria-describedby={`${id}-hint${shown ? ` ${id}-error` : ''}`}>
            {file ? t('vacancies.cv_replace') : t('vacancies.cv_choose')}
          </Button>
          {file ? (
            <Button variant="ghost" onClick={() => onChange(null)}>
              {t('vacancies.cv_remove')}
            </Button>
          ) : null}
        </div>
        <input
          ref={input}
          type="file"
          accept={CV_ACCEPT}
          className="sr-only"
          tabIndex={-1}
          aria-labelledby={`${id}-label`}
          onChange={(event) => {
            take(event.target.files?.[0]);
            event.target.value = '';
          }}
          data-testid="cv-input"
        />
      </div>
      <p id={`${id}-hint`} className="text-xs text-fg-muted">
        {t('vacancies.cv_hint', { max })}
      </p>
      {shown ? (
        <p id={`${id}-error`} role="alert" className="text-sm text-red-700 dark:text-red-400">
          {shown}
        </p>
      ) : null}
    </div>
  );
}
