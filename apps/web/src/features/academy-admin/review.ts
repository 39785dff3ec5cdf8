// Approving and declining homework (teachers and course admins), with the success and failure
// messages of contract.md section 8 as toasts, and every academy list refreshed after a verdict.
import { routes, type Homework } from '@lobby/contract';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { callApi } from '../../api/client.ts';
import { ApiError } from '../../api/errors.ts';
import { apiErrorText } from '../auth/api-error.ts';
import { refreshAcademy } from './queries.ts';

export const studentName = (homework: Pick<Homework, 'student'>): string => `${homework.student.first_name} ${homework.student.last_name}`.trim();

/** A verdict given elsewhere meanwhile (409 homework_reviewed): the list is read again to show it. */
const refreshAfter = (error: unknown) => {
  if (error instanceof ApiError && error.status === 409) void refreshAcademy();
};

export function useApproveHomework(eventId: number) {
  const { t } = useTranslation();
  return useMutation({
    mutationFn: (homework: Homework) => callApi(routes.approveHomework, { params: { eventId, id: homework.id }, body: {} }),
    onSuccess: async (_answer, homework) => {
      toast.success(t('academy_admin.approve_done', { name: studentName(homework) }));
      await refreshAcademy();
    },
    onError: (error) => {
      toast.error(t('academy_admin.approve_failed', { reason: apiErrorText(t, error) }));
      refreshAfter(error);
    },
  });
}

export function useDeclineHomework(eventId: number) {
  const { t } = useTranslation();
  return useMutation({
    mutationFn: ({ homework, comment }: { homework: Homework; comment: string }) => callApi(routes.declineHomework, { params: { eventId, id: homework.id }, body: { comment } }),
    onSuccess: async (_answer, { homework }) => {
      toast.success(t('academy_admin.decline_done', { name: studentName(homework) }));
      await refreshAcademy();
    },
    onError: (error) => {
      toast.error(t('academy_admin.decline_failed', { reason: apiErrorText(t, error) }));
      refreshAfter(error);
    },
  });
}
