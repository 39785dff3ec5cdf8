import type { Hall, Lecture } from '@lobby/contract';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatTime } from '../../lib/format.ts';
import { Badge } from '../../ui/Badge.tsx';
import { cn } from '../../ui/cn.ts';
import { CategoryIcon } from './CategoryIcon.tsx';
import { dayGrid, nowIndex, nowPosition, stateAt } from './schedule.ts';

// The program of one day, as a list on phones and a time x hall grid on wide screens (both are
// rendered; CSS shows one). Shared by the program page and the guests' shared program.

/** The clock the "now" marker and live badges follow, ticking every 30 seconds. */
export function useNow(intervalMs = 30_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const handle = window.setInterval(() => setNow(Date.now()), intervalMs);
    return () => window.clearInterval(handle);
  }, [intervalMs]);
  return now;
}

/** "Tue 24.11" for a day tab, in the interface language. */
export function dayLabel(day: string, language: string): string {
  const [y, m, d] = day.split('-').map(Number);
  const at = Date.UTC(y ?? 1970, (m ?? 1) - 1, d ?? 1, 12);
  const weekday = new Intl.DateTimeFormat(language, { weekday: 'short', timeZone: 'UTC' }).format(at);
  return `${weekday} ${day.slice(8, 10)}.${day.slice(5, 7)}`;
}

/** A language code's name in the interface language ("en" -> "English"). */
export function languageName(code: string, language: string): string {
  try {
    return new Intl.DisplayNames([language], { type: 'language' }).of(code) ?? code;
  } catch {
    return code;
  }
}

export interface ProgramLabels {
  section: (id: number) => string | undefined;
  category: (n: number) => string;
}

export interface ProgramViewProps {
  halls: readonly Hall[];
  /** The day's lectures, filtered, by start. */
  lectures: readonly Lecture[];
  day: string;
  timeZone: string;
  now: number;
  labels: ProgramLabels;
  /** The lecture page inside the event; none on the guests' page. */
  linkTo?: (lecture: Lecture) => string;
  /** The favourite star; none on the guests' page. */
  star?: (lecture: Lecture) => ReactNode;
}

function LiveBadge() {
  const { t } = useTranslation();
  return (
    <Badge tone="live" className="gap-1">
      <span aria-hidden="true" className="size-1.5 rounded-full bg-white" />
      {t('program.live')}
    </Badge>
  );
}

function LectureCard({ lecture, hallName, compact, props }: { lecture: Lecture; hallName: string | undefined; compact: boolean; props: ProgramViewProps }) {
  const { t, i18n } = useTranslation();
  const state = stateAt(lecture, props.now);
  const section = lecture.section_id === null ? undefined : props.labels.section(lecture.section_id);
  const speakers = lecture.speakers.map((s) => `${s.first_name} ${s.last_name}`.trim()).join(', ');
  const href = props.linkTo?.(lecture);
  return (
    <article
      data-testid="program-lecture"
      data-lecture-id={lecture.id}
      className={cn(
        'flex h-full min-w-0 gap-2 rounded-xl border bg-surface p-3',
        state === 'live' ? 'border-emerald-600 shadow-sm' : 'border-line',
        state === 'ended' && 'border-dashed bg-surface-muted',
        compact && 'overflow-hidden p-2',
      )}
    >
      <div className="min-w-0 flex-1">
        <p className="text-xs text-fg-muted">
          <time dateTime={lecture.starts_at}>{formatTime(lecture.starts_at, props.timeZone)}</time>–<time dateTime={lecture.ends_at}>{formatTime(lecture.ends_at, props.timeZone)}</time>
          {hallName && !compact ? ` · ${hallName}` : null}
        </p>
        <h3 className={cn('font-semibold leading-snug', compact && 'line-clamp-2 text-sm')}>
          {href ? (
            <Link to={href} className="hover:underline focus-visible:outline-2" data-testid="program-lecture-link">
              {lecture.title}
            </Link>
          ) : (
            lecture.title
          )}
        </h3>
        {speakers ? <p className={cn('text-sm text-fg-muted', compact && 'truncate text-xs')}>{speakers}</p> : null}
        <div className="mt-1.5 flex flex-wrap items-center gap-1">
          {state === 'live' ? <LiveBadge /> : null}
          {section && !compact ? <Badge>{section}</Badge> : null}
          {lecture.categories.map((category) => (
            <CategoryIcon key={category} category={category} label={props.labels.category(category)} className={compact ? 'size-6' : undefined} />
          ))}
          <Badge tone="brand">
            <abbr title={languageName(lecture.language, i18n.language)} className="no-underline">
              {lecture.language.toUpperCase()}
            </abbr>
            <span className="sr-only">{t('program.language_is', { language: languageName(lecture.language, i18n.language) })}</span>
          </Badge>
        </div>
      </div>
      {props.star ? <div className="-mr-1 -mt-1">{props.star(lecture)}</div> : null}
    </article>
  );
}

