// The booking bench's bare baseline (registered by bare-server.ts): the contested write alone. One
// hold row for one person in one slot, inserted in a transaction through the same repository call
// Lobby's booking makes (insertHolds), against the same exclusion constraint (meeting_holds_no_overlap);
// 201 when it went in, 409 when the constraint refused it. No sign-in, no access checks, no meeting
// row, no notification: what is left of Lobby's request is the database's work. Two routes:
// /bare/booking inserts straight away (on PostgreSQL concurrent inserts that see each other's
// uncommitted rows deadlock, 40P01, one per deadlock_timeout); /bare/booking-locked first locks the
// invitee's user row as Lobby does (meetings/service.ts lockPeople), so the inserts go one at a time.
import { and, eq, sql } from 'drizzle-orm';
import { meetingHolds, users } from '../apps/server/src/db/schema/index.ts';
import { DEADLOCK, EXCLUSION_VIOLATION, pgCode } from '../apps/server/src/db/sql.ts';
import { insertHolds } from '../apps/server/src/modules/meetings/repo.ts';
import { insertBenchEvent } from './booking-seed.ts';
import type { BenchContext } from './lib.ts';

export async function setupBookingBare({ bare, db }: BenchContext): Promise<void> {
  // Its own event and invitees (one per route, as both get the same slots): on PostgreSQL the
  // database is Lobby's too, and Lobby's invitee holds the same slots.
  const stamp = Date.now().toString(36);
  const eventId = await insertBenchEvent(db, `bench-booking-bare-${stamp}`, 'Booking bench (bare)');
  const invitees = await db
    .insert(users)
    .values(['plain', 'locked'].map((name) => ({ email: `booking-bare-${name}-${stamp}@bench.lobby.test`, firstName: 'Invitee', lastName: `Bare ${name}` })))
    .returning({ id: users.id });
  const [plain, locked] = invitees.map((invitee) => invitee.id);
  if (plain === undefined || locked === undefined) throw new Error('no bare invitees');

  const route = (path: string, inviteeId: number, lock: boolean) => {
    bare.post(path, async (request, reply) => {
      const body = request.body as { starts_at: string; ends_at: string };
      try {
        await db.transaction(async (tx) => {
          if (lock) await tx.execute(sql`select id from users where id = ${inviteeId} for no key update`);
          await insertHolds(tx, eventId, null, [inviteeId], new Date(body.starts_at), new Date(body.ends_at));
        });
        return reply.code(201).send({ data: { starts_at: body.starts_at } });
      } catch (error) {
        const code = pgCode(error);
        // Two inserts that each see the other's uncommitted row both wait: PostgreSQL ends one (40P01).
        // Lobby answers that as slot_busy too (meetings/service.ts book()).
        if (code === EXCLUSION_VIOLATION || code === DEADLOCK) return reply.code(409).send({ error: { code: code === DEADLOCK ? 'deadlock' : 'slot_busy' } });
        throw error;
      }
    });
    // How many holds the invitee has: one per burst when the constraint held.
    bare.get(`${path}/held`, async () => {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(meetingHolds)
        .where(and(eq(meetingHolds.eventId, eventId), eq(meetingHolds.userId, inviteeId)));
      return { held: row?.n ?? 0 };
    });
  };
  route('/bare/booking', plain, false);
  route('/bare/booking-locked', locked, true);
}
