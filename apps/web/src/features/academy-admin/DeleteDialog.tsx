// Deleting a module or a lesson after a confirmation; a refusal (a module that still has lessons:
// 409 module_not_empty) is said in the dialog and as a toast.
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Alert } from '../../ui/Alert.tsx';
import { Button } from '../../ui/Button.tsx';
import { Modal } from '../../ui/Modal.tsx';
import { apiErrorText } from '../auth/api-error.ts';

export function DeleteDialog({ title, text, failedKey, doneKey, remove, onDone, onClose, testId }: { title: string; text: string; failedKey: string; doneKey: string; remove: () => Promise<unknown>; onDone: () => void; onClose: () => void; testId: string }) {
  const { t } = useTranslation();
  const mutation = useMutation({
    mutationFn: remove,
    onSuccess: () => {
      toast.success(t(doneKey));
      onDone();
    },
    onError: (error) => toast.error(t(failedKey, { reason: apiErrorText(t, error) })),
  });
  return (
    <Modal title={title} onClose={onClose} size="md" testId={testId}>
      <p>{text}</p>
      {mutation.isError ? (
        <Alert tone="error" testId={`${testId}-error`}>
          {apiErrorText(t, mutation.error)}
        </Alert>
      ) : null}
      <div className="flex flex-wrap justify-end gap-3">
        <Button variant="secondary" onClick={onClose} autoFocus>
          {t('academy_admin.cancel')}
        </Button>
        <Button onClick={() => mutation.mutate()} disabled={mutation.isPending} className="bg-red-700 text-white" data-testid={`${testId}-confirm`}>
          {mutation.isPending ? t('academy_admin.deleting') : t('academy_admin.delete')}
        </Button>
      </div>
    </Modal>
  );
}
