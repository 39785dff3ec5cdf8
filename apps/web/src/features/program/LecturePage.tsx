import { routes, type Event, type EventMember, type LectureDetail } from '@lobby/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useParams, useSearchParams } from 'react-router';
import { callApi } from '../../api/client.ts';
import { ApiError } from '../../api/errors.ts';
import { queryClient } from '../../api/query-client.ts';
import { browserTimezone, formatDate, formatTime } from '../../lib/format.ts';
import { Avatar } from '../../ui/Avatar.tsx';
import { Badge } from '../../ui/Badge.tsx';
import { Button, ButtonLink } from '../../ui/Button.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { Markdown } from '../../ui/Markdown.tsx';
import { Skeleton } from '../../ui/Skeleton.tsx';
import { apiErrorText } from '../auth/api-error.ts';
import { useMe } from '../auth/session.ts';
import { NotFoundPage } from '../errors/pages.tsx';
import { eventPath, useEventContext } from '../events/context.ts';
import { FavoriteStar } from '../favorites/FavoriteStar.tsx';
import { SectionGate } from '../members/SectionGate.tsx';
import { JoinExternalMeeting } from '../zoom-call/JoinExternalMeeting.tsx';
import { lectureQuery, programQuery, setFavorite } from './api.ts';
import { LecturePolls } from './LecturePolls.tsx';
import { LectureQuestions } from './LectureQuestions.tsx';
import { useLectureLive } from './live.ts';
import { useProgramLabels } from './ProgramPage.tsx';
import { CategoryIcon } from './CategoryIcon.tsx';
import { languageName, useNow } from './ProgramView.tsx';
import { liveOrNext, materialHref, stateAt } from './schedule.ts';

// The chat's views load only when the panel opens.
const LectureChat = lazy(() => import('./LectureChat.tsx'));

const ID = /^[1-9]\d{0,9}$/;
const idOf = (raw: string | undefined): number | null => (raw && ID.test(raw) && Number(raw) <= 2_147_483_647 ? Number(raw) : null);

/** Only an https player address from the API reaches the iframe (contract: embedUrlOf's fixed players). */
function playerUrl(url: string): string | null {
  try {
    return new URL(url).protocol === 'https:' ? url : null;
  } catch {
    return null;
  }
}

/** The stream or the video; the "upgrade ticket required" gate without watch_lecture; "unavailable" when no ticket opens it. */
function Player({ detail, event, member }: { detail: LectureDetail; event: Event; member: EventMember | null }) {
  const { t } = useTranslation();
  if (!detail.can_watch) {
    const unavailable = (
      <div className="flex aspect-video items-center justify-center rounded-2xl border border-line bg-surface p-6 text-center" data-testid="lecture-unavailable">
        <p className="max-w-md text-fg-muted">{t('program.video_unavailable')}</p>
      </div>
    );
    return (
      <div className="rounded-2xl border border-line bg-surface" data-testid="lecture-gate" data-gate={detail.gate}>
        {detail.gate === 'upgrade' ? (
          <SectionGate section="lectures" event={event} member={member}>
            {unavailable}
          </SectionGate>
        ) : (
          unavailable
        )}
      </div>
    );
  }
  const src = detail.video ? playerUrl(detail.video.url) : null;
  if (!src) {
    return (
      <div className="flex aspect-video items-center justify-center rounded-2xl border border-line bg-surface p-6 text-center" data-testid="lecture-no-video">
        <p className="max-w-md text-fg-muted">{t('program.no_video')}</p>
      </div>
    );
  }
  return (
    <div className="aspect-video overflow-hidden rounded-2xl bg-black" data-testid="lecture-player">
      <iframe
        src={src}
        title={t('program.player_title', { title: detail.title })}
        className="size-full"
        allow="autoplay; fullscreen; picture-in-picture; encrypted-media; clipboard-write; camera; microphone; display-capture"
        allowFullScreen
        sandbox="allow-scripts allow-same-origin allow-presentation allow-popups allow-popups-to-escape-sandbox allow-forms"
        referrerPolicy="strict-origin-when-cross-origin"
      />
    </div>
  );
}

