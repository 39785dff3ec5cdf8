import { CHAT_FILE_TYPES, HOMEWORK_COMMENT_MAX, HOMEWORK_FILES_MAX } from '@lobby/contract';
import { useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { ApiError } from '../../api/errors.ts';
import { queryClient } from '../../api/query-client.ts';
import { Button } from '../../ui/Button.tsx';
import { TextareaField } from '../../ui/Controls.tsx';
import { apiErrorText } from '../auth/api-error.ts';
import { UploadList, useFileUploads } from '../chat/uploads.tsx';
import { homeworkToSend } from './academy-view.ts';
import { lessonQuery, myHomeworkQuery, sendHomework } from './queries.ts';

/**
 * Sending homework: a comment and files uploaded at once through the chat's upload call (their keys
 * go with the homework, which the server posts in the lesson chat). Success and failure are told in toasts.
 */
export function HomeworkForm({ eventId, lessonId, again, timeZone }: { eventId: number; lessonId: number; again: boolean; timeZone: string }) {
  const { t } = useTranslation();
  const [comment, setComment] = useState('');
  const { uploads, add, remove, reset, uploading } = useFileUploads(HOMEWORK_FILES_MAX);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const picker = useRef<HTMLInputElement>(null);
  const filesLabel = useId();

  const addFiles = (files: FileList | null) => {
    setProblem(add(files) ? null : t('academy.files_max', { count: HOMEWORK_FILES_MAX }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const input = homeworkToSend(comment, uploads);
    if (input === 'uploading') return;
    if (input === 'empty') {
      setProblem(t('academy.homework_empty'));
      return;
    }
    setBusy(true);
    setProblem(null);
    try {
      await sendHomework(eventId, lessonId, { ...(input.comment ? { comment: input.comment } : {}), ...(input.files.length > 0 ? { files: input.files } : {}) });
      toast.success(t('academy.homework_sent'));
      setComment('');
      reset();
    } catch (error) {
      toast.error(t('academy.homework_send_failed'), { description: apiErrorText(t, error) });
      // Sent already from another tab, or the lesson closed meanwhile: show how things stand now.
      if (error instanceof ApiError && (error.code === 'academy.homework_exists' || error.code === 'academy.lesson_locked')) {
        void queryClient.invalidateQueries({ queryKey: myHomeworkQuery(eventId, lessonId).queryKey });
        void queryClient.invalidateQueries({ queryKey: lessonQuery(eventId, lessonId).queryKey });
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} className="flex flex-col gap-4 rounded-2xl border border-line bg-surface p-4 sm:p-5" data-testid="homework-form" aria-labelledby="homework-form-title" noValidate>
      <h3 id="homework-form-title" className="text-lg font-bold">
        {t(again ? 'academy.homework_send_again_title' : 'academy.homework_send_title')}
      </h3>
      <TextareaField label={t('academy.homework_comment')} value={comment} onChange={(event) => setComment(event.target.value)} maxLength={HOMEWORK_COMMENT_MAX} rows={5} data-testid="homework-comment" />
      <div className="flex flex-col gap-2">
        <span id={filesLabel} className="text-sm font-semibold">
          {t('academy.homework_files')}
        </span>
        <UploadList uploads={uploads} onRemove={remove} timeZone={timeZone} itemTestId="homework-upload" layout="column" labelledBy={filesLabel} />
        <input
          ref={picker}
          type="file"
          multiple
          accept={CHAT_FILE_TYPES.join(',')}
          className="hidden"
          tabIndex={-1}
          aria-hidden="true"
          data-testid="homework-file-input"
          onChange={(event) => {
            addFiles(event.target.files);
            event.target.value = '';
          }}
        />
        <div className="flex flex-wrap items-center gap-3">
          <Button variant="secondary" onClick={() => picker.current?.click()} disabled={busy || uploads.length >= HOMEWORK_FILES_MAX} data-testid="homework-attach">
            {t('academy.homework_attach')}
          </Button>
          <span className="text-xs text-fg-muted">{t('academy.homework_files_hint', { count: HOMEWORK_FILES_MAX })}</span>
        </div>
      </div>
      {problem ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400" data-testid="homework-problem">
          {problem}
        </p>
      ) : null}
      <Button type="submit" disabled={busy || uploading} className="self-start" data-testid="homework-submit">
        {busy ? t('academy.homework_sending') : t(again ? 'academy.homework_send_again' : 'academy.homework_send')}
      </Button>
    </form>
  );
}
