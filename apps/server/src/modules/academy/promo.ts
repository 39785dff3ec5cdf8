// The academy's promo messages (issue 15): a course admin's message to the students, posted in the
// academy's promo channel through the chat and, when asked, mailed to every student (by the job
// queue, a batch at a time) with the event's Custom e-mail template or Lobby's own mail.
import { EmailType, ErrorCode, LANGUAGES, MemberRole, type PromoInput, type PromoMessage } from '@lobby/contract';
import { and, asc, desc, eq, gt, sql } from 'drizzle-orm';
import type { AccessSource } from '../../access/access.ts';
import type { Db } from '../../db/client.ts';
import { academyPromoMessages, emailTemplates, eventMembers, users } from '../../db/schema/index.ts';
import { pageMeta } from '../../db/sql.ts';
import { AppError } from '../../http/errors.ts';
import { enqueueJob } from '../../jobs/queue.ts';
import type { JobHandler } from '../../jobs/runner.ts';
import type { MailOverride } from '../../mail/templates.ts';
import { findAcademyPromo } from '../chat/repo.ts';
import { academyPromoChannel, sendMessage } from '../chat/service.ts';
import { findTemplate } from '../emails/repo.ts';
import { languageOf } from './homework-news.ts';
import { findEvent, type AcademyEvent } from './repo.ts';
import { requireAcademy, type AcademyContext } from './service.ts';

type PromoRow = typeof academyPromoMessages.$inferSelect;
type Sender = { id: number; firstName: string; lastName: string } | null;

const programLink = (publicUrl: string, event: AcademyEvent) => `${publicUrl}/events/${encodeURIComponent(event.slug)}/academy/program`;

function present(row: PromoRow, sender: Sender, channelId: string): PromoMessage {
  return {
    id: row.id,
    text: row.text,
    sender: sender ? { uid: sender.id, first_name: sender.firstName, last_name: sender.lastName } : null,
    channel_id: channelId,
    emailed: row.emailed,
    email_template: row.emailTemplateId !== null ? { id: row.emailTemplateId, name: row.emailTemplateName ?? '' } : null,
    recipients: row.recipients,
    created_at: row.createdAt.toISOString(),
  };
}

async function pageOfPromos(ctx: AcademyContext, event: AcademyEvent, page: number, perPage: number) {
  const where = eq(academyPromoMessages.eventId, event.id);
  const [rows, [count]] = await Promise.all([
    ctx.db
      .select({ promo: academyPromoMessages, sender: { id: users.id, firstName: users.firstName, lastName: users.lastName } })
      .from(academyPromoMessages)
      .leftJoin(users, eq(users.id, academyPromoMessages.senderId))
      .where(where)
      .orderBy(desc(academyPromoMessages.createdAt), desc(academyPromoMessages.id))
      .limit(perPage)
      .offset((page - 1) * perPage),
    ctx.db.select({ n: sql<number>`count(*)::int` }).from(academyPromoMessages).where(where),
  ]);
  const channelId = rows.length > 0 ? ((await findAcademyPromo(ctx.db, event.id)())?.id ?? '') : '';
  return { data: rows.map((row) => present(row.promo, row.sender?.id ? row.sender : null, channelId)), meta: pageMeta(page, perPage, count?.n ?? 0) };
}

/** The sent messages for the academy admin (teachers and course admins). */
export async function listPromoMessages(ctx: AcademyContext, source: AccessSource, eventId: number, page: number, perPage: number) {
  const caller = await requireAcademy(ctx.db, source, eventId, 'admin');
  return pageOfPromos(ctx, caller.event, page, perPage);
}

/** The same messages as the course's readers see them on the program page. */
export async function listAcademyNews(ctx: AcademyContext, source: AccessSource, eventId: number, page: number, perPage: number) {
  const caller = await requireAcademy(ctx.db, source, eventId, 'view');
  return pageOfPromos(ctx, caller.event, page, perPage);
}

/** The event's Custom templates, for the picker (the e-mail templates' own calls are the organisers'). */
export async function listPromoTemplates(ctx: AcademyContext, source: AccessSource, eventId: number) {
  await requireAcademy(ctx.db, source, eventId, 'edit');
  const rows = await ctx.db
    .select({ id: emailTemplates.id, name: emailTemplates.name, type_id: emailTemplates.typeId })
    .from(emailTemplates)
    .where(and(eq(emailTemplates.eventId, eventId), eq(emailTemplates.typeId, EmailType.Custom)))
    .orderBy(emailTemplates.name, emailTemplates.id);
  return { data: rows };
}

