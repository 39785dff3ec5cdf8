// Showcase-to-deal (product.md sections 3 and 5; docs/decisions.md, Games: jury, polls, publishers,
// expo and media): a publisher's vote, star or poll answer tells the game's developers once, with
// the first time free for both.
import { dealSuggested, type DealCause } from '@lobby/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { FileUrls } from '../../files/urls.ts';
import type { Realtime } from '../../realtime/server.ts';
import { rolesIn } from '../companies/repo.ts';
import { findGame } from '../games/repo.ts';
import { freeTimesBetween } from '../meetings/service.ts';
import { notify } from '../notifications/service.ts';
import { adminsInEvent, memberOf, publisherCompanyOf, recordSuggestion, suggestionExists } from './repo.ts';

/** What telling people needs: the database, signed file addresses, the realtime push and a log. */
export interface Notices {
  db: Db;
  files: FileUrls;
  realtime: Realtime;
  log: Pick<FastifyBaseLogger, 'warn'>;
}

export interface DealSignal {
  eventId: number;
  /** Who voted, starred or answered. */
  userId: number;
  gameId: number;
  cause: DealCause;
}

async function suggest(ctx: Notices, signal: DealSignal): Promise<number> {
  const { db } = ctx;
  const publisher = await publisherCompanyOf(db, signal.userId);
  // Most people are not publishers: one query and done.
  if (!publisher) return 0;
  const [game, sender, already] = await Promise.all([findGame(db, signal.gameId), memberOf(db, signal.eventId, signal.userId), suggestionExists(db, signal.eventId, signal.userId, signal.gameId)]);
  if (!game || !sender) return 0;
  const ownGame = (await rolesIn(db, game.company.id, signal.userId)) !== null;
  if (!dealSuggested({ isPublisher: true, ownGame, alreadySuggested: already })) return 0;
  const developers = (await adminsInEvent(db, signal.eventId, game.company.id)).filter((id) => id !== signal.userId);
  // The primary key decides between concurrent votes and stars: only the call that stored the row tells anyone.
  if (!(await recordSuggestion(db, { eventId: signal.eventId, publisherId: signal.userId, gameId: signal.gameId, cause: signal.cause }))) return 0;
  if (developers.length === 0) return 0;
  const items = await Promise.all(
    developers.map(async (userId) => {
      const [first] = await freeTimesBetween(db, signal.eventId, userId, signal.userId, 1);
      return {
        userId,
        type: 'deal_suggestion' as const,
        eventId: signal.eventId,
        meetingId: null,
        sender,
        dedupeKey: `deal:${signal.eventId}:${signal.userId}:${signal.gameId}:${userId}`,
        data: { game_id: game.game.id, title: game.game.name, company_name: publisher.name, member_id: sender.memberId, cause: signal.cause, ...(first ? { starts_at: first.starts_at } : {}) },
      };
    }),
  );
  return notify(db, ctx.realtime, ctx.files, items);
}

/**
 * Tells the game's company admins who are in the event that a publisher showed interest, once per
 * event, publisher and game. Never fails the vote, star or answer that called it: a failure is
 * logged and answered as 0 people told.
 */
export async function suggestDeal(ctx: Notices, signal: DealSignal): Promise<number> {
  try {
    return await suggest(ctx, signal);
  } catch (error) {
    ctx.log.warn({ err: error, ...signal }, 'showcase-to-deal suggestion failed');
    return 0;
  }
}
