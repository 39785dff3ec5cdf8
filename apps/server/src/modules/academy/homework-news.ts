// Who hears of a homework change: the student of a verdict (a homework_status_updated notification
// and a mail), the lesson's teachers of a new sending (a mail, when their member setting asks).
import { HOMEWORK_STATUS_NAMES, HomeworkStatus, LANGUAGES, type Language } from '@lobby/contract';
import { eq } from 'drizzle-orm';
import { users } from '../../db/schema/index.ts';
import type { HomeworkMail } from '../../mail/templates.ts';
import { notify } from '../notifications/service.ts';
import { teachersToTell, type HomeworkView } from './homework-repo.ts';
import { wantsHomeworkMail } from './policy.ts';
import type { AcademyEvent } from './repo.ts';
import type { AcademyCaller, AcademyContext } from './service.ts';

export const languageOf = (value: string | undefined): Language => ((LANGUAGES as readonly string[]).includes(value ?? '') ? (value as Language) : 'en');
const fullName = (person: { firstName: string; lastName: string }) => `${person.firstName} ${person.lastName}`.trim();

/** The lesson page of the event (push routing sends homework_status_updated there too). */
export const lessonLink = (publicUrl: string, event: AcademyEvent, lessonId: number): string => `${publicUrl}/events/${encodeURIComponent(event.slug)}/academy/lesson/${lessonId}`;
const queueLink = (publicUrl: string, event: AcademyEvent): string => `${publicUrl}/events/${encodeURIComponent(event.slug)}/academy-admin/homeworks`;

async function reviewerOf(ctx: AcademyContext, userId: number) {
  const [row] = await ctx.db.select({ id: users.id, firstName: users.firstName, lastName: users.lastName, avatarKey: users.avatarKey, avatarThumbKey: users.avatarThumbKey }).from(users).where(eq(users.id, userId)).limit(1);
  return row ?? null;
}

type Verdict = typeof HomeworkStatus.Approved | typeof HomeworkStatus.Declined;

export async function notifyStudent(ctx: AcademyContext, caller: AcademyCaller, view: HomeworkView, status: Verdict, comment: string | null): Promise<void> {
  await notify(ctx.db, ctx.realtime, ctx.files, [
    {
      userId: view.student.id,
      type: 'homework_status_updated',
      eventId: caller.event.id,
      meetingId: null,
      sender: await reviewerOf(ctx, caller.userId),
      data: {
        event_name: caller.event.name,
        event_slug: caller.event.slug,
        lesson_id: view.lesson.id,
        homework_id: view.homework.id,
        title: view.lesson.title,
        status: HOMEWORK_STATUS_NAMES[status],
        ...(comment ? { reason: comment } : {}),
      },
    },
  ]);
}

/** The verdict mailed to the student, unless they turned mail notices off. */
export async function mailStudent(ctx: AcademyContext, caller: AcademyCaller, view: HomeworkView, status: Verdict, comment: string | null): Promise<void> {
  if (view.student.disableEmailNotifications) return;
  const reviewer = await reviewerOf(ctx, caller.userId);
  const mail: HomeworkMail = {
    kind: status === HomeworkStatus.Approved ? 'homework_approved' : 'homework_declined',
    link: lessonLink(ctx.publicUrl, caller.event, view.lesson.id),
    name: view.student.firstName,
    event: caller.event.name,
    title: view.lesson.title,
    person: reviewer ? fullName(reviewer) : '',
    comment: comment ?? '',
  };
  await ctx.mailer.send(view.student.email, mail, languageOf(view.student.language));
}

/**
 * A new sending mailed to the lesson's teachers whose member setting
 * enable_homework_teacher_notification is on (and who did not turn mail off). A mail that cannot
 * be written is logged: the homework is stored and posted already.
 */
export async function mailTeachers(ctx: AcademyContext, event: AcademyEvent, view: HomeworkView): Promise<number> {
  let sent = 0;
  try {
    const teachers = await teachersToTell(ctx.db, event.id, view.lesson.id);
    for (const teacher of teachers) {
      if (!wantsHomeworkMail(teacher.settings) || teacher.disableEmailNotifications || teacher.userId === view.student.id) continue;
      const mail: HomeworkMail = { kind: 'homework_submitted', link: queueLink(ctx.publicUrl, event), name: teacher.firstName, event: event.name, title: view.lesson.title, person: fullName(view.student), comment: '' };
      await ctx.mailer.send(teacher.email, mail, languageOf(teacher.language));
      sent += 1;
    }
  } catch (error) {
    ctx.log.warn({ err: error, homeworkId: view.homework.id }, 'homework mail to the teachers not written');
  }
  return sent;
}