/** "Join": counts the person once; the spec's lecture-join error when it is not open. */
function JoinButton({ detail, eventId }: { detail: LectureDetail; eventId: number }) {
  const { t } = useTranslation();
  const join = useMutation({
    mutationFn: () => callApi(routes.joinLecture, { params: { eventId, id: detail.id } }),
    onSuccess: (answer) =>
      queryClient.setQueryData<{ data: LectureDetail }>(lectureQuery(eventId, detail.id).queryKey, (old) => (old ? { data: { ...old.data, joined: answer.data.joined, attendees: answer.data.attendees } } : old)),
  });
  return (
    <div className="flex flex-col gap-1">
      <div className="flex flex-wrap items-center gap-3">
        <Button onClick={() => join.mutate()} disabled={detail.joined || join.isPending} data-testid="lecture-join">
          {detail.joined ? t('program.joined') : t('program.join')}
        </Button>
        <span className="text-sm text-fg-muted" data-testid="lecture-attendees">
          {t('program.attendees', { n: detail.attendees })}
        </span>
      </div>
      {join.isError ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400" data-testid="lecture-join-error">
          {join.error instanceof ApiError && join.error.code === 'lecture.join_closed' ? t('api.lecture_join_closed') : apiErrorText(t, join.error)}
        </p>
      ) : null}
    </div>
  );
}

