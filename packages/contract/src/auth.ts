import { z } from 'zod';
import { dataOf, ZLanguage, ZRef, ZTimestamp } from './common.ts';
import { REGIONS } from './constants.ts';
import { ZContacts, ZProfileInput } from './profile.ts';
import { defineRoute } from './route.ts';
import { ZTimezoneId } from './timezones.ts';
import { passwordsMatch, ZEmail, ZMagicCode, ZPassword, ZRequiredName } from './validation.ts';

/** The signed-in person's own profile. */
export const ZMe = z
  .object({
    id: z.number().int(),
    uid: z.string(),
    email: z.string(),
    first_name: z.string(),
    last_name: z.string(),
    job: z.string().nullable(),
    timezone: z.string(),
    language: ZLanguage,
    is_password_set: z.boolean(),
    is_staff: z.boolean(),
    /** May create events in the back office. */
    is_organizer: z.boolean(),
    disable_email_notifications: z.boolean(),
    created_at: ZTimestamp,
    bio: z.string().nullable(),
    portfolio: z.string().nullable(),
    phone: z.string().nullable(),
    whatsapp: z.string().nullable(),
    linkedin: z.string().nullable(),
    contacts: ZContacts,
    city: z.string().nullable(),
    geo: z.number().int().nullable().meta({ description: 'Country id (GET /api/v1/dictionaries lists countries)' }),
    region: z.enum(REGIONS).nullable(),
    company_id: z.number().int().nullable(),
    company: z.object({ id: z.number().int(), name: z.string(), logo_url: z.string().nullable() }).nullable(),
    company_roles: z.array(z.enum(['chat', 'admin'])),
    offer: z.array(ZRef).meta({ description: 'What the person offers (user.can_offer), sent as offer_ids' }),
    looking: z.array(ZRef).meta({ description: 'What the person looks for (user.looking_for), sent as looking_ids' }),
    avatar_url: z.string().nullable(),
    avatar_thumb_url: z.string().nullable(),
    show_email: z.boolean(),
    show_phone: z.boolean(),
    is_subscription_active: z.boolean(),
  })
  .meta({ id: 'Me' });
export type Me = z.infer<typeof ZMe>;

/** Tokens of a new or refreshed session (contract.md section 3: kept under gateway-auth). */
export const ZAuthSession = z
  .object({
    access_token: z.string(),
    token_type: z.literal('Bearer'),
    expires_in: z.number().int().meta({ description: 'Access token lifetime in seconds' }),
    refresh_token: z.string().meta({ description: 'Also set as an HttpOnly cookie for the web app; rotated on every use' }),
    refresh_expires_in: z.number().int(),
    user: ZMe,
  })
  .meta({ id: 'AuthSession' });
export type AuthSession = z.infer<typeof ZAuthSession>;

const ZSent = dataOf(z.object({ sent: z.literal(true) }));
const ZOpaqueToken = z.string().min(20).max(200).regex(/^[A-Za-z0-9_-]+$/);
const authErrors = [400, 429] as const;

/** Form fields, shared by the web forms and the request bodies (refinements added last). */
const ZNewPasswordFields = z.object({ password: ZPassword, password_confirmation: z.string().min(1) });
const ZRegisterFields = z.object({ first_name: ZRequiredName, last_name: ZRequiredName }).extend(ZNewPasswordFields.shape);
const ZChangePasswordFields = z.object({ current_password: z.string().max(200) }).extend(ZNewPasswordFields.shape);

export const ZEmailForm = z.object({ email: ZEmail });
export const ZLoginForm = z.object({ email: ZEmail, password: z.string().min(1).max(200) });
export const ZCodeForm = z.object({ email: ZEmail, code: ZMagicCode });
export const ZRegisterForm = ZRegisterFields.superRefine(passwordsMatch);
export const ZNewPasswordForm = ZNewPasswordFields.superRefine(passwordsMatch);
export const ZChangePasswordForm = ZChangePasswordFields.superRefine(passwordsMatch);

export const register = defineRoute({
  id: 'auth.register',
  method: 'POST',
  path: '/api/v1/auth/register',
  summary: 'Start registration: mails a link to finish it (PlatformRegistration)',
  tags: ['auth'],
  body: ZEmailForm,
  response: ZSent,
  status: 202,
  errors: [...authErrors, 409],
});

export const completeRegistration = defineRoute({
  id: 'auth.register.complete',
  method: 'POST',
  path: '/api/v1/auth/register/complete',
  summary: 'Finish registration from the mailed link: name and password; signs in',
  tags: ['auth'],
  body: ZRegisterFields.extend({ token: ZOpaqueToken }).superRefine(passwordsMatch),
  response: dataOf(ZAuthSession),
  status: 201,
  errors: [...authErrors, 409, 410],
});

export const login = defineRoute({
  id: 'auth.login',
  method: 'POST',
  path: '/api/v1/auth/login',
  summary: 'Sign in with e-mail and password',
  tags: ['auth'],
  body: ZLoginForm,
  response: dataOf(ZAuthSession),
  errors: [...authErrors, 401],
});

export const requestMagicLink = defineRoute({
  id: 'auth.magic-link',
  method: 'POST',
  path: '/api/v1/auth/magic-link',
  summary: 'Mail a one-time sign-in link',
  tags: ['auth'],
  body: ZEmailForm,
  response: ZSent,
  status: 202,
  errors: [...authErrors, 404],
});

