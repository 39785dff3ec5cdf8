// The student's certificate on the course program, once the course is complete: its date, the PDF
// and the public verification page; until it is issued (within the hour), a word that it is coming
// by mail. Nothing, and no call, before the course is complete.
import { routes } from '@lobby/contract';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { apiQuery } from '../../api/client.ts';
import { formatDate } from '../../lib/format.ts';
import { Button, buttonClass } from '../../ui/Button.tsx';
import { Skeleton } from '../../ui/Skeleton.tsx';
import { apiErrorText } from '../auth/api-error.ts';
import { pdfHref, verifyHref } from '../certificates/paths.ts';

/** The signed-in student's certificate of the course, or null while it is being issued. */
export const myCertificateQuery = (eventId: number) => apiQuery(routes.getMyCertificate, { params: { eventId } });

export function CertificateCard({ eventId, complete, timeZone }: { eventId: number; complete: boolean; timeZone: string }) {
  const { t } = useTranslation();
  const id = useId();
  const query = useQuery({ ...myCertificateQuery(eventId), enabled: complete });
  if (!complete) return null;
  if (query.isPending) return <Skeleton className="h-32" />;
  const certificate = query.isSuccess ? query.data.data : null;
  return (
    <section aria-labelledby={id} className="flex flex-col gap-3 rounded-2xl border border-line bg-surface p-4 sm:p-5" data-testid="academy-certificate">
      <h2 id={id} className="text-lg font-bold">
        {t('academy.certificate_title')}
      </h2>
      {query.isError ? (
        <div role="alert" className="flex flex-wrap items-center justify-between gap-3" data-testid="academy-certificate-error">
          <p className="text-sm text-fg-muted">{apiErrorText(t, query.error)}</p>
          <Button variant="secondary" onClick={() => void query.refetch()}>
            {t('errors.retry')}
          </Button>
        </div>
      ) : certificate === null ? (
        <p className="text-sm text-fg-muted" data-testid="academy-certificate-preparing">
          {t('academy.certificate_preparing')}
        </p>
      ) : (
        <>
          <p className="text-sm text-fg-muted" data-testid="academy-certificate-date">
            <time dateTime={certificate.issued_at}>{t('academy.certificate_issued', { date: formatDate(certificate.issued_at, timeZone) })}</time>
          </p>
          <div className="flex flex-wrap gap-3">
            <a href={pdfHref(certificate)} download type="application/pdf" className={buttonClass('primary')} data-testid="academy-certificate-pdf">
              {t('academy.certificate_download')}
            </a>
            <Link to={verifyHref(certificate)} className={buttonClass('secondary')} data-testid="academy-certificate-verify">
              {t('academy.certificate_verify_link')}
            </Link>
          </div>
        </>
      )}
    </section>
  );
}