/** A batch of the course's students after `after` (user id order) with where to mail them; those who turned mail notices off are left out. */
async function studentsToMail(db: Db, eventId: number, after: number, limit: number) {
  return db
    .select({ id: users.id, email: users.email, firstName: users.firstName, language: users.language })
    .from(eventMembers)
    .innerJoin(users, eq(users.id, eventMembers.userId))
    .where(and(eq(eventMembers.eventId, eventId), sql`${MemberRole.CourseStudent} = any(${eventMembers.roleIds})`, eq(users.disableEmailNotifications, false), gt(users.id, after)))
    .orderBy(asc(users.id))
    .limit(limit);
}

async function countStudentsToMail(db: Db, eventId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(eventMembers)
    .innerJoin(users, eq(users.id, eventMembers.userId))
    .where(and(eq(eventMembers.eventId, eventId), sql`${MemberRole.CourseStudent} = any(${eventMembers.roleIds})`, eq(users.disableEmailNotifications, false)));
  return row?.n ?? 0;
}

export const PROMO_MAIL_JOB = 'academy.promo.mail';
const MAIL_BATCH = 100;

/**
 * Mails a promo message to the students, a batch at a time, noting the last one mailed after each
 * batch: a job retried after a failure goes on from there instead of mailing anyone twice.
 */
export function promoMailHandler(deps: { db: Db; mailer: AcademyContext['mailer']; publicUrl: string }): JobHandler {
  return async (job) => {
    const promoId = Number(job.payload.promoId);
    const [promo] = await deps.db.select().from(academyPromoMessages).where(eq(academyPromoMessages.id, promoId)).limit(1);
    if (!promo || !promo.emailed) return;
    const event = await findEvent(deps.db, promo.eventId);
    if (!event) return;
    const template = promo.emailTemplateId === null ? null : await findTemplate(deps.db, promo.eventId, promo.emailTemplateId);
    const link = programLink(deps.publicUrl, event);
    const batch = await studentsToMail(deps.db, promo.eventId, promo.mailedUpTo, MAIL_BATCH);
    for (const student of batch) {
      const language = languageOf(student.language);
      const values = { name: student.firstName, event: event.name, text: promo.text, link };
      // The template chosen when it was sent; one deleted since leaves Lobby's own mail.
      const texts = template && template.typeId === EmailType.Custom ? (template.translations[language] ?? template.translations.en ?? LANGUAGES.map((lang) => template.translations[lang]).find(Boolean)) : undefined;
      const override: MailOverride | undefined = texts ? { subject: texts.subject, body: texts.body, values } : undefined;
      await deps.mailer.send(student.email, { kind: 'academy_promo', ...values }, language, override);
    }
    const last = batch.at(-1);
    if (!last) return;
    await deps.db.update(academyPromoMessages).set({ mailedUpTo: last.id }).where(eq(academyPromoMessages.id, promoId));
    // More students than one batch: the job runs again for the rest.
    return batch.length === MAIL_BATCH ? 'again' : undefined;
  };
}

/**
 * Posts the message in the academy's promo channel (the chat's own checks: a ban, the flood guard)
 * and, when asked, queues its mailing; the template is checked before anything is posted.
 */
export async function sendPromoMessage(ctx: AcademyContext, source: AccessSource, eventId: number, input: PromoInput) {
  const caller = await requireAcademy(ctx.db, source, eventId, 'edit');
  const templateId = input.email ? (input.email_template_id ?? null) : null;
  const template = templateId === null ? null : await findTemplate(ctx.db, eventId, templateId);
  if (templateId !== null && (!template || template.typeId !== EmailType.Custom)) {
    const message = 'Choose one of the event\'s Custom e-mail templates, or Lobby\'s own mail.';
    throw new AppError(422, ErrorCode.promoTemplateInvalid, message, { fields: [{ field: 'body.email_template_id', message, key: 'invalid', params: {} }] });
  }
  const channel = await academyPromoChannel(ctx.db, eventId, caller.userId);
  const sent = await sendMessage(ctx.chat, source, caller.userId, channel.id, { text: input.text });
  const recipients = input.email ? await countStudentsToMail(ctx.db, eventId) : 0;
  const row = await ctx.db.transaction(async (tx) => {
    const [made] = await tx
      .insert(academyPromoMessages)
      .values({ eventId, senderId: caller.userId, text: input.text, messageId: sent.message.id, emailed: input.email, emailTemplateId: template?.id ?? null, emailTemplateName: template?.name ?? null, recipients })
      .returning();
    if (!made) throw new Error('no promo row');
    if (input.email && recipients > 0) await enqueueJob(tx as unknown as Db, PROMO_MAIL_JOB, { promoId: made.id });
    return made;
  });
  if (input.email && recipients > 0) ctx.nudge();
  const [sender] = await ctx.db.select({ id: users.id, firstName: users.firstName, lastName: users.lastName }).from(users).where(eq(users.id, caller.userId)).limit(1);
  return { data: present(row, sender ?? null, channel.id) };
}
