// academy-admin/stream-records: the recordings of the event's room (its WN Meet room, or its slug
// when it names none: eventRoomName) with their number, date, name, a poster and the video that
// loads once visible, the duration and the address to copy; 'no records' when there are none.
// People who may record (calls.record) record here from the camera or a screen.
import { eventRoomName, listRoomVideos } from '@lobby/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { apiQuery } from '../../api/client.ts';
import { currentLanguage } from '../../i18n/index.ts';
import { Button } from '../../ui/Button.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { useEventContext } from '../events/context.ts';
import { LazyVideo } from '../page-editor/widgets/RecordingsModal.tsx';
import { formatRecordingDate } from '../page-editor/widgets/widget-rules.ts';
import { RecordButton } from '../recordings/RecordButton.tsx';
import { useAcademyAdmin } from './context.ts';
import { ListLoading, LoadError, PageTitle } from './parts.tsx';
import { formatDuration, streamRecordsOf, type StreamRecord } from './stream-records.ts';
import { useCourseSettings } from './use-course-timezone.ts';

async function copy(text: string, done: string, failed: string) {
  try {
    await navigator.clipboard.writeText(text);
    toast.success(done);
  } catch {
    toast.error(failed);
  }
}

function RecordCard({ record, timeZone }: { record: StreamRecord; timeZone: string }) {
  const { t } = useTranslation();
  const date = formatRecordingDate(record.date, currentLanguage(), timeZone);
  const headingId = `stream-record-${record.id}`;
  return (
    <article aria-labelledby={headingId} className="flex flex-col gap-3 rounded-2xl border border-line bg-surface p-4" data-testid="stream-record">
      <div>
        <h3 id={headingId} className="break-words font-semibold">
          {record.name}
        </h3>
        <p className="text-sm text-fg-muted">
          {t('academy_admin.record_id', { id: record.id })} · <time dateTime={record.date}>{date}</time>
          {record.durationSeconds !== null ? (
            <>
              {' · '}
              <span data-testid="stream-record-duration">{t('recordings.duration', { time: formatDuration(record.durationSeconds) })}</span>
            </>
          ) : null}
        </p>
      </div>
      <LazyVideo src={record.url} poster={record.preview} label={t('academy_admin.record_preview', { name: record.name })} />
      <p className="break-all text-sm">
        <a href={record.url} target="_blank" rel="noopener noreferrer" className="text-brand-ink underline" data-testid="stream-record-url">
          {record.url}
        </a>
      </p>
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" onClick={() => void copy(String(record.id), t('academy_admin.copied_id'), t('academy_admin.copy_failed'))} aria-label={t('academy_admin.copy_id_of', { name: record.name })}>
          {t('academy_admin.copy_id')}
        </Button>
        <Button variant="secondary" onClick={() => void copy(record.url, t('academy_admin.copied_url'), t('academy_admin.copy_failed'))} aria-label={t('academy_admin.copy_url_of', { name: record.name })}>
          {t('academy_admin.copy_url')}
        </Button>
      </div>
    </article>
  );
}

export function StreamRecordsPage() {
  const { t } = useTranslation();
  const { eventId, slug, roomId } = useAcademyAdmin();
  const { member } = useEventContext();
  const { timeZone } = useCourseSettings(eventId);
  const room = eventRoomName({ slug, config: { wnmeet: { roomId } } });
  const queryClient = useQueryClient();
  const recordings = apiQuery(listRoomVideos, { params: { eventId, room }, query: { broadcast: 'jitsi' } });
  const query = useQuery(recordings);
  const records = streamRecordsOf(query.data?.data ?? []);
  const mayRecord = member?.abilities.includes('calls.record') ?? false;
  return (
    <section data-testid="academy-stream-records">
      <PageTitle title={t('academy_admin.nav_stream_records')} />
      {mayRecord ? (
        <div className="mb-4">
          <RecordButton eventId={eventId} room={room} onSaved={() => void queryClient.invalidateQueries({ queryKey: recordings.queryKey })} />
        </div>
      ) : null}
      {query.isPending ? <ListLoading /> : null}
      {query.isError ? <LoadError error={query.error} onRetry={() => void query.refetch()} /> : null}
      {query.isSuccess && records.length === 0 ? (
        <div data-testid="stream-records-empty">
          <EmptyState title={t('page_editor_widgets.recordings_empty')} text={t('academy_admin.records_empty_text')} />
        </div>
      ) : null}
      {records.length > 0 ? (
        <>
          <p className="mb-3 text-sm text-fg-muted">{t('academy_admin.records_intro', { room })}</p>
          <ul className="grid gap-4 md:grid-cols-2" data-testid="stream-records-list">
            {records.map((record) => (
              <li key={record.url}>
                <RecordCard record={record} timeZone={timeZone} />
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}
