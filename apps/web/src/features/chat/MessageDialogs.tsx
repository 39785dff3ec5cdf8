import { CHAT_REPORT_REASON_MAX, type ChatMessage } from '@lobby/contract';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { ApiError } from '../../api/errors.ts';
import { Alert } from '../../ui/Alert.tsx';
import { Button } from '../../ui/Button.tsx';
import { TextareaField } from '../../ui/Controls.tsx';
import { Modal } from '../../ui/Modal.tsx';
import { deleteOwnMessage, moderateMessage, reportMessage } from './api.ts';
import { ChatText } from './ChatText.tsx';
import { chatErrorText } from './errors.ts';

function Excerpt({ message }: { message: ChatMessage }) {
  const { t } = useTranslation();
  return (
    <blockquote className="max-h-40 overflow-y-auto rounded-xl border-l-4 border-line bg-surface-muted px-3 py-2 text-sm">
      <p className="font-semibold">{message.sender?.name ?? t('chat.notice')}</p>
      {message.text ? <ChatText text={message.text} /> : <p>{t('chat.files_count', { count: message.attachments.length })}</p>}
    </blockquote>
  );
}

/** Deleting a message: one's own, or anybody's by a moderator of the event. */
export function DeleteDialog({ message, eventId, moderate, onClose, timeZone }: { message: ChatMessage; eventId: number; moderate: boolean; onClose: () => void; timeZone: string }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const confirm = async () => {
    setBusy(true);
    setError(null);
    try {
      if (moderate) await moderateMessage(eventId, message);
      else await deleteOwnMessage(message);
      toast.success(t('chat.deleted_done'));
      onClose();
    } catch (failure) {
      setError(failure);
      setBusy(false);
    }
  };
  return (
    <Modal title={moderate ? t('chat.moderate_title') : t('chat.delete_title')} onClose={onClose} testId="chat-delete-dialog">
      <p>{moderate ? t('chat.moderate_text') : t('chat.delete_text')}</p>
      <Excerpt message={message} />
      {error ? <Alert tone="error">{chatErrorText(t, error, timeZone, 'chat.delete_failed')}</Alert> : null}
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={onClose}>
          {t('chat.cancel')}
        </Button>
        <Button onClick={() => void confirm()} disabled={busy} data-testid="chat-delete-confirm">
          {t('chat.delete')}
        </Button>
      </div>
    </Modal>
  );
}

/** The report's answer as the spec's message: sent, too many (one per hour), already sent, failed. */
function reportErrorKey(error: unknown): string {
  if (error instanceof ApiError && error.code === 'chat.report_too_many') return 'api.chat_report_too_many';
  if (error instanceof ApiError && error.code === 'chat.report_already_sent') return 'api.chat_report_already_sent';
  return 'api.chat_report_failed';
}

/** Reporting a message to the event's moderators, with an optional reason. */
export function ReportDialog({ message, onClose }: { message: ChatMessage; onClose: () => void }) {
  const { t } = useTranslation();
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await reportMessage(message, reason.trim());
      toast.success(t('chat.report_sent'));
      onClose();
    } catch (failure) {
      setError(failure);
      setBusy(false);
    }
  };
  return (
    <Modal title={t('chat.report_title')} onClose={onClose} testId="chat-report-dialog">
      <form onSubmit={(event) => void submit(event)} className="flex flex-col gap-4">
        <Excerpt message={message} />
        <TextareaField label={t('chat.report_reason')} hint={t('chat.report_hint')} value={reason} maxLength={CHAT_REPORT_REASON_MAX} onChange={(event) => setReason(event.target.value)} />
        {error ? (
          <Alert tone="error" testId="chat-report-error">
            {t(reportErrorKey(error))}
          </Alert>
        ) : null}
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>
            {t('chat.cancel')}
          </Button>
          <Button type="submit" disabled={busy} data-testid="chat-report-submit">
            {t('chat.report_send')}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
