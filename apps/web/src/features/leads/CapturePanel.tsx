import { LEAD_NOTE_MAX, routes } from '@lobby/contract';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callApi } from '../../api/client.ts';
import { queryClient } from '../../api/query-client.ts';
import { Alert } from '../../ui/Alert.tsx';
import { TextareaField } from '../../ui/Controls.tsx';
import { apiErrorText } from '../auth/api-error.ts';
import { ScanForm } from '../volunteer/ScanForm.tsx';
import { RatingField } from './RatingField.tsx';

/** Scan a visitor at the booth, with a note and a rating sent along. */
export function CapturePanel({ eventId, companyId }: { eventId: number; companyId: number }) {
  const { t } = useTranslation();
  const [note, setNote] = useState('');
  const [rating, setRating] = useState<number | null>(null);
  const capture = useMutation({
    mutationFn: (qr: string) => callApi(routes.captureLead, { params: { eventId, id: companyId }, body: { qr, ...(note.trim() ? { note: note.trim() } : {}), ...(rating === null ? {} : { rating }) } }),
    onSuccess: async () => {
      setNote('');
      setRating(null);
      await queryClient.invalidateQueries({ queryKey: [routes.listLeads.id] });
    },
  });
  const done = capture.data;
  const name = done ? `${done.data.visitor.first_name} ${done.data.visitor.last_name}`.trim() : '';
  return (
    <section aria-labelledby="capture-title" className="flex flex-col gap-4 rounded-2xl border border-line bg-surface p-5" data-testid="capture">
      <h2 id="capture-title" className="text-lg font-bold">
        {t('leads.scan_title')}
      </h2>
      <ScanForm testId="capture-form" label={t('leads.scan_label')} submitLabel={t('leads.save')} busy={capture.isPending} onScan={(qr) => capture.mutate(qr)}>
        <TextareaField label={t('leads.note')} value={note} onChange={(e) => setNote(e.target.value)} maxLength={LEAD_NOTE_MAX} rows={3} data-testid="capture-note" />
        <RatingField value={rating} onChange={setRating} testId="capture-rating" />
      </ScanForm>
      <div aria-live="polite">
        {capture.isError ? <Alert tone="error">{apiErrorText(t, capture.error)}</Alert> : null}
        {done ? (
          <Alert tone="success" testId="capture-result">
            {t(done.created ? 'leads.captured' : 'leads.updated', { name })}
          </Alert>
        ) : null}
      </div>
    </section>
  );
}
