import { ErrorCode, routes } from '@lobby/contract';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { apiQuery } from '../../../api/client.ts';
import { ApiError } from '../../../api/errors.ts';
import { Button, ButtonLink } from '../../../ui/Button.tsx';
import { EmptyState } from '../../../ui/EmptyState.tsx';
import { Skeleton } from '../../../ui/Skeleton.tsx';
import { apiErrorText } from '../../auth/api-error.ts';
import { eventIdOf } from '../AdminEventLayout.tsx';
import { EmailTemplateForm } from './EmailTemplateForm.tsx';

function Frame({ eventId, title, children }: { eventId: number; title: string; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col gap-4">
      <Link to={`/admin/events/${eventId}/emails`} className="self-start text-sm font-semibold text-brand-ink underline">
        {t('admin_emails.back')}
      </Link>
      <h2 className="text-2xl font-bold tracking-tight">{title}</h2>
      {children}
    </div>
  );
}

/** /admin/events/{id}/emails/new */
export function NewTemplatePage() {
  const { t } = useTranslation();
  const eventId = eventIdOf(useParams());
  return (
    <Frame eventId={eventId} title={t('admin_emails.new_title')}>
      <EmailTemplateForm eventId={eventId} />
    </Frame>
  );
}

/** /admin/events/{id}/emails/{emailId} */
export function EditTemplatePage() {
  const { t } = useTranslation();
  const params = useParams();
  const eventId = eventIdOf(params);
  const emailId = Number(params.emailId);
  const valid = Number.isInteger(emailId) && emailId > 0;
  const query = useQuery({ ...apiQuery(routes.getEmailTemplate, { params: { eventId, emailId } }), enabled: valid });
  const gone = !valid || (query.error instanceof ApiError && query.error.code === ErrorCode.emailTemplateNotFound);
  return (
    <Frame eventId={eventId} title={query.data?.data.name ?? t('admin_emails.edit_title')}>
      {gone ? (
        <EmptyState title={t('admin_emails.not_found_title')} text={t('admin_emails.not_found_text')} action={<ButtonLink to={`/admin/events/${eventId}/emails`}>{t('admin_emails.to_list')}</ButtonLink>} />
      ) : query.isError ? (
        <EmptyState title={t('errors.server_error_title')} text={apiErrorText(t, query.error)} action={<Button onClick={() => void query.refetch()}>{t('errors.retry')}</Button>} />
      ) : query.data ? (
        <EmailTemplateForm key={query.data.data.id} eventId={eventId} template={query.data.data} />
      ) : (
        <div className="grid gap-6 lg:grid-cols-2" aria-busy="true" aria-label={t('common.loading')}>
          <Skeleton className="h-[28rem]" />
          <Skeleton className="h-[28rem]" />
        </div>
      )}
    </Frame>
  );
}