function LectureView({ detail, event, member, slug }: { detail: LectureDetail; event: Event; member: EventMember | null; slug: string }) {
  const { t, i18n } = useTranslation();
  const me = useMe();
  const timeZone = me?.timezone ?? browserTimezone();
  const now = useNow();
  const [search, setSearch] = useSearchParams();
  const chatOpen = search.get('chat') === 'open';
  const { labels } = useProgramLabels(event.id);
  useLectureLive(event.id, detail.id, detail.can_watch);
  const state = stateAt(detail, now);
  const section = detail.section_id === null ? undefined : labels.section(detail.section_id);
  const materials = detail.materials.flatMap((m) => {
    const href = materialHref(m.url);
    return href ? [{ title: m.title, href }] : [];
  });
  const toggleChat = () => {
    const next = new URLSearchParams(search);
    if (chatOpen) next.delete('chat');
    else next.set('chat', 'open');
    setSearch(next, { replace: true, preventScrollReset: true });
  };
  return (
    <div className="mx-auto grid max-w-7xl grid-cols-1 gap-6 px-4 py-6 lg:grid-cols-[minmax(0,1fr)_24rem]" data-testid="lecture-page" data-lecture-id={detail.id}>
      <div className="flex min-w-0 flex-col gap-4">
        <nav aria-label={t('program.breadcrumbs')} className="text-sm">
          <Link to={eventPath(slug, 'program')} className="font-semibold text-brand-ink hover:underline">
            {t('program.back_to_program')}
          </Link>
        </nav>
        <Player detail={detail} event={event} member={member} />
        <header className="flex flex-col gap-2">
          <div className="flex items-start gap-2">
            <h1 className="min-w-0 flex-1 text-2xl font-bold tracking-tight sm:text-3xl" data-testid="lecture-title">
              {detail.title}
            </h1>
            <FavoriteStar key={detail.id} eventId={event.id} type="lectures" id={detail.id} initial={detail.is_favorite} name={detail.title} onToggle={(starred) => setFavorite(event.id, detail.id, starred)} />
          </div>
          <p className="flex flex-wrap items-center gap-2 text-sm text-fg-muted">
            <span>
              {formatDate(detail.starts_at, timeZone)}, <time dateTime={detail.starts_at}>{formatTime(detail.starts_at, timeZone)}</time>–<time dateTime={detail.ends_at}>{formatTime(detail.ends_at, timeZone)}</time>
            </span>
            <span aria-hidden="true">·</span>
            <span>{detail.hall.name}</span>
            {state === 'live' ? <Badge tone="live">{t('program.live')}</Badge> : state === 'ended' ? <Badge>{t('program.ended')}</Badge> : null}
            {section ? <Badge>{section}</Badge> : null}
            <Badge tone="brand">{languageName(detail.language, i18n.language)}</Badge>
          </p>
          {detail.categories.length > 0 ? (
            <ul className="flex flex-wrap gap-2" aria-label={t('program.categories')}>
              {detail.categories.map((c) => (
                <li key={c} className="inline-flex items-center gap-1.5 text-sm">
                  <CategoryIcon category={c} label="" />
                  {labels.category(c)}
                </li>
              ))}
            </ul>
          ) : null}
          <div className="mt-1 flex flex-wrap items-start gap-3">
            {detail.can_watch ? <JoinButton detail={detail} eventId={event.id} /> : null}
            <JoinExternalMeeting lecture={detail} slug={slug} />
            <Button variant="secondary" aria-expanded={chatOpen} aria-controls="lecture-chat" onClick={toggleChat} data-testid="lecture-chat-toggle">
              {chatOpen ? t('program.chat_hide') : t('program.chat_show')}
            </Button>
          </div>
        </header>
      </div>
      <aside id="lecture-chat" aria-label={t('program.chat_title')} className="min-w-0 lg:col-start-2 lg:row-span-2 lg:row-start-1" hidden={!chatOpen}>
        {chatOpen ? (
          <div className="lg:sticky lg:top-20">
            <h2 className="mb-2 text-xl font-bold">{t('program.chat_title')}</h2>
            <Suspense fallback={<Skeleton className="h-[32rem]" />}>
              <LectureChat eventId={event.id} slug={slug} path={detail.chat_path} />
            </Suspense>
          </div>
        ) : null}
      </aside>
      <div className="flex min-w-0 flex-col gap-6 lg:col-start-1">
        {detail.description ? (
          <section aria-labelledby="lecture-about" data-testid="lecture-description">
            <h2 id="lecture-about" className="mb-2 text-xl font-bold">
              {t('program.about')}
            </h2>
            <Markdown>{detail.description}</Markdown>
          </section>
        ) : null}
        {detail.speakers.length > 0 ? (
          <section aria-labelledby="lecture-speakers">
            <h2 id="lecture-speakers" className="mb-2 text-xl font-bold">
              {t('program.speakers')}
            </h2>
            <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2">
              {detail.speakers.map((speaker) => {
                const name = `${speaker.first_name} ${speaker.last_name}`.trim();
                return (
                  <li key={speaker.member_id}>
                    <Link to={eventPath(slug, `members/${speaker.member_id}`)} className="flex items-center gap-3 rounded-xl border border-line bg-surface p-3 hover:bg-surface-muted" data-testid="lecture-speaker">
                      <Avatar name={name} src={speaker.avatar_url} size={44} className="rounded-full" />
                      <span className="min-w-0">
                        <span className="block truncate font-semibold">{name}</span>
                        {speaker.job || speaker.company_name ? <span className="block truncate text-sm text-fg-muted">{[speaker.job, speaker.company_name].filter(Boolean).join(', ')}</span> : null}
                      </span>
                    </Link>
                  </li>
                );
              })}
            </ul>
          </section>
        ) : null}
        {materials.length > 0 ? (
          <section aria-labelledby="lecture-materials">
            <h2 id="lecture-materials" className="mb-2 text-xl font-bold">
              {t('program.materials')}
            </h2>
            <ul className="flex flex-col gap-1">
              {materials.map((m) => (
                <li key={m.href}>
                  <a href={m.href} target="_blank" rel="noopener noreferrer" className="inline-flex min-h-11 items-center font-semibold text-brand-ink underline" data-testid="lecture-material">
                    {m.title}
                    <span className="sr-only"> {t('program.opens_new_tab')}</span>
                  </a>
                </li>
              ))}
            </ul>
          </section>
        ) : null}
        {detail.can_watch ? (
          <div className="grid grid-cols-1 gap-6 xl:grid-cols-2">
            <LectureQuestions eventId={event.id} lectureId={detail.id} myId={me?.id} canModerate={detail.can_moderate} />
            <LecturePolls eventId={event.id} lectureId={detail.id} canModerate={detail.can_moderate} />
          </div>
        ) : null}
      </div>
    </div>
  );
}

