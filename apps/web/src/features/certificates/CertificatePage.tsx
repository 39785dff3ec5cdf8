// certificates/{code} (issue 15, the academy's certificates): the public verification page of a
// certificate. Anyone holding the code sees whom it was issued to, for which course and when, the
// course admins' text, and downloads its PDF; no sign-in. A code of the wrong form is not looked up.
import type { Certificate } from '@lobby/contract';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams, type LoaderFunctionArgs } from 'react-router';
import { queryClient } from '../../api/query-client.ts';
import { ApiError } from '../../api/errors.ts';
import { browserTimezone, formatDate } from '../../lib/format.ts';
import { Button, ButtonLink, buttonClass } from '../../ui/Button.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { Skeleton } from '../../ui/Skeleton.tsx';
import { apiErrorText } from '../auth/api-error.ts';
import { pdfHref } from './paths.ts';
import { certificateQuery, isCertificateCode } from './queries.ts';

/** The browser tab names the page ("Certificate verified · Lobby"), and what it said before afterwards. */
function useDocumentTitle(title: string): void {
  useEffect(() => {
    const before = document.title;
    document.title = `${title} · Lobby`;
    return () => {
      document.title = before;
    };
  }, [title]);
}

function CheckIcon() {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" className="size-7" fill="none" stroke="currentColor" strokeWidth={2} strokeLinecap="round" strokeLinejoin="round">
      <path d="M12 3l7 3v5c0 4.5-3 8.5-7 10-4-1.5-7-5.5-7-10V6l7-3z" />
      <path d="M8.5 12l2.5 2.5 4.5-5" />
    </svg>
  );
}

function DownloadIcon() {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" className="size-5" fill="none" stroke="currentColor" strokeWidth={1.8} strokeLinecap="round" strokeLinejoin="round">
      <path d="M12 4v11M7 10l5 5 5-5M5 20h14" />
    </svg>
  );
}

function Verified({ certificate }: { certificate: Certificate }) {
  const { t } = useTranslation();
  const date = formatDate(certificate.issued_at, browserTimezone());
  return (
    <article aria-labelledby="certificate-title" className="flex flex-col gap-6 rounded-2xl border border-line bg-surface p-5 shadow-sm sm:p-10" data-testid="certificate-verified">
      <header className="flex items-center gap-3">
        <span className="flex size-12 shrink-0 items-center justify-center rounded-full bg-emerald-500/15 text-emerald-700 dark:text-emerald-300">
          <CheckIcon />
        </span>
        <h1 id="certificate-title" className="text-2xl font-bold tracking-tight sm:text-3xl">
          {t('certificate.verified_title')}
        </h1>
      </header>
      <div className="flex flex-col gap-2">
        <p className="text-sm text-fg-muted">{t('certificate.certifies')}</p>
        <p className="break-words text-2xl font-bold sm:text-4xl" data-testid="certificate-student">
          {certificate.student_name}
        </p>
        <p className="break-words text-lg" data-testid="certificate-course">
          {t('certificate.completed', { course: certificate.course })}
        </p>
        <p className="text-sm text-fg-muted" data-testid="certificate-date">
          <time dateTime={certificate.issued_at}>{t('certificate.issued', { date })}</time>
        </p>
      </div>
      {certificate.text.trim() === '' ? null : (
        <p className="whitespace-pre-wrap break-words border-l-4 border-line pl-4 leading-relaxed" data-testid="certificate-text">
          {certificate.text}
        </p>
      )}
      <div className="flex flex-col gap-4 border-t border-line pt-5 sm:flex-row sm:items-center sm:justify-between">
        <p className="break-all text-xs text-fg-muted" data-testid="certificate-code">
          {t('certificate.code', { code: certificate.code })}
        </p>
        <a href={pdfHref(certificate)} download type="application/pdf" className={buttonClass('primary', 'shrink-0')} data-testid="certificate-pdf">
          <DownloadIcon />
          {t('certificate.download_pdf')}
        </a>
      </div>
    </article>
  );
}

function NotFound() {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col gap-4" data-testid="certificate-not-found">
      <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{t('certificate.not_found_title')}</h1>
      <div role="alert">
        <EmptyState title={t('api.academy_certificate_not_found')} text={t('certificate.not_found_text')} action={<ButtonLink to="/">{t('errors.go_home')}</ButtonLink>} />
      </div>
    </div>
  );
}

function CertificateCheck({ code }: { code: string }) {
  const { t } = useTranslation();
  const valid = isCertificateCode(code);
  const query = useQuery({ ...certificateQuery(code), enabled: valid });
  const notFound = !valid || (query.isError && query.error instanceof ApiError && query.error.status === 404);
  const title = notFound ? t('certificate.not_found_title') : query.isSuccess ? t('certificate.verified_title') : t('certificate.title_checking');
  useDocumentTitle(title);
  if (notFound) return <NotFound />;
  if (query.isPending) {
    return (
      <div className="flex flex-col gap-4" data-testid="certificate-loading" aria-busy="true">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{t('certificate.title_checking')}</h1>
        <p className="sr-only" role="status">
          {t('certificate.loading')}
        </p>
        <Skeleton className="h-80" />
      </div>
    );
  }
  if (query.isError) {
    return (
      <div className="flex flex-col gap-4" data-testid="certificate-error">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{t('certificate.title_checking')}</h1>
        <div role="alert">
          <EmptyState title={t('errors.server_error_title')} text={apiErrorText(t, query.error)} action={<Button onClick={() => void query.refetch()}>{t('errors.retry')}</Button>} />
        </div>
      </div>
    );
  }
  return <Verified certificate={query.data.data} />;
}

/** The check starts with the page (a code of the wrong form is not looked up). */
export function loader({ params }: LoaderFunctionArgs) {
  const code = params.code ?? '';
  if (isCertificateCode(code)) void queryClient.prefetchQuery(certificateQuery(code));
  return null;
}

export function Component() {
  const { code = '' } = useParams();
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-8 sm:py-14" data-testid="certificate-page">
      {/* A new code is a new page: no state carries over from the last one. */}
      <CertificateCheck key={code} code={code} />
    </div>
  );
}
