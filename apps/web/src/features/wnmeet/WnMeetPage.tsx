import { eventRoomName, type Event } from '@lobby/contract';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../ui/Badge.tsx';
import { Button, ButtonLink } from '../../ui/Button.tsx';
import { Skeleton } from '../../ui/Skeleton.tsx';
import { signedInOnly } from '../auth/guards.ts';
import { apiErrorText } from '../auth/api-error.ts';
import { ErrorScreen } from '../errors/ErrorScreen.tsx';
import { eventPath, useEventContext } from '../events/context.ts';
import { SectionGate } from '../members/SectionGate.tsx';
import { roomTokenQuery } from './api.ts';
import { WnMeetIcon } from './nav-icon.tsx';
import { roomFrameUrl, roomProblemOf } from './view.ts';

export const loader = signedInOnly;

/** The page fills the screen below the top bar (and above the phone's tab bar), like the chats. */
const FILL = 'flex h-[calc(100dvh-7.5rem-env(safe-area-inset-bottom))] min-h-80 flex-col md:h-[calc(100dvh-4rem)]';

/** No Jitsi on this server, a refusal, or a failure: said plainly, with the next step. */
function Problem({ error, event, slug, retry }: { error: unknown; event: Event; slug: string; retry: () => void }) {
  const { t } = useTranslation();
  const problem = roomProblemOf(error);
  const toEvent = (
    <ButtonLink to={eventPath(slug)} variant="secondary">
      {t('wnmeet.to_event')}
    </ButtonLink>
  );
  if (problem === 'not_configured') {
    return (
      <section data-testid="wnmeet-not-configured" className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-12 text-center sm:py-20">
        <span className="flex size-20 items-center justify-center rounded-full bg-brand/15 text-brand-ink">
          <WnMeetIcon className="size-10" />
        </span>
        <h1 className="text-2xl font-bold sm:text-3xl">{t('wnmeet.not_configured_title')}</h1>
        <p className="text-fg-muted">{t('wnmeet.not_configured_text')}</p>
        <div className="mt-2 flex flex-wrap justify-center gap-3">
          <ButtonLink to={eventPath(slug, 'group-call')} data-testid="wnmeet-group-call">
            {t('wnmeet.group_call')}
          </ButtonLink>
          {toEvent}
        </div>
      </section>
    );
  }
  if (problem === 'forbidden') return <ErrorScreen testId="wnmeet-forbidden" illustration={403} title={t('wnmeet.forbidden_title')} text={t('wnmeet.forbidden_text', { event: event.title })} actions={toEvent} />;
  if (problem === 'not_found') return <ErrorScreen testId="wnmeet-not-found" illustration={404} title={t('wnmeet.not_found_title')} text={t('wnmeet.not_found_text')} actions={toEvent} />;
  return (
    <ErrorScreen
      testId="wnmeet-failed"
      illustration={500}
      title={t('errors.server_error_title')}
      text={apiErrorText(t, error)}
      actions={
        <>
          <Button onClick={retry}>{t('errors.retry')}</Button>
          {toEvent}
        </>
      }
    />
  );
}

function Room({ event, slug }: { event: Event; slug: string }) {
  const { t } = useTranslation();
  const query = useQuery(roomTokenQuery(event.id, eventRoomName(event)));
  if (query.isPending) {
    return (
      <div className={FILL} data-testid="wnmeet-loading">
        <Skeleton className="m-4 flex-1" />
      </div>
    );
  }
  if (query.isError) return <Problem error={query.error} event={event} slug={slug} retry={() => void query.refetch()} />;
  const room = query.data.data;
  const src = roomFrameUrl(room.url);
  if (!src) return <Problem error={null} event={event} slug={slug} retry={() => void query.refetch()} />;
  return (
    <div className={FILL} data-testid="wnmeet-page">
      <header className="flex flex-wrap items-center gap-x-3 gap-y-1 border-b border-line bg-surface px-4 py-2">
        <h1 className="min-w-0 flex-1 truncate text-lg font-bold">
          {t('wnmeet.title')} <span className="font-normal text-fg-muted">· </span>
          <span className="font-normal text-fg-muted" data-testid="wnmeet-room">
            {room.room}
          </span>
        </h1>
        {room.moderator ? <Badge tone="brand">{t('wnmeet.moderator')}</Badge> : null}
        <ButtonLink to={eventPath(slug)} variant="secondary" data-testid="wnmeet-leave">
          {t('wnmeet.leave')}
        </ButtonLink>
      </header>
      <iframe
        src={src}
        title={t('wnmeet.frame_title', { room: room.room })}
        className="min-h-0 w-full flex-1 border-0 bg-black"
        allow="camera; microphone; display-capture; fullscreen; autoplay"
        allowFullScreen
        data-testid="wnmeet-frame"
      />
    </div>
  );
}

/** /wnmeet: the event's large room on the configured Jitsi deployment (product.md section 2), for the event's members. */
export function Component() {
  const { event, member, slug } = useEventContext();
  const room = <Room event={event} slug={slug} />;
  // Any member joins (organisers as moderators); the members gate supplies the sign-in and join screens.
  return member ? room : <SectionGate section="members" event={event} member={null}>{room}</SectionGate>;
}
