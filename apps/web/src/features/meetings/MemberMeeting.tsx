import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { browserTimezone } from '../../lib/format.ts';
import { ButtonLink } from '../../ui/Button.tsx';
import { Modal } from '../../ui/Modal.tsx';
import { useMe } from '../auth/session.ts';
import { eventPath, useEventContext } from '../events/context.ts';
import { CreateMeeting } from './CreateMeeting.tsx';

/** Whether the reader may request meetings here: the ability and the open meetings section. */
export function useCanRequestMeetings(): boolean {
  const { member } = useEventContext();
  return Boolean(member?.abilities.includes('meetings.request') && member.sections.meetings === 'ok');
}

/** "Request a meeting" on a member's page: opens members/{id}/create-meeting. */
export function MeetingRequestButton({ slug, memberId, name }: { slug: string; memberId: number; name: string }) {
  const { t } = useTranslation();
  if (!useCanRequestMeetings()) return null;
  return (
    <div className="flex flex-wrap gap-2">
      <ButtonLink to={eventPath(slug, `members/${memberId}/create-meeting`)} data-testid="request-meeting" aria-label={t('meetings.request_with', { name })}>
        {t('meetings.request')}
      </ButtonLink>
    </div>
  );
}

/** The create-meeting modal over a member's page (product.md section 2, member modals). */
export function MeetingRequestModal({ eventId, slug, memberId }: { eventId: number; slug: string; memberId: number }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const timeZone = useMe()?.timezone ?? browserTimezone();
  const allowed = useCanRequestMeetings();
  if (!allowed) return null;
  return (
    <Modal title={t('meetings.create_title')} onClose={() => void navigate(eventPath(slug, `members/${memberId}`))} testId="create-meeting-modal">
      <CreateMeeting eventId={eventId} slug={slug} memberId={memberId} timeZone={timeZone} />
    </Modal>
  );
}
