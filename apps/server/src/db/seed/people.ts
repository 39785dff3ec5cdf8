import { regionOfCountry, type CompanyRole } from '@lobby/contract';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { companies, companyUsers, eventCompanies, eventMembers, favorites, ticketTypes, users } from '../schema/index.ts';
import { seedChats } from './chat.ts';
import { seedMeetings } from './meetings.ts';
import { demoCompanies, demoCountryIds, demoPeople } from './people-data.ts';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface SeededEvents {
  eventId: Map<string, number>;
  ticketId: Map<string, Map<string, number>>;
  userId: Map<string, number>;
}

const MINUTE = 60 * 1000;

/** Profiles, companies and stars of the demo accounts themselves, so their events open without the fill-profile step. */
const ACCOUNT_PROFILES: Record<string, { company: number; roles: CompanyRole[]; geo: number; city: string; offer: number[]; looking: number[]; avatar: string; bio: string; showEmail?: boolean }> = {
  'attendee@lobby.demo': { company: 0, roles: ['chat', 'admin'], geo: demoCountryIds[1] ?? 1, city: 'Limassol', offer: [2, 10], looking: [1, 9], avatar: '/demo/avatars/05.svg', bio: 'Producer at Nebula Games. Looking for partners for our next co-op game.', showEmail: true },
  'speaker@lobby.demo': { company: 1, roles: ['chat'], geo: demoCountryIds[4] ?? 1, city: 'Shanghai', offer: [8, 4], looking: [9], avatar: '/demo/avatars/11.svg', bio: 'Game designer. Talks about systemic design and cosy games.' },
  'organizer@lobby.demo': { company: 9, roles: ['chat', 'admin'], geo: demoCountryIds[0] ?? 1, city: 'Berlin', offer: [2, 9], looking: [3], avatar: '/demo/avatars/17.svg', bio: 'Runs the Lobby demo events.', showEmail: true },
  'teacher@lobby.demo': { company: 13, roles: [], geo: demoCountryIds[16] ?? 1, city: 'London', offer: [8], looking: [7], avatar: '/demo/avatars/08.svg', bio: 'Teaches game design in the summit academy. Ten years of systems design at mid-size studios.' },
  'volunteer@lobby.demo': { company: 9, roles: [], geo: demoCountryIds[0] ?? 1, city: 'Berlin', offer: [], looking: [], avatar: '/demo/avatars/14.svg', bio: 'Volunteer at the summit: the badge desk and check-in.' },
  'student@lobby.demo': { company: 12, roles: [], geo: demoCountryIds[12] ?? 1, city: 'Belgrade', offer: [7], looking: [7, 10], avatar: '/demo/avatars/02.svg', bio: 'Learning game design in the academy.' },
};

