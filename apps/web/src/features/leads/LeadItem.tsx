import { LEAD_NOTE_MAX, routes, type Lead } from '@lobby/contract';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callApi } from '../../api/client.ts';
import { queryClient } from '../../api/query-client.ts';
import { formatDate, formatTime } from '../../lib/format.ts';
import { Avatar } from '../../ui/Avatar.tsx';
import { Button } from '../../ui/Button.tsx';
import { TextareaField } from '../../ui/Controls.tsx';
import { apiErrorText } from '../auth/api-error.ts';
import { RatingField, Stars } from './RatingField.tsx';

/** One lead: the visitor, what the booth noted, and its edit form. */
export function LeadItem({ eventId, lead, timezone }: { eventId: number; lead: Lead; timezone: string }) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState(false);
  const [note, setNote] = useState(lead.note);
  const [rating, setRating] = useState<number | null>(lead.rating);
  const name = `${lead.visitor.first_name} ${lead.visitor.last_name}`.trim();
  const save = useMutation({
    mutationFn: () => callApi(routes.updateLead, { params: { eventId, id: lead.company_id, leadId: lead.id }, body: { note: note.trim(), rating } }),
    onSuccess: async () => {
      setEditing(false);
      await queryClient.invalidateQueries({ queryKey: [routes.listLeads.id] });
    },
  });
  return (
    <li className="flex flex-col gap-3 rounded-2xl border border-line bg-surface p-4" data-testid="lead" data-user={lead.visitor.user_id}>
      <div className="flex items-start gap-3">
        <Avatar src={lead.visitor.avatar_url} name={name} size={40} />
        <div className="min-w-0 flex-1">
          <p className="font-semibold" data-testid="lead-name">
            {name}
          </p>
          <p className="text-sm text-fg-muted">{[lead.visitor.job, lead.visitor.company].filter(Boolean).join(' · ')}</p>
          <p className="flex flex-col text-sm">
            {lead.visitor.email ? (
              <a className="truncate text-brand-ink underline" href={`mailto:${lead.visitor.email}`}>
                {lead.visitor.email}
              </a>
            ) : null}
            {lead.visitor.phone ? (
              <a className="truncate text-brand-ink underline" href={`tel:${lead.visitor.phone}`}>
                {lead.visitor.phone}
              </a>
            ) : null}
          </p>
        </div>
        <Stars value={lead.rating} />
      </div>
      {editing ? (
        <form
          className="flex flex-col gap-3"
          onSubmit={(e) => {
            e.preventDefault();
            save.mutate();
          }}
        >
          <TextareaField label={t('leads.note')} value={note} onChange={(e) => setNote(e.target.value)} maxLength={LEAD_NOTE_MAX} rows={3} />
          <RatingField value={rating} onChange={setRating} testId="lead-edit-rating" />
          {save.isError ? (
            <p role="alert" className="text-sm text-red-700 dark:text-red-400">
              {apiErrorText(t, save.error)}
            </p>
          ) : null}
          <div className="flex gap-2">
            <Button type="submit" disabled={save.isPending}>
              {t('leads.save_changes')}
            </Button>
            <Button variant="ghost" onClick={() => setEditing(false)}>
              {t('leads.cancel')}
            </Button>
          </div>
        </form>
      ) : (
        <>
          {lead.note ? (
            <p className="whitespace-pre-line text-sm" data-testid="lead-note">
              {lead.note}
            </p>
          ) : null}
          <div className="flex flex-wrap items-center justify-between gap-2 text-xs text-fg-muted">
            <span>
              {[lead.captured_by ? t('leads.captured_by', { name: lead.captured_by.name }) : null, `${formatDate(lead.created_at, timezone)} ${formatTime(lead.created_at, timezone)}`].filter(Boolean).join(' · ')}
            </span>
            <Button variant="ghost" onClick={() => setEditing(true)} aria-label={t('leads.edit_of', { name })}>
              {t('leads.edit')}
            </Button>
          </div>
        </>
      )}
    </li>
  );
}
