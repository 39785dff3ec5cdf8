// Demo publishers, expo, media and showcase-to-deal at Lobby Summit: publisher profiles (what they
// look for, genres), a few more booths, three media partners, a press kit of links and one tiny
// PDF, and two deal suggestions about Nebula Games' games (the demo attendee's company).
import { PUBLISHER_BUSINESS, PUBLISHER_GENRES } from '@lobby/contract';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { FileStore } from '../../files/store.ts';
import type { Db } from '../client.ts';
import { companies, companyUsers, dealSuggestions, eventCompanies, eventMembers, gameFavorites, games, notifications, pressKitItems } from '../schema/index.ts';
import { COMPANY_NAMES } from './people-data.ts';
import type { SeededEvents } from './people.ts';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** Companies that publish whatever business the random profile drew (the demo needs at least these). */
const PUBLISHERS = ['Sunburst Publishing', 'Quasar Publishing', 'Silk Road Games', 'Tidal Capital'];
/** Booths for companies without a tier: [name, tier, stand]. */
const EXTRA_BOOTHS: [string, number, string][] = [
  ['Sunburst Publishing', 7, 'Publishers row, P1'],
  ['Quasar Publishing', 2, 'Publishers row, P2'],
  ['Echo Sound Lab', 0, 'Hall B, stand 12'],
];
const MEDIA_PARTNERS = ['Echo Sound Lab', 'Atlas Localization', 'Neon Alley'];
const PRESS_KIT_LINKS = [
  { title: 'Logos and brand guide', description: 'Lobby Summit logos in SVG and PNG, colours and usage rules.', url: 'https://example.org/lobby-summit/press/brand-kit.zip' },
  { title: 'Venue photos', description: 'High-resolution photos of the halls, the Main Stage and the expo floor.', url: 'https://example.org/lobby-summit/press/photos' },
  { title: 'Press accreditation', description: 'Apply for a media pass: editors, streamers and podcasters.', url: 'https://example.org/lobby-summit/press/accreditation' },
];