function NowLine() {
  const { t } = useTranslation();
  return (
    <li data-testid="program-now" className="flex items-center gap-2 text-xs font-semibold text-red-700 dark:text-red-400">
      <span aria-hidden="true" className="h-0.5 flex-1 bg-red-600" />
      {t('program.now')}
      <span aria-hidden="true" className="h-0.5 flex-1 bg-red-600" />
    </li>
  );
}

/** Phones: the day's lectures one under another, with the "now" line between them. */
function ListView(props: ProgramViewProps) {
  const halls = new Map(props.halls.map((h) => [h.id, h.name]));
  const at = nowIndex(props.lectures, props.now);
  return (
    <ol className="flex flex-col gap-3 md:hidden" data-testid="program-list">
      {props.lectures.map((lecture, index) => (
        <ListItem key={lecture.id} showNow={at === index}>
          <LectureCard lecture={lecture} hallName={halls.get(lecture.hall_id)} compact={false} props={props} />
        </ListItem>
      ))}
      {at === props.lectures.length ? <NowLine /> : null}
    </ol>
  );
}

function ListItem({ showNow, children }: { showNow: boolean; children: ReactNode }) {
  return (
    <>
      {showNow ? <NowLine /> : null}
      <li>{children}</li>
    </>
  );
}

const ROW_HEIGHT = '1.5rem';

/** Wide screens: time down the side, a column per hall; the links go in order of time, then hall. */
function GridView(props: ProgramViewProps) {
  const { t, i18n } = useTranslation();
  const grid = dayGrid(props.lectures, props.day, props.timeZone);
  const column = new Map(props.halls.map((hall, index) => [hall.id, index + 2]));
  const marker = nowPosition(grid, props.now, props.day, props.timeZone);
  const hourLabel = (minutes: number) => `${String(Math.floor(minutes / 60) % 24).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
  const placed = grid.placements.filter((p) => column.has(p.lecture.hall_id)).sort((a, b) => a.row - b.row || (column.get(a.lecture.hall_id) ?? 0) - (column.get(b.lecture.hall_id) ?? 0));
  return (
    // A scrolling region is reachable by keyboard (axe: scrollable-region-focusable).
    <div role="region" aria-label={t('program.grid_label', { day: dayLabel(props.day, i18n.language) })} tabIndex={0} className="hidden overflow-x-auto rounded-2xl border border-line bg-surface-muted focus-visible:outline-2 md:block" data-testid="program-grid">
      <div
        className="relative grid gap-x-2 p-2"
        style={{ gridTemplateColumns: `3.5rem repeat(${props.halls.length}, minmax(11rem, 1fr))`, gridTemplateRows: `auto repeat(${grid.rows}, ${ROW_HEIGHT})` }}
      >
        {props.halls.map((hall, index) => (
          <div key={hall.id} role="heading" aria-level={3} className="sticky top-0 z-10 truncate rounded-lg bg-surface px-2 py-2 text-sm font-bold" style={{ gridColumn: index + 2, gridRow: 1 }} data-testid="program-hall">
            {hall.name}
          </div>
        ))}
        {grid.hours.map((hour) => (
          <div key={hour.minutes} aria-hidden="true" className="-mt-2 border-t border-line pt-0.5 text-xs text-fg-muted" style={{ gridColumn: '1 / -1', gridRow: hour.row + 1 }}>
            {hourLabel(hour.minutes)}
          </div>
        ))}
        {placed.map(({ lecture, row, span }) => (
          <div key={lecture.id} className="z-[1] py-0.5" style={{ gridColumn: column.get(lecture.hall_id), gridRow: `${row + 1} / span ${span}` }}>
            <LectureCard lecture={lecture} hallName={undefined} compact props={props} />
          </div>
        ))}
        {marker !== null ? (
          <div className="pointer-events-none relative z-[2]" style={{ gridColumn: '1 / -1', gridRow: `2 / span ${grid.rows}` }} data-testid="program-now-marker">
            <div className="absolute inset-x-0 flex items-center" style={{ top: `${marker * 100}%` }}>
              <span className="rounded bg-red-600 px-1 text-[10px] font-bold uppercase text-white">{t('program.now')}</span>
              <span className="h-0.5 flex-1 bg-red-600" />
            </div>
          </div>
        ) : null}
      </div>
    </div>
  );
}

export function ProgramView(props: ProgramViewProps) {
  return (
    <>
      <ListView {...props} />
      <GridView {...props} />
    </>
  );
}
