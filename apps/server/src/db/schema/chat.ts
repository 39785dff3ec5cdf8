import type { ChatAccess, ChatCustomData, ChatCustomType, ChatEntityType } from '@lobby/contract';
import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { events } from './events.ts';
import { users } from './users.ts';

/**
 * A chat channel of an event (contract.md section 3): a private chat of two people, a person's chat
 * with a company or with a lesson's teachers, a company's promo channel, a person's notices, or the
 * public chat of a page. `last_seq` numbers its messages without gaps (docs/decisions.md, Chat).
 */
export const chatChannels = pgTable(
  'chat_channels',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    access: text('access').$type<ChatAccess>().notNull(),
    entityType: text('entity_type').$type<ChatEntityType>(),
    /** The company (company, promo_company) or the lesson. */
    entityId: integer('entity_id'),
    /** The attendee of a company chat, the student of a lesson chat, the reader of a notices channel. */
    ownerId: integer('owner_id').references(() => users.id, { onDelete: 'cascade' }),
    /** The two people of a private chat, lower id first. */
    pairLow: integer('pair_low').references(() => users.id, { onDelete: 'cascade' }),
    pairHigh: integer('pair_high').references(() => users.id, { onDelete: 'cascade' }),
    /** A public page chat's path. */
    path: text('path'),
    /** Who opened it (limited_chats counts these). */
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    lastSeq: integer('last_seq').notNull().default(0),
    lastMessageId: bigint('last_message_id', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** The last message's time: the channel list's order. */
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('chat_channels_private').on(t.eventId, t.pairLow, t.pairHigh).where(sql`${t.pairLow} is not null`),
    uniqueIndex('chat_channels_owned').on(t.eventId, t.entityType, t.entityId, t.ownerId).where(sql`${t.entityType} in ('company', 'lesson')`),
    uniqueIndex('chat_channels_promo').on(t.eventId, t.entityId).where(sql`${t.entityType} = 'promo_company'`),
    // The academy's promo channel: one per event (a promo channel of no company).
    uniqueIndex('chat_channels_academy_promo').on(t.eventId).where(sql`${t.entityType} = 'promo_company' and ${t.entityId} is null`),
    uniqueIndex('chat_channels_notices').on(t.eventId, t.ownerId).where(sql`${t.access} = 'notifications'`),
    uniqueIndex('chat_channels_page').on(t.eventId, t.path).where(sql`${t.path} is not null`),
    index('chat_channels_event_entity').on(t.eventId, t.entityType, t.entityId),
    index('chat_channels_created_by').on(t.eventId, t.createdBy),
    check('chat_channels_access', sql`${t.access} in ('private', 'public', 'notifications')`),
    check('chat_channels_entity', sql`${t.entityType} is null or ${t.entityType} in ('company', 'promo_company', 'lesson')`),
    check('chat_channels_pair', sql`(${t.pairLow} is null) = (${t.pairHigh} is null) and (${t.pairLow} is null or ${t.pairLow} < ${t.pairHigh})`),
  ],
);

/**
 * The people of a channel and how far each has read. Private and notices channels have their rows
 * from the start; the company side of a company chat, a lesson's teachers and a promo channel's
 * readers get theirs when they first read or write.
 */
export const chatMembers = pgTable(
  'chat_members',
  {
    channelId: uuid('channel_id')
      .notNull()
      .references(() => chatChannels.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    readSeq: integer('read_seq').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.channelId, t.userId] }), index('chat_members_user').on(t.userId)],
);

export const chatMessages = pgTable(
  'chat_messages',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    channelId: uuid('channel_id')
      .notNull()
      .references(() => chatChannels.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    /** null: a notice the platform posted. */
    senderId: integer('sender_id').references(() => users.id, { onDelete: 'set null' }),
    /** The sender's id of the message; the same uuid again stores nothing new. */
    uuid: uuid('uuid').notNull(),
    text: text('text').notNull().default(''),
    customType: text('custom_type').$type<ChatCustomType>(),
    customData: jsonb('custom_data').$type<ChatCustomData>(),
    replyMessageId: bigint('reply_message_id', { mode: 'number' }),
    isVisible: boolean('is_visible').notNull().default(true),
    deletedBy: integer('deleted_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('chat_messages_channel_seq').on(t.channelId, t.seq),
    uniqueIndex('chat_messages_sender_uuid').on(t.senderId, t.uuid),
    check('chat_messages_custom_type', sql`${t.customType} is null or ${t.customType} in ('question', 'important', 'call', 'homework', 'homework_approved', 'homework_declined')`),
  ],
);

/** A file uploaded for the chat; attached to one message when it is sent. */
export const chatUploads = pgTable(
  'chat_uploads',
  {
    key: text('key').primaryKey(),
    uploaderId: integer('uploader_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    messageId: bigint('message_id', { mode: 'number' }).references(() => chatMessages.id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('chat_uploads_message').on(t.messageId), index('chat_uploads_uploader').on(t.uploaderId, t.createdAt)],
);

/** Who may not send in an event's chats until when, and why. */
export const chatBans = pgTable(
  'chat_bans',
  {
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    until: timestamp('until', { withTimezone: true }).notNull(),
    reason: text('reason').notNull(),
    bannedBy: integer('banned_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.eventId, t.userId] })],
);

/** A report of a message; open until a moderator deletes the message or dismisses its reports. */
export const chatReports = pgTable(
  'chat_reports',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    messageId: bigint('message_id', { mode: 'number' })
      .notNull()
      .references(() => chatMessages.id, { onDelete: 'cascade' }),
    reporterId: integer('reporter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reason: text('reason').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('chat_reports_open').on(t.messageId, t.reporterId).where(sql`${t.resolvedAt} is null`),
    index('chat_reports_reporter').on(t.reporterId, t.messageId, t.createdAt),
    index('chat_reports_event_open').on(t.eventId, t.createdAt).where(sql`${t.resolvedAt} is null`),
  ],
);
