// The academy's promo messages (issue 15; product.md section 2 names the page, contract.md leaves
// its calls out): a course admin's message to the students, posted in the academy's promo channel
// (a promo channel of no company, which students read and cannot answer) and, when asked, mailed
// with one of the event's Custom e-mail templates or Lobby's own mail.
import { z } from 'zod';
import { CHAT_TEXT_MAX } from './chat-rules.ts';
import { dataOf, pageOf, ZPageQuery, ZTimestamp } from './common.ts';
import { ZEmailTemplateItem } from './emails.ts';
import { ZEventId } from './members.ts';
import { defineRoute } from './route.ts';

export const ZPromoMessage = z
  .object({
    id: z.number().int(),
    text: z.string(),
    sender: z.object({ uid: z.number().int(), first_name: z.string(), last_name: z.string() }).nullable(),
    /** The academy's promo channel, where the students read it. */
    channel_id: z.string(),
    /** Mailed to the students: with this template (null: Lobby's own mail). */
    emailed: z.boolean(),
    email_template: z.object({ id: z.number().int(), name: z.string() }).nullable(),
    /** Students it was mailed to (0 when it was not mailed). */
    recipients: z.number().int(),
    created_at: ZTimestamp,
  })
  .meta({ id: 'PromoMessage' });
export type PromoMessage = z.infer<typeof ZPromoMessage>;

export const ZPromoInput = z.object({
  text: z.string().trim().min(1).max(CHAT_TEXT_MAX),
  /** Also mail it to every student of the course. */
  email: z.boolean(),
  /** The event's Custom (14) e-mail template to mail it with; absent or null: Lobby's own mail. */
  email_template_id: z.number().int().min(1).max(2_147_483_647).nullable().optional(),
});
export type PromoInput = z.infer<typeof ZPromoInput>;

const ZPath = z.object({ eventId: ZEventId });

export const listPromoMessages = defineRoute({
  id: 'academy.admin.promo.list',
  method: 'GET',
  path: '/api/v1/{eventId}/academy/admin/promo-messages',
  summary: 'The promo messages sent to the students, newest first (teachers and course admins)',
  tags: ['academy'],
  auth: true,
  params: ZPath,
  query: ZPageQuery,
  response: pageOf(ZPromoMessage),
  errors: [400, 401, 403, 404],
});

export const sendPromoMessage = defineRoute({
  id: 'academy.admin.promo.send',
  method: 'POST',
  path: '/api/v1/{eventId}/academy/admin/promo-messages',
  summary:
    "Posts a message to the students in the academy's promo channel (made on first use; students, teachers and course admins read it, only course admins and organisers post) and, with email: true, mails it to every student, with the chosen Custom template ({{name}}, {{event}}, {{text}}, {{link}}) or Lobby's own mail in each student's language. A template that is not one of the event's Custom templates is 422 academy.promo_template_invalid (course admins and organisers)",
  tags: ['academy'],
  auth: true,
  params: ZPath,
  body: ZPromoInput,
  response: dataOf(ZPromoMessage),
  status: 201,
  errors: [400, 401, 403, 404, 422, 429],
});

export const listPromoTemplates = defineRoute({
  id: 'academy.admin.promo.templates',
  method: 'GET',
  path: '/api/v1/{eventId}/academy/admin/promo-messages/templates',
  summary: "The event's Custom (14) e-mail templates, for the promo message's template picker (course admins and organisers)",
  tags: ['academy'],
  auth: true,
  params: ZPath,
  response: dataOf(z.array(ZEmailTemplateItem)),
  errors: [400, 401, 403, 404],
});

export const listAcademyNews = defineRoute({
  id: 'academy.news',
  method: 'GET',
  path: '/api/v1/{eventId}/academy/news',
  summary: "The promo messages of the academy, newest first, as the course program shows them to its students (the academy's readers; the same messages are in the academy's promo channel)",
  tags: ['academy'],
  auth: true,
  params: ZPath,
  query: ZPageQuery,
  response: pageOf(ZPromoMessage),
  errors: [400, 401, 403, 404],
});
