// Accounts and sign-in: product.md sections 2 (auth routes), 4 (logout, session), 5 (validation);
// contract.md sections 3 (auth token) and 7 (authorisation).
import { ErrorCode, isSameOriginPath, routes } from '@lobby/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { requireActor } from '../../auth/authenticate.ts';
import { clearRefreshCookie, readCookie, REFRESH_COOKIE, setRefreshCookie } from '../../auth/cookies.ts';
import { GoogleSignIn, issueTicket, redeemTicket } from '../../auth/google.ts';
import { revokeOtherSessions, revokeSession, sessionOfRefreshToken, type ClientMeta } from '../../auth/sessions.ts';
import { mailRequest, refreshRequest, signInAttempt, tokenUse } from '../../auth/throttle.ts';
import type { Deps } from '../../deps.ts';
import { AppError } from '../../http/errors.ts';
import { registerRoute } from '../../http/route.ts';
import { findOrCreateGoogleUser } from './google-users.ts';
import * as auth from './service.ts';

const meta = (request: FastifyRequest): ClientMeta => ({ ip: request.ip, userAgent: request.headers['user-agent'] });

/** Only same-site paths may follow a sign-in, never another host. */
/** Same rule as the web's: a path on this site, no control characters or backslashes. */
export const safeRedirect = (value: string | undefined): string => (isSameOriginPath(value) ? value : '/');

export function authRoutes(app: FastifyInstance, deps: Deps): void {
  const { db, config, limiter } = deps;
  const sessionsEnded = (ids: string[]) => deps.realtime.disconnectSessions(ids);
  const ctx: auth.AuthContext = { db, secret: config.secret, publicUrl: config.publicUrl, mailer: deps.mailer, sessionsEnded };
  const secure = config.publicUrl.startsWith('https:');
  const google = config.google ? new GoogleSignIn(config.google, `${config.publicUrl}${routes.finishGoogleSignIn.path}`) : undefined;

  const withCookie = <T extends { refresh_token: string }>(reply: FastifyReply, session: T) => {
    setRefreshCookie(reply, session.refresh_token, secure);
    return { data: session };
  };

  registerRoute(app, routes.register, async ({ body, lang, request }) => {
    await mailRequest(limiter, request.ip, body.email);
    await auth.startRegistration(ctx, body.email, lang);
    return { data: { sent: true as const } };
  });

  registerRoute(app, routes.completeRegistration, async ({ body, request, reply }) => {
    await tokenUse(limiter, request.ip);
    return withCookie(reply, await auth.completeRegistration(ctx, body, meta(request)));
  });

  registerRoute(app, routes.login, async ({ body, request, reply }) => {
    const succeeded = await signInAttempt(limiter, 'login', request.ip, body.email);
    const session = await auth.loginWithPassword(ctx, body.email, body.password, meta(request));
    await succeeded();
    return withCookie(reply, session);
  });

  registerRoute(app, routes.requestMagicLink, async ({ body, request }) => {
    await mailRequest(limiter, request.ip, body.email);
    await auth.sendMagicLink(ctx, body.email);
    return { data: { sent: true as const } };
  });

  registerRoute(app, routes.consumeMagicLink, async ({ body, request, reply }) => {
    await tokenUse(limiter, request.ip);
    return withCookie(reply, await auth.signInWithMagicLink(ctx, body.token, meta(request)));
  });

  registerRoute(app, routes.requestMagicCode, async ({ body, request }) => {
    await mailRequest(limiter, request.ip, body.email);
    await auth.sendMagicCode(ctx, body.email);
    return { data: { sent: true as const } };
  });

  registerRoute(app, routes.verifyMagicCode, async ({ body, request, reply }) => {
    const succeeded = await signInAttempt(limiter, 'code', request.ip, body.email);
    const session = await auth.signInWithMagicCode(ctx, body.email, body.code, meta(request));
    await succeeded();
    return withCookie(reply, session);
  });

  registerRoute(app, routes.requestRecovery, async ({ body, request }) => {
    await mailRequest(limiter, request.ip, body.email);
    await auth.sendRecovery(ctx, body.email);
    return { data: { sent: true as const } };
  });

  registerRoute(app, routes.resetPassword, async ({ body, request, reply }) => {
    await tokenUse(limiter, request.ip);
    return withCookie(reply, await auth.resetPassword(ctx, body.token, body.password, meta(request)));
  });

  registerRoute(app, routes.refreshSession, async ({ body, request, reply }) => {
    const token = body?.refresh_token ?? readCookie(request, REFRESH_COOKIE);
    if (!token) throw new AppError(401, ErrorCode.tokenInvalid, 'Your session has expired. Please sign in again.');
    // Per session, not per address: a whole venue behind one address refreshes all day.
    await refreshRequest(limiter, request.ip, await sessionOfRefreshToken(db, token));
    try {
      return withCookie(reply, await auth.refresh(ctx, token));
    } catch (error) {
      clearRefreshCookie(reply, secure);
      throw error;
    }
  });

  registerRoute(app, routes.logout, async ({ request, reply }) => {
    const actor = requireActor(request);
    await revokeSession(db, actor.sessionId, 'logout');
    sessionsEnded([actor.sessionId]);
    clearRefreshCookie(reply, secure);
    return { data: { revoked: true as const } };
  });

  registerRoute(app, routes.logoutOthers, async ({ request }) => {
    const actor = requireActor(request);
    const ended = await revokeOtherSessions(db, actor.userId, actor.sessionId, 'logout_others');
    sessionsEnded(ended);
    return { data: { revoked: ended.length } };
  });

  registerRoute(app, routes.startGoogleSignIn, async ({ query, request, reply }) => {
    if (!google) throw new AppError(404, ErrorCode.providerDisabled, 'Google sign-in is not enabled on this server.');
    await tokenUse(limiter, request.ip);
    return reply.redirect(await google.authorizationUrl(db, safeRedirect(query.redirect)));
  });

  registerRoute(app, routes.finishGoogleSignIn, async ({ request, reply }) => {
    if (!google) throw new AppError(404, ErrorCode.providerDisabled, 'Google sign-in is not enabled on this server.');
    const url = new URL(request.url, config.publicUrl);
    if (url.searchParams.has('error')) return reply.redirect('/auth/login?error=google_cancelled');
    try {
      const { profile, redirect } = await google.finish(db, url);
      const user = await findOrCreateGoogleUser(db, profile, request.lang);
      const ticket = await issueTicket(db, user.id);
      return reply.redirect(`/auth/google?ticket=${ticket}&redirect=${encodeURIComponent(redirect)}`);
    } catch (error) {
      request.log.warn({ err: error }, 'google sign-in failed');
      return reply.redirect('/auth/login?error=google_failed');
    }
  });

  registerRoute(app, routes.exchangeGoogleTicket, async ({ body, request, reply }) => {
    await tokenUse(limiter, request.ip);
    const row = await redeemTicket(db, body.ticket);
    if (!row.userId) throw new AppError(410, ErrorCode.magicExpired, 'This sign-in has expired. Please try again.');
    return withCookie(reply, await auth.signIn(ctx, row.userId, meta(request)));
  });
}
