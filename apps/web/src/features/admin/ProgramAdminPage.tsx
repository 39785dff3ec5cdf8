import { dayIn, routes, type AdminHall, type AdminLecture } from '@lobby/contract';
import { useMutation, useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { apiQuery, callApi } from '../../api/client.ts';
import { queryClient } from '../../api/query-client.ts';
import { formatDate, formatTime } from '../../lib/format.ts';
import { Alert } from '../../ui/Alert.tsx';
import { Button } from '../../ui/Button.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { Field } from '../../ui/Field.tsx';
import { Skeleton } from '../../ui/Skeleton.tsx';
import { apiErrorText } from '../auth/api-error.ts';
import { eventIdOf } from './AdminEventLayout.tsx';
import { CsvUpload } from './CsvUpload.tsx';
import { LectureForm, refreshProgram } from './lecture-form.tsx';
import { NoDeleteNote, useVideoCheck, VideoCheckNote } from './program-parts.tsx';
import { adminEventQuery } from './queries.ts';

const hallsQuery = (eventId: number) => apiQuery(routes.adminListHalls, { params: { eventId } });
const lecturesQuery = (eventId: number) => apiQuery(routes.adminListLectures, { params: { eventId } });
const settingsQuery = (eventId: number) => apiQuery(routes.adminGetProgramSettings, { params: { eventId } });

const absolute = (address: string) => (address.startsWith('/') ? `${window.location.origin}${address}` : address);

/** The "share the program" switch with the guest page and the calendar file. */
function ShareSection({ eventId }: { eventId: number }) {
  const { t } = useTranslation();
  const id = useId();
  const query = useQuery(settingsQuery(eventId));
  const save = useMutation({
    mutationFn: (shared: boolean) => callApi(routes.adminUpdateProgramSettings, { params: { eventId }, body: { shared } }),
    onSuccess: (answer) => queryClient.setQueryData(settingsQuery(eventId).queryKey, answer),
  });
  const settings = query.data?.data;
  return (
    <section className="flex flex-col gap-3 rounded-2xl border border-line bg-surface p-5" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="text-lg font-bold">
        {t('admin_program.share_title')}
      </h2>
      {query.isError ? <Alert tone="error">{apiErrorText(t, query.error)}</Alert> : null}
      {save.isError ? <Alert tone="error">{apiErrorText(t, save.error)}</Alert> : null}
      {settings ? (
        <>
          <div className="flex items-center gap-3">
            <input id={id} type="checkbox" role="switch" className="size-5 accent-[var(--brand-solid)]" checked={settings.shared} disabled={save.isPending} onChange={(e) => save.mutate(e.target.checked)} data-testid="program-shared" />
            <label htmlFor={id} className="text-sm font-semibold">
              {t('admin_program.share_switch')}
            </label>
          </div>
          <p className="text-sm text-fg-muted">{t('admin_program.share_text')}</p>
          {settings.shared ? (
            <dl className="flex flex-col gap-1 text-sm">
              <div className="flex flex-wrap gap-x-2">
                <dt className="font-semibold">{t('admin_program.share_page')}</dt>
                <dd className="min-w-0 break-all">
                  <a href={absolute(settings.share_path)} target="_blank" rel="noopener noreferrer" className="text-brand-ink underline">
                    {absolute(settings.share_path)}
                  </a>
                </dd>
              </div>
              <div className="flex flex-wrap gap-x-2">
                <dt className="font-semibold">{t('admin_program.share_ics')}</dt>
                <dd className="min-w-0 break-all">
                  <a href={absolute(settings.ics_url)} className="text-brand-ink underline">
                    {absolute(settings.ics_url)}
                  </a>
                </dd>
              </div>
            </dl>
          ) : null}
        </>
      ) : query.isPending ? (
        <Skeleton className="h-10" />
      ) : null}
    </section>
  );
}

function HallRow({ eventId, hall, index, count, onMove }: { eventId: number; hall: AdminHall; index: number; count: number; onMove: (from: number, to: number) => void }) {
  const { t } = useTranslation();
  const [name, setName] = useState(hall.name);
  const [stream, setStream] = useState(hall.stream_url ?? '');
  const check = useVideoCheck(eventId, stream === (hall.stream_url ?? '') ? '' : stream);
  const save = useMutation({
    mutationFn: () => callApi(routes.adminUpdateHall, { params: { eventId, hallId: hall.id }, body: { name: name.trim(), sort: hall.sort, stream_url: stream.trim() || null } }),
    onSuccess: () => refreshProgram(),
  });
  const remove = useMutation({ mutationFn: () => callApi(routes.adminDeleteHall, { params: { eventId, hallId: hall.id } }), onSuccess: () => refreshProgram() });
  const dirty = name.trim() !== hall.name || (stream.trim() || null) !== hall.stream_url;
  return (
    <li className="flex flex-col gap-3 rounded-2xl border border-line bg-surface p-4" data-testid="hall">
      {save.isError ? <Alert tone="error">{apiErrorText(t, save.error)}</Alert> : null}
      {remove.isError ? <Alert tone="error">{apiErrorText(t, remove.error)}</Alert> : null}
      <div className="grid gap-3 sm:grid-cols-2">
        <Field label={t('admin_program.hall_name', { n: index + 1 })} value={name} maxLength={100} onChange={(e) => setName(e.target.value)} />
        <div className="flex flex-col gap-1">
          <Field label={t('admin_program.hall_stream', { n: index + 1 })} value={stream} onChange={(e) => setStream(e.target.value)} placeholder="https://youtu.be/…" />
          <VideoCheckNote check={check} />
        </div>
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <span className="text-sm text-fg-muted">{t('admin_program.hall_lectures', { count: hall.lectures })}</span>
        <span className="flex-1" />
        <Button variant="secondary" disabled={index === 0} onClick={() => onMove(index, index - 1)} aria-label={t('admin_program.hall_up', { name: hall.name })}>
          ↑
        </Button>
        <Button variant="secondary" disabled={index === count - 1} onClick={() => onMove(index, index + 1)} aria-label={t('admin_program.hall_down', { name: hall.name })}>
          ↓
        </Button>
        <Button variant="secondary" disabled={!dirty || name.trim() === '' || save.isPending} onClick={() => save.mutate()}>
          {t('admin.save')}
        </Button>
        <Button variant="ghost" disabled={remove.isPending} onClick={() => remove.mutate()} aria-label={t('admin_program.hall_delete', { name: hall.name })}>
          {t('admin.delete')}
        </Button>
      </div>
    </li>
  );
}

function HallsSection({ eventId }: { eventId: number }) {
  const { t } = useTranslation();
  const id = useId();
  const query = useQuery(hallsQuery(eventId));
  const [name, setName] = useState('');
  const add = useMutation({
    mutationFn: () => callApi(routes.adminCreateHall, { params: { eventId }, body: { name: name.trim(), sort: (query.data?.data.length ?? 0) * 10 } }),
    onSuccess: async () => {
      setName('');
      await refreshProgram();
    },
  });
  const move = useMutation({
    mutationFn: async ({ from, to }: { from: number; to: number }) => {
      const order = [...(query.data?.data ?? [])];
      const [hall] = order.splice(from, 1);
      if (!hall) return;
      order.splice(to, 0, hall);
      // Sort values 0, 10, 20, ... in the new order; only the halls that moved are saved.
      for (const [index, item] of order.entries()) {
        if (item.sort !== index * 10) await callApi(routes.adminUpdateHall, { params: { eventId, hallId: item.id }, body: { name: item.name, sort: index * 10, stream_url: item.stream_url } });
      }
    },
    onSettled: () => refreshProgram(),
  });
  const halls = query.data?.data ?? [];
  return (
    <section className="flex flex-col gap-3" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="text-lg font-bold">
        {t('admin_program.halls_title')}
      </h2>
      {query.isError ? <Alert tone="error">{apiErrorText(t, query.error)}</Alert> : null}
      {move.isError ? <Alert tone="error">{apiErrorText(t, move.error)}</Alert> : null}
      {query.isPending ? <Skeleton className="h-24" /> : null}
      {query.isSuccess && halls.length === 0 ? <p className="text-sm text-fg-muted">{t('admin_program.halls_empty')}</p> : null}
      <ul className="flex flex-col gap-3" data-testid="halls">
        {halls.map((hall, index) => (
          <HallRow key={`${hall.id}-${hall.sort}-${hall.name}-${hall.stream_url ?? ''}`} eventId={eventId} hall={hall} index={index} count={halls.length} onMove={(from, to) => move.mutate({ from, to })} />
        ))}
      </ul>
      <form
        className="flex flex-wrap items-end gap-3"
        onSubmit={(e) => {
          e.preventDefault();
          if (name.trim()) add.mutate();
        }}
      >
        <Field label={t('admin_program.hall_new')} value={name} maxLength={100} onChange={(e) => setName(e.target.value)} className="min-w-0 flex-1" />
        <Button type="submit" variant="secondary" disabled={add.isPending || name.trim() === ''}>
          {t('admin_program.hall_add')}
        </Button>
      </form>
      {add.isError ? <Alert tone="error">{apiErrorText(t, add.error)}</Alert> : null}
    </section>
  );
}

function LecturesSection({ eventId, timeZone }: { eventId: number; timeZone: string }) {
  const { t } = useTranslation();
  const id = useId();
  const halls = useQuery(hallsQuery(eventId));
  const lectures = useQuery(lecturesQuery(eventId));
  const [editing, setEditing] = useState<number | 'new' | null>(null);
  const hallList = halls.data?.data ?? [];
  const hallName = new Map(hallList.map((hall) => [hall.id, hall.name]));
  const days = new Map<string, AdminLecture[]>();
  for (const lecture of lectures.data?.data ?? []) {
    const day = dayIn(new Date(lecture.starts_at), timeZone);
    days.set(day, [...(days.get(day) ?? []), lecture]);
  }
  return (
    <section className="flex flex-col gap-3" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="text-lg font-bold">
        {t('admin_program.lectures_title')}
      </h2>
      <NoDeleteNote />
      {lectures.isError ? <Alert tone="error">{apiErrorText(t, lectures.error)}</Alert> : null}
      {lectures.isPending || halls.isPending ? <Skeleton className="h-32" /> : null}
      {lectures.isSuccess && days.size === 0 ? <p className="text-sm text-fg-muted">{t('admin_program.lectures_empty')}</p> : null}
      {[...days.entries()].map(([day, items]) => (
        <div key={day} className="flex flex-col gap-2">
          <h3 className="font-semibold">{formatDate(items[0]?.starts_at ?? day, timeZone)}</h3>
          <ul className="flex flex-col gap-2" data-testid="admin-lectures">
            {items.map((lecture) =>
              editing === lecture.id ? (
                <li key={lecture.id}>
                  <LectureForm eventId={eventId} lecture={lecture} halls={hallList} timeZone={timeZone} onDone={() => setEditing(null)} />
                </li>
              ) : (
                <li key={lecture.id} className="flex flex-wrap items-center gap-3 rounded-2xl border border-line bg-surface p-4" data-testid="admin-lecture">
                  <div className="min-w-0 flex-1">
                    <p className="font-semibold">{lecture.title}</p>
                    <p className="text-sm text-fg-muted">
                      {formatTime(lecture.starts_at, timeZone)}–{formatTime(lecture.ends_at, timeZone)} · {hallName.get(lecture.hall_id) ?? '—'}
                      {lecture.speakers.length > 0 ? ` · ${lecture.speakers.map((s) => `${s.first_name} ${s.last_name}`.trim()).join(', ')}` : ''}
                    </p>
                  </div>
                  <Button variant="secondary" onClick={() => setEditing(lecture.id)} aria-label={t('admin_program.l_edit', { title: lecture.title })}>
                    {t('admin.edit')}
                  </Button>
                </li>
              ),
            )}
          </ul>
        </div>
      ))}
      {editing === 'new' ? (
        <LectureForm eventId={eventId} halls={hallList} timeZone={timeZone} onDone={() => setEditing(null)} />
      ) : halls.isSuccess && hallList.length === 0 ? (
        <p className="text-sm text-fg-muted">{t('admin_program.lectures_need_hall')}</p>
      ) : (
        <Button variant="secondary" className="self-start" onClick={() => setEditing('new')} disabled={!halls.isSuccess} data-testid="add-lecture">
          {t('admin_program.l_add')}
        </Button>
      )}
    </section>
  );
}

/** The program as CSV, with the per-row report (like the attendee import). */
function ProgramImport({ eventId }: { eventId: number }) {
  const { t } = useTranslation();
  return (
    <CsvUpload
      title={t('admin_program.import_title')}
      text={t('admin_program.import_text')}
      example={'title,starts_at,ends_at,hall,section,categories,language,speakers,description,video_url\nOpening,2026-11-24T10:00:00+03:00,2026-11-24T10:45:00+03:00,Main hall,1,1|4,en,ann@example.org,Welcome,https://youtu.be/dQw4w9WgXcQ'}
      exampleLabel={t('admin_program.import_example')}
      fileLabel={t('admin_program.import_file')}
      runningText={t('admin_program.import_running')}
      subject={t('admin_program.l_title')}
      testId="program-import"
      upload={async (csv) => (await callApi(routes.adminImportProgram, { params: { eventId }, body: { csv } })).data}
      onSettled={() => refreshProgram()}
      summary={(report) => t('admin_program.import_summary', { rows: report.rows, added: report.added, updated: report.updated, halls: report.halls_added, failed: report.failed.length })}
      reason={(row) => t(`api.${row.code.replace(/\./g, '_')}`, { defaultValue: row.reason })}
    />
  );
}

/** /admin/events/{id}/program: sharing, halls, lectures by day and the CSV upload. */
export function Component() {
  const { t } = useTranslation();
  const eventId = eventIdOf(useParams());
  const event = useSuspenseQuery(adminEventQuery(eventId)).data.data;
  const probe = useQuery(hallsQuery(eventId));
  if (probe.isError) return <EmptyState title={t('errors.server_error_title')} text={apiErrorText(t, probe.error)} action={<Button onClick={() => void probe.refetch()}>{t('errors.retry')}</Button>} />;
  return (
    <div className="flex flex-col gap-8" data-testid="program-admin">
      <p className="text-sm text-fg-muted">{t('admin_program.timezone', { zone: event.timezone })}</p>
      <ShareSection eventId={eventId} />
      <HallsSection eventId={eventId} />
      <LecturesSection eventId={eventId} timeZone={event.timezone} />
      <ProgramImport eventId={eventId} />
    </div>
  );
}
