import type { LectureDetail } from '@lobby/contract';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../ui/Button.tsx';
import { eventPath } from '../events/context.ts';

/** The lecture page's way to its own external meeting: zoom-call shows where it opens before leaving Lobby. */
export function JoinExternalMeeting({ lecture, slug }: { lecture: Pick<LectureDetail, 'id' | 'external_url'>; slug: string }) {
  const { t } = useTranslation();
  if (!lecture.external_url) return null;
  return (
    <ButtonLink to={eventPath(slug, `zoom-call?lecture=${lecture.id}`)} variant="secondary" data-testid="lecture-external-meeting">
      {t('zoom_call.join')}
    </ButtonLink>
  );
}
