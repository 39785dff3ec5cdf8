// Kept free of zod so the web app's first load can use the codes without the schema library.

/** Error codes the server sends; the web app maps them to texts in ru, en and zh. */
export const ErrorCode = {
  validation: 'validation.failed',
  notFound: 'not_found',
  routeNotFound: 'route.not_found',
  unauthorized: 'auth.unauthorized',
  forbidden: 'auth.forbidden',
  tooManyRequests: 'rate_limited',
  payloadTooLarge: 'payload.too_large',
  unsupportedMediaType: 'payload.unsupported_type',
  internal: 'internal',
  unavailable: 'service.unavailable',
  eventNotFound: 'event.not_found',
  timezoneUnknown: 'timezone.unknown',
  invalidCredentials: 'auth.invalid_credentials',
  noUser: 'auth.no_user',
  emailTaken: 'auth.email_taken',
  magicExpired: 'auth.magic_expired',
  codeInvalid: 'auth.code_invalid',
  codeSuspended: 'auth.code_suspended',
  tokenInvalid: 'auth.token_invalid',
  sessionRevoked: 'auth.session_revoked',
  currentPasswordWrong: 'auth.current_password_wrong',
  providerDisabled: 'auth.provider_disabled',
  providerFailed: 'auth.provider_failed',
  memberNotFound: 'member.not_found',
  registrationClosed: 'event.registration_closed',
  passesExhausted: 'event.passes_exhausted',
  eventOver: 'event.over',
  ticketNotAvailable: 'event.ticket_not_available',
  slugTaken: 'event.slug_taken',
  ticketTypeInUse: 'ticket_type.in_use',
  ticketCodeTaken: 'ticket_type.code_taken',
  quotaBelowIssued: 'ticket_type.quota_below_issued',
  lastOrganizer: 'member.last_organizer',
  conflict: 'conflict',
  sectionLocked: 'section.locked',
} as const;
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

export const unknownTimezoneMessage = (id: string): string => `Error! Unknown timezone: "${id}"`;