/** Dozens of companies and a few hundred people, so the directory and companies look alive. */
export async function seedPeople(tx: Tx, seeded: SeededEvents, now: number): Promise<void> {
  const companyData = demoCompanies();
  const companyRows = await tx
    .insert(companies)
    .values(companyData.map((c) => ({ name: c.name, site: c.site, description: c.description, business: c.business, primaryBusiness: c.business[0] ?? null, tags: c.tags, size: c.size, geo: c.geo, hasChat: c.hasChat, logoKey: c.logo, logoThumbKey: c.logo })))
    .returning({ id: companies.id });
  const companyId = (index: number) => companyRows[index]?.id ?? null;

  const summit = seeded.eventId.get('lobby-summit');
  const spring = seeded.eventId.get('spring-forum');
  const indie = seeded.eventId.get('indie-expo');
  const links: (typeof eventCompanies.$inferInsert)[] = [];
  companyRows.forEach((row, index) => {
    if (summit !== undefined) links.push({ eventId: summit, companyId: row.id, sponsorType: companyData[index]?.tier ?? null, location: companyData[index]?.tier !== null && companyData[index]?.tier !== undefined ? `Booth ${index + 1}` : null });
    if (spring !== undefined && index < 14) links.push({ eventId: spring, companyId: row.id });
    if (indie !== undefined && index >= 20 && index < 30) links.push({ eventId: indie, companyId: row.id });
  });
  await tx.insert(eventCompanies).values(links);

  for (const [email, profile] of Object.entries(ACCOUNT_PROFILES)) {
    const id = seeded.userId.get(email);
    const company = companyId(profile.company);
    if (id === undefined || company === null) continue;
    await tx
      .update(users)
      .set({ companyId: company, geo: profile.geo, region: regionOfCountry(profile.geo), city: profile.city, offerIds: profile.offer, lookingIds: profile.looking, avatarKey: profile.avatar, avatarThumbKey: profile.avatar, bio: profile.bio, showEmail: profile.showEmail ?? false })
      .where(eq(users.id, id));
    await tx.insert(companyUsers).values({ companyId: company, userId: id, roles: profile.roles });
  }

  const people = demoPeople();
  const personRows = await tx
    .insert(users)
    .values(
      people.map((p) => ({
        email: p.email,
        firstName: p.firstName,
        lastName: p.lastName,
        job: p.job,
        bio: p.bio,
        city: p.city,
        geo: p.geo,
        region: regionOfCountry(p.geo),
        companyId: p.companyIndex === null ? null : companyId(p.companyIndex),
        offerIds: p.offerIds,
        lookingIds: p.lookingIds,
        avatarKey: p.avatar,
        avatarThumbKey: p.avatar,
        linkedin: p.linkedin,
        contacts: (p.telegram ? { telegram: p.telegram } : {}) as Record<string, string>,
        showEmail: p.showEmail,
      })),
    )
    .returning({ id: users.id });

  const seenAdmin = new Set<number>();
  const employees: (typeof companyUsers.$inferInsert)[] = [];
  const members: (typeof eventMembers.$inferInsert)[] = [];
  people.forEach((person, index) => {
    const userId = personRows[index]?.id;
    if (userId === undefined) return;
    const company = person.companyIndex === null ? null : companyId(person.companyIndex);
    if (company !== null) {
      // The first person of a company without a demo-account admin runs it.
      const hasAccountAdmin = Object.values(ACCOUNT_PROFILES).some((p) => p.company === person.companyIndex && p.roles.includes('admin'));
      const admin = !hasAccountAdmin && !seenAdmin.has(company);
      seenAdmin.add(company);
      employees.push({ companyId: company, userId, roles: admin ? ['chat', 'admin'] : index % 3 === 0 ? ['chat'] : [] });
    }
    for (const slug of person.events) {
      const eventId = seeded.eventId.get(slug);
      if (eventId === undefined) continue;
      const seen = new Date(now - person.seenMinutesAgo * MINUTE - (slug === 'spring-forum' ? 58 * 24 * 60 * MINUTE : 0));
      members.push({ eventId, userId, roleIds: person.roleIds, ticketTypeId: seeded.ticketId.get(slug)?.get(person.ticket) ?? null, lastSeenAt: seen, createdAt: seen });
    }
  });
  await tx.insert(companyUsers).values(employees);
  for (let start = 0; start < members.length; start += 200) await tx.insert(eventMembers).values(members.slice(start, start + 200));

  await seedStars(tx, seeded, personRows.map((r) => r.id), companyRows.map((r) => r.id));
  await seedMeetings(tx, seeded, now);
  await seedChats(tx, seeded, now);
  await tx.update(ticketTypes).set({ issued: sql`(select count(*)::int from ${eventMembers} where ${eventMembers.ticketTypeId} = ${ticketTypes.id})` });
}

/** The attendee has starred a few people and companies, and some starred them back (contacts). */
async function seedStars(tx: Tx, seeded: SeededEvents, peopleIds: number[], companyIds: number[]): Promise<void> {
  const summit = seeded.eventId.get('lobby-summit');
  const attendee = seeded.userId.get('attendee@lobby.demo');
  if (summit === undefined || attendee === undefined) return;
  const memberships = await tx.select({ id: eventMembers.id, userId: eventMembers.userId }).from(eventMembers).where(eq(eventMembers.eventId, summit));
  const memberOf = new Map(memberships.map((m) => [m.userId, m.id]));
  const attendeeMember = memberOf.get(attendee);
  const starred = peopleIds.filter((id) => memberOf.has(id)).slice(0, 6);
  const rows: (typeof favorites.$inferInsert)[] = [];
  for (const userId of starred) rows.push({ userId: attendee, eventId: summit, entityType: 'member', entityId: memberOf.get(userId) ?? 0 });
  // Four of them starred the attendee back: they are the attendee's contacts.
  if (attendeeMember !== undefined) for (const userId of starred.slice(0, 4)) rows.push({ userId, eventId: summit, entityType: 'member', entityId: attendeeMember });
  for (const company of companyIds.slice(1, 4)) rows.push({ userId: attendee, eventId: summit, entityType: 'company', entityId: company });
  await tx.insert(favorites).values(rows);
}
