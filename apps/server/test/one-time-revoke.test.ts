import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueTicket } from '../src/auth/google.ts';
import { addMembership, authHeader, createEvent, createTicketType, createUser } from './factories.ts';
import { bearer, codeIn, lastMail, post, tokenIn } from './auth-helpers.ts';
import { createTestApp, type TestApp } from './harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let counter = 0;

/**
 * A person holding one outstanding secret of every kind: a registration link mailed before the
 * account existed, a sign-in link (the organiser's invitation, or one they asked for: a new link
 * supersedes the older one, so a person holds one of the two), a code, a reset link and a Google
 * ticket.
 */
async function personWithSecrets(via: 'invitation' | 'magic link') {
  const { db } = t.database;
  counter += 1;
  const email = `revoke${counter}@example.test`;
  expect((await post(t.app, '/api/v1/auth/register', { email })).statusCode).toBe(202);
  const register = tokenIn((await lastMail(db, email, 'platform_registration')).text);

  let userId: number;
  let link: string;
  if (via === 'invitation') {
    const event = await createEvent(db);
    const type = await createTicketType(db, event.id);
    const organiser = await createUser(db, { isOrganizer: true });
    await addMembership(db, event.id, organiser.id, { isOrganizer: true });
    const invited = await t.app.inject({ method: 'POST', url: `/api/admin/v1/events/${event.id}/members`, headers: await authHeader(db, t.config.secret, organiser.id), payload: { email, ticket_type_id: type.id } });
    expect(invited.statusCode, invited.body).toBe(201);
    userId = invited.json<{ data: { user: { id: number } } }>().data.user.id;
    link = tokenIn((await lastMail(db, email, 'event_registration_new_user')).text);
  } else {
    userId = (await createUser(db, { email })).id;
    expect((await post(t.app, '/api/v1/auth/magic-link', { email })).statusCode).toBe(202);
    link = tokenIn((await lastMail(db, email, 'magic_link')).text);
  }
  expect((await post(t.app, '/api/v1/auth/magic-code', { email })).statusCode).toBe(202);
  const code = codeIn((await lastMail(db, email, 'magic_code')).text);
  expect((await post(t.app, '/api/v1/auth/recovery', { email })).statusCode).toBe(202);
  const reset = tokenIn((await lastMail(db, email, 'password_recovery')).text);
  const ticket = await issueTicket(db, userId);
  return { email, userId, register, link, code, reset, ticket };
}

type Secrets = Awaited<ReturnType<typeof personWithSecrets>>;

/** The status each secret answers when used now. */
async function useEach(s: Secrets) {
  const password = { password: 'brand new pass 9', password_confirmation: 'brand new pass 9' };
  return {
    register: (await post(t.app, '/api/v1/auth/register/complete', { token: s.register, first_name: 'Ann', last_name: 'Lee', ...password })).statusCode,
    link: (await post(t.app, '/api/v1/auth/magic-link/consume', { token: s.link })).statusCode,
    code: (await post(t.app, '/api/v1/auth/magic-code/verify', { email: s.email, code: s.code })).statusCode,
    ticket: (await post(t.app, '/api/v1/auth/google/exchange', { ticket: s.ticket })).statusCode,
    // Last: a reset that works spends the rest.
    reset: (await post(t.app, '/api/v1/auth/reset-password', { token: s.reset, ...password })).statusCode,
  };
}

const allGone = { register: 410, link: 410, code: 410, ticket: 410, reset: 410 };

describe('a new password spends every outstanding one-time secret', () => {
  it('on change of password: invitation, registration, code, reset link and Google ticket', async () => {
    const secrets = await personWithSecrets('invitation');
    const headers = await authHeader(t.database.db, t.config.secret, secrets.userId);
    // An invited person has no password yet, so no current one is asked for.
    const changed = await t.app.inject({ method: 'POST', url: '/api/v1/users/me/change-password', headers, payload: { current_password: '', password: 'set by owner 1', password_confirmation: 'set by owner 1' } });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(await useEach(secrets)).toEqual(allGone);
  });

  it('on change of password: a requested magic link too', async () => {
    const secrets = await personWithSecrets('magic link');
    const headers = await authHeader(t.database.db, t.config.secret, secrets.userId);
    const changed = await t.app.inject({ method: 'POST', url: '/api/v1/users/me/change-password', headers, payload: { current_password: '', password: 'set by owner 1', password_confirmation: 'set by owner 1' } });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(await useEach(secrets)).toEqual(allGone);
  });

  it.each(['invitation', 'magic link'] as const)('on reset of password: every other secret dies with the used reset link (%s)', async (via) => {
    const secrets = await personWithSecrets(via);
    const reset = await post(t.app, '/api/v1/auth/reset-password', { token: secrets.reset, password: 'reset by owner 1', password_confirmation: 'reset by owner 1' });
    expect(reset.statusCode, reset.body).toBe(200);
    expect(await useEach(secrets)).toEqual(allGone);
    // The new session itself keeps working.
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/users/me', headers: bearer(reset.json<{ data: { access_token: string } }>().data) })).statusCode).toBe(200);
  });

  it('leaves other accounts alone', async () => {
    const mine = await personWithSecrets('magic link');
    const theirs = await personWithSecrets('invitation');
    await post(t.app, '/api/v1/auth/reset-password', { token: mine.reset, password: 'reset by owner 1', password_confirmation: 'reset by owner 1' });
    const statuses = await useEach(theirs);
    // Registration is refused because the account now exists (409); every other secret still works.
    expect(statuses).toEqual({ register: 409, link: 200, code: 200, ticket: 200, reset: 200 });
  });
});
