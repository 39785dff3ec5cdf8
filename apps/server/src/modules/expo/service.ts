// The publishers pavilion, the expo hall, the Media page, starred games and deal suggestions
// (product.md sections 2, 3 and 6; docs/decisions.md, Games: jury, polls, publishers, expo and media).
import { DEAL_SLOTS, ErrorCode, type Booth, type DealSuggestion, type GameCard, type Language, type Publisher, type TicketKind } from '@lobby/contract';
import { upgradeOffer, type AccessSource, type EventAccess } from '../../access/access.ts';
import type { Db } from '../../db/client.ts';
import { pageMeta } from '../../db/sql.ts';
import { AppError } from '../../http/errors.ts';
import { labelsOf, loadDictionaries } from '../dictionaries/service.ts';
import { gameCards, requireGame, type GamesContext } from '../games/service.ts';
import { freeTimesBetween } from '../meetings/service.ts';
import { listTicketTypes } from '../members/repo.ts';
import { suggestDeal, type Notices } from './deals.ts';
import { hallAccess, pavilionAccess, pickContacts, type ExpoReader } from './policy.ts';
import { listPressKit } from './press-kit.ts';
import { presentBooth, presentHead, presentItem, presentPerson, presentPublisher } from './present.ts';
import { eventCompanyHeads, eventPeopleOf, gamesOfCompanies, mediaPartnersOf, memberOf, publisherCompanyOf, star, starredGames, suggestionsFor, unstar, type PersonRow } from './repo.ts';

export type ExpoContext = GamesContext & { notices: Notices };

const BOOTH_GAMES = 6;
const CONTACTS = 3;
const SUGGESTIONS_LISTED = 50;

const readerOf = (access: EventAccess): ExpoReader => ({
  signedIn: access.userId !== null,
  isMember: access.member !== null,
  ticketKind: (access.ticketType?.kind as TicketKind | undefined) ?? null,
  permissions: access.permissions,
});

/**
 * 404 for an unknown or inactive event; 401 for guests; 403 for people outside the event, and 403
 * section.locked (with whether a business pass opens it) where the ticket does not open the section.
 */
export async function openExpo(db: Db, source: AccessSource, eventId: number, gate: 'hall' | 'publishers' | 'media'): Promise<EventAccess> {
  const [event, access] = await Promise.all([source.activeEvent(eventId), source.get(eventId)]);
  if (!event) throw new AppError(404, ErrorCode.eventNotFound, `Event ${eventId} was not found.`);
  const reader = readerOf(access);
  let verdict = gate === 'hall' ? hallAccess(reader) : pavilionAccess(gate, reader);
  if (verdict === 'sign_in') throw new AppError(401, ErrorCode.unauthorized, 'Sign in to see the expo of this event.');
  if (verdict === 'not_member') throw new AppError(403, ErrorCode.forbidden, "Only the event's members can see its expo.");
  if (verdict === 'unavailable' && gate !== 'hall') {
    const offer = upgradeOffer(await listTicketTypes(db, eventId), access.ticketType);
    if (offer && pavilionAccess(gate, { ...reader, permissions: offer.grants, ticketKind: 'business' }) === 'ok') verdict = 'upgrade';
  }
  if (verdict !== 'ok') throw new AppError(403, ErrorCode.sectionLocked, `Your ticket does not open the ${gate} section of this event.`, { section: gate, access: verdict });
  return access;
}

/** Up to three people of each company who are in the event, admins first. */
function contactsBy(people: readonly PersonRow[], ctx: GamesContext): Map<number, ReturnType<typeof presentPerson>[]> {
  const byCompany = new Map<number, PersonRow[]>();
  for (const person of people) byCompany.set(person.companyId, [...(byCompany.get(person.companyId) ?? []), person]);
  return new Map([...byCompany].map(([companyId, rows]) => [companyId, pickContacts(rows, CONTACTS).map((row) => presentPerson(row, ctx.files))]));
}

export async function listPublishers(
  ctx: GamesContext,
  source: AccessSource,
  eventId: number,
  f: { lookingFor?: number[] | undefined; genres?: string[] | undefined; query?: string | undefined; page: number; perPage: number },
  language: Language,
) {
  await openExpo(ctx.db, source, eventId, 'publishers');
  const { rows, total } = await eventCompanyHeads(ctx.db, eventId, { publishers: true, ...f });
  const ids = rows.map((row) => row.company.id);
  const [people, dictionaries] = await Promise.all([eventPeopleOf(ctx.db, eventId, ids), loadDictionaries(ctx.db, eventId)]);
  const contacts = contactsBy(people, ctx);
  const data: Publisher[] = rows.map((row) =>
    presentPublisher(row, { lookingFor: labelsOf(dictionaries, 'publisher.looking_for', language, row.company.publisherLookingFor), contacts: contacts.get(row.company.id) ?? [] }, ctx.files),
  );
  return { data, meta: pageMeta(f.page, f.perPage, total) };
}

