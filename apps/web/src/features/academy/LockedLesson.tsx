import type { LessonLock } from '@lobby/contract';
import { useTranslation } from 'react-i18next';
import { LockIcon } from '../../app/shell/icons.tsx';
import { ButtonLink } from '../../ui/Button.tsx';
import { eventPath } from '../events/context.ts';
import { LockReason } from './LockReason.tsx';

/**
 * A lesson closed to the student (403 academy.lesson_locked): why, instead of an error. Not yet
 * open, with the date it opens in the course timezone (or by the teachers' hand), or blocked by an
 * earlier lesson's homework, with a link to that lesson.
 */
export function LockedLesson({ lock, title, slug, timeZone }: { lock: LessonLock; title: string | null; slug: string; timeZone: string }) {
  const { t } = useTranslation();
  return (
    <section className="flex flex-col items-center gap-4 rounded-2xl border border-line bg-surface px-6 py-10 text-center" data-testid="lesson-locked" data-lock={lock.state}>
      <span aria-hidden="true" className="flex size-14 items-center justify-center rounded-full bg-amber-500/15 text-amber-800 dark:text-amber-300">
        <LockIcon className="size-7" />
      </span>
      <h1 className="text-2xl font-bold tracking-tight break-words">{title ?? t(lock.state === 'blocked' ? 'academy.locked_blocked_title' : 'academy.locked_title')}</h1>
      {title ? <p className="font-semibold">{t(lock.state === 'blocked' ? 'academy.locked_blocked_title' : 'academy.locked_title')}</p> : null}
      <p className="max-w-lg text-fg-muted">
        <LockReason lock={lock} slug={slug} timeZone={timeZone} long />
      </p>
      <ButtonLink to={eventPath(slug, 'academy/program')} variant="secondary">
        {t('academy.to_program')}
      </ButtonLink>
    </section>
  );
}
