// Reports and bans (product.md section 6; contract.md sections 5, 8, 9: one report per person per
// message per hour). The organiser's view of them is not shown in the spec (docs/decisions.md, Chat).
import { CHAT_REPORT_WINDOW_MS, ChatEvent, ErrorCode, type ChatBan, type ChatBanPayload, type ChatReportItem } from '@lobby/contract';
import { loadAccess, type AccessSource } from '../../access/access.ts';
import { pageMeta } from '../../db/sql.ts';
import { AppError } from '../../http/errors.ts';
import { canModerate } from './policy.ts';
import { presentBan } from './present.ts';
import { activeBans, deleteBan, dismissReports as closeReports, findPeople, insertReport, isEventMember, lastReport, openReports, upsertBan } from './repo.ts';
import { presentMessages } from './channel-view.ts';
import { postNotice, readableMessage, type ChatContext } from './service.ts';

const reportTooMany = () => new AppError(429, ErrorCode.chatReportTooMany, 'You can report a message once an hour.');
const reportAlreadySent = () => new AppError(409, ErrorCode.chatReportAlreadySent, 'You have already reported this message; the moderators will look at it.');

export async function reportMessage(ctx: ChatContext, src: AccessSource, userId: number, messageId: number, reason: string | undefined): Promise<void> {
  const { message, channel } = await readableMessage(ctx, src, userId, messageId);
  if (message.senderId === userId || message.senderId === null) throw new AppError(422, ErrorCode.chatReportFailed, 'You can report only other people\'s messages.');
  const last = await lastReport(ctx.db, messageId, userId);
  if (last && Date.now() - last.createdAt.getTime() < CHAT_REPORT_WINDOW_MS) throw reportTooMany();
  if (last?.open) throw reportAlreadySent();
  // The open-report index keeps one per person and message when two reports race.
  if (!(await insertReport(ctx.db, { eventId: channel.eventId, messageId, reporterId: userId, reason: reason?.trim() ?? '' }))) throw reportAlreadySent();
}

async function requireModerator(src: AccessSource, eventId: number): Promise<void> {
  const [event, access] = await Promise.all([src.activeEvent(eventId), src.get(eventId)]);
  if (!event && !access.isStaff) throw new AppError(404, ErrorCode.eventNotFound, 'This event was not found.');
  if (!canModerate(access.permissions)) throw new AppError(403, ErrorCode.forbidden, 'Only the moderators of this event can do this.');
}

export async function listReports(ctx: ChatContext, src: AccessSource, eventId: number, page: number, perPage: number) {
  await requireModerator(src, eventId);
  const { rows, total } = await openReports(ctx.db, eventId, perPage, (page - 1) * perPage);
  const authorIds = rows.flatMap((row) => (row.message.senderId === null ? [] : [row.message.senderId]));
  const bans = new Map((await activeBans(ctx.db, eventId, authorIds)).map((ban) => [ban.userId, ban]));
  const channelNames = await findPeople(ctx.db, rows.flatMap((row) => [row.channel.pairLow, row.channel.pairHigh, row.channel.ownerId].filter((id): id is number => id !== null)));
  const data: ChatReportItem[] = [];
  for (const row of rows) {
    const [message] = await presentMessages(ctx, row.channel, [row.message]);
    if (!message) continue;
    const ban = row.message.senderId === null ? undefined : bans.get(row.message.senderId);
    const names = [row.channel.pairLow, row.channel.pairHigh, row.channel.ownerId]
      .map((id) => (id === null ? undefined : channelNames.get(id)))
      .filter((person) => person !== undefined)
      .map((person) => `${person.firstName} ${person.lastName}`.trim());
    data.push({
      message,
      channel_name: row.channel.path ?? names.join(', '),
      reports: row.reports,
      reasons: row.reasons ?? [],
      last_reported_at: row.lastAt.toISOString(),
      author_ban: ban ? { until: ban.until.toISOString(), reason: ban.reason } : null,
    });
  }
  return { data, meta: pageMeta(page, perPage, total) };
}

export async function dismissReports(ctx: ChatContext, src: AccessSource, eventId: number, messageId: number): Promise<number> {
  await requireModerator(src, eventId);
  return closeReports(ctx.db, eventId, messageId);
}

export async function listBans(ctx: ChatContext, src: AccessSource, eventId: number): Promise<ChatBan[]> {
  await requireModerator(src, eventId);
  const bans = await activeBans(ctx.db, eventId);
  const people = await findPeople(ctx.db, bans.flatMap((ban) => [ban.userId, ...(ban.bannedBy === null ? [] : [ban.bannedBy])]));
  return bans.map((ban) => presentBan(ban, people, ctx.files));
}

export async function banUser(ctx: ChatContext, src: AccessSource, actorId: number, eventId: number, body: { user_id: number; until: string; reason: string }): Promise<ChatBan> {
  await requireModerator(src, eventId);
  const until = new Date(body.until);
  const invalid = (message: string) => new AppError(422, ErrorCode.chatBanInvalid, message, { fields: [{ field: 'body.until', message, key: 'invalid', params: {} }] });
  if (until.getTime() <= Date.now()) throw invalid('A ban must end in the future.');
  if (body.user_id === actorId) throw invalid('You cannot ban yourself.');
  if (!(await isEventMember(ctx.db, eventId, body.user_id))) throw new AppError(404, ErrorCode.memberNotFound, 'This person is not in this event.');
  if (canModerate((await loadAccess(ctx.db, body.user_id, eventId)).permissions)) throw invalid('Moderators and organisers cannot be banned.');
  const ban = await upsertBan(ctx.db, { eventId, userId: body.user_id, until, reason: body.reason, bannedBy: actorId });
  const payload: ChatBanPayload = { event_id: eventId, ban: { until: ban.until.toISOString(), reason: ban.reason } };
  ctx.realtime.toUsers([body.user_id], ChatEvent.ban, payload);
  await postNotice(ctx, eventId, body.user_id, { title: 'chat_banned', text: `You cannot send messages until ${ban.until.toISOString()}: ${ban.reason}`, until: ban.until.toISOString(), reason: ban.reason });
  const people = await findPeople(ctx.db, [ban.userId, actorId]);
  return presentBan(ban, people, ctx.files);
}

export async function unbanUser(ctx: ChatContext, src: AccessSource, eventId: number, userId: number): Promise<boolean> {
  await requireModerator(src, eventId);
  const deleted = await deleteBan(ctx.db, eventId, userId);
  if (deleted) {
    const payload: ChatBanPayload = { event_id: eventId, ban: null };
    ctx.realtime.toUsers([userId], ChatEvent.ban, payload);
    await postNotice(ctx, eventId, userId, { title: 'chat_unbanned', text: 'You can send messages again.' });
  }
  return deleted;
}
