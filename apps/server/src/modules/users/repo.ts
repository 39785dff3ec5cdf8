import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { companies, companyUsers, users } from '../../db/schema/index.ts';

export type UserRow = typeof users.$inferSelect;

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`)
    .limit(1);
  return row;
}

export async function findUser(db: Db, id: number): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

export async function insertUser(db: Db, values: typeof users.$inferInsert): Promise<UserRow> {
  const [row] = await db.insert(users).values(values).returning();
  if (!row) throw new Error('no user row');
  return row;
}

export async function updateUser(db: Db, id: number, values: Partial<typeof users.$inferInsert>): Promise<UserRow> {
  const [row] = await db
    .update(users)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(users.id, id))
    .returning();
  if (!row) throw new Error(`no user ${id}`);
  return row;
}

/** The person's company (users.company_id) and their roles there. */
export async function findCompanyOf(db: Db, user: UserRow): Promise<{ company: { id: number; name: string; logoKey: string | null } | null; roles: string[] }> {
  if (user.companyId === null) return { company: null, roles: [] };
  const [row] = await db
    .select({ id: companies.id, name: companies.name, logoKey: companies.logoKey, roles: companyUsers.roles })
    .from(companies)
    .leftJoin(companyUsers, and(eq(companyUsers.companyId, companies.id), eq(companyUsers.userId, user.id)))
    .where(eq(companies.id, user.companyId))
    .limit(1);
  return row ? { company: { id: row.id, name: row.name, logoKey: row.logoKey }, roles: row.roles ?? [] } : { company: null, roles: [] };
}
