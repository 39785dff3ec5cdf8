import type { LessonLock } from '@lobby/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { eventPath } from '../events/context.ts';
import { aroundLink, courseDateTime, LINK_MARK, zoneName } from './academy-view.ts';

/**
 * Why a lesson is closed, in one sentence: not yet open with the date it opens in the course
 * timezone (or by the teachers' hand), or blocked by an earlier lesson's homework, linked.
 */
export function LockReason({ lock, slug, timeZone, long = false }: { lock: LessonLock; slug: string; timeZone: string; long?: boolean }) {
  const { t } = useTranslation();
  if (lock.state === 'open') return null;
  if (lock.state === 'not_yet_open') {
    const text = lock.opens_at
      ? t(long ? 'academy.locked_opens_at' : 'academy.lock_opens_at', { date: courseDateTime(lock.opens_at, timeZone), zone: zoneName(timeZone, new Date(lock.opens_at)) })
      : t(long ? 'academy.locked_by_hand' : 'academy.lock_by_hand');
    return <span data-testid="lock-not-yet-open">{text}</span>;
  }
  const blocker = lock.blocked_by;
  if (!blocker) return <span data-testid="lock-blocked">{t('academy.lock_blocked_unknown')}</span>;
  const { before, after } = aroundLink(t(long ? 'academy.locked_blocked' : 'academy.lock_blocked', { lesson: LINK_MARK }));
  return (
    <span data-testid="lock-blocked">
      {before}
      <Link to={eventPath(slug, `academy/lesson/${blocker.id}`)} className="font-semibold text-brand-ink underline" data-testid="lock-blocked-link">
        {blocker.short_description}
      </Link>
      {after}
    </span>
  );
}
