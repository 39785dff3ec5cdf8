import type { Lesson, LessonSummary } from '@lobby/contract';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { Badge } from '../../ui/Badge.tsx';
import { Skeleton } from '../../ui/Skeleton.tsx';
import { eventPath } from '../events/context.ts';
import { PageRenderer, shownBlocks } from '../pages/PageRenderer.tsx';
import { lessonDates, tabOf, teacherNames, zoneName, type LessonTab } from './academy-view.ts';
import { HomeworkTab } from './HomeworkTab.tsx';
import { HomeworkBadge } from './ModuleCard.tsx';
import { Rating } from './Rating.tsx';
import { panelId, tabId, Tabs, type TabItem } from './Tabs.tsx';

const LessonChat = lazy(() => import('./LessonChat.tsx'));

interface Neighbour {
  id: number;
  /** From the program, when it has loaded: the title and whether it is open. */
  lesson: LessonSummary | null;
}

function NeighbourLink({ slug, neighbour, direction }: { slug: string; neighbour: Neighbour; direction: 'previous' | 'next' }) {
  const { t } = useTranslation();
  return (
    <Link
      to={eventPath(slug, `academy/lesson/${neighbour.id}`)}
      rel={direction === 'previous' ? 'prev' : 'next'}
      className={`flex min-h-11 min-w-0 flex-1 flex-col justify-center rounded-xl border border-line bg-surface px-4 py-2 hover:bg-surface-muted sm:max-w-[48%] ${direction === 'next' ? 'items-end text-right sm:ml-auto' : ''}`}
      data-testid={`lesson-${direction}`}
    >
      <span className="text-xs font-semibold text-fg-muted">
        {direction === 'previous' ? '← ' : ''}
        {t(direction === 'previous' ? 'academy.previous' : 'academy.next')}
        {direction === 'next' ? ' →' : ''}
      </span>
      {neighbour.lesson ? <span className="max-w-full truncate font-semibold">{neighbour.lesson.short_description}</span> : null}
    </Link>
  );
}

/** A lesson open to the reader: its head, the tabs (Lesson, Homework when it has some, Chat) and the neighbours. */
export function LessonView({ eventId, slug, lesson, student, moduleBlocks, previous, next }: { eventId: number; slug: string; lesson: Lesson; student: boolean; moduleBlocks: boolean; previous: Neighbour | null; next: Neighbour | null }) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const tab = tabOf(params.get('tab'), lesson.has_homework);
  // The chat's panel stays mounted once opened, so going back to it keeps the conversation where it was.
  const [chatOpened, setChatOpened] = useState(tab === 'chat');
  const select = (key: LessonTab) => {
    if (key === 'chat') setChatOpened(true);
    setParams(
      (current) => {
        const nextParams = new URLSearchParams(current);
        if (key === 'lesson') nextParams.delete('tab');
        else nextParams.set('tab', key);
        return nextParams;
      },
      { replace: true },
    );
  };
  const items: TabItem<LessonTab>[] = [
    { key: 'lesson', label: t('academy.tab_lesson') },
    ...(lesson.has_homework ? [{ key: 'homework' as const, label: t('academy.tab_homework') }] : []),
    { key: 'chat', label: t('academy.tab_chat') },
  ];
  const dates = lessonDates(lesson.start_date, lesson.end_date, lesson.timezone);
  const required = lesson.has_homework && (lesson.blocked_homework || moduleBlocks);
  const idBase = `lesson-${lesson.id}`;
  const panel = (key: LessonTab) => ({ role: 'tabpanel', id: panelId(idBase, key), 'aria-labelledby': tabId(idBase, key), hidden: tab !== key, tabIndex: 0, 'data-testid': `lesson-panel-${key}` }) as const;
  return (
    <article className="flex flex-col gap-5" data-testid="lesson-view">
      <header className="flex flex-col gap-2">
        <p className="text-sm font-semibold text-brand-ink" data-testid="lesson-module">
          {lesson.module.short_description}
        </p>
        <h1 className="text-2xl font-bold tracking-tight break-words sm:text-3xl" data-testid="lesson-title">
          {lesson.short_description}
        </h1>
        {dates ? (
          <p className="text-sm text-fg-muted" data-testid="lesson-dates">
            {t(dates.key, dates.values)} <span className="whitespace-nowrap">({zoneName(lesson.timezone, new Date(lesson.start_date ?? lesson.end_date ?? Date.now()))})</span>
          </p>
        ) : null}
        {lesson.teachers.length > 0 ? (
          <p className="text-sm text-fg-muted" data-testid="lesson-teachers">
            {t('academy.teachers', { names: teacherNames(lesson.teachers), count: lesson.teachers.length })}
          </p>
        ) : null}
        <div className="flex flex-wrap gap-1.5">
          {lesson.has_homework ? <Badge tone="brand">{t('academy.has_homework')}</Badge> : null}
          {required ? <Badge tone="warning">{t('academy.blocking')}</Badge> : null}
          {lesson.homework_status !== null ? <HomeworkBadge status={lesson.homework_status} /> : null}
        </div>
      </header>
      <Tabs idBase={idBase} label={t('academy.tabs_label')} items={items} value={tab} onChange={select} />
      <div {...panel('lesson')} className="flex flex-col gap-6 outline-none">
        {shownBlocks(lesson.content).length > 0 ? (
          <PageRenderer content={lesson.content} />
        ) : (
          <p className="text-fg-muted" data-testid="lesson-empty">
            {t('academy.lesson_empty')}
          </p>
        )}
        <Rating eventId={eventId} lessonId={lesson.id} canRate={student} />
      </div>
      {lesson.has_homework ? (
        <div {...panel('homework')} className="outline-none">
          <HomeworkTab eventId={eventId} slug={slug} lesson={lesson} student={student} />
        </div>
      ) : null}
      <div {...panel('chat')} className="outline-none">
        {!student ? (
          <p className="rounded-xl bg-surface-muted p-4 text-sm" data-testid="lesson-chat-staff">
            {t('academy.chat_staff_note')}{' '}
            <Link to={eventPath(slug, 'academy-admin/homeworks')} className="font-semibold text-brand-ink underline">
              {t('academy.homework_staff_link')}
            </Link>
          </p>
        ) : chatOpened || tab === 'chat' ? (
          <Suspense fallback={<Skeleton className="h-96" />}>
            <LessonChat eventId={eventId} lessonId={lesson.id} slug={slug} />
          </Suspense>
        ) : null}
      </div>
      {previous || next ? (
        <nav aria-label={t('academy.neighbours')} className="flex flex-col gap-3 border-t border-line pt-5 sm:flex-row">
          {previous ? <NeighbourLink slug={slug} neighbour={previous} direction="previous" /> : null}
          {next ? <NeighbourLink slug={slug} neighbour={next} direction="next" /> : null}
        </nav>
      ) : null}
    </article>
  );
}
