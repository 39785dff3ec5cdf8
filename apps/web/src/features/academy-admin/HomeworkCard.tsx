// One homework in the review queue: the student, the lesson, the comment and files, the attempts,
// the last verdict, Approve and Decline while it awaits review, and the student's lesson chat.
import { canReviewHomework, HOMEWORK_STATUS_NAMES, routes, type Homework, type HomeworkStatus } from '@lobby/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { callApi } from '../../api/client.ts';
import { formatDate, formatTime } from '../../lib/format.ts';
import { Badge } from '../../ui/Badge.tsx';
import { Button, buttonClass } from '../../ui/Button.tsx';
import { apiErrorText } from '../auth/api-error.ts';
import { Attachments } from '../chat/Attachments.tsx';
import { eventPath } from '../events/context.ts';
import { DeclineDialog } from './ReviewDialog.tsx';
import { studentName, useApproveHomework } from './review.ts';

const TONES = { 1: 'warning', 2: 'success', 3: 'neutral' } as const;

export function StatusBadge({ status }: { status: HomeworkStatus }) {
  const { t } = useTranslation();
  return <Badge tone={TONES[status]}>{t(`academy_admin.status_${HOMEWORK_STATUS_NAMES[status]}`)}</Badge>;
}

/** The student's lesson chat: its id when the homework knows it, else asked for (created on first use). */
function LessonChatLink({ eventId, slug, homework }: { eventId: number; slug: string; homework: Homework }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const label = t('academy_admin.open_chat_with', { name: studentName(homework) });
  if (homework.chat_id) {
    return (
      <Link to={eventPath(slug, `chats/${homework.chat_id}`)} className={buttonClass('ghost')} aria-label={label} data-testid="homework-chat">
        {t('academy_admin.open_chat')}
      </Link>
    );
  }
  const open = async () => {
    setBusy(true);
    try {
      const answer = await callApi(routes.lessonStudentChatChannel, { params: { eventId, id: homework.lesson_id, other: homework.student.uid } });
      void navigate(eventPath(slug, `chats/${answer.data.chat_id}`));
    } catch (error) {
      toast.error(t('academy_admin.chat_failed', { reason: apiErrorText(t, error) }));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button variant="ghost" onClick={() => void open()} disabled={busy} aria-label={label} data-testid="homework-chat">
      {t('academy_admin.open_chat')}
    </Button>
  );
}

export function HomeworkCard({ eventId, slug, homework, timeZone, reviewer }: { eventId: number; slug: string; homework: Homework; timeZone: string; reviewer: boolean }) {
  const { t } = useTranslation();
  const approve = useApproveHomework(eventId);
  const [declining, setDeclining] = useState(false);
  const name = studentName(homework) || t('academy_admin.no_name');
  const headingId = `homework-${homework.id}`;
  const open = reviewer && canReviewHomework(homework.status);
  return (
    <article aria-labelledby={headingId} className="flex flex-col gap-3 rounded-2xl border border-line bg-surface p-4" data-testid="homework-item" data-status={homework.status}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 id={headingId} className="text-base font-semibold">
            {name}
            {homework.student.email ? <span className="ms-2 break-all text-sm font-normal text-fg-muted">{homework.student.email}</span> : null}
          </h3>
          <p className="text-sm text-fg-muted">
            {t('academy_admin.homework_lesson', { lesson: homework.lesson.short_description })} · {t('academy_admin.attempts', { count: homework.attempts })} ·{' '}
            {t('academy_admin.sent_at', { date: formatDate(homework.updated_at, timeZone), time: formatTime(homework.updated_at, timeZone) })}
          </p>
        </div>
        <StatusBadge status={homework.status} />
      </div>
      {homework.comment ? <p className="whitespace-pre-wrap break-words text-sm">{homework.comment}</p> : <p className="text-sm text-fg-muted">{t('academy_admin.no_comment')}</p>}
      {homework.files.length > 0 ? (
        <div>
          <p className="text-sm font-semibold">{t('academy_admin.files', { count: homework.files.length })}</p>
          <Attachments attachments={homework.files} />
        </div>
      ) : null}
      {homework.review_comment ? (
        <p className="rounded-xl bg-surface-muted px-3 py-2 text-sm" data-testid="homework-review-comment">
          <span className="font-semibold">{t('academy_admin.review_comment')}: </span>
          <span className="whitespace-pre-wrap">{homework.review_comment}</span>
        </p>
      ) : null}
      <div className="flex flex-wrap items-center gap-2">
        {open ? (
          <>
            <Button onClick={() => approve.mutate(homework)} disabled={approve.isPending} aria-label={t('academy_admin.approve_of', { name })} data-testid="homework-approve">
              {t('academy_admin.approve')}
            </Button>
            <Button variant="secondary" onClick={() => setDeclining(true)} aria-label={t('academy_admin.decline_of', { name })} data-testid="homework-decline">
              {t('academy_admin.decline')}
            </Button>
          </>
        ) : null}
        <LessonChatLink eventId={eventId} slug={slug} homework={homework} />
      </div>
      {declining ? <DeclineDialog eventId={eventId} homework={homework} onClose={() => setDeclining(false)} /> : null}
    </article>
  );
}