export const consumeMagicLink = defineRoute({
  id: 'auth.magic-link.consume',
  method: 'POST',
  path: '/api/v1/auth/magic-link/consume',
  summary: 'Sign in with the token of a mailed link (also when already signed in)',
  tags: ['auth'],
  body: z.object({ token: ZOpaqueToken }),
  response: dataOf(ZAuthSession),
  errors: [...authErrors, 410],
});

export const requestMagicCode = defineRoute({
  id: 'auth.magic-code',
  method: 'POST',
  path: '/api/v1/auth/magic-code',
  summary: 'Mail a 4-digit sign-in code: single use, 10 minutes, burnt after 5 wrong tries',
  tags: ['auth'],
  body: ZEmailForm,
  response: ZSent,
  status: 202,
  errors: [...authErrors, 403, 404],
});

export const verifyMagicCode = defineRoute({
  id: 'auth.magic-code.verify',
  method: 'POST',
  path: '/api/v1/auth/magic-code/verify',
  summary: 'Sign in with a mailed code',
  tags: ['auth'],
  body: ZCodeForm,
  response: dataOf(ZAuthSession),
  errors: [...authErrors, 403, 410, 422],
});

export const requestRecovery = defineRoute({
  id: 'auth.recovery',
  method: 'POST',
  path: '/api/v1/auth/recovery',
  summary: 'Mail a password reset link (PasswordRecovery)',
  tags: ['auth'],
  body: ZEmailForm,
  response: ZSent,
  status: 202,
  errors: [...authErrors, 404],
});

export const resetPassword = defineRoute({
  id: 'auth.reset-password',
  method: 'POST',
  path: '/api/v1/auth/reset-password',
  summary: 'Set a new password from the mailed link; signs out every other session and signs in',
  tags: ['auth'],
  body: ZNewPasswordFields.extend({ token: ZOpaqueToken }).superRefine(passwordsMatch),
  response: dataOf(ZAuthSession),
  errors: [...authErrors, 410],
});

export const refreshSession = defineRoute({
  id: 'auth.refresh',
  method: 'POST',
  path: '/api/v1/auth/refresh',
  summary: 'Rotate the refresh token (body or HttpOnly cookie); reusing an old one revokes the session',
  tags: ['auth'],
  body: z.object({ refresh_token: ZOpaqueToken.optional() }).nullish(),
  response: dataOf(ZAuthSession),
  errors: [...authErrors, 401],
});

export const logout = defineRoute({
  id: 'auth.logout',
  method: 'POST',
  path: '/api/v1/auth/logout',
  summary: 'Revoke the current session',
  tags: ['auth'],
  auth: true,
  response: dataOf(z.object({ revoked: z.literal(true) })),
  errors: [401],
});

export const logoutOthers = defineRoute({
  id: 'auth.logout-others',
  method: 'POST',
  path: '/api/v1/auth/logout-others',
  summary: 'Sign out every other session of the signed-in person',
  tags: ['auth'],
  auth: true,
  response: dataOf(z.object({ revoked: z.number().int() })),
  errors: [401],
});

export const startGoogleSignIn = defineRoute({
  id: 'auth.google',
  method: 'GET',
  path: '/api/v1/auth/google',
  summary: 'Redirect to Google (OpenID Connect, authorization code + PKCE); 404 when not configured',
  tags: ['auth'],
  query: z.object({ redirect: z.string().max(500).optional() }),
  response: z.null(),
  status: 302,
  errors: [400, 404, 429],
});

export const finishGoogleSignIn = defineRoute({
  id: 'auth.google.callback',
  method: 'GET',
  path: '/api/v1/auth/google/callback',
  summary: 'Where Google returns; redirects to the web app with a one-time ticket',
  tags: ['auth'],
  query: z.object({ state: z.string().max(200).optional(), code: z.string().max(2000).optional(), error: z.string().max(200).optional() }).passthrough(),
  response: z.null(),
  status: 302,
  errors: [400, 404],
});

export const exchangeGoogleTicket = defineRoute({
  id: 'auth.google.exchange',
  method: 'POST',
  path: '/api/v1/auth/google/exchange',
  summary: 'Trade the one-time ticket of the Google redirect for a session',
  tags: ['auth'],
  body: z.object({ ticket: ZOpaqueToken }),
  response: dataOf(ZAuthSession),
  errors: [...authErrors, 410],
});

export const getMe = defineRoute({
  id: 'users.me',
  method: 'GET',
  path: '/api/v1/users/me',
  summary: 'The signed-in person',
  tags: ['users'],
  auth: true,
  response: dataOf(ZMe),
  errors: [401],
});

export const updateMe = defineRoute({
  id: 'users.me.update',
  method: 'PATCH',
  path: '/api/v1/users/me',
  summary: 'Update own profile (every User field of product.md section 3) and settings: timezone (must exist), language, e-mail notifications',
  tags: ['users'],
  auth: true,
  body: ZProfileInput.extend({ timezone: ZTimezoneId.optional(), language: ZLanguage.optional() }),
  response: dataOf(ZMe),
  errors: [400, 401, 404, 422],
});

export const changePassword = defineRoute({
  id: 'users.me.change-password',
  method: 'POST',
  path: '/api/v1/users/me/change-password',
  summary: 'Change the password (current, new, repeated); signs out the other sessions',
  tags: ['users'],
  auth: true,
  body: ZChangePasswordFields.superRefine(passwordsMatch),
  response: dataOf(z.object({ revoked: z.number().int() })),
  errors: [400, 401, 422, 429],
});
