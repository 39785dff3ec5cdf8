import {
  ErrorCode,
  MAGIC_LINK_TTL_S,
  REGISTRATION_LINK_TTL_S,
  RESET_LINK_TTL_S,
  type AuthSession,
  type Language,
} from '@lobby/contract';
import { isCodeSignInSuspended } from '../../auth/code-guard.ts';
import { codeSuspended, consumeToken, issueCode, issueToken, revokeAccountSecrets, verifyCode } from '../../auth/one-time.ts';
import { hashPassword, verifyPassword } from '../../auth/password.ts';
import { createSession, revokeOtherSessions, rotateRefreshToken, type ClientMeta, type IssuedTokens, type SessionsEnded } from '../../auth/sessions.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { loadMe } from '../users/me.ts';
import { findUser, findUserByEmail, insertUser, updateUser, type UserRow } from '../users/repo.ts';

export interface AuthContext {
  db: Db;
  secret: string;
  publicUrl: string;
  mailer: Mailer;
  /** Closes the live connections of ended sessions (realtime sockets). */
  sessionsEnded: SessionsEnded;
}

const asLanguage = (value: string): Language => (value === 'ru' || value === 'zh' ? value : 'en');
const fullName = (user: UserRow) => [user.firstName, user.lastName].filter(Boolean).join(' ');

const noUser = () => new AppError(404, ErrorCode.noUser, 'No user with this email address.');

async function present(ctx: AuthContext, tokens: IssuedTokens): Promise<AuthSession> {
  const user = await findUser(ctx.db, tokens.userId);
  if (!user) throw new AppError(401, ErrorCode.tokenInvalid, 'This account no longer exists.');
  return {
    access_token: tokens.accessToken,
    token_type: 'Bearer',
    expires_in: tokens.expiresIn,
    refresh_token: tokens.refreshToken,
    refresh_expires_in: tokens.refreshExpiresIn,
    user: await loadMe(ctx.db, ctx.secret, user),
  };
}

async function signIn(ctx: AuthContext, userId: number, meta: ClientMeta): Promise<AuthSession> {
  return present(ctx, await createSession(ctx.db, ctx.secret, userId, meta));
}

export async function startRegistration(ctx: AuthContext, email: string, language: Language): Promise<void> {
  if (await findUserByEmail(ctx.db, email)) throw new AppError(409, ErrorCode.emailTaken, 'An account with this e-mail already exists. Sign in instead.');
  const token = await issueToken(ctx.db, { kind: 'register', email, ttlSeconds: REGISTRATION_LINK_TTL_S, payload: { language } });
  await ctx.mailer.send(email, { kind: 'platform_registration', link: `${ctx.publicUrl}/auth/register?token=${token}` }, language);
}

export async function completeRegistration(
  ctx: AuthContext,
  input: { token: string; first_name: string; last_name: string; password: string },
  meta: ClientMeta,
): Promise<AuthSession> {
  const row = await consumeToken(ctx.db, 'register', input.token, 'This registration link has expired or was already used. Register again.');
  if (!row.email) throw new AppError(410, ErrorCode.magicExpired, 'This registration link is not valid.');
  if (await findUserByEmail(ctx.db, row.email)) throw new AppError(409, ErrorCode.emailTaken, 'An account with this e-mail already exists. Sign in instead.');
  const user = await insertUser(ctx.db, {
    email: row.email,
    firstName: input.first_name,
    lastName: input.last_name,
    passwordHash: await hashPassword(input.password),
    passwordChangedAt: new Date(),
    language: asLanguage(row.payload.language ?? 'en'),
  });
  return signIn(ctx, user.id, meta);
}

export async function loginWithPassword(ctx: AuthContext, email: string, password: string, meta: ClientMeta): Promise<AuthSession> {
  const user = await findUserByEmail(ctx.db, email);
  const valid = await verifyPassword(user?.passwordHash ?? null, password);
  if (!user || !valid) throw new AppError(401, ErrorCode.invalidCredentials, 'Incorrect e-mail or password.');
  return signIn(ctx, user.id, meta);
}

export async function sendMagicLink(ctx: AuthContext, email: string): Promise<void> {
  const user = await findUserByEmail(ctx.db, email);
  if (!user) throw noUser();
  const token = await issueToken(ctx.db, { kind: 'magic_link', email: user.email, userId: user.id, ttlSeconds: MAGIC_LINK_TTL_S });
  await ctx.mailer.send(user.email, { kind: 'magic_link', link: `${ctx.publicUrl}/auth/magic/${token}`, name: user.firstName }, asLanguage(user.language));
}

