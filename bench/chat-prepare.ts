// Seeds the chat fan-out bench (bench/chat-fanout.ts) into Lobby's database and writes the plan to
// BENCH_CHAT_FILE: a current event, a ticket type with unlimited_chats, BENCH_CHAT_SOCKETS / 10
// people as members (ten sockets per person, like ten open tabs), one signed-in session each made
// the way the tests make them (createSession: no argon2 sign-in per person), and the public chat of
// one page, made as the first common message makes it. Run with Lobby's environment (DATA_DIR,
// DATABASE_URL, LOBBY_SECRET): on PGlite before Lobby starts on the folder (one process at a time),
// on PostgreSQL beside the running server.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createSession } from '../apps/server/src/auth/sessions.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { openPglite, openPostgres } from '../apps/server/src/db/client.ts';
import { migrateDatabase } from '../apps/server/src/db/migrate.ts';
import { eventMembers, ticketTypes, users } from '../apps/server/src/db/schema/index.ts';
import { ensureChannel, findPage } from '../apps/server/src/modules/chat/repo.ts';
import { syncTimezones } from '../apps/server/src/modules/timezones/service.ts';
import { insertBenchEvent } from './booking-seed.ts';

/** What the bench process needs: where to post, which channel to enter, a token per person. */
export interface ChatPlan {
  eventId: number;
  channelId: string;
  path: string;
  /** One bearer token per person; socket i uses tokens[i % tokens.length]. */
  tokens: string[];
  /** The person who posts (a member too, with a socket of their own like everybody). */
  posterToken: string;
}

export const CHAT_PATH = '/lectures/bench';
export const SOCKETS_PER_PERSON = 10;

const file = process.env.BENCH_CHAT_FILE;
if (!file) throw new Error('BENCH_CHAT_FILE: where to write the plan');
const sockets = Number(process.env.BENCH_CHAT_SOCKETS ?? 2000);
const config = loadConfig(process.env);
const template = fileURLToPath(new URL('../apps/server/dist/pglite-template', import.meta.url));
const database = config.databaseUrl ? openPostgres(config.databaseUrl) : await openPglite({ dataDir: join(config.dataDir, 'pglite'), template });
try {
  await migrateDatabase(database);
  await syncTimezones(database.db);
  const { db } = database;
  const stamp = Date.now().toString(36);
  const eventId = await insertBenchEvent(db, `bench-chat-${stamp}`, 'Chat bench');
  const [ticket] = await db.insert(ticketTypes).values({ eventId, code: 'chat', name: 'Chat', kind: 'standard', features: ['unlimited_chats'] }).returning({ id: ticketTypes.id });
  if (!ticket) throw new Error('no chat bench ticket type');
  const count = Math.max(1, Math.ceil(sockets / SOCKETS_PER_PERSON));
  const people = await db
    .insert(users)
    .values(Array.from({ length: count }, (_, index) => ({ email: `chat-${stamp}-${index}@bench.lobby.test`, firstName: 'Reader', lastName: `Bench${index}` })))
    .returning({ id: users.id });
  await db.insert(eventMembers).values(people.map((person) => ({ eventId, userId: person.id, ticketTypeId: ticket.id, roleIds: [1] })));
  const tokens: string[] = [];
  for (let at = 0; at < people.length; at += 50) {
    const issued = await Promise.all(people.slice(at, at + 50).map((person) => createSession(db, config.secret, person.id, { userAgent: 'lobby-bench' })));
    tokens.push(...issued.map((session) => session.accessToken));
  }
  const poster = people[0];
  if (!poster) throw new Error('no chat bench poster');
  const { channel } = await ensureChannel(db, { eventId, access: 'public', path: CHAT_PATH, createdBy: poster.id }, findPage(db, eventId, CHAT_PATH), []);
  const plan: ChatPlan = { eventId, channelId: channel.id, path: CHAT_PATH, tokens, posterToken: tokens[0] ?? '' };
  writeFileSync(file, `${JSON.stringify(plan)}\n`, { mode: 0o600 });
} finally {
  await database.close();
}
