// Responding to a vacancy (contract.md section 8, "vacancy respond"): a message and a CV, sent as
// one form; success and failure are said in words.
import { buildPath, routes, VACANCY_MESSAGE_MAX, type OwnVacancyResponse } from '@lobby/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { sendMultipart } from '../../api/multipart.ts';
import { Alert } from '../../ui/Alert.tsx';
import { Button } from '../../ui/Button.tsx';
import { TextareaField } from '../../ui/Controls.tsx';
import { CvInput } from './CvInput.tsx';
import { vacancyErrorText } from './errors.ts';

export function RespondForm({ eventId, vacancyId }: { eventId: number; vacancyId: number }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [message, setMessage] = useState('');
  const [cv, setCv] = useState<File | null>(null);
  const [missing, setMissing] = useState(false);
  const [progress, setProgress] = useState(0);
  const send = useMutation({
    mutationFn: (file: File) =>
      sendMultipart(buildPath(routes.respondToVacancy.path, { eventId, id: vacancyId }), [
        ['message', message.trim()],
        ['cv', file],
      ], setProgress) as Promise<{ data: OwnVacancyResponse }>,
    onSuccess: async () => {
      toast.success(t('vacancies.respond_success'));
      await Promise.all([client.invalidateQueries({ queryKey: [routes.getVacancy.id] }), client.invalidateQueries({ queryKey: [routes.listMyVacancyResponses.id] })]);
    },
    onError: (error) => toast.error(t('vacancies.respond_failed', { reason: vacancyErrorText(t, error) })),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!cv) {
      setMissing(true);
      return;
    }
    setProgress(0);
    send.mutate(cv);
  };
  return (
    <form onSubmit={submit} className="flex flex-col gap-4" noValidate data-testid="respond-form">
      <TextareaField
        label={t('vacancies.message')}
        hint={t('vacancies.message_hint', { left: VACANCY_MESSAGE_MAX - message.length })}
        value={message}
        onChange={(event) => setMessage(event.target.value)}
        maxLength={VACANCY_MESSAGE_MAX}
        rows={5}
        data-testid="respond-message"
      />
      <CvInput
        file={cv}
        onChange={(file) => {
          setCv(file);
          if (file) setMissing(false);
        }}
        error={missing ? t('vacancies.cv_required') : undefined}
      />
      {send.isError ? <Alert tone="error" testId="respond-error">{t('vacancies.respond_failed', { reason: vacancyErrorText(t, send.error) })}</Alert> : null}
      <div className="flex items-center gap-3">
        <Button type="submit" disabled={send.isPending} data-testid="respond-submit">
          {send.isPending ? t('vacancies.sending', { percent: Math.round(progress * 100) }) : t('vacancies.respond')}
        </Button>
      </div>
    </form>
  );
}
