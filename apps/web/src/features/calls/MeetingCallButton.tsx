import { meetingCallOpen, ONLINE_LOCATION_ID, type Meeting } from '@lobby/contract';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Alert } from '../../ui/Alert.tsx';
import { Button } from '../../ui/Button.tsx';
import { callPath, openMeetingCall } from './api.ts';
import { callErrorText } from './errors.ts';
import { CameraIcon } from './icons.tsx';

/** "Join video call" on an accepted online meeting, until its call closes an hour after the slot. */
export function MeetingCallButton({ meeting, slug, timeZone }: { meeting: Meeting; slug: string; timeZone: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const open = useMutation({ mutationFn: () => openMeetingCall(meeting.event_id, meeting.id), onSuccess: (call) => navigate(callPath(slug, call)) });
  const online = meeting.is_online || meeting.location.id === ONLINE_LOCATION_ID;
  if (!online || meeting.status !== 'accepted' || meetingCallOpen(Date.parse(meeting.starts_at), Date.parse(meeting.ends_at), Date.now()) === 'over') return null;
  return (
    <div className="flex flex-col items-start gap-2">
      <Button disabled={open.isPending} onClick={() => open.mutate()} data-testid="meeting-join-call">
        <CameraIcon className="size-5" />
        {t('calls.join_video_call')}
      </Button>
      {open.isError ? <Alert tone="error">{callErrorText(t, open.error, timeZone)}</Alert> : null}
    </div>
  );
}
