import { routes, type Me } from '@lobby/contract';
import { useMutation } from '@tanstack/react-query';
import type { UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { callApi } from '../../api/client.ts';
import { queryClient } from '../../api/query-client.ts';
import { applyFieldErrors } from '../auth/api-error.ts';
import { meQuery } from '../auth/session.ts';
import { PROFILE_FORM_FIELDS, type ProfileFormOutput, type ProfileFormValues } from './profile-form.ts';

type Body = NonNullable<Parameters<typeof callApi<typeof routes.updateMe>>[1]['body']>;

/** PATCH /users/me; the answer replaces the cached person, server field errors go beside the fields. */
export function useSaveProfile(form: UseFormReturn<ProfileFormValues, unknown, ProfileFormOutput>, onSaved?: (me: Me) => void) {
  const { t } = useTranslation();
  return useMutation({
    mutationFn: (body: Body) => callApi(routes.updateMe, { body }),
    onSuccess: (answer) => {
      queryClient.setQueryData(meQuery().queryKey, answer);
      void queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] === routes.getMyMembership.id });
      onSaved?.(answer.data);
    },
    onError: (error) => applyFieldErrors(t, error, form.setError, PROFILE_FORM_FIELDS),
  });
}
