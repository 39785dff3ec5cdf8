import type { Language } from '@lobby/contract';
import { eq } from 'drizzle-orm';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Db } from '../db/client.ts';
import { outbox } from '../db/schema/index.ts';
import type { JobHandler } from '../jobs/runner.ts';
import { enqueueJob } from '../jobs/queue.ts';
import { renderMail, renderOverride, type MailOverride, type MailTemplate } from './templates.ts';

export const DELIVER_MAIL = 'mail.deliver';

/**
 * Every mail is written to the outbox. With SMTP configured, a delivery job is queued in the same
 * transaction, so a crash between "saved" and "sent" loses nothing: the job runs again.
 */
export class Mailer {
  constructor(
    private readonly db: Db,
    private readonly smtpConfigured: boolean,
    private readonly onQueued: () => void = () => {},
  ) {}

  /** Writes a mail; with an override (the event's e-mail template) its text replaces the built-in one. */
  async send(to: string, template: MailTemplate, language: Language, override?: MailOverride): Promise<number> {
    const rendered = override ? renderOverride(override, language) : renderMail(template, language);
    const id = await this.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(outbox)
        .values({ toEmail: to, subject: rendered.subject, text: rendered.text, html: rendered.html, kind: template.kind, language, status: this.smtpConfigured ? 'queued' : 'stored' })
        .returning({ id: outbox.id });
      if (!row) throw new Error('no outbox row');
      if (this.smtpConfigured) await enqueueJob(tx, DELIVER_MAIL, { outboxId: row.id });
      return row.id;
    });
    if (this.smtpConfigured) this.onQueued();
    return id;
  }
}

/** The job that hands one outbox mail to SMTP; throwing makes the runner retry with back-off. */
export function mailDeliveryHandler(db: Db, smtpUrl: string, from: string): JobHandler {
  let transport: Transporter | undefined;
  return async (job) => {
    const outboxId = Number(job.payload.outboxId);
    const [mail] = await db.select().from(outbox).where(eq(outbox.id, outboxId)).limit(1);
    if (!mail || mail.status === 'sent') return;
    transport ??= nodemailer.createTransport(smtpUrl);
    try {
      const info = await transport.sendMail({ from, to: mail.toEmail, subject: mail.subject, text: mail.text, html: mail.html });
      await db.update(outbox).set({ status: 'sent', sentAt: new Date(), messageId: String(info.messageId ?? ''), attempts: job.attempts, lastError: null }).where(eq(outbox.id, outboxId));
    } catch (error) {
      const last = job.attempts >= job.maxAttempts;
      await db
        .update(outbox)
        .set({ status: last ? 'failed' : 'queued', attempts: job.attempts, lastError: error instanceof Error ? error.message : String(error) })
        .where(eq(outbox.id, outboxId));
      throw error;
    }
  };
}
