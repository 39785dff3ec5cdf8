// The members bench's own data (issue 9, Performance): 50,000 members of one event with companies,
// offers, looking-for, regions, countries and last_seen, written by set-based SQL so it takes
// seconds on PGlite as on PostgreSQL. Deterministic (hashes of the row number, no random()), so
// the Lobby database and the bare baseline's own PGlite copy hold the same rows and ids.
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../apps/server/src/db/client.ts';
import { eventMembers, events, ticketTypes, users } from '../apps/server/src/db/schema/index.ts';

export const BENCH_SLUG = 'bench-members';
export const BENCH_MEMBERS = Number(process.env.BENCH_MEMBERS ?? 50_000);
const COMPANIES = 2_000;
/** The person the bench reads the directory as: a demo account, so Lobby's login gives the token. */
export const BENCH_READER = { email: 'attendee@lobby.demo', password: 'Attendee-2026' };

/** Adds the bench event and its members once; answers the event id and the reader's user id. */
export async function seedMembersBench(db: Db): Promise<{ eventId: number; readerId: number }> {
  const [reader] = await db.select({ id: users.id }).from(users).where(sql`lower(${users.email}) = ${BENCH_READER.email}`).limit(1);
  if (!reader) throw new Error('the members bench needs the demo seed (attendee@lobby.demo)');
  const [existing] = await db.select({ id: events.id }).from(events).where(eq(events.slug, BENCH_SLUG)).limit(1);
  if (existing) return { eventId: existing.id, readerId: reader.id };
  const now = Date.now();
  const [event] = await db
    .insert(events)
    .values({
      slug: BENCH_SLUG,
      name: 'Members bench',
      dateFrom: new Date(now - 86_400_000),
      dateTo: new Date(now + 86_400_000),
      config: { languages: ['en', 'ru', 'zh'], theme: { name: 'default', color: '#3b82f6' }, analytics: { yandexMetrika: null, googleTag: null }, wnmeet: { roomId: null } },
    })
    .returning({ id: events.id });
  if (!event) throw new Error('no bench event');
  const types = await db
    .insert(ticketTypes)
    .values([
      { eventId: event.id, code: 'net', name: 'Networking', kind: 'standard', features: ['limited_meetings', 'limited_chats'] },
      { eventId: event.id, code: 'vip', name: 'VIP', kind: 'business', features: ['unlimited_meetings', 'unlimited_chats', 'highlight'] },
    ])
    .returning({ id: ticketTypes.id });
  const [net, vip] = types.map((t) => t.id);
  await db.insert(eventMembers).values({ eventId: event.id, userId: reader.id, ticketTypeId: net ?? null });
  // h(n, salt): a stable pseudo-random integer 0..2^31 from the row number.
  const h = (n: string, salt: number) => sql.raw(`abs(hashtext(${n}::text || '-${salt}'))`);
  await db.execute(sql`insert into companies (name, created_at)
    select (array['Pixel','Nord','Blue','Iron','Happy','Lunar','Red','Quantum','Tiny','Wild'])[1 + ${h('g', 1)} % 10] || ' ' ||
           (array['Games','Studio','Interactive','Labs','Works','Entertainment','Forge','Bits'])[1 + ${h('g', 2)} % 8] || ' ' || g,
           now()
    from generate_series(1, ${COMPANIES}) g`);
  const regions = sql.raw(`(array['EU','EU','EU','EEU','NA','NA','AS','AS','SCA','ME','AF','OC'])`);
  await db.execute(sql`insert into users (email, first_name, last_name, job, company_id, offer_ids, looking_ids, region, geo, avatar_key, created_at)
    select 'bench' || g || '@bench.lobby.test',
      (array['Maria','Marco','Mark','Anna','Ivan','Wei','Li','Olga','Sam','Alex','Yuki','Omar','Sara','Tom','Nina','Paul'])[1 + ${h('g', 3)} % 16],
      (array['Smith','Ivanova','Chen','Martin','Garcia','Kim','Novak','Rossi','Meyer','Tanaka','Silva','Khan'])[1 + ${h('g', 4)} % 12] || g,
      case when ${h('g', 5)} % 10 = 0 then null else (array['Producer','Game designer','Investor','Artist','Programmer','Marketing lead','Publisher','CEO'])[1 + ${h('g', 6)} % 8] end,
      (select min(id) from companies) + ${h('g', 7)} % ${COMPANIES},
      array[1 + ${h('g', 8)} % 12, 1 + ${h('g', 9)} % 12],
      array[1 + ${h('g', 10)} % 12],
      ${regions}[1 + ${h('g', 11)} % 12],
      1 + ${h('g', 12)} % 200,
      case when ${h('g', 13)} % 3 = 0 then 'bench-avatar-' || g || '.png' end,
      now() - make_interval(days => ${h('g', 14)} % 365)
    from generate_series(1, ${BENCH_MEMBERS}) g`);
  await db.execute(sql`insert into event_members (event_id, user_id, ticket_type_id, role_ids, last_seen_at, created_at)
    select ${event.id}, u.id, case when ${h('u.id', 15)} % 20 = 0 then ${vip ?? null}::int else ${net ?? null}::int end,
      case when ${h('u.id', 16)} % 50 = 0 then array[1, 8] when ${h('u.id', 16)} % 50 = 1 then array[1, 7] else array[1] end,
      now() - make_interval(secs => ${h('u.id', 17)} % (30 * 86400)), now()
    from users u where u.email like 'bench%@bench.lobby.test'`);
  // VACUUM as well as ANALYZE: the bulk insert leaves autovacuum work (and unset hint bits) that would
  // otherwise run during the first measured side, which is Lobby.
  await db.execute(sql`vacuum (analyze)`);
  return { eventId: event.id, readerId: reader.id };
}
