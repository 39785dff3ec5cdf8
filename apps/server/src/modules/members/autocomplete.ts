import { and, asc, eq, sql } from 'drizzle-orm';
import type { AccessSource } from '../../access/access.ts';
import type { Db } from '../../db/client.ts';
import { eventMembers, users } from '../../db/schema/index.ts';
import { containsPattern } from '../../db/sql.ts';
import { fileUrls } from '../../files/urls.ts';
import { openDirectory } from './gate.ts';

export interface Choice {
  id: number;
  user_id: number;
  name: string;
  job: string | null;
  avatar_url: string | null;
}

/** Up to 20 members of the event whose name matches, optionally holding one of the roles. */
export async function autocomplete(db: Db, secret: string, source: AccessSource, eventId: number, query: string | undefined, roleIds: number[] | undefined): Promise<Choice[]> {
  const event = await openDirectory(db, source, eventId);
  const rows = await db
    .select({ id: eventMembers.id, userId: users.id, firstName: users.firstName, lastName: users.lastName, job: users.job, avatarKey: users.avatarKey, avatarThumbKey: users.avatarThumbKey })
    .from(eventMembers)
    .innerJoin(users, eq(users.id, eventMembers.userId))
    .where(
      and(
        eq(eventMembers.eventId, event.id),
        query ? sql`(${users.firstName} || ' ' || ${users.lastName}) ilike ${containsPattern(query)}` : undefined,
        roleIds?.length ? sql`${eventMembers.roleIds} && array[${sql.join(roleIds.map((id) => sql`${id}`), sql`, `)}]::int[]` : undefined,
      ),
    )
    .orderBy(asc(users.lastName), asc(users.firstName), asc(eventMembers.id))
    .limit(20);
  const files = fileUrls(secret);
  return rows.map((row) => ({ id: row.id, user_id: row.userId, name: `${row.firstName} ${row.lastName}`.trim(), job: row.job, avatar_url: files.url(row.avatarThumbKey ?? row.avatarKey) }));
}
