import { BADGE_BATCH_MAX, routes } from '@lobby/contract';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { apiQuery } from '../../api/client.ts';
import { Alert } from '../../ui/Alert.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { Skeleton } from '../../ui/Skeleton.tsx';
import { apiErrorText } from '../auth/api-error.ts';
import { useEventContext } from '../events/context.ts';
import { SectionGate } from '../members/SectionGate.tsx';
import { BadgeFace } from './BadgeFace.tsx';
import { PrintControls, useBadgeSize } from './PrintControls.tsx';
import { PrintSheet } from './PrintSheet.tsx';

/** Badge ids of ?ids=1,2,3: whole numbers, each once, at most a batch. */
const idsOf = (value: string | null): number[] => [...new Set((value ?? '').split(',').map(Number).filter((id) => Number.isInteger(id) && id > 0))].slice(0, BADGE_BATCH_MAX);

function Batch({ eventId, slug, ids }: { eventId: number; slug: string; ids: number[] }) {
  const { t } = useTranslation();
  const [size, setSize] = useBadgeSize();
  const list = useQuery({ ...apiQuery(routes.listPrintableBadges, { params: { eventId }, query: { 'filter[ids]': ids } }), enabled: ids.length > 0 });
  if (ids.length === 0) return <EmptyState title={t('volunteer.batch_empty_title')} text={t('volunteer.batch_empty_text')} />;
  if (list.isPending) return <Skeleton className="h-96" />;
  if (list.isError) return <Alert tone="error">{apiErrorText(t, list.error)}</Alert>;
  const badges = list.data.data;
  return (
    <div className="flex flex-col gap-6">
      <PrintControls slug={slug} size={size} onSize={setSize} disabled={badges.length === 0} />
      <h1 className="text-2xl font-bold tracking-tight">{t('volunteer.batch_title', { count: badges.length })}</h1>
      {badges.length < ids.length ? <Alert>{t('volunteer.batch_missing', { count: ids.length - badges.length })}</Alert> : null}
      <div className={size === 'a6' ? 'grid gap-4 sm:grid-cols-2 lg:grid-cols-3' : 'grid gap-4 sm:grid-cols-2'}>
        {badges.map((badge) => (
          <BadgeFace key={badge.id} badge={badge} size={size} className="rounded-xl" />
        ))}
      </div>
      <PrintSheet badges={badges} size={size} />
    </div>
  );
}

/** /volunteer/badges/print?ids=...: a batch of badges, one per page. */
export function Component() {
  const { event, member, slug } = useEventContext();
  const [params] = useSearchParams();
  return (
    <SectionGate section="volunteer" event={event} member={member}>
      <div className="mx-auto max-w-6xl px-4 py-8" data-testid="print-batch-page">
        <Batch eventId={event.id} slug={slug} ids={idsOf(params.get('ids'))} />
      </div>
    </SectionGate>
  );
}
