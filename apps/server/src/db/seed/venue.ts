// Demo of the venue (issue 17): the volunteer printed badges for a few people at the summit and
// checked some of them in; the demo attendee's company (Nebula Games) has leads from its booth; the
// demo attendee exchanged badges with one person, who is among their contacts, and was scanned at
// the organiser's company's booth.
import { and, asc, eq, notInArray } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { badges, checkIns, companyUsers, contactExchanges, eventMembers, leads, users } from '../schema/index.ts';
import { demoAccounts } from './demo-data.ts';
import type { SeededEvents } from './people.ts';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
const MINUTE = 60_000;

/** Badges printed, and how many of those people came in. */
const BADGES = 24;
const CHECKED_IN = 16;

const LEADS: { note: string; rating: number | null; ago: number }[] = [
  { note: 'Publisher scout: wants the Nebula Drift build after the show.', rating: 5, ago: 95 },
  { note: 'Indie team looking for co-development help on console ports.', rating: 3, ago: 70 },
  { note: 'Asked about the art outsourcing rates.', rating: null, ago: 40 },
  { note: 'Investor, follow up next week.', rating: 4, ago: 15 },
];

export async function seedVenue(tx: Tx, seeded: SeededEvents, now: number): Promise<void> {
  const eventId = seeded.eventId.get('lobby-summit');
  const volunteer = seeded.userId.get('volunteer@lobby.demo') ?? null;
  const attendee = seeded.userId.get('attendee@lobby.demo');
  if (eventId === undefined || attendee === undefined) return;
  const [own] = await tx.select({ companyId: users.companyId }).from(users).where(eq(users.id, attendee)).limit(1);
  const nebula = own?.companyId ?? null;
  const colleagues = nebula === null ? [] : (await tx.select({ userId: companyUsers.userId }).from(companyUsers).where(eq(companyUsers.companyId, nebula))).map((row) => row.userId);
  const accounts = demoAccounts.flatMap((account) => seeded.userId.get(account.email) ?? []);
  // The summit's seeded people (not the demo accounts, not Nebula's own), in a stable order.
  const people = (
    await tx
      .select({ userId: eventMembers.userId })
      .from(eventMembers)
      .where(and(eq(eventMembers.eventId, eventId), notInArray(eventMembers.userId, [...accounts, ...colleagues])))
      .orderBy(asc(eventMembers.id))
      .limit(BADGES + LEADS.length + 1)
  ).map((row) => row.userId);

  const printed = people.slice(0, BADGES);
  if (printed.length > 0) {
    const made = await tx
      .insert(badges)
      .values(printed.map((userId, i) => ({ eventId, userId, printedBy: volunteer, createdAt: new Date(now - (180 - i) * MINUTE) })))
      .returning({ id: badges.id, userId: badges.userId });
    await tx.insert(checkIns).values(made.slice(0, CHECKED_IN).map((badge, i) => ({ eventId, userId: badge.userId, badgeId: badge.id, checkedInBy: volunteer, checkedInAt: new Date(now - (150 - i * 5) * MINUTE) })));
  }

  const visitors = people.slice(BADGES, BADGES + LEADS.length);
  if (nebula !== null && visitors.length > 0) {
    await tx.insert(leads).values(
      visitors.map((userId, i) => {
        const lead = LEADS[i] ?? { note: '', rating: null, ago: 10 };
        const at = new Date(now - lead.ago * MINUTE);
        return { eventId, companyId: nebula, userId, capturedBy: attendee, note: lead.note, rating: lead.rating, createdAt: at, updatedAt: at };
      }),
    );
  }

  const met = people[BADGES + LEADS.length];
  if (met !== undefined) {
    await tx.insert(contactExchanges).values({ eventId, userLow: Math.min(attendee, met), userHigh: Math.max(attendee, met), createdAt: new Date(now - 30 * MINUTE) });
  }
  // The organiser's company scanned the demo attendee at its booth: "Companies that scanned you" on their badge page.
  const organiser = seeded.userId.get('organizer@lobby.demo');
  if (organiser === undefined) return;
  const [host] = await tx.select({ companyId: users.companyId }).from(users).where(eq(users.id, organiser)).limit(1);
  if (host?.companyId && host.companyId !== nebula) {
    const at = new Date(now - 5 * MINUTE);
    await tx.insert(leads).values({ eventId, companyId: host.companyId, userId: attendee, capturedBy: organiser, note: 'Wants a slot in the publishers pavilion.', rating: 4, createdAt: at, updatedAt: at });
  }
}