export async function listBooths(ctx: GamesContext, source: AccessSource, eventId: number, f: { tiers?: number[] | undefined; query?: string | undefined; page: number; perPage: number }) {
  await openExpo(ctx.db, source, eventId, 'hall');
  const { rows, total } = await eventCompanyHeads(ctx.db, eventId, { booths: true, ...f });
  const ids = rows.map((row) => row.company.id);
  const [people, gameRows] = await Promise.all([eventPeopleOf(ctx.db, eventId, ids), gamesOfCompanies(ctx.db, ids, BOOTH_GAMES)]);
  const [contacts, cards] = [contactsBy(people, ctx), await gameCards(ctx, gameRows)];
  const gamesBy = new Map<number, GameCard[]>();
  gameRows.forEach((gameRow, index) => {
    const card = cards[index];
    if (card) gamesBy.set(gameRow.company.id, [...(gamesBy.get(gameRow.company.id) ?? []), card]);
  });
  const data: Booth[] = rows.map((row) => presentBooth(row, { games: gamesBy.get(row.company.id) ?? [], contacts: contacts.get(row.company.id) ?? [] }, ctx.files));
  return { data, meta: pageMeta(f.page, f.perPage, total) };
}

export async function mediaPage(ctx: GamesContext, source: AccessSource, eventId: number) {
  await openExpo(ctx.db, source, eventId, 'media');
  const [partners, items] = await Promise.all([mediaPartnersOf(ctx.db, eventId), listPressKit(ctx.db, eventId)]);
  return { partners: partners.map((row) => presentHead(row, ctx.files)), press_kit: items.map(presentItem) };
}

// Starred games ------------------------------------------------------------------------------

export async function favoriteGames(ctx: GamesContext, source: AccessSource, eventId: number) {
  const access = await openExpo(ctx.db, source, eventId, 'hall');
  return gameCards(ctx, await starredGames(ctx.db, access.userId ?? 0));
}

/** Stars a game (a publisher's star suggests a meeting to its developers, once) or takes the star back. */
export async function setFavorite(ctx: ExpoContext, source: AccessSource, eventId: number, gameId: number, favorite: boolean) {
  const access = await openExpo(ctx.db, source, eventId, 'hall');
  await requireGame(ctx.db, gameId);
  const userId = access.userId ?? 0;
  if (favorite) {
    await star(ctx.db, userId, gameId);
    await suggestDeal(ctx.notices, { eventId, userId, gameId, cause: 'favorite' });
  } else {
    await unstar(ctx.db, userId, gameId);
  }
  return { game_id: gameId, favorite };
}

// Showcase-to-deal ---------------------------------------------------------------------------

/** Suggestions about the reader's companies' games, newest first, each with up to DEAL_SLOTS times free for both. */
export async function dealSuggestions(ctx: GamesContext, source: AccessSource, eventId: number): Promise<DealSuggestion[]> {
  const access = await openExpo(ctx.db, source, eventId, 'hall');
  const readerId = access.userId ?? 0;
  const rows = await suggestionsFor(ctx.db, eventId, readerId, SUGGESTIONS_LISTED);
  const listed = await Promise.all(
    rows.map(async (row) => {
      const [person, company, slots] = await Promise.all([
        memberOf(ctx.db, eventId, row.suggestion.publisherId),
        publisherCompanyOf(ctx.db, row.suggestion.publisherId),
        freeTimesBetween(ctx.db, eventId, readerId, row.suggestion.publisherId, DEAL_SLOTS),
      ]);
      if (!person) return null;
      return {
        publisher: presentPerson({ ...person, userId: person.id }, ctx.files),
        company: company ? { id: company.id, name: company.name, logo_url: ctx.files.url(company.logoKey) } : null,
        game: { id: row.game.id, name: row.game.name },
        cause: row.suggestion.cause,
        slots: slots.map((slot) => ({ starts_at: slot.starts_at, ends_at: slot.ends_at, location_id: slot.location_id })),
        created_at: row.suggestion.createdAt.toISOString(),
      };
    }),
  );
  return listed.filter((entry): entry is DealSuggestion => entry !== null);
}
