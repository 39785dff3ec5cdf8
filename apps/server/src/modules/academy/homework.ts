// Homework (contract.md section 4; issue 15): a student sends it on an open lesson, a teacher or
// course admin approves or declines it. Each change is posted in the student's lesson chat through
// the chat service (so it is delivered live), and the people concerned are notified and mailed.
import { canReviewHomework, canSubmitHomework, CHAT_TEXT_MAX, ErrorCode, HomeworkStatus, homeworkChatType, type HomeworkInput } from '@lobby/contract';
import type { AccessSource } from '../../access/access.ts';
import { pageMeta } from '../../db/sql.ts';
import { AppError } from '../../http/errors.ts';
import { lessonChannel, sendMessage } from '../chat/service.ts';
import { mailStudent, mailTeachers, notifyStudent } from './homework-news.ts';
import { findHomeworkView, findOwnHomework, homeworkQueue, insertHomework, restoreHomework, resubmitHomework, reviewHomework, unsentUploadsOf, uploadsByKey, type HomeworkRow, type HomeworkView, type QueueFilter } from './homework-repo.ts';
import { learns } from './policy.ts';
import { presentHomework } from './present.ts';
import { refreshStudent } from './progress.ts';
import { proveLessonSkills } from '../vacancies/skills.ts';
import { readerCourse, requireAcademy, visibleLesson, type AcademyCaller, type AcademyContext } from './service.ts';

const homeworkNotFound = () => new AppError(404, ErrorCode.homeworkNotFound, 'This homework was not found.');

async function present(ctx: AcademyContext, views: HomeworkView[]) {
  const uploads = await uploadsByKey(
    ctx.db,
    views.flatMap((view) => view.homework.files),
  );
  return views.map((view) => presentHomework(view, uploads, ctx.files));
}

async function presentOne(ctx: AcademyContext, view: HomeworkView) {
  const [homework] = await present(ctx, [view]);
  if (!homework) throw new Error('homework not presented');
  return homework;
}

/** The reader's own homework on a lesson they may see, or null before the first sending. */
export async function myHomework(ctx: AcademyContext, source: AccessSource, eventId: number, lessonId: number) {
  const caller = await requireAcademy(ctx.db, source, eventId, 'view');
  visibleLesson(await readerCourse(ctx.db, caller), lessonId, { open: false });
  const view = await findOwnHomework(ctx.db, lessonId, caller.userId);
  return { data: view ? await presentOne(ctx, view) : null };
}

const exists = (status: HomeworkStatus) =>
  new AppError(409, ErrorCode.homeworkExists, status === HomeworkStatus.Approved ? 'Your homework on this lesson is approved already.' : 'Your homework is already with the teachers: you can send it again only if it is declined.', {
    status,
  });

/**
 * Stores the sending (insert, or the declined row sent again: one of two sendings at once wins,
 * the other answers 409 academy.homework_exists), then posts it in the lesson chat with its files.
 * When the chat refuses the message, the sending is undone and the chat's answer given.
 */
export async function submitHomework(ctx: AcademyContext, source: AccessSource, eventId: number, lessonId: number, input: HomeworkInput) {
  const caller = await requireAcademy(ctx.db, source, eventId, 'view');
  if (!learns(caller.access.permissions)) throw new AppError(403, ErrorCode.forbidden, 'Only students send homework.');
  const lesson = visibleLesson(await readerCourse(ctx.db, caller), lessonId, { open: true });
  const current = await findOwnHomework(ctx.db, lessonId, caller.userId);
  const verdict = canSubmitHomework(lesson.hasHomework, current?.homework.status ?? null);
  if (verdict === 'no_homework') throw new AppError(409, ErrorCode.noHomework, 'This lesson has no homework.');
  if (verdict !== 'ok' && current) throw exists(current.homework.status);
  const files = [...new Set(input.files ?? [])];
  const usable = await unsentUploadsOf(ctx.db, caller.userId, files);
  const unusable = files.filter((key) => !usable.has(key));
  if (unusable.length > 0) {
    const message = 'An attachment was already sent or is not yours; upload it again.';
    throw new AppError(422, ErrorCode.chatFileLinkFailed, message, { fields: [{ field: 'body.files', message, key: 'invalid', params: {} }], keys: unusable });
  }
  const values = { comment: input.comment ?? '', files };
  const stored = current ? await resubmitHomework(ctx.db, current.homework.id, values) : await insertHomework(ctx.db, { eventId, lessonId, userId: caller.userId, ...values });
  if (!stored) {
    // Another sending of the same student got there first.
    const winner = await findOwnHomework(ctx.db, lessonId, caller.userId);
    throw exists(winner?.homework.status ?? HomeworkStatus.Created);
  }
  try {
    await postInLessonChat(ctx, source, caller, stored, null, { text: values.comment, files, type: homeworkChatType(HomeworkStatus.Created) });
  } catch (error) {
    await restoreHomework(ctx.db, current?.homework ?? null, stored);
    throw error;
  }
  const view = await findOwnHomework(ctx.db, lessonId, caller.userId);
  if (!view) throw homeworkNotFound();
  await mailTeachers(ctx, caller.event, view);
  return { data: await presentOne(ctx, view) };
}

