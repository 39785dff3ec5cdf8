import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Every mail Lobby sends. `stored`: no SMTP configured, readable in the local mailbox; `queued`:
 * a delivery job will send it; `sent`; `failed` after the last retry.
 */
export const outbox = pgTable(
  'outbox',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    toEmail: text('to_email').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    kind: text('kind').notNull(),
    language: text('language').notNull(),
    status: text('status').$type<'stored' | 'queued' | 'sent' | 'failed'>().notNull(),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    messageId: text('message_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [index('outbox_to').on(t.toEmail), index('outbox_created').on(t.createdAt)],
);
