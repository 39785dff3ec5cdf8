import { fillEmailVariables, type Language, type MAIL_KINDS } from '@lobby/contract';
import { en } from './texts-en.ts';
import { ru } from './texts-ru.ts';
import { zh } from './texts-zh.ts';
import { escapeHtml } from '../http/html.ts';

/** The mails of the accounts area; e-mail template types 1 and 2 plus the magic sign-in mails. */
export type MailTemplate =
  | { kind: 'platform_registration'; link: string }
  | { kind: 'password_recovery'; link: string; name: string }
  | { kind: 'magic_link'; link: string; name: string }
  | { kind: 'magic_code'; code: string; name: string }
  | { kind: 'code_sign_in_suspended'; link: string; name: string }
  | { kind: 'event_registration_new_user'; link: string; name: string; event: string }
  | { kind: 'event_registration_existing_user'; link: string; name: string; event: string }
  | MeetingMail
  | LectureReminderMail
  | PageFormMail
  | HomeworkMail
  | AcademyPromoMail
  | CustomPushMail
  | CertificateMail
  | JobApplicationMail;

/**
 * A response to a vacancy (e-mail type 3), to each of the company's admins: who responded
 * (`applicant`), to which vacancy, their message (may be empty), and the responses page.
 */
export interface JobApplicationMail {
  kind: 'job_application';
  link: string;
  name: string;
  event: string;
  applicant: string;
  vacancy: string;
  message: string;
}

/** A student's certificate of a course (e-mail type 13), with the link to its verification page and PDF. */
export interface CertificateMail {
  kind: 'certificate';
  link: string;
  name: string;
  event: string;
}

/** An organiser's custom push, mailed to the people of its segment who take mail (modules/push/custom-push.ts). */
export interface CustomPushMail {
  kind: 'custom_push';
  link: string;
  name: string;
  event: string;
  title: string;
  text: string;
}

/** A course admin's message to the academy's students, when no Custom e-mail template was chosen. */
export interface AcademyPromoMail {
  kind: 'academy_promo';
  link: string;
  name: string;
  event: string;
  text: string;
}

/**
 * Academy homework (issue 15): a new sending to a lesson's teachers who asked for it, and the
 * verdict to the student. `person` is the student (submitted) or the reviewer (the verdicts);
 * `comment` the reviewer's comment, or empty.
 */
export interface HomeworkMail {
  kind: 'homework_submitted' | 'homework_approved' | 'homework_declined';
  link: string;
  name: string;
  event: string;
  /** The lesson's title. */
  title: string;
  person: string;
  comment: string;
}

/**
 * The answers a person sent with a Form block of an organiser page. It goes out with the text of
 * the e-mail template the organiser chose for the form (an override); this text stands in for it
 * should the template give none.
 */
export interface PageFormMail {
  kind: 'page_form';
  name: string;
  event: string;
}

/** A starred lecture starts soon (notification type lecture_reminder). */
export interface LectureReminderMail {
  kind: 'lecture_reminder';
  link: string;
  name: string;
  event: string;
  title: string;
  /** Date and time in the recipient's timezone. */
  when: string;
  /** The hall. */
  location: string;
}

/** E-mail template types 7-12 (contract.md): a meeting's news for one participant. */
export type MeetingMailKind = 'meeting_request_sent' | 'meeting_request_accepted' | 'meeting_request_rejected' | 'meeting_canceled' | 'meeting_participant_leave' | 'meeting_postponed';
export interface MeetingMail {
  kind: MeetingMailKind;
  link: string;
  name: string;
  event: string;
  /** The other participant's name. */
  other: string;
  /** Date and time in the recipient's timezone, e.g. "25.11.2026 14:30 (Europe/Moscow)". */
  when: string;
  location: string;
  reason: string;
}

export interface Texts {
  subject: string;
  greeting: (name: string) => string;
  /** `{event}` is replaced by the event name. */
  body: string;
  action?: string;
  note: string;
}

export type Catalogue = Record<MailTemplate['kind'], Texts>;

// Every kind of mail written to the outbox is one the mailbox can list: a kind missing from the
// contract's MAIL_KINDS made the mailbox answer 500 (its response is checked against the contract).
type Unlisted = Exclude<MailTemplate['kind'], (typeof MAIL_KINDS)[number]>;
export const EVERY_KIND_LISTED: [Unlisted] extends [never] ? true : never = true;

const catalogues: Record<Language, Catalogue> = { en, ru, zh };

