import { ErrorCode, routes } from '@lobby/contract';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { apiQuery } from '../../api/client.ts';
import { ApiError } from '../../api/errors.ts';
import { Alert } from '../../ui/Alert.tsx';
import { ButtonLink } from '../../ui/Button.tsx';
import { Skeleton } from '../../ui/Skeleton.tsx';
import { apiErrorText } from '../auth/api-error.ts';
import { useEventContext } from '../events/context.ts';
import { SectionGate } from '../members/SectionGate.tsx';
import { badgePath } from './AttendeeRow.tsx';
import { BadgeFace } from './BadgeFace.tsx';
import { PrintControls, useBadgeSize } from './PrintControls.tsx';
import { PrintSheet } from './PrintSheet.tsx';

function PrintableBadge({ eventId, slug, userId, badgeId }: { eventId: number; slug: string; userId: number; badgeId: number }) {
  const { t } = useTranslation();
  const [size, setSize] = useBadgeSize();
  const badge = useQuery({ ...apiQuery(routes.getPrintableBadge, { params: { eventId, userId, badgeId } }), retry: false });
  if (badge.isPending) return <Skeleton className="aspect-[105/148] w-full max-w-[105mm]" />;
  if (badge.isError) {
    const error = badge.error;
    if (error instanceof ApiError && error.code === ErrorCode.badgeRevoked) {
      const live = Number(error.details?.live_badge_id ?? 0);
      return (
        <Alert tone="error" testId="badge-revoked">
          <p className="font-semibold">{t('volunteer.revoked_title')}</p>
          <p>{t('volunteer.revoked_text')}</p>
          {live > 0 ? (
            <ButtonLink to={badgePath(slug, userId, live)} variant="secondary" className="mt-2">
              {t('volunteer.open_live')}
            </ButtonLink>
          ) : null}
        </Alert>
      );
    }
    return <Alert tone="error">{apiErrorText(t, error)}</Alert>;
  }
  const data = badge.data.data;
  return (
    <div className="flex flex-col gap-6">
      <PrintControls slug={slug} size={size} onSize={setSize} />
      <h1 className="text-2xl font-bold tracking-tight">{t('volunteer.print_title', { name: `${data.first_name} ${data.last_name}`.trim() })}</h1>
      <div className={size === 'a6' ? 'w-full max-w-[105mm]' : 'w-full max-w-[85.6mm]'}>
        <BadgeFace badge={data} size={size} className="rounded-xl" />
      </div>
      <PrintSheet badges={[data]} size={size} />
    </div>
  );
}

/** /volunteer/badges/{userId}/{badgeId} (product.md section 2): a badge ready to print. */
export function Component() {
  const { event, member, slug } = useEventContext();
  const params = useParams();
  return (
    <SectionGate section="volunteer" event={event} member={member}>
      <div className="mx-auto max-w-3xl px-4 py-8" data-testid="print-badge-page">
        <PrintableBadge eventId={event.id} slug={slug} userId={Number(params.userId)} badgeId={Number(params.badgeId)} />
      </div>
    </SectionGate>
  );
}
