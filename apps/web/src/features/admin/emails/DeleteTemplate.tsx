import { ErrorCode, routes, type EmailTemplate } from '@lobby/contract';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { apiQuery, callApi } from '../../../api/client.ts';
import { ApiError } from '../../../api/errors.ts';
import { queryClient } from '../../../api/query-client.ts';
import { Alert } from '../../../ui/Alert.tsx';
import { Button } from '../../../ui/Button.tsx';
import { Modal } from '../../../ui/Modal.tsx';
import { apiErrorText } from '../../auth/api-error.ts';

/** Delete, after a confirmation; the type's built-in mail is sent again. */
export function DeleteTemplate({ eventId, template }: { eventId: number; template: EmailTemplate }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [asking, setAsking] = useState(false);
  const leave = async (message: string) => {
    toast.success(message);
    queryClient.removeQueries({ queryKey: apiQuery(routes.getEmailTemplate, { params: { eventId, emailId: template.id } }).queryKey });
    await queryClient.invalidateQueries({ queryKey: [routes.listEmailTemplates.id] });
    await navigate(`/admin/events/${eventId}/emails`);
  };
  const remove = useMutation({
    mutationFn: () => callApi(routes.deleteEmailTemplate, { params: { eventId, emailId: template.id } }),
    onSuccess: () => leave(t('admin_emails.deleted')),
    // Someone else deleted it first: the outcome is the same.
    onError: (error) => (error instanceof ApiError && error.code === ErrorCode.emailTemplateNotFound ? leave(apiErrorText(t, error)) : undefined),
  });
  return (
    <>
      <Button variant="ghost" onClick={() => setAsking(true)} data-testid="delete-email-template">
        {t('admin_emails.delete')}
      </Button>
      {asking ? (
        <Modal title={t('admin_emails.delete_title')} onClose={() => setAsking(false)} testId="delete-email-template-dialog">
          <p className="text-sm">{t('admin_emails.delete_text', { name: template.name })}</p>
          {remove.isError ? <Alert tone="error">{apiErrorText(t, remove.error)}</Alert> : null}
          <div className="flex flex-wrap gap-3">
            <Button onClick={() => remove.mutate()} disabled={remove.isPending}>
              {t('admin_emails.delete_confirm')}
            </Button>
            <Button variant="secondary" onClick={() => setAsking(false)}>
              {t('admin_emails.cancel')}
            </Button>
          </div>
        </Modal>
      ) : null}
    </>
  );
}