/** The one page every mail is: a white card on a light background, inline styles only (mail programs drop style sheets). */
function mailPage(language: Language, subject: string, inner: string): string {
  return `<!doctype html><html lang="${language}"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;background:#f1f5f9;font-family:Arial,Helvetica,sans-serif;color:#0f172a">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:24px">
<table role="presentation" width="100%" style="max-width:560px;background:#ffffff;border-radius:16px;padding:32px" cellpadding="0" cellspacing="0"><tr><td>
${inner}
</td></tr></table>
<p style="font-size:12px;color:#94a3b8">Lobby</p>
</td></tr></table></body></html>`;
}

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

/** Renders a mail in the person's language, as plain text and as simple, inline-styled HTML. */
export function renderMail(template: MailTemplate, language: Language): RenderedMail {
  const raw = catalogues[language][template.kind];
  const eventName = 'event' in template ? template.event : '';
  const vars = new Map<string, string>([['{event}', eventName]]);
  if ('other' in template) for (const key of ['other', 'when', 'location', 'reason'] as const) vars.set(`{${key}}`, template[key]);
  if (template.kind === 'lecture_reminder') for (const key of ['title', 'when', 'location'] as const) vars.set(`{${key}}`, template[key]);
  if (template.kind === 'homework_submitted' || template.kind === 'homework_approved' || template.kind === 'homework_declined') for (const key of ['title', 'person', 'comment'] as const) vars.set(`{${key}}`, template[key]);
  if (template.kind === 'academy_promo') vars.set('{text}', template.text);
  if (template.kind === 'custom_push') {
    vars.set('{title}', template.title);
    vars.set('{text}', template.text);
  }
  if (template.kind === 'job_application') {
    vars.set('{title}', template.vacancy);
    vars.set('{person}', template.applicant);
    vars.set('{text}', template.message || '—');
  }
  // One pass, so a value (a reason someone typed) is never searched for placeholders itself.
  const fill = (text: string) => text.replace(/\{(event|other|when|location|reason|title|person|comment|text)\}/g, (key) => vars.get(key) ?? key).trim();
  const texts = { ...raw, subject: fill(raw.subject), body: fill(raw.body), action: raw.action ? fill(raw.action) : undefined, note: fill(raw.note) };
  const name = 'name' in template ? template.name : '';
  const greeting = texts.greeting(name);
  const link = 'link' in template ? template.link : undefined;
  const code = template.kind === 'magic_code' ? template.code : undefined;

  const text = [greeting, '', texts.body, '', ...(link ? [link, ''] : []), ...(code ? [code, ''] : []), texts.note, '', '— Lobby'].join('\n');

  const action =
    link && texts.action
      ? `<p style="margin:24px 0"><a href="${escapeHtml(link)}" style="background:#3b82f6;color:#ffffff;padding:12px 20px;border-radius:10px;text-decoration:none;font-weight:600;display:inline-block">${escapeHtml(texts.action)}</a></p><p style="font-size:12px;color:#64748b;word-break:break-all">${escapeHtml(link)}</p>`
      : '';
  const codeBlock = code ? `<p style="font-size:32px;letter-spacing:8px;font-weight:700;margin:24px 0">${escapeHtml(code)}</p>` : '';
  const html = mailPage(
    language,
    texts.subject,
    `<p style="font-size:20px;font-weight:700;margin:0 0 16px">${escapeHtml(greeting)}</p>
<p style="font-size:15px;line-height:1.5;margin:0">${escapeHtml(texts.body)}</p>
${action}${codeBlock}
<p style="font-size:13px;color:#64748b;line-height:1.5;margin:24px 0 0">${escapeHtml(texts.note)}</p>`,
  );
  return { subject: texts.subject, text, html };
}

/** An event's own text for a mail (its e-mail template), with `{{variables}}` already known. */
export interface MailOverride {
  subject: string;
  body: string;
  values: Readonly<Record<string, string>>;
}

/**
 * Renders an organiser's template: variables filled in one pass, the text as written and the HTML
 * escaped with its line breaks kept, so a template can never inject markup into the mail.
 */
export function renderOverride(override: MailOverride, language: Language): RenderedMail {
  const subject = fillEmailVariables(override.subject, override.values).replace(/[\r\n]+/g, ' ').trim();
  const body = fillEmailVariables(override.body, override.values);
  const text = `${body}\n\n— Lobby`;
  const link = override.values.link;
  const paragraphs = body
    .split(/\n{2,}/)
    .map((part) => `<p style="font-size:15px;line-height:1.5;margin:0 0 16px">${escapeHtml(part).replace(/\n/g, '<br>')}</p>`)
    .join('');
  const action = link ? `<p style="font-size:12px;color:#64748b;word-break:break-all"><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>` : '';
  const html = mailPage(language, subject, `${paragraphs}${action}`);
  return { subject, text, html };
}