/** A comment may be longer than a chat message: the chat shows its start, the homework keeps it whole. */
export const chatText = (text: string): string => (text.length > CHAT_TEXT_MAX ? `${text.slice(0, CHAT_TEXT_MAX - 1)}…` : text);

/**
 * Posts a homework message in the student's lesson chat: by the student (their own chat, made on
 * first use) or by a reviewer (`studentId`, the student's chat).
 */
async function postInLessonChat(ctx: AcademyContext, source: AccessSource, caller: AcademyCaller, homework: HomeworkRow, studentId: number | null, message: { text: string; files: string[]; type: ReturnType<typeof homeworkChatType> }): Promise<void> {
  const channelId = await lessonChannel(ctx.chat, source, caller.userId, caller.event.id, homework.lessonId, studentId);
  await sendMessage(ctx.chat, source, caller.userId, channelId, { text: chatText(message.text), files: message.files, custom_type: message.type, custom_data: { homework_id: homework.id } });
}

export async function listHomeworks(ctx: AcademyContext, source: AccessSource, eventId: number, filter: QueueFilter, page: number, perPage: number) {
  await requireAcademy(ctx.db, source, eventId, 'admin');
  const { rows, total } = await homeworkQueue(ctx.db, eventId, filter, perPage, (page - 1) * perPage);
  return { data: await present(ctx, rows), meta: pageMeta(page, perPage, total) };
}

/** English fallbacks for a verdict without a comment (the web shows the custom type in the reader's language). */
const VERDICT_TEXT = { [HomeworkStatus.Approved]: 'Homework approved.', [HomeworkStatus.Declined]: 'Homework declined.' } as const;

/**
 * A verdict on work awaiting review: one conditional update, so of two reviewers at once one
 * wins and the other answers 409 academy.homework_reviewed. The student's progress is refreshed
 * at once; the chat message, the notification and the mail follow, and a failure of one of them
 * (a chat ban of the reviewer, a mail that could not be written) is logged without undoing the
 * verdict.
 */
export async function reviewHomeworkCall(ctx: AcademyContext, source: AccessSource, eventId: number, id: number, status: typeof HomeworkStatus.Approved | typeof HomeworkStatus.Declined, comment: string | undefined) {
  const caller = await requireAcademy(ctx.db, source, eventId, 'review');
  const before = await findHomeworkView(ctx.db, eventId, id);
  if (!before) throw homeworkNotFound();
  const reviewed = () => new AppError(409, ErrorCode.homeworkReviewed, 'This homework has already been reviewed.', { status: before.homework.status });
  if (!canReviewHomework(before.homework.status)) throw reviewed();
  const text = comment?.trim() ? comment.trim() : null;
  // An approval proves the lesson's skills (academy-to-hiring) in the same transaction: a verdict
  // never stands without them.
  const row = await ctx.db.transaction(async (tx) => {
    const reviewedRow = await reviewHomework(tx, eventId, id, { status, comment: text, reviewerId: caller.userId });
    if (reviewedRow && status === HomeworkStatus.Approved) await proveLessonSkills(tx, reviewedRow);
    return reviewedRow;
  });
  if (!row) {
    const now = await findHomeworkView(ctx.db, eventId, id);
    throw new AppError(409, ErrorCode.homeworkReviewed, 'This homework has already been reviewed.', { status: now?.homework.status ?? before.homework.status });
  }
  await refreshStudent(ctx.db, eventId, row.userId);
  const steps: [string, () => Promise<unknown>][] = [
    ['chat', () => postInLessonChat(ctx, source, caller, row, row.userId, { text: text ?? VERDICT_TEXT[status], files: [], type: homeworkChatType(status) })],
    ['notification', () => notifyStudent(ctx, caller, before, status, text)],
    ['mail', () => mailStudent(ctx, caller, before, status, text)],
  ];
  for (const [step, run] of steps) {
    try {
      await run();
    } catch (error) {
      ctx.log.warn({ err: error, homeworkId: id, step }, 'homework verdict side effect failed');
    }
  }
  const view = await findHomeworkView(ctx.db, eventId, id);
  if (!view) throw homeworkNotFound();
  return { data: await presentOne(ctx, view) };
}