/** A one-page PDF fact sheet, made by hand: a few hundred bytes, no renderer needed. */
function factSheetPdf(): Buffer {
  const text = 'Lobby Summit - fact sheet: 3 days, 4 halls, 300+ companies, the Indie Showcase.';
  const stream = `BT /F1 12 Tf 48 760 Td (${text}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(body.length);
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('')}`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

export async function seedExpo(tx: Tx, seeded: SeededEvents, now: number, files: FileStore | null): Promise<void> {
  const summit = seeded.eventId.get('lobby-summit');
  if (summit === undefined) return;
  const rows = await tx.select({ id: companies.id, name: companies.name, business: companies.business }).from(companies).orderBy(asc(companies.id));
  const idOf = new Map(rows.map((row) => [row.name, row.id]));
  const ids = (names: readonly string[]) => names.flatMap((name) => idOf.get(name) ?? []);

  // Publisher profiles: the named publishers take business 2; every publisher gets what it looks for and genres.
  const named = ids(PUBLISHERS);
  if (named.length > 0) {
    await tx
      .update(companies)
      .set({ business: sql`case when ${PUBLISHER_BUSINESS} = any(${companies.business}) then ${companies.business} else array_append(${companies.business}, ${PUBLISHER_BUSINESS}) end` })
      .where(inArray(companies.id, named));
  }
  const publishers = rows.filter((row) => named.includes(row.id) || row.business.includes(PUBLISHER_BUSINESS));
  for (const [index, row] of publishers.entries()) {
    const lookingFor = [1 + (index % 4), 1 + ((index + 1) % 4)].filter((value, i, all) => all.indexOf(value) === i);
    const genres = [PUBLISHER_GENRES[index % 4], PUBLISHER_GENRES[(index + 2) % 4]].filter((genre): genre is (typeof PUBLISHER_GENRES)[number] => genre !== undefined);
    await tx.update(companies).set({ publisherLookingFor: lookingFor.sort(), publisherGenres: genres }).where(eq(companies.id, row.id));
  }

  // More booths (tiers and stands for companies that had none), and the media partners.
  for (const [name, tier, stand] of EXTRA_BOOTHS) {
    const id = idOf.get(name);
    if (id !== undefined)
      await tx
        .update(eventCompanies)
        .set({ sponsorType: tier, location: stand })
        .where(and(eq(eventCompanies.eventId, summit), eq(eventCompanies.companyId, id), isNull(eventCompanies.sponsorType)));
  }
  const partners = ids(MEDIA_PARTNERS);
  if (partners.length > 0)
    await tx
      .update(eventCompanies)
      .set({ mediaPartner: true })
      .where(and(eq(eventCompanies.eventId, summit), inArray(eventCompanies.companyId, partners)));

  // The press kit: three links, and the fact sheet when there is a file store.
  const items: (typeof pressKitItems.$inferInsert)[] = PRESS_KIT_LINKS.map((link, position) => ({ eventId: summit, kind: 'link', ...link, position, createdAt: new Date(now - (10 - position) * DAY) }));
  if (files) {
    const pdf = factSheetPdf();
    const key = 'demo-press-kit-fact-sheet.pdf';
    await files.put(key, pdf, 'application/pdf');
    items.unshift({ eventId: summit, kind: 'file', title: 'Fact sheet', description: 'The summit on one page: dates, halls, numbers and the showcase.', fileKey: key, fileName: 'lobby-summit-fact-sheet.pdf', fileSize: pdf.length, contentType: 'application/pdf', createdAt: new Date(now - 12 * DAY) });
  }
  await tx.insert(pressKitItems).values(items.map((item, position) => ({ ...item, position })));

  await seedDeals(tx, seeded, summit, now, publishers.map((row) => row.id));
}

/**
 * Two publishers' people at the summit starred Nebula Games' games (the demo attendee's company):
 * the suggestions, the stars and the notifications the company's admins at the summit received.
 */
async function seedDeals(tx: Tx, seeded: SeededEvents, summit: number, now: number, publisherIds: number[]): Promise<void> {
  const nebula = (await tx.select({ id: companies.id }).from(companies).where(eq(companies.name, COMPANY_NAMES[0])).limit(1))[0]?.id;
  if (nebula === undefined || publisherIds.length === 0) return;
  const nebulaGames = await tx.select({ id: games.id, name: games.name }).from(games).where(eq(games.companyId, nebula)).orderBy(asc(games.id));
  const people = await tx
    .select({ userId: companyUsers.userId, companyId: companyUsers.companyId, companyName: companies.name, memberId: eventMembers.id, admin: sql<boolean>`'admin' = any(${companyUsers.roles})` })
    .from(companyUsers)
    .innerJoin(companies, eq(companies.id, companyUsers.companyId))
    .innerJoin(eventMembers, and(eq(eventMembers.userId, companyUsers.userId), eq(eventMembers.eventId, summit)))
    .where(inArray(companyUsers.companyId, [...publisherIds, nebula]))
    .orderBy(asc(companyUsers.companyId), asc(companyUsers.userId));
  const developers = people.filter((p) => p.companyId === nebula && p.admin).map((p) => p.userId);
  const nebulaStaff = new Set(people.filter((p) => p.companyId === nebula).map((p) => p.userId));
  // One person of each of two publishers (the organiser account of Sunburst Publishing first, it is a demo login).
  const accounts = new Set(seeded.userId.values());
  const seen = new Set<number>();
  const scouts = people
    .filter((p) => p.companyId !== nebula && !nebulaStaff.has(p.userId))
    .sort((a, b) => Number(accounts.has(b.userId)) - Number(accounts.has(a.userId)))
    .filter((p) => (seen.has(p.companyId) ? false : (seen.add(p.companyId), true)))
    .slice(0, 2);
  const picks = scouts.flatMap((scout, index) => {
    const game = nebulaGames[index % Math.max(1, nebulaGames.length)];
    return game ? [{ scout, game, cause: index === 0 ? ('favorite' as const) : ('vote' as const), at: new Date(now - (index + 1) * 5 * HOUR) }] : [];
  });
  if (picks.length === 0) return;
  await tx.insert(dealSuggestions).values(picks.map((pick) => ({ eventId: summit, publisherId: pick.scout.userId, gameId: pick.game.id, cause: pick.cause, createdAt: pick.at })));
  const stars = picks.filter((pick) => pick.cause === 'favorite').map((pick) => ({ userId: pick.scout.userId, gameId: pick.game.id, createdAt: pick.at }));
  if (stars.length > 0) await tx.insert(gameFavorites).values(stars).onConflictDoNothing();
  const told = picks.flatMap((pick) =>
    developers.map((userId) => ({
      userId,
      eventId: summit,
      type: 'deal_suggestion' as const,
      senderId: pick.scout.userId,
      data: { game_id: pick.game.id, title: pick.game.name, company_name: pick.scout.companyName, member_id: pick.scout.memberId, cause: pick.cause },
      dedupeKey: `deal:${summit}:${pick.scout.userId}:${pick.game.id}:${userId}`,
      createdAt: pick.at,
    })),
  );
  if (told.length > 0) await tx.insert(notifications).values(told);
}
