import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { asc, eq } from 'drizzle-orm';
import type { FileStore } from '../../files/store.ts';
import type { Db } from '../client.ts';
import { companies, companyUsers, eventMembers, games, media, showcaseCategories, showcaseRequests, showcases, showcaseVotes, ticketTypes, users } from '../schema/index.ts';
import { demoAttendeeVote, demoEntries, demoGameMaterials, demoGames, SHOWCASE_CATEGORIES, type DemoGame } from './games-data.ts';
import { COMPANY_NAMES } from './people-data.ts';
import type { SeededEvents } from './people.ts';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const COVER = { width: 480, height: 270 };
const ICON = 128;

export interface StoredPicture {
  category: 'icon' | 'cover' | 'screenshot';
  key: string;
  mimeType: string;
  size: number;
  sort: number;
}

/** Stored pictures of each demo game, by game key. */
export type GamePictures = Map<string, StoredPicture[]>;

const escapeXml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const FONT = 'DejaVu Sans, Liberation Sans, Arial, sans-serif';

function gradient(id: string, [from, to]: [string, string]): string {
  return `<linearGradient id="${id}" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient>`;
}

/** A 16:9 cover: the game's colours, a planet and hills, its name and developer. */
function coverSvg(game: DemoGame, index: number): string {
  const { width: w, height: h } = COVER;
  const cx = 300 + ((index * 53) % 140);
  const size = game.name.length > 14 ? 30 : 38;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}"><defs>${gradient('g', game.colors)}</defs>
<rect width="${w}" height="${h}" fill="url(#g)"/>
<circle cx="${cx}" cy="${80 + (index % 4) * 12}" r="${48 + (index % 5) * 8}" fill="#ffffff" fill-opacity="0.18"/>
<path d="M0 ${h - 70} Q ${w * 0.25} ${h - 120} ${w * 0.5} ${h - 80} T ${w} ${h - 95} V ${h} H 0 Z" fill="#000000" fill-opacity="0.28"/>
<text x="24" y="${h - 58}" font-family="${FONT}" font-size="${size}" font-weight="700" fill="#ffffff">${escapeXml(game.name)}</text>
<text x="26" y="${h - 28}" font-family="${FONT}" font-size="16" fill="#ffffff" fill-opacity="0.85">${escapeXml(game.developer)}</text></svg>`;
}

/** A square icon with the initials of the game's name. */
function iconSvg(game: DemoGame): string {
  const initials = game.name
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word[0]?.toUpperCase() ?? '')
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${ICON}" height="${ICON}" viewBox="0 0 ${ICON} ${ICON}"><defs>${gradient('g', game.colors)}</defs>
<rect width="${ICON}" height="${ICON}" rx="24" fill="url(#g)"/>
<text x="50%" y="58%" text-anchor="middle" dominant-baseline="middle" font-family="${FONT}" font-size="52" font-weight="700" fill="#ffffff">${escapeXml(initials)}</text></svg>`;
}

/** A "screenshot": a scene of blocks under the game's sky with a status bar. */
function screenshotSvg(game: DemoGame, position: number): string {
  const { width: w, height: h } = COVER;
  const blocks = Array.from({ length: 6 }, (_, i) => {
    const x = (i * 83 + position * 37) % (w - 60);
    const bh = 40 + ((i * 29 + position * 17) % 90);
    return `<rect x="${x}" y="${h - 40 - bh}" width="${50 + ((i * 13) % 30)}" height="${bh}" rx="6" fill="#ffffff" fill-opacity="${0.12 + (i % 3) * 0.08}"/>`;
  }).join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}"><defs>${gradient('g', [game.colors[1], game.colors[0]])}</defs>
