import { z } from 'zod';
import { dataOf, ZTimestamp } from './common.ts';
import { defineRoute } from './route.ts';

/** Types of mail Lobby sends (contract.md, e-mail template types; magic sign-in has its own). */
export const MAIL_KINDS = [
  'platform_registration',
  'password_recovery',
  'magic_link',
  'magic_code',
  'code_sign_in_suspended',
  'event_registration_new_user',
  'event_registration_existing_user',
  'meeting_request_sent',
  'meeting_request_accepted',
  'meeting_request_rejected',
  'meeting_canceled',
  'meeting_participant_leave',
  'meeting_postponed',
  'lecture_reminder',
  'page_form',
  'homework_submitted',
  'homework_approved',
  'homework_declined',
  'academy_promo',
  'custom_push',
  'certificate',
  'job_application',
] as const;
export const ZMailKind = z.enum(MAIL_KINDS);

export const ZMailSummary = z
  .object({
    id: z.number().int(),
    to: z.string(),
    subject: z.string(),
    kind: ZMailKind,
    status: z.enum(['stored', 'queued', 'sent', 'failed']),
    created_at: ZTimestamp,
  })
  .meta({ id: 'MailSummary' });

export const ZMail = ZMailSummary.extend({ text: z.string(), html: z.string() }).meta({ id: 'Mail' });
export type Mail = z.infer<typeof ZMail>;

export const listMailbox = defineRoute({
  id: 'mailbox.list',
  method: 'GET',
  path: '/api/v1/mailbox',
  summary: 'Local mailbox: the outbox, newest first (embedded/demo mode only; 404 otherwise)',
  tags: ['mailbox'],
  query: z.object({ 'filter[to]': z.string().trim().max(254).optional() }),
  response: z.object({ data: z.array(ZMailSummary) }),
  errors: [400, 404],
});

export const getMail = defineRoute({
  id: 'mailbox.get',
  method: 'GET',
  path: '/api/v1/mailbox/{id}',
  summary: 'One message of the local mailbox with its text and HTML',
  tags: ['mailbox'],
  params: z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) }),
  response: dataOf(ZMail),
  errors: [400, 404],
});
