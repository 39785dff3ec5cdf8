// A Markdown text with its preview (the module's full description, the homework description). The
// editor is 400 px high (contract.md section 9, markdown editor height).
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/Button.tsx';
import { TextareaField } from '../../ui/Controls.tsx';
import { Markdown } from '../../ui/Markdown.tsx';

export function MarkdownField({ label, value, onChange, error, maxLength, testId }: { label: string; value: string; onChange: (value: string) => void; error?: string | undefined; maxLength: number; testId?: string }) {
  const { t } = useTranslation();
  const [preview, setPreview] = useState(false);
  return (
    <div className="flex flex-col gap-2">
      {preview ? (
        <div className="flex flex-col gap-1.5">
          <p className="text-sm font-semibold">{label}</p>
          <div className="h-[400px] overflow-y-auto rounded-xl border border-line bg-surface px-4 py-3" data-testid={testId ? `${testId}-preview` : undefined}>
            {value.trim() ? <Markdown>{value}</Markdown> : <p className="text-sm text-fg-muted">{t('academy_admin.preview_empty')}</p>}
          </div>
        </div>
      ) : (
        <TextareaField label={label} value={value} onChange={(event) => onChange(event.target.value)} error={error} hint={t('academy_admin.markdown_hint')} maxLength={maxLength} style={{ height: 400 }} data-testid={testId} />
      )}
      <Button variant="ghost" className="self-start" aria-pressed={preview} onClick={() => setPreview(!preview)}>
        {preview ? t('academy_admin.markdown_write') : t('academy_admin.markdown_preview')}
      </Button>
    </div>
  );
}