<rect width="${w}" height="${h}" fill="url(#g)"/>${blocks}
<rect y="${h - 40}" width="${w}" height="40" fill="#000000" fill-opacity="0.45"/>
<text x="16" y="${h - 14}" font-family="${FONT}" font-size="16" fill="#ffffff">${escapeXml(game.name)} · ${position + 1}</text></svg>`;
}

/**
 * The pictures the production build renders beside main.js (make-template.ts): a first start copies
 * them into the file store instead of rendering 90 pictures with libvips while it seeds.
 */
export const bundledGamePictures = fileURLToPath(new URL('./demo-pictures', import.meta.url));
const PICTURES_MANIFEST = 'pictures.json';

type PutPicture = (key: string, data: Buffer, mimeType: string) => Promise<void>;

/** Renders every demo game's icon, cover and screenshots (small PNG and JPEG pictures), handing each file to `put`. */
async function renderGamePictures(put: PutPicture): Promise<GamePictures> {
  // Loaded only here, as in uploads: libvips costs memory an idle server need not pay.
  const { default: sharp } = await import('sharp');
  const render = async (svg: string, kind: 'png' | 'jpeg', category: StoredPicture['category'], sort: number): Promise<StoredPicture> => {
    const image = sharp(Buffer.from(svg));
    const data = kind === 'png' ? await image.png({ compressionLevel: 6 }).toBuffer() : await image.jpeg({ quality: 78 }).toBuffer();
    const key = `demo-game-${createHash('sha256').update(data).digest('base64url').slice(0, 22)}.${kind === 'png' ? 'png' : 'jpg'}`;
    const mimeType = kind === 'png' ? 'image/png' : 'image/jpeg';
    await put(key, data, mimeType);
    return { category, key, mimeType, size: data.length, sort };
  };
  // One picture at a time on one libvips thread with no operation cache: the server that seeds
  // keeps serving afterwards, and every thread's malloc arena would stay in its resident memory.
  const threads = sharp.concurrency();
  sharp.concurrency(1);
  sharp.cache(false);
  const entries = new Map<string, StoredPicture[]>();
  try {
    for (const [index, game] of demoGames.entries()) {
      const pictures = [await render(iconSvg(game), 'png', 'icon', 0), await render(coverSvg(game, index), 'jpeg', 'cover', 0)];
      for (let position = 0; position < game.screenshots; position += 1) pictures.push(await render(screenshotSvg(game, position), 'jpeg', 'screenshot', position));
      entries.set(game.key, pictures);
    }
  } finally {
    sharp.concurrency(threads);
  }
  return entries;
}

/** The build's rendered pictures in `folder`, or null when there are none for every demo game. */
function readRenderedPictures(folder: string): GamePictures | null {
  const manifest = join(folder, PICTURES_MANIFEST);
  if (!existsSync(manifest)) return null;
  const entries = new Map(JSON.parse(readFileSync(manifest, 'utf8')) as [string, StoredPicture[]][]);
  return demoGames.every((game) => entries.has(game.key)) ? entries : null;
}

/**
 * Stores every demo game's pictures in the app's file store: the build's rendered files when
 * they are there (`rendered`), otherwise rendered now. Keys name the content, so seeding again
 * writes the same files.
 */
export async function storeGamePictures(files: FileStore, rendered = bundledGamePictures): Promise<GamePictures> {
  const ready = readRenderedPictures(rendered);
  if (!ready) return renderGamePictures((key, data, mimeType) => files.put(key, data, mimeType));
  for (const picture of [...ready.values()].flat()) await files.put(picture.key, readFileSync(join(rendered, picture.key)), picture.mimeType);
  return ready;
}

/** Renders the demo games' pictures into `folder` with their manifest (the production build). */
export async function writeGamePictures(folder: string): Promise<void> {
  rmSync(folder, { recursive: true, force: true });
  mkdirSync(folder, { recursive: true });
  const entries = await renderGamePictures(async (key, data) => writeFileSync(join(folder, key), data));
  // The manifest last: a folder without it is never used.
  writeFileSync(join(folder, PICTURES_MANIFEST), JSON.stringify([...entries]));
}

const dateOf = (at: number) => new Date(at).toISOString().slice(0, 10);

/**
 * Thirty-two games of the demo companies with their pictures, and the summit's showcase: four
 * categories, submissions open, voting open around the moment of seeding; fifteen accepted
 * entries with votes of members whose ticket has game_poll (never for their own company's game,
 * one per person per category), three pending and one rejected.
 */
export async function seedGames(tx: Tx, seeded: SeededEvents, now: number, pictures: GamePictures | null): Promise<void> {
  const summit = seeded.eventId.get('lobby-summit');
  if (summit === undefined) return;
  const companyRows = await tx.select({ id: companies.id, name: companies.name }).from(companies).orderBy(asc(companies.id));
  const companyByName = new Map(companyRows.map((row) => [row.name, row.id]));
  const companyOf = (game: DemoGame) => companyByName.get(COMPANY_NAMES[game.company] ?? '');

  // Each company's admin creates its games and submits them to the showcase.
  const staff = await tx.select({ companyId: companyUsers.companyId, userId: companyUsers.userId, roles: companyUsers.roles }).from(companyUsers).orderBy(asc(companyUsers.companyId), asc(companyUsers.userId));
  const members = await tx
    .select({ userId: eventMembers.userId, features: ticketTypes.features, companyId: users.companyId })
    .from(eventMembers)
    .innerJoin(users, eq(users.id, eventMembers.userId))
    .leftJoin(ticketTypes, eq(ticketTypes.id, eventMembers.ticketTypeId))
    .where(eq(eventMembers.eventId, summit))
    .orderBy(asc(eventMembers.id));
  const atSummit = new Set(members.map((m) => m.userId));
  const adminOf = new Map<number, number>();
  for (const link of staff) {
    if (!link.roles.includes('admin')) continue;
    const known = adminOf.get(link.companyId);
    if (known === undefined || (!atSummit.has(known) && atSummit.has(link.userId))) adminOf.set(link.companyId, link.userId);
  }

  const placed = demoGames.flatMap((game) => {
    const companyId = companyOf(game);
    return companyId === undefined ? [] : [{ game, companyId }];
  });
  if (placed.length === 0) return;
  const gameRows = await tx
    .insert(games)
    .values(
      placed.map(({ game, companyId }, index) => {
        const released = game.releaseInDays <= 0;
        const created = now - Math.min(game.startedDaysAgo, 200) * DAY + index * HOUR;
        return {
          companyId,
          createdBy: adminOf.get(companyId) ?? null,
          name: game.name,
          developer: game.developer,
          description: game.description,
          budget: game.budget,
          genre: game.genre,
          engine: game.engine,
          monetization: game.monetization,
          stage: game.stage,
          platforms: game.platforms,
          ...demoGameMaterials(game),
          videoUrl: game.trailer,
          gameplayUrl: game.trailer === null ? null : `https://games.example.org/${game.key}/gameplay`,
          developmentStart: dateOf(now - game.startedDaysAgo * DAY),
          releaseDate: released ? dateOf(now + game.releaseInDays * DAY) : null,
          // Early access has a release date and a planned 1.0; the rest plan their release.
          plannedDate: released ? (game.stage === 6 ? dateOf(now + (120 + index * 7) * DAY) : null) : dateOf(now + game.releaseInDays * DAY),
          links: game.links,
          createdAt: new Date(created),
          updatedAt: new Date(Math.min(now, created + (10 + index) * DAY)),
        };
      }),
    )
    .returning({ id: games.id });
  const gameId = new Map(placed.map(({ game, companyId }, index) => [game.key, { id: gameRows[index]?.id ?? 0, companyId }]));

  if (pictures) {
    const rows: (typeof media.$inferInsert)[] = [];
    for (const { game } of placed) {
      const id = gameId.get(game.key)?.id;
      for (const picture of pictures.get(game.key) ?? []) {
        if (id) rows.push({ ownerType: 'game', ownerId: id, category: picture.category, locale: 'en', url: picture.key, thumbUrl: null, mimeType: picture.mimeType, storageKey: picture.key, thumbStorageKey: null, size: picture.size, sort: picture.sort, createdAt: new Date(now - 7 * DAY) });
      }
    }
    if (rows.length > 0) await tx.insert(media).values(rows);
  }

  await seedShowcase(tx, seeded, summit, now, { gameId, adminOf, staff, members });
}

