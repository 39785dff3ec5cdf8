import { and, eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { eventMembers } from '../../db/schema/index.ts';

/**
 * Marks the member as seen now. Writes only when the mark is older than five minutes, so loading
 * pages does not turn every read into a write (the directory's order needs minutes, not seconds).
 */
export async function touchLastSeen(db: Db, memberId: number): Promise<void> {
  await db
    .update(eventMembers)
    .set({ lastSeenAt: sql`now()` })
    .where(and(eq(eventMembers.id, memberId), lt(eventMembers.lastSeenAt, sql`now() - interval '5 minutes'`)));
}
