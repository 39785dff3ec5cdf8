import { ErrorCode } from '@lobby/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { Alert } from '../../ui/Alert.tsx';
import { Button } from '../../ui/Button.tsx';
import { browserTimezone } from '../../lib/format.ts';
import { useMe } from '../auth/session.ts';
import { useEventContext } from '../events/context.ts';
import { ParticipantGate } from '../favorites/ParticipantGate.tsx';
import { callPath, callQuery, errorCode, startGroupCall } from './api.ts';
import { CallLoading, CallProblem, UpgradeGate } from './CallScreens.tsx';
import { callErrorText } from './errors.ts';
import { GroupCall } from './GroupCall.tsx';

/** group-call without an id: start a call of nobody in particular and share its address. */
function StartGroupCall({ eventId, slug }: { eventId: number; slug: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { event, member } = useEventContext();
  const timeZone = useMe()?.timezone ?? browserTimezone();
  const start = useMutation({ mutationFn: () => startGroupCall(eventId, null), onSuccess: (call) => navigate(callPath(slug, call)) });
  if (errorCode(start.error) === ErrorCode.callNotAllowed) return <UpgradeGate event={event} member={member} />;
  return (
    <section className="mx-auto flex max-w-xl flex-col items-start gap-4 px-4 py-10 sm:py-16" data-testid="call-start">
      <h1 className="text-2xl font-bold sm:text-3xl">{t('calls.start_group_title')}</h1>
      <p className="text-fg-muted">{t('calls.start_group_text')}</p>
      {start.isError ? <Alert tone="error">{callErrorText(t, start.error, timeZone)}</Alert> : null}
      <Button disabled={start.isPending} onClick={() => start.mutate()} data-testid="call-start-group">
        {t('calls.start_group_button')}
      </Button>
    </section>
  );
}

function JoinGroupCall({ callId, slug }: { callId: string; slug: string }) {
  const { event } = useEventContext();
  const me = useMe();
  const query = useQuery(callQuery(callId));
  // Once read, the call stays on screen: a later failed read (a refetch) must not hang it up.
  const call = query.data?.data;
  if (!call && query.isError) return <CallProblem error={query.error} slug={slug} onRetry={() => void query.refetch()} />;
  if (!call || !me) return <CallLoading />;
  return <GroupCall initial={call} me={me} event={event} slug={slug} />;
}

/** group-call/{id?} (product.md section 2): a small group call (mesh) in a layout of one's choice. */
export function Component() {
  const { event, member, slug } = useEventContext();
  const id = useParams().id;
  return <ParticipantGate event={event} member={member}>{id ? <JoinGroupCall key={id} callId={id} slug={slug} /> : <StartGroupCall eventId={event.id} slug={slug} />}</ParticipantGate>;
}
