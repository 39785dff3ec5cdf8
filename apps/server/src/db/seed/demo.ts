import { hash } from '@node-rs/argon2';
import { count, eq } from 'drizzle-orm';
import type { FileStore } from '../../files/store.ts';
import type { Db } from '../client.ts';
import { brandings, eventMembers, events, media, meetingPoints, ticketTypes, users } from '../schema/index.ts';
import { demoAccounts, demoEvents, demoTickets } from './demo-data.ts';
import { seedAcademy } from './academy.ts';
import { seedSpringCourse } from './academy-spring.ts';
import { seedExpo } from './expo.ts';
import { seedExternalMeetings } from './external-meetings.ts';
import { seedGames, storeGamePictures, type GamePictures } from './games.ts';
import { seedJuryAndPolls } from './jury.ts';
import { seedPages } from './pages.ts';
import { seedPeople, type SeededEvents } from './people.ts';
import { seedProgram } from './program.ts';
import { seedRecordings } from './recordings.ts';
import { seedVacancies } from './vacancies.ts';
import { seedVenue } from './venue.ts';

export { demoAccounts } from './demo-data.ts';

/** What the seed needs that takes time but no database: the accounts' password hashes and the games' pictures. */
export interface DemoAssets {
  hashes: string[];
  gamePictures: GamePictures | null;
}

/**
 * Hashes the demo passwords (on argon2's threads) and stores the games' pictures (with a file
 * store: the build's, or rendered on libvips' threads), so a first start begins them while the
 * database opens (app.ts) and the seed finds them ready.
 */
export async function prepareDemoAssets(files?: FileStore): Promise<DemoAssets> {
  const [hashes, gamePictures] = await Promise.all([Promise.all(demoAccounts.map((account) => hash(account.password))), files ? storeGamePictures(files) : null]);
  return { hashes, gamePictures };
}

/**
 * Seeds the demo hub and events into an empty database; a database with events is left alone.
 * With a file store the demo games get their pictures (rendered and stored before the transaction).
 * `assets`: prepareDemoAssets(files) already started by the caller.
 */
export async function seedDemo(db: Db, now = Date.now(), files?: FileStore, assets?: Promise<DemoAssets>): Promise<boolean> {
  const [existing] = await db.select({ n: count() }).from(events);
  if ((existing?.n ?? 0) > 0) return false;

  const { hashes, gamePictures } = await (assets ?? prepareDemoAssets(files));
  await db.transaction(async (tx) => {
    const userRows = await tx
      .insert(users)
      .values(
        demoAccounts.map((account, index) => ({
          email: account.email,
          passwordHash: hashes[index] ?? null,
          firstName: account.firstName,
          lastName: account.lastName,
          job: account.job,
          isStaff: account.isStaff ?? false,
          isOrganizer: account.isOrganizer ?? false,
        })),
      )
      .returning({ id: users.id, email: users.email });
    const userId = new Map(userRows.map((row) => [row.email, row.id]));
    const seeded: SeededEvents = { eventId: new Map(), ticketId: new Map(), userId };

    for (const demo of demoEvents(now)) {
      const [event] = await tx
        .insert(events)
        .values({
          slug: demo.slug,
          name: demo.name,
          tagline: demo.tagline,
          previewDescription: demo.previewDescription,
          description: demo.description,
          dateFrom: new Date(demo.from),
          dateTo: new Date(demo.to),
          hubDateFrom: demo.hub ? new Date(demo.hub[0]) : null,
          hubDateTo: demo.hub ? new Date(demo.hub[1]) : null,
          timezone: demo.timezone,
          isOnline: demo.isOnline,
          isOnsite: demo.isOnsite,
          isAllUsers: demo.isAllUsers,
          autoReg: demo.autoReg,
          latitude: demo.place?.latitude ?? null,
          longitude: demo.place?.longitude ?? null,
          fullAddress: demo.place?.fullAddress ?? null,
          addressLink: demo.place?.addressLink ?? null,
          requiredFields: [
            { type: 'job', required: true },
            { type: 'company', required: demo.isOnsite },
          ],
          config: demo.config,
        })
        .returning({ id: events.id });
      if (!event) throw new Error(`Seeding ${demo.slug} returned no row`);
      if (demo.points.length > 0) {
        await tx.insert(meetingPoints).values(demo.points.map((name, sort) => ({ eventId: event.id, name, sort })));
      }
      await tx.insert(media).values([
        { ownerType: 'event', ownerId: event.id, category: 'logo', locale: 'en', url: demo.logo, mimeType: 'image/svg+xml' },
        { ownerType: 'event', ownerId: event.id, category: 'background', locale: 'en', url: demo.background, mimeType: 'image/svg+xml' },
      ]);
      const tickets = await tx
        .insert(ticketTypes)
        .values(
          demoTickets.map((ticket, sort) => ({ eventId: event.id, code: ticket.code, name: ticket.name, kind: ticket.kind, features: ticket.features, quota: ticket.quota, selfService: ticket.selfService, upgradeUrl: ticket.upgradeUrl, sort })),
        )
        .returning({ id: ticketTypes.id, code: ticketTypes.code });
      const ticketId = new Map(tickets.map((row) => [row.code, row.id]));
      seeded.eventId.set(demo.slug, event.id);
      seeded.ticketId.set(demo.slug, ticketId);

      const members = demoAccounts.flatMap((account) => {
        const roles = account.roles[demo.slug] ?? (demo.isAllUsers ? [1] : undefined);
        const user = userId.get(account.email);
        if (!roles || user === undefined) return [];
        return [{ eventId: event.id, userId: user, roleIds: roles, ticketTypeId: ticketId.get(account.ticket) ?? null, isOrganizer: account.isOrganizer ?? false }];
      });
      if (members.length > 0) {
        await tx.insert(eventMembers).values(members);
        for (const id of ticketId.values()) {
          const issued = members.filter((m) => m.ticketTypeId === id).length;
          if (issued > 0) await tx.update(ticketTypes).set({ issued }).where(eq(ticketTypes.id, id));
        }
      }
      if (demo.banners.length > 0) await tx.insert(brandings).values(demo.banners.map((banner, sort) => ({ eventId: event.id, ...banner, sort })));
    }
    await seedPeople(tx, seeded, now);
    await seedProgram(tx, seeded, now);
    await seedGames(tx, seeded, now, gamePictures);
    await seedJuryAndPolls(tx, seeded, now);
    await seedExpo(tx, seeded, now, files ?? null);
    await seedPages(tx, seeded);
    await seedRecordings(tx, seeded, now);
    await seedExternalMeetings(tx, seeded);
    await seedAcademy(tx, seeded, now);
    await seedSpringCourse(tx, seeded, now);
    await seedVacancies(tx, seeded, now, files ?? null);
    await seedVenue(tx, seeded, now);
  });
  return true;
}
