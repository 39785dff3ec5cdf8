import type { Event, EventMember } from '@lobby/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/errors.ts';
import { Button, ButtonLink } from '../../ui/Button.tsx';
import { Skeleton } from '../../ui/Skeleton.tsx';
import { useMe } from '../auth/session.ts';
import { ErrorScreen } from '../errors/ErrorScreen.tsx';
import { eventPath } from '../events/context.ts';
import { browserTimezone } from '../../lib/format.ts';
import { callErrorText } from './errors.ts';

// The screens around a call: its full-screen frame, the room-full page, the upgrade gate, a call
// that is not there, and a call that is over.

/** The call's area: the screen below the top bar (above the phone's tab bar), dark like a video player. */
export function CallFrame({ children, label }: { children: ReactNode; label: string }) {
  return (
    <section aria-label={label} data-testid="call-page" className="flex h-[calc(100dvh-7.5rem-env(safe-area-inset-bottom))] min-h-96 flex-col bg-neutral-950 text-white md:h-[calc(100dvh-4rem)]">
      {children}
    </section>
  );
}

export function CallLoading() {
  const { t } = useTranslation();
  return (
    <CallFrame label={t('calls.loading')}>
      <div className="flex flex-1 items-center justify-center p-4" data-testid="call-loading">
        <Skeleton className="aspect-video w-full max-w-3xl bg-neutral-800" />
      </div>
    </CallFrame>
  );
}

/** product.md's "room full" page: every seat of the call is taken. */
export function RoomFull({ max, slug, onRetry }: { max: number | null; slug: string; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <ErrorScreen
      testId="call-room-full"
      illustration={403}
      title={t('calls.room_full_title')}
      text={max ? t('calls.room_full_text', { count: max }) : t('calls.room_full_text_plain')}
      actions={
        <>
          <Button onClick={onRetry}>{t('errors.retry')}</Button>
          <ButtonLink to={eventPath(slug, 'chats')} variant="secondary">
            {t('calls.back_to_chats')}
          </ButtonLink>
        </>
      }
    />
  );
}

/** Calls need a ticket with video calls: the app's upgrade gate, with the business pass when one is offered. */
export function UpgradeGate({ event, member }: { event: Event; member: EventMember | null }) {
  const { t } = useTranslation();
  const offer = member?.upgrade ?? null;
  const ticket = member?.ticket_type?.name ?? t('event.no_ticket');
  const back = (
    <ButtonLink to={eventPath(event.slug)} variant={offer?.upgrade_url ? 'secondary' : 'primary'}>
      {t('gate.to_event')}
    </ButtonLink>
  );
  if (!offer) return <ErrorScreen testId="gate-unavailable" illustration={403} title={t('gate.unavailable_title')} text={t('calls.upgrade_none_text', { ticket })} actions={back} />;
  return (
    <ErrorScreen
      testId="gate-upgrade"
      illustration={403}
      title={t('gate.upgrade_title')}
      text={t('calls.upgrade_text', { ticket, offer: offer.name })}
      actions={
        <>
          {offer.upgrade_url ? (
            <a href={offer.upgrade_url} target="_blank" rel="noopener noreferrer" className="inline-flex min-h-11 items-center rounded-xl bg-brand-solid px-4 text-sm font-semibold text-brand-solid-contrast">
              {t('gate.upgrade_button', { offer: offer.name })}
            </a>
          ) : null}
          {back}
        </>
      }
    />
  );
}

/** The call could not be read or joined: not there (or not the reader's), or a failure to try again. */
export function CallProblem({ error, slug, onRetry }: { error: unknown; slug: string; onRetry: () => void }) {
  const { t } = useTranslation();
  const timeZone = useMe()?.timezone ?? browserTimezone();
  const missing = error instanceof ApiError && (error.status === 404 || error.status === 400);
  const back = (
    <ButtonLink to={eventPath(slug, 'chats')} variant={missing ? 'primary' : 'secondary'}>
      {t('calls.back_to_chats')}
    </ButtonLink>
  );
  if (missing) return <ErrorScreen testId="call-not-found" illustration={404} title={t('calls.not_found_title')} text={t('calls.error_not_found')} actions={back} />;
  return (
    <ErrorScreen
      testId="call-error"
      illustration={500}
      title={t('calls.failed_title')}
      text={callErrorText(t, error, timeZone)}
      actions={
        <>
          <Button onClick={onRetry}>{t('errors.retry')}</Button>
          {back}
        </>
      }
    />
  );
}

/** A call that is over for this page: what happened, and the ways on. */
export function CallOver({ title, text, actions }: { title: string; text?: string; actions: ReactNode }) {
  return (
    <div className="flex flex-1 flex-col items-center justify-center gap-4 p-6 text-center" data-testid="call-over">
      <h1 className="text-2xl font-bold sm:text-3xl" data-testid="call-over-title">
        {title}
      </h1>
      {text ? <p className="max-w-md text-neutral-300">{text}</p> : null}
      <div className="flex flex-wrap justify-center gap-3">{actions}</div>
    </div>
  );
}