function Loading() {
  return (
    <div className="mx-auto flex max-w-7xl flex-col gap-4 px-4 py-6" data-testid="lecture-loading">
      <Skeleton className="aspect-video max-h-[60vh]" />
      <Skeleton className="h-10 w-2/3" />
    </div>
  );
}

function LectureLoader({ hallId, lectureId, event, member, slug }: { hallId: number | null; lectureId: number; event: Event; member: EventMember | null; slug: string }) {
  const { t } = useTranslation();
  const query = useQuery(lectureQuery(event.id, lectureId));
  if (query.isPending) return <Loading />;
  if (query.isError) {
    if (query.error instanceof ApiError && (query.error.status === 404 || query.error.status === 400)) return <NotFoundPage />;
    return (
      <div className="mx-auto max-w-3xl px-4 py-8">
        <EmptyState title={t('errors.server_error_title')} text={apiErrorText(t, query.error)} action={<Button onClick={() => void query.refetch()}>{t('errors.retry')}</Button>} />
      </div>
    );
  }
  const detail = query.data.data;
  // A lecture reached under another hall's address moves to its own (the chat path follows the hall).
  if (hallId !== null && detail.hall_id !== hallId) return <Navigate to={`${eventPath(slug, `lectures/${detail.hall_id}/${detail.id}`)}${window.location.search}`} replace />;
  return <LectureView detail={detail} event={event} member={member} slug={slug} />;
}

/** lectures/{hallId}: the hall's live lecture, else its next one (from the program). */
function HallLecture({ hallId, event, member, slug }: { hallId: number; event: Event; member: EventMember | null; slug: string }) {
  const { t } = useTranslation();
  const now = useNow(60_000);
  const query = useQuery(programQuery(event.id));
  if (query.isPending) return <Loading />;
  if (query.isError) {
    return (
      <div className="mx-auto max-w-3xl px-4 py-8">
        <EmptyState title={t('errors.server_error_title')} text={apiErrorText(t, query.error)} action={<Button onClick={() => void query.refetch()}>{t('errors.retry')}</Button>} />
      </div>
    );
  }
  if (!query.data.data.halls.some((hall) => hall.id === hallId)) return <NotFoundPage />;
  const lecture = liveOrNext(query.data.data.lectures, hallId, now);
  if (!lecture) {
    return (
      <div className="mx-auto max-w-3xl px-4 py-8">
        <EmptyState title={t('program.hall_empty_title')} text={t('program.hall_empty_text')} action={<ButtonLink to={eventPath(slug, 'program')}>{t('program.back_to_program')}</ButtonLink>} />
      </div>
    );
  }
  return <LectureLoader hallId={null} lectureId={lecture.id} event={event} member={member} slug={slug} />;
}

/** lectures/{id}/{lectureId?} (product.md section 2): {id} is the hall. */
export function Component() {
  const { event, member, slug } = useEventContext();
  const params = useParams();
  const hallId = idOf(params.id);
  const lectureId = params.lectureId === undefined ? undefined : idOf(params.lectureId);
  if (hallId === null || lectureId === null) return <NotFoundPage />;
  return (
    <SectionGate section="program" event={event} member={member}>
      {lectureId === undefined ? <HallLecture hallId={hallId} event={event} member={member} slug={slug} /> : <LectureLoader key={lectureId} hallId={hallId} lectureId={lectureId} event={event} member={member} slug={slug} />}
    </SectionGate>
  );
}