async function seedShowcase(
  tx: Tx,
  seeded: SeededEvents,
  summit: number,
  now: number,
  known: { gameId: Map<string, { id: number; companyId: number }>; adminOf: Map<number, number>; staff: { companyId: number; userId: number }[]; members: { userId: number; features: string[] | null; companyId: number | null }[] },
): Promise<void> {
  const votingStartsAt = now - DAY;
  const year = new Date(now).getUTCFullYear();
  const [showcase] = await tx
    .insert(showcases)
    .values({
      eventId: summit,
      slug: `indie-showcase-${year}`,
      title: `Indie Showcase ${year}`,
      description: 'The best independent games of **Lobby Summit**. Play the builds at the booths, then vote in each category: the games with the most votes reach the finals on the Main Stage.',
      submissionsOpen: true,
      votingStartsAt: new Date(votingStartsAt),
      votingEndsAt: new Date(now + 2 * DAY),
      minVotes: 3,
      topCount: 5,
      createdAt: new Date(now - 30 * DAY),
      updatedAt: new Date(now - 2 * DAY),
    })
    .returning({ id: showcases.id });
  if (!showcase) return;
  const categoryRows = await tx
    .insert(showcaseCategories)
    .values(SHOWCASE_CATEGORIES.map((name, position) => ({ showcaseId: showcase.id, name, position })))
    .returning({ id: showcaseCategories.id });

  // Submitted by the company's admin (a member of the summit), else by whoever created the game.
  const entries = demoEntries.flatMap((entry) => {
    const game = known.gameId.get(entry.game);
    return game ? [{ entry, game }] : [];
  });
  const requestRows = await tx
    .insert(showcaseRequests)
    .values(
      entries.map(({ entry, game }) => {
        const submitted = now - entry.submittedDaysAgo * DAY;
        return {
          showcaseId: showcase.id,
          gameId: game.id,
          submittedBy: known.adminOf.get(game.companyId) ?? null,
          status: entry.status,
          reason: entry.reason ?? null,
          decidedAt: entry.status === 'pending' ? null : new Date(Math.min(now - HOUR, submitted + DAY)),
          createdAt: new Date(submitted),
        };
      }),
    )
    .returning({ id: showcaseRequests.id });

  // Voters: the summit's members whose ticket has game_poll, the demo accounts aside (the attendee
  // has one vote, below). Each category's votes go to the next voters of the pool who have not voted
  // in it and do not work for the game's company.
  const accounts = [...seeded.userId.values()];
  const canVote = (features: string[] | null) => features?.includes('game_poll') ?? false;
  const pool = known.members.filter((m) => canVote(m.features) && !accounts.includes(m.userId));
  const worksFor = new Set(known.staff.map((e) => `${e.userId}:${e.companyId}`));
  const ownGame = (voter: { userId: number; companyId: number | null }, companyId: number) => voter.companyId === companyId || worksFor.has(`${voter.userId}:${companyId}`);

  const votes: (typeof showcaseVotes.$inferInsert)[] = [];
  const voted = new Set<string>();
  const cast = (userId: number, categoryIndex: number, requestIndex: number, at: number) => {
    const categoryId = categoryRows[categoryIndex]?.id;
    const requestId = requestRows[requestIndex]?.id;
    if (categoryId === undefined || requestId === undefined || voted.has(`${userId}:${categoryId}`)) return false;
    voted.add(`${userId}:${categoryId}`);
    votes.push({ showcaseId: showcase.id, categoryId, userId, requestId, createdAt: new Date(at), updatedAt: new Date(at) });
    return true;
  };
  const window = now - votingStartsAt;
  const attendee = seeded.userId.get('attendee@lobby.demo');
  const attendeeVoter = known.members.find((m) => m.userId === attendee);
  const attendeeEntry = entries.findIndex(({ entry }) => entry.game === demoAttendeeVote.game);
  if (attendeeVoter && canVote(attendeeVoter.features) && attendeeEntry >= 0 && entries[attendeeEntry]?.entry.status === 'accepted' && !ownGame(attendeeVoter, entries[attendeeEntry]?.game.companyId ?? 0)) {
    cast(attendeeVoter.userId, demoAttendeeVote.category, attendeeEntry, now - 3 * HOUR);
  }
  SHOWCASE_CATEGORIES.forEach((_, categoryIndex) => {
    let next = categoryIndex * 17;
    entries.forEach(({ entry, game }, requestIndex) => {
      if (entry.status !== 'accepted') return;
      let wanted = (entry.votes?.[categoryIndex] ?? 0) - votes.filter((v) => v.requestId === requestRows[requestIndex]?.id && v.categoryId === categoryRows[categoryIndex]?.id).length;
      for (let tried = 0; wanted > 0 && tried < pool.length; tried += 1) {
        const voter = pool[next % pool.length];
        next += 1;
        if (!voter || ownGame(voter, game.companyId)) continue;
        if (cast(voter.userId, categoryIndex, requestIndex, votingStartsAt + ((votes.length * 104_729_000) % window))) wanted -= 1;
      }
    });
  });
  for (let start = 0; start < votes.length; start += 500) await tx.insert(showcaseVotes).values(votes.slice(start, start + 500));
}
