import { NOTE_MAX, routes, type Note, type NoteSubject } from '@lobby/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { apiQuery, callApi } from '../../api/client.ts';
import { Button } from '../../ui/Button.tsx';
import { TextareaField } from '../../ui/Controls.tsx';
import { Skeleton } from '../../ui/Skeleton.tsx';
import { apiErrorText } from '../auth/api-error.ts';

/** Trimmed text within the contract's limits, or the message key saying what is wrong. */
const problemOf = (text: string): string | null => (text.trim() === '' ? 'notes.empty_text' : text.trim().length > NOTE_MAX ? 'notes.too_long' : null);

function NoteItem({ note, onSaved, onDeleted }: { note: Note; onSaved: () => void; onDeleted: () => void }) {
  const { t, i18n } = useTranslation();
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [text, setText] = useState(note.text);
  const [problem, setProblem] = useState<string | null>(null);
  const update = useMutation({
    mutationFn: () => callApi(routes.updateNote, { params: { eventId: note.event_id, id: note.id }, body: { text: text.trim() } }),
    onSuccess: () => {
      toast.success(t('notes.updated'));
      setEditing(false);
      onSaved();
    },
    onError: (error) => toast.error(t('notes.update_failed', { reason: apiErrorText(t, error) })),
  });
  const remove = useMutation({
    mutationFn: () => callApi(routes.deleteNote, { params: { eventId: note.event_id, id: note.id } }),
    onSuccess: () => {
      toast.success(t('notes.deleted'));
      onDeleted();
    },
    onError: (error) => {
      setConfirming(false);
      toast.error(t('notes.delete_failed', { reason: apiErrorText(t, error) }));
    },
  });
  const when = new Date(note.updated_at).toLocaleString(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  if (editing) {
    return (
      <li className="flex flex-col gap-2 rounded-xl border border-line p-3">
        <TextareaField
          label={t('notes.edit_label')}
          value={text}
          rows={3}
          maxLength={NOTE_MAX}
          error={problem ? t(problem, { max: NOTE_MAX }) : undefined}
          onChange={(e) => setText(e.target.value)}
          autoFocus
        />
        <div className="flex gap-2">
          <Button
            disabled={update.isPending}
            onClick={() => {
              const found = problemOf(text);
              setProblem(found);
              if (!found) update.mutate();
            }}
          >
            {t('notes.save')}
          </Button>
          <Button
            variant="ghost"
            onClick={() => {
              setText(note.text);
              setProblem(null);
              setEditing(false);
            }}
          >
            {t('notes.cancel')}
          </Button>
        </div>
      </li>
    );
  }
  return (
    <li className="flex flex-col gap-2 rounded-xl border border-line p-3" data-testid="note">
      <p className="whitespace-pre-wrap break-words text-sm">{note.text}</p>
      <p className="text-xs text-fg-muted">{when}</p>
      {confirming ? (
        <div role="group" aria-label={t('notes.confirm_delete')} className="flex flex-wrap items-center gap-2">
          <span className="text-sm font-semibold">{t('notes.confirm_delete')}</span>
          <Button variant="secondary" disabled={remove.isPending} onClick={() => remove.mutate()}>
            {t('notes.confirm_yes')}
          </Button>
          <Button variant="ghost" onClick={() => setConfirming(false)}>
            {t('notes.cancel')}
          </Button>
        </div>
      ) : (
        <div className="flex gap-2">
          <Button variant="ghost" onClick={() => setEditing(true)}>
            {t('notes.edit')}
          </Button>
          <Button variant="ghost" onClick={() => setConfirming(true)}>
            {t('notes.delete')}
          </Button>
        </div>
      )}
    </li>
  );
}

/**
 * Private notes about one member (membership id) or company of the event: only their author sees
 * them. Mounted on the member and company pages, and under favorite cards.
 */
export function NotesPanel({ eventId, subjectType, subjectId }: { eventId: number; subjectType: NoteSubject; subjectId: number }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const headingId = useId();
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const list = useQuery(apiQuery(routes.listNotes, { params: { eventId }, query: { 'filter[subject_type]': subjectType, 'filter[subject_id]': subjectId, per_page: 50 } }));
  const refresh = () => void client.invalidateQueries({ queryKey: [routes.listNotes.id] });
  const create = useMutation({
    mutationFn: () => callApi(routes.createNote, { params: { eventId }, body: { subject_type: subjectType, subject_id: subjectId, text: text.trim() } }),
    onSuccess: () => {
      toast.success(t('notes.created'));
      setText('');
      refresh();
    },
    onError: (error) => toast.error(t('notes.create_failed', { reason: apiErrorText(t, error) })),
  });
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3" data-testid="notes-panel">
      <h2 id={headingId} className="text-base font-semibold">
        {t('notes.title')}
      </h2>
      <p className="text-xs text-fg-muted">{t('notes.private_hint')}</p>
      {list.isPending ? (
        <Skeleton className="h-16" />
      ) : list.isError ? (
        <div className="flex items-center gap-2 text-sm">
          <span>{t('notes.load_failed')}</span>
          <Button variant="secondary" onClick={() => void list.refetch()}>
            {t('errors.retry')}
          </Button>
        </div>
      ) : list.data.data.length === 0 ? (
        <p className="text-sm text-fg-muted">{t('notes.empty')}</p>
      ) : (
        <ul className="flex flex-col gap-2">
          {list.data.data.map((note) => (
            <NoteItem key={note.id} note={note} onSaved={refresh} onDeleted={refresh} />
          ))}
        </ul>
      )}
      <form
        noValidate
        className="flex flex-col gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          const found = problemOf(text);
          setProblem(found);
          if (!found) create.mutate();
        }}
      >
        <TextareaField label={t('notes.add_label')} value={text} rows={3} maxLength={NOTE_MAX} error={problem ? t(problem, { max: NOTE_MAX }) : undefined} onChange={(e) => setText(e.target.value)} />
        <div>
          <Button type="submit" disabled={create.isPending}>
            {t('notes.add')}
          </Button>
        </div>
      </form>
    </section>
  );
}
