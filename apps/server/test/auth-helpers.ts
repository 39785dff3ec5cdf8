import type { AuthSession } from '@lobby/contract';
import { and, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../src/db/client.ts';
import { outbox } from '../src/db/schema/index.ts';
import { hashPassword } from '../src/auth/password.ts';
import { createUser } from './factories.ts';

let ipCounter = 0;
/** A fresh client address per call, so per-IP limits only bite where a test means them to. */
export const nextIp = (): string => {
  ipCounter += 1;
  return `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
};

export async function lastMail(db: Db, to: string, kind?: string) {
  const [row] = await db
    .select()
    .from(outbox)
    .where(and(eq(outbox.toEmail, to), kind ? eq(outbox.kind, kind) : undefined))
    .orderBy(desc(outbox.id))
    .limit(1);
  if (!row) throw new Error(`no mail to ${to}`);
  return row;
}

export const linkIn = (text: string): string => {
  const match = /https?:\/\/\S+/.exec(text);
  if (!match) throw new Error('no link in mail');
  return match[0];
};

export const tokenIn = (text: string): string => {
  const link = new URL(linkIn(text));
  return link.searchParams.get('token') ?? link.pathname.split('/').pop() ?? '';
};

export const codeIn = (text: string): string => {
  const match = /^\d{4}$/m.exec(text);
  if (!match) throw new Error('no code in mail');
  return match[0];
};

export async function userWithPassword(db: Db, password = 'correct horse 1', overrides: Parameters<typeof createUser>[1] = {}) {
  return createUser(db, { passwordHash: await hashPassword(password), ...overrides });
}

export async function post(app: FastifyInstance, url: string, payload: unknown, headers: Record<string, string> = {}) {
  return app.inject({ method: 'POST', url, payload: payload as Record<string, unknown>, headers, remoteAddress: nextIp() });
}

export async function signInWithPassword(app: FastifyInstance, email: string, password: string): Promise<AuthSession> {
  const res = await post(app, '/api/v1/auth/login', { email, password });
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.body}`);
  return res.json<{ data: AuthSession }>().data;
}

export const bearer = (session: { access_token: string }) => ({ authorization: `Bearer ${session.access_token}` });
