import { routes, type Language } from '@lobby/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callApi } from '../../../api/client.ts';
import { Button } from '../../../ui/Button.tsx';
import { Skeleton } from '../../../ui/Skeleton.tsx';
import { apiErrorText } from '../../auth/api-error.ts';

const DEBOUNCE_MS = 400;

interface Draft {
  typeId: number | null;
  language: Language;
  subject: string;
  body: string;
}

/**
 * The mail as a recipient would get it, with the server's sample values, a moment after typing
 * stops. The server's HTML goes into an iframe with an empty sandbox (no scripts, no same origin),
 * never into this page.
 */
export function EmailPreview({ eventId, ...draft }: Draft & { eventId: number }) {
  const { t } = useTranslation();
  const headingId = useId();
  const [settled, setSettled] = useState<Draft>(draft);
  const { typeId, language, subject, body } = draft;
  useEffect(() => {
    const handle = window.setTimeout(() => setSettled({ typeId, language, subject, body }), DEBOUNCE_MS);
    return () => window.clearTimeout(handle);
  }, [typeId, language, subject, body]);
  const ready = settled.typeId !== null && (settled.subject.trim() !== '' || settled.body.trim() !== '');
  const query = useQuery({
    queryKey: [routes.previewEmailTemplate.id, eventId, settled] as const,
    queryFn: ({ signal }) =>
      callApi(routes.previewEmailTemplate, { params: { eventId }, body: { type_id: settled.typeId ?? 14, language: settled.language, subject: settled.subject.slice(0, 200), body: settled.body.slice(0, 10_000) } }, signal),
    enabled: ready,
    placeholderData: keepPreviousData,
    staleTime: Infinity,
    retry: false,
  });
  const mail = query.data?.data;
  return (
    <section aria-labelledby={headingId} className="flex min-w-0 flex-col gap-2" data-testid="email-preview">
      <h2 id={headingId} className="text-lg font-semibold">
        {t('admin_emails.preview')}
      </h2>
      <p className="text-xs text-fg-muted">{t('admin_emails.preview_hint')}</p>
      <p aria-live="polite" className="min-h-5 text-xs text-fg-muted">
        {ready && query.isFetching ? t('admin_emails.preview_loading') : ''}
      </p>
      {!ready ? (
        <p className="rounded-2xl border border-dashed border-line bg-surface px-4 py-10 text-center text-sm text-fg-muted">{settled.typeId === null ? t('admin_emails.preview_need_type') : t('admin_emails.preview_empty')}</p>
      ) : query.isError ? (
        <div role="alert" className="flex flex-col items-start gap-2 rounded-2xl border border-line bg-surface p-4 text-sm">
          <p className="font-semibold">{t('admin_emails.preview_error')}</p>
          <p className="text-fg-muted">{apiErrorText(t, query.error)}</p>
          <Button variant="secondary" onClick={() => void query.refetch()}>
            {t('errors.retry')}
          </Button>
        </div>
      ) : mail ? (
        <>
          <p className="break-words rounded-xl bg-surface-muted px-4 py-2 text-sm" data-testid="email-preview-subject">
            <span className="font-semibold">{t('admin_emails.subject')}:</span> {mail.subject}
          </p>
          <iframe sandbox="" srcDoc={mail.html} title={t('admin_emails.preview_frame')} className="h-96 w-full rounded-2xl border border-line bg-white" data-testid="email-preview-frame" />
        </>
      ) : (
        <Skeleton className="h-96" />
      )}
    </section>
  );
}
