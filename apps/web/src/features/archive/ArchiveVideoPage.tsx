import { routes, type ArchiveVideo, type Event, type EventMember } from '@lobby/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { apiQuery, callApi } from '../../api/client.ts';
import { ApiError } from '../../api/errors.ts';
import { queryClient } from '../../api/query-client.ts';
import { browserTimezone, formatDate } from '../../lib/format.ts';
import { Alert } from '../../ui/Alert.tsx';
import { Button } from '../../ui/Button.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { Markdown } from '../../ui/Markdown.tsx';
import { Skeleton } from '../../ui/Skeleton.tsx';
import { apiErrorText } from '../auth/api-error.ts';
import { useMe } from '../auth/session.ts';
import { useDictionaries } from '../dictionaries/use-dictionaries.ts';
import { NotFoundPage } from '../errors/pages.tsx';
import { eventPath, useEventContext } from '../events/context.ts';
import { accessOf, SectionGate } from '../members/SectionGate.tsx';
import { speakerNames, VideoFacts } from './parts.tsx';
import { VideoFrame } from './VideoFrame.tsx';

const videoQuery = (eventId: number, id: number) => apiQuery(routes.getArchiveVideo, { params: { eventId, id } });

/** Type 2: the viewer agrees first; the server remembers it and answers the video with its player. */
function ConsentStep({ eventId, video }: { eventId: number; video: ArchiveVideo }) {
  const { t } = useTranslation();
  const agree = useMutation({
    mutationFn: () => callApi(routes.agreeArchiveVideo, { params: { eventId, id: video.id } }),
    onSuccess: (answer) => {
      queryClient.setQueryData(videoQuery(eventId, video.id).queryKey, answer);
      void queryClient.invalidateQueries({ queryKey: [routes.listArchive.id] });
    },
  });
  return (
    <section className="flex flex-col gap-3 rounded-2xl border border-line bg-surface p-5" aria-labelledby="consent-title" data-testid="archive-consent">
      <h2 id="consent-title" className="text-lg font-bold">
        {t('archive.consent_title')}
      </h2>
      <p className="text-sm">{t('archive.consent_text')}</p>
      {agree.isError ? <Alert tone="error">{apiErrorText(t, agree.error)}</Alert> : null}
      <Button className="self-start" onClick={() => agree.mutate()} disabled={agree.isPending} data-testid="archive-agree">
        {t('archive.agree')}
      </Button>
    </section>
  );
}

function Player({ event, member, video }: { event: Event; member: EventMember | null; video: ArchiveVideo }) {
  const { t } = useTranslation();
  switch (video.play) {
    case 'play':
      return <VideoFrame url={video.video_url} title={video.title} />;
    case 'consent':
      return <ConsentStep eventId={event.id} video={video} />;
    case 'upgrade':
      // The ticket lacks watch_lecture: the same gate as a lectures section (upgrade offer, or unavailable).
      return (
        <SectionGate section="lectures" event={event} member={member}>
          <Alert>{t('archive.needs_ticket')}</Alert>
        </SectionGate>
      );
    default:
      return (
        <div className="flex aspect-video w-full items-center justify-center rounded-2xl border border-dashed border-line bg-surface-muted p-6 text-center" data-testid="archive-closed">
          <div>
            <p className="text-lg font-semibold">{t('archive.closed_title')}</p>
            <p className="text-sm text-fg-muted">{t('archive.closed_text')}</p>
          </div>
        </div>
      );
  }
}

function VideoView({ event, member, id }: { event: Event; member: EventMember | null; id: number }) {
  const { t } = useTranslation();
  const query = useQuery(videoQuery(event.id, id));
  const dictionaries = useDictionaries(event.id);
  const timeZone = useMe()?.timezone ?? browserTimezone();
  if (query.isPending) return <Skeleton className="aspect-video w-full" />;
  if (query.isError) {
    if (query.error instanceof ApiError && query.error.status === 404) return <NotFoundPage />;
    return <EmptyState title={t('errors.server_error_title')} text={apiErrorText(t, query.error)} action={<Button onClick={() => void query.refetch()}>{t('errors.retry')}</Button>} />;
  }
  const video = query.data.data;
  const speakers = speakerNames(video);
  const manages = member?.abilities.includes('event.manage') ?? false;
  return (
    <article className="flex flex-col gap-4" data-testid="archive-video-page">
      <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{video.title}</h1>
      <p className="text-sm text-fg-muted">
        {formatDate(video.date, timeZone)} · {video.event.name}
      </p>
      <Player event={event} member={member} video={video} />
      <VideoFacts video={video} categoryLabel={dictionaries.label('lecture.category', video.category)} />
      {speakers ? <p className="text-sm">{t('archive.speakers_list', { names: speakers })}</p> : null}
      {video.description ? <Markdown>{video.description}</Markdown> : null}
      {manages ? <p className="text-xs text-fg-muted">{t('archive.delete_note')}</p> : null}
    </article>
  );
}

/** lectures-archive/{id}: one recorded lecture with its player, consent step, upgrade gate or closed notice. */
export function Component() {
  const { t } = useTranslation();
  const { event, member } = useEventContext();
  const raw = useParams().id ?? '';
  const id = /^[1-9][0-9]{0,9}$/.test(raw) ? Number(raw) : Number.NaN;
  if (!Number.isSafeInteger(id) || id > 2_147_483_647) return <NotFoundPage />;
  return (
    <SectionGate section="program" event={event} member={member}>
      <div className="mx-auto flex max-w-4xl flex-col gap-4 px-4 py-8">
        <Link to={eventPath(event.slug, 'lectures-archive')} className="self-start text-sm font-semibold text-brand-ink underline">
          {t('archive.back')}
        </Link>
        {accessOf('program', member) === 'ok' ? <VideoView event={event} member={member} id={id} /> : null}
      </div>
    </SectionGate>
  );
}
