import type { Event, EventMember, Section, SectionAccess } from '@lobby/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { isSignedIn } from '../../api/session.ts';
import { ButtonLink } from '../../ui/Button.tsx';
import { ErrorScreen } from '../errors/ErrorScreen.tsx';
import { eventPath } from '../events/context.ts';

/** What a person may see of a section: from the membership, or sign-in / not a member. */
export function accessOf(section: Section, member: EventMember | null): SectionAccess {
  if (member) return member.sections[section];
  return isSignedIn() ? 'not_member' : 'sign_in';
}

/**
 * Sections gated by tickets show, instead of their content: sign in, join the event, "upgrade
 * ticket required" with the business pass offer, or "section unavailable for the ticket type".
 */
export function SectionGate({ section, event, member, children }: { section: Section; event: Event; member: EventMember | null; children: ReactNode }) {
  const { t } = useTranslation();
  const location = useLocation();
  const access = accessOf(section, member);
  if (access === 'ok') return children;
  if (access === 'sign_in') {
    return <ErrorScreen testId="gate-sign-in" illustration={401} title={t('gate.sign_in_title')} text={t('gate.sign_in_text')} actions={<ButtonLink to={`/auth/login?redirect=${encodeURIComponent(location.pathname)}`}>{t('auth.sign_in')}</ButtonLink>} />;
  }
  if (access === 'not_member') {
    return <ErrorScreen testId="gate-not-member" illustration={403} title={t('gate.not_member_title')} text={t('gate.not_member_text', { event: event.title })} actions={<ButtonLink to={eventPath(event.slug)}>{t('gate.to_event')}</ButtonLink>} />;
  }
  if (access === 'upgrade' && member?.upgrade) {
    const offer = member.upgrade;
    return (
      <ErrorScreen
        testId="gate-upgrade"
        illustration={403}
        title={t('gate.upgrade_title')}
        text={t('gate.upgrade_text', { ticket: member.ticket_type?.name ?? t('event.no_ticket'), offer: offer.name })}
        actions={
          <>
            {offer.upgrade_url ? (
              <a href={offer.upgrade_url} target="_blank" rel="noopener noreferrer" className="inline-flex min-h-11 items-center rounded-xl bg-brand-solid px-4 text-sm font-semibold text-brand-solid-contrast">
                {t('gate.upgrade_button', { offer: offer.name })}
              </a>
            ) : null}
            <ButtonLink to={eventPath(event.slug)} variant="secondary">
              {t('gate.to_event')}
            </ButtonLink>
          </>
        }
      />
    );
  }
  return <ErrorScreen testId="gate-unavailable" illustration={403} title={t('gate.unavailable_title')} text={t('gate.unavailable_text', { ticket: member?.ticket_type?.name ?? t('event.no_ticket') })} actions={<ButtonLink to={eventPath(event.slug)}>{t('gate.to_event')}</ButtonLink>} />;
}