export async function signInWithMagicLink(ctx: AuthContext, token: string, meta: ClientMeta): Promise<AuthSession> {
  const row = await consumeToken(ctx.db, 'magic_link', token);
  if (!row.userId) throw new AppError(410, ErrorCode.magicExpired, 'Magic link expired.');
  return signIn(ctx, row.userId, meta);
}

export async function sendMagicCode(ctx: AuthContext, email: string): Promise<void> {
  const user = await findUserByEmail(ctx.db, email);
  if (!user) throw noUser();
  // A code that could not be used is not mailed.
  if (await isCodeSignInSuspended(ctx.db, user.id)) throw codeSuspended();
  const code = await issueCode(ctx.db, ctx.secret, user.email.toLowerCase(), user.id);
  await ctx.mailer.send(user.email, { kind: 'magic_code', code, name: user.firstName }, asLanguage(user.language));
}

export async function signInWithMagicCode(ctx: AuthContext, email: string, code: string, meta: ClientMeta): Promise<AuthSession> {
  const row = await verifyCode(ctx.db, ctx.secret, email.toLowerCase(), code, (userId) => mailCodeSuspended(ctx, userId));
  if (!row.userId) throw new AppError(410, ErrorCode.magicExpired, 'The code has expired or was already used. Request a new one.');
  return signIn(ctx, row.userId, meta);
}

/** Tells the owner that code sign-in is paused, and how to sign in meanwhile. */
async function mailCodeSuspended(ctx: AuthContext, userId: number): Promise<void> {
  const user = await findUser(ctx.db, userId);
  if (!user) return;
  await ctx.mailer.send(user.email, { kind: 'code_sign_in_suspended', link: `${ctx.publicUrl}/auth/login`, name: user.firstName }, asLanguage(user.language));
}

export async function sendRecovery(ctx: AuthContext, email: string): Promise<void> {
  const user = await findUserByEmail(ctx.db, email);
  if (!user) throw noUser();
  const token = await issueToken(ctx.db, { kind: 'reset', email: user.email, userId: user.id, ttlSeconds: RESET_LINK_TTL_S });
  await ctx.mailer.send(user.email, { kind: 'password_recovery', link: `${ctx.publicUrl}/auth/reset-password?token=${token}`, name: fullName(user) }, asLanguage(user.language));
}

/** A new password ends every session, then signs this device in. */
export async function resetPassword(ctx: AuthContext, token: string, password: string, meta: ClientMeta): Promise<AuthSession> {
  const row = await consumeToken(ctx.db, 'reset', token, 'This password reset link has expired or was already used. Request a new one.');
  if (!row.userId) throw new AppError(410, ErrorCode.magicExpired, 'This password reset link is not valid.');
  const user = await updateUser(ctx.db, row.userId, { passwordHash: await hashPassword(password), passwordChangedAt: new Date() });
  await revokeAccountSecrets(ctx.db, row.userId, user.email);
  ctx.sessionsEnded(await revokeOtherSessions(ctx.db, row.userId, null, 'password_reset'));
  return signIn(ctx, row.userId, meta);
}

export async function refresh(ctx: AuthContext, token: string): Promise<AuthSession> {
  return present(ctx, await rotateRefreshToken(ctx.db, ctx.secret, token, ctx.sessionsEnded));
}

/** Changing the password keeps this session and signs out the others. */
export async function changePassword(ctx: AuthContext, actor: { userId: number; sessionId: string }, current: string, next: string): Promise<number> {
  const user = await findUser(ctx.db, actor.userId);
  if (!user) throw new AppError(401, ErrorCode.unauthorized, 'Please sign in to continue.');
  if (user.passwordHash && !(await verifyPassword(user.passwordHash, current))) {
    throw new AppError(422, ErrorCode.currentPasswordWrong, 'The current password is not correct.', { fields: [{ field: 'body.current_password', message: 'The current password is not correct.' }] });
  }
  await updateUser(ctx.db, user.id, { passwordHash: await hashPassword(next), passwordChangedAt: new Date() });
  await revokeAccountSecrets(ctx.db, user.id, user.email);
  const ended = await revokeOtherSessions(ctx.db, user.id, actor.sessionId, 'password_changed');
  ctx.sessionsEnded(ended);
  return ended.length;
}

export { signIn };
