// Declining homework: a dialog asking the reason (the student reads it in the lesson chat and may
// send the work again). The comment is required, as the decline call requires it.
import { HOMEWORK_REVIEW_MAX, type Homework } from '@lobby/contract';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/Button.tsx';
import { TextareaField } from '../../ui/Controls.tsx';
import { Modal } from '../../ui/Modal.tsx';
import { studentName, useDeclineHomework } from './review.ts';

export function DeclineDialog({ eventId, homework, onClose }: { eventId: number; homework: Homework; onClose: () => void }) {
  const { t } = useTranslation();
  const [comment, setComment] = useState('');
  const [error, setError] = useState<string | undefined>();
  const decline = useDeclineHomework(eventId);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const text = comment.trim();
    if (text === '') {
      setError(t('academy_admin.decline_comment_required'));
      return;
    }
    if (text.length > HOMEWORK_REVIEW_MAX) {
      setError(t('form.max_length', { max: HOMEWORK_REVIEW_MAX }));
      return;
    }
    setError(undefined);
    decline.mutate({ homework, comment: text }, { onSuccess: onClose });
  };
  return (
    <Modal title={t('academy_admin.decline_title')} onClose={onClose} size="lg" testId="decline-dialog">
      <form noValidate onSubmit={submit} className="flex flex-col gap-4">
        <p className="text-sm text-fg-muted">{t('academy_admin.decline_text', { name: studentName(homework), lesson: homework.lesson.short_description })}</p>
        <TextareaField
          label={t('academy_admin.decline_comment')}
          value={comment}
          onChange={(event) => {
            setComment(event.target.value);
            if (error) setError(undefined);
          }}
          rows={5}
          maxLength={HOMEWORK_REVIEW_MAX}
          required
          aria-required="true"
          error={error}
          autoFocus
          data-testid="decline-comment"
        />
        <div className="flex flex-wrap justify-end gap-3">
          <Button variant="secondary" onClick={onClose}>
            {t('academy_admin.cancel')}
          </Button>
          <Button type="submit" disabled={decline.isPending} data-testid="decline-confirm">
            {decline.isPending ? t('academy_admin.sending') : t('academy_admin.decline')}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
