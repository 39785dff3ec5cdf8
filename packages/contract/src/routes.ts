import {
  changePassword,
  completeRegistration,
  consumeMagicLink,
  exchangeGoogleTicket,
  finishGoogleSignIn,
  getMe,
  login,
  logout,
  logoutOthers,
  refreshSession,
  register,
  requestMagicCode,
  requestMagicLink,
  requestRecovery,
  resetPassword,
  startGoogleSignIn,
  updateMe,
  verifyMagicCode,
} from './auth.ts';
import { getEvent, listEvents } from './events.ts';
import { getMail, listMailbox } from './mailbox.ts';
import type { RouteDef } from './route.ts';
import { getHealth } from './system.ts';
import { getTimezone, listTimezones } from './timezones.ts';

/** Every call of the API; the server registers exactly these and OpenAPI lists them. */
export const routes = {
  getHealth,
  listTimezones,
  getTimezone,
  listEvents,
  getEvent,
  register,
  completeRegistration,
  login,
  requestMagicLink,
  consumeMagicLink,
  requestMagicCode,
  verifyMagicCode,
  requestRecovery,
  resetPassword,
  refreshSession,
  logout,
  logoutOthers,
  startGoogleSignIn,
  finishGoogleSignIn,
  exchangeGoogleTicket,
  getMe,
  updateMe,
  changePassword,
  listMailbox,
  getMail,
} as const satisfies Record<string, RouteDef>;
