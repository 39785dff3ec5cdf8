import { fillEmailVariables, type Language, type MAIL_KINDS } from '@lobby/contract';

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
  | LectureReminderMail;

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

interface Texts {
  subject: string;
  greeting: (name: string) => string;
  /** `{event}` is replaced by the event name. */
  body: string;
  action?: string;
  note: string;
}

type Catalogue = Record<MailTemplate['kind'], Texts>;

// Every kind of mail written to the outbox is one the mailbox can list: a kind missing from the
// contract's MAIL_KINDS made the mailbox answer 500 (its response is checked against the contract).
type Unlisted = Exclude<MailTemplate['kind'], (typeof MAIL_KINDS)[number]>;
export const EVERY_KIND_LISTED: [Unlisted] extends [never] ? true : never = true;

const en: Catalogue = {
  lecture_reminder: {
    subject: '"{title}" starts soon at {event}',
    greeting: (name) => (name ? `Hello, ${name}!` : 'Hello!'),
    body: 'A lecture you starred, "{title}", starts on {when} in {location}.',
    action: 'Open the lecture',
    note: 'You get this mail because you starred this lecture in {event}. Mail notices can be turned off in your profile settings.',
  },
  meeting_request_sent: {
    subject: '{other} asks to meet you at {event}',
    greeting: (name) => (name ? `Hello, ${name}!` : 'Hello!'),
    body: '{other} requests a meeting with you on {when}, {location}. Accept it, decline it or propose another time in Lobby.',
    action: 'Answer the request',
    note: 'You get this mail because you take part in {event}. Mail notices can be turned off in your profile settings.',
  },
  meeting_request_accepted: {
    subject: '{other} accepted your meeting at {event}',
    greeting: (name) => (name ? `Hello, ${name}!` : 'Hello!'),
    body: 'Your meeting with {other} on {when}, {location}, is confirmed. Lobby reminds you 10 minutes before it starts.',
    action: 'Open the meeting',
    note: 'You get this mail because you take part in {event}. Mail notices can be turned off in your profile settings.',
  },
  meeting_request_rejected: {
    subject: '{other} declined your meeting at {event}',
    greeting: (name) => (name ? `Hello, ${name}!` : 'Hello!'),
    body: '{other} declined the meeting on {when}. Reason: {reason}',
    action: 'Find another person',
    note: 'You get this mail because you take part in {event}. Mail notices can be turned off in your profile settings.',
  },
  meeting_canceled: {
    subject: 'The meeting with {other} at {event} is cancelled',
    greeting: (name) => (name ? `Hello, ${name}!` : 'Hello!'),
    body: '{other} cancelled the meeting on {when}. {reason}',
    action: 'Open your meetings',
    note: 'You get this mail because you take part in {event}. Mail notices can be turned off in your profile settings.',
  },
  meeting_participant_leave: {
    subject: '{other} will not come to your meeting at {event}',
    greeting: (name) => (name ? `Hello, ${name}!` : 'Hello!'),
    body: '{other} left the meeting on {when}, {location}. The slot is free again. {reason}',
    action: 'Open your meetings',
    note: 'You get this mail because you take part in {event}. Mail notices can be turned off in your profile settings.',
  },
  meeting_postponed: {
    subject: '{other} proposes another time at {event}',
    greeting: (name) => (name ? `Hello, ${name}!` : 'Hello!'),
    body: '{other} proposes to meet on {when}, {location}, instead. Accept it, decline it or propose another time in Lobby.',
    action: 'Answer the proposal',
    note: 'You get this mail because you take part in {event}. Mail notices can be turned off in your profile settings.',
  },
  platform_registration: {
    subject: 'Finish your Lobby registration',
    greeting: () => 'Welcome to Lobby!',
    body: 'Follow the link to choose your name and password. The link works once, for 24 hours.',
    action: 'Finish registration',
    note: 'If you did not ask to register, ignore this mail: no account is created.',
  },
  password_recovery: {
    subject: 'Reset your Lobby password',
    greeting: (name) => (name ? `Hello, ${name}!` : 'Hello!'),
    body: 'Follow the link to set a new password. The link works once, for one hour. Setting a new password signs you out everywhere else.',
    action: 'Set a new password',
    note: 'If you did not ask for this, ignore this mail: your password stays the same.',
  },
  magic_link: {
    subject: 'Your Lobby sign-in link',
    greeting: (name) => (name ? `Hello, ${name}!` : 'Hello!'),
    body: 'Follow the link to sign in. It works once, for 30 minutes.',
    action: 'Sign in to Lobby',
    note: 'If you did not ask to sign in, ignore this mail.',
  },
  magic_code: {
    subject: 'Your Lobby sign-in code',
    greeting: (name) => (name ? `Hello, ${name}!` : 'Hello!'),
    body: 'Enter this code to sign in. It works once, for 10 minutes.',
    note: 'If you did not ask to sign in, ignore this mail. Never share the code.',
  },
  code_sign_in_suspended: {
    subject: 'Sign-in with a code is paused on your Lobby account',
    greeting: (name) => (name ? `Hello, ${name}!` : 'Hello!'),
    body: 'Too many wrong sign-in codes were entered for your account, so sign-in with a code is paused for up to 30 days. Nobody signed in with a code. You can still sign in with a link sent to this address or with your password.',
    action: 'Sign in to Lobby',
    note: 'If it was not you, someone may be trying to get into your account: keep your password strong and do not share codes from our mails.',
  },
  event_registration_new_user: {
    subject: 'Your ticket to {event}',
    greeting: (name) => (name ? `Hello, ${name}!` : 'Hello!'),
    body: 'The organisers of {event} have issued you a ticket and created your Lobby account. Follow the link to sign in; it works once, for 7 days. You can set a password afterwards.',
    action: 'Open {event}',
    note: 'If you did not expect this, ignore this mail.',
  },
  event_registration_existing_user: {
    subject: 'You are registered for {event}',
    greeting: (name) => (name ? `Hello, ${name}!` : 'Hello!'),
    body: 'The organisers of {event} have issued you a ticket. Sign in to Lobby to see the programme and meet people.',
    action: 'Open {event}',
    note: 'If you did not expect this, ignore this mail.',
  },
};

const ru: Catalogue = {
  lecture_reminder: {
    subject: '«{title}» скоро начнётся на {event}',
    greeting: (name) => (name ? `Здравствуйте, ${name}!` : 'Здравствуйте!'),
    body: 'Лекция из вашего избранного, «{title}», начнётся {when}, зал: {location}.',
    action: 'Открыть лекцию',
    note: 'Вы получили это письмо, потому что добавили лекцию в избранное на {event}. Письма-уведомления можно отключить в настройках профиля.',
  },
  meeting_request_sent: {
    subject: '{other} предлагает встречу на {event}',
    greeting: (name) => (name ? `Здравствуйте, ${name}!` : 'Здравствуйте!'),
    body: '{other} приглашает вас на встречу {when}, место: {location}. Примите приглашение, отклоните его или предложите другое время в Lobby.',
    action: 'Ответить на приглашение',
    note: 'Вы получили это письмо как участник {event}. Письма-уведомления можно отключить в настройках профиля.',
  },
  meeting_request_accepted: {
    subject: '{other} принял(а) вашу встречу на {event}',
    greeting: (name) => (name ? `Здравствуйте, ${name}!` : 'Здравствуйте!'),
    body: 'Встреча с {other} {when}, место: {location}, подтверждена. Lobby напомнит о ней за 10 минут до начала.',
    action: 'Открыть встречу',
    note: 'Вы получили это письмо как участник {event}. Письма-уведомления можно отключить в настройках профиля.',
  },
  meeting_request_rejected: {
    subject: '{other} отклонил(а) встречу на {event}',
    greeting: (name) => (name ? `Здравствуйте, ${name}!` : 'Здравствуйте!'),
    body: '{other} отклонил(а) встречу {when}. Причина: {reason}',
    action: 'Найти другого участника',
    note: 'Вы получили это письмо как участник {event}. Письма-уведомления можно отключить в настройках профиля.',
  },
  meeting_canceled: {
    subject: 'Встреча с {other} на {event} отменена',
    greeting: (name) => (name ? `Здравствуйте, ${name}!` : 'Здравствуйте!'),
    body: '{other} отменил(а) встречу {when}. {reason}',
    action: 'Открыть мои встречи',
    note: 'Вы получили это письмо как участник {event}. Письма-уведомления можно отключить в настройках профиля.',
  },
  meeting_participant_leave: {
    subject: '{other} не придёт на встречу на {event}',
    greeting: (name) => (name ? `Здравствуйте, ${name}!` : 'Здравствуйте!'),
    body: '{other} покинул(а) встречу {when}, место: {location}. Слот снова свободен. {reason}',
    action: 'Открыть мои встречи',
    note: 'Вы получили это письмо как участник {event}. Письма-уведомления можно отключить в настройках профиля.',
  },
  meeting_postponed: {
    subject: '{other} предлагает другое время встречи на {event}',
    greeting: (name) => (name ? `Здравствуйте, ${name}!` : 'Здравствуйте!'),
    body: '{other} предлагает встретиться {when}, место: {location}. Примите предложение, отклоните его или предложите другое время в Lobby.',
    action: 'Ответить на предложение',
    note: 'Вы получили это письмо как участник {event}. Письма-уведомления можно отключить в настройках профиля.',
  },
  platform_registration: {
    subject: 'Завершите регистрацию в Lobby',
    greeting: () => 'Добро пожаловать в Lobby!',
    body: 'Перейдите по ссылке, чтобы указать имя и пароль. Ссылка одноразовая и действует 24 часа.',
    action: 'Завершить регистрацию',
    note: 'Если вы не регистрировались, просто проигнорируйте письмо: аккаунт не будет создан.',
  },
  password_recovery: {
    subject: 'Восстановление пароля Lobby',
    greeting: (name) => (name ? `Здравствуйте, ${name}!` : 'Здравствуйте!'),
    body: 'Перейдите по ссылке, чтобы задать новый пароль. Ссылка одноразовая и действует один час. После смены пароля все остальные сеансы будут завершены.',
    action: 'Задать новый пароль',
    note: 'Если вы не запрашивали восстановление, проигнорируйте письмо: пароль не изменится.',
  },
  magic_link: {
    subject: 'Ссылка для входа в Lobby',
    greeting: (name) => (name ? `Здравствуйте, ${name}!` : 'Здравствуйте!'),
    body: 'Перейдите по ссылке, чтобы войти. Ссылка одноразовая и действует 30 минут.',
    action: 'Войти в Lobby',
    note: 'Если вы не пытались войти, проигнорируйте письмо.',
  },
  magic_code: {
    subject: 'Код для входа в Lobby',
    greeting: (name) => (name ? `Здравствуйте, ${name}!` : 'Здравствуйте!'),
    body: 'Введите этот код, чтобы войти. Код одноразовый и действует 10 минут.',
    note: 'Если вы не пытались войти, проигнорируйте письмо. Никому не сообщайте код.',
  },
  code_sign_in_suspended: {
    subject: 'Вход по коду в Lobby приостановлен',
    greeting: (name) => (name ? `Здравствуйте, ${name}!` : 'Здравствуйте!'),
    body: 'Для вашего аккаунта введено слишком много неверных кодов входа, поэтому вход по коду приостановлен на срок до 30 дней. По коду никто не вошёл. Вы по-прежнему можете войти по ссылке, отправленной на этот адрес, или по паролю.',
    action: 'Войти в Lobby',
    note: 'Если это были не вы, кто-то может пытаться войти в ваш аккаунт: используйте надёжный пароль и никому не сообщайте коды из наших писем.',
  },
  event_registration_new_user: {
    subject: 'Ваш билет на {event}',
    greeting: (name) => (name ? `Здравствуйте, ${name}!` : 'Здравствуйте!'),
    body: 'Организаторы {event} выдали вам билет и создали аккаунт Lobby. Перейдите по ссылке, чтобы войти; она одноразовая и действует 7 дней. Пароль можно задать позже.',
    action: 'Открыть {event}',
    note: 'Если вы не ждали этого письма, просто проигнорируйте его.',
  },
  event_registration_existing_user: {
    subject: 'Вы зарегистрированы на {event}',
    greeting: (name) => (name ? `Здравствуйте, ${name}!` : 'Здравствуйте!'),
    body: 'Организаторы {event} выдали вам билет. Войдите в Lobby, чтобы посмотреть программу и познакомиться с участниками.',
    action: 'Открыть {event}',
    note: 'Если вы не ждали этого письма, просто проигнорируйте его.',
  },
};

const zh: Catalogue = {
  lecture_reminder: {
    subject: '{event} 的「{title}」即将开始',
    greeting: (name) => (name ? `${name}，您好！` : '您好！'),
    body: '您收藏的讲座「{title}」将于 {when} 在 {location} 开始。',
    action: '查看讲座',
    note: '您收到此邮件是因为您在 {event} 收藏了此讲座。可以在个人资料设置中关闭邮件通知。',
  },
  meeting_request_sent: {
    subject: '{other} 邀请您在 {event} 会面',
    greeting: (name) => (name ? `${name}，您好！` : '您好！'),
    body: '{other} 邀请您于 {when} 会面，地点：{location}。请在 Lobby 中接受、拒绝或提议其他时间。',
    action: '回复邀请',
    note: '您收到此邮件是因为您参加了 {event}。可以在个人资料设置中关闭邮件通知。',
  },
  meeting_request_accepted: {
    subject: '{other} 已接受您在 {event} 的会面',
    greeting: (name) => (name ? `${name}，您好！` : '您好！'),
    body: '您与 {other} 于 {when} 的会面已确认，地点：{location}。Lobby 会在开始前 10 分钟提醒您。',
    action: '查看会面',
    note: '您收到此邮件是因为您参加了 {event}。可以在个人资料设置中关闭邮件通知。',
  },
  meeting_request_rejected: {
    subject: '{other} 拒绝了您在 {event} 的会面',
    greeting: (name) => (name ? `${name}，您好！` : '您好！'),
    body: '{other} 拒绝了 {when} 的会面。原因：{reason}',
    action: '寻找其他参会者',
    note: '您收到此邮件是因为您参加了 {event}。可以在个人资料设置中关闭邮件通知。',
  },
  meeting_canceled: {
    subject: '您与 {other} 在 {event} 的会面已取消',
    greeting: (name) => (name ? `${name}，您好！` : '您好！'),
    body: '{other} 取消了 {when} 的会面。{reason}',
    action: '查看我的会面',
    note: '您收到此邮件是因为您参加了 {event}。可以在个人资料设置中关闭邮件通知。',
  },
  meeting_participant_leave: {
    subject: '{other} 不会参加您在 {event} 的会面',
    greeting: (name) => (name ? `${name}，您好！` : '您好！'),
    body: '{other} 退出了 {when} 的会面，地点：{location}。该时段已重新空闲。{reason}',
    action: '查看我的会面',
    note: '您收到此邮件是因为您参加了 {event}。可以在个人资料设置中关闭邮件通知。',
  },
  meeting_postponed: {
    subject: '{other} 提议在 {event} 改期会面',
    greeting: (name) => (name ? `${name}，您好！` : '您好！'),
    body: '{other} 提议改为 {when} 会面，地点：{location}。请在 Lobby 中接受、拒绝或提议其他时间。',
    action: '回复提议',
    note: '您收到此邮件是因为您参加了 {event}。可以在个人资料设置中关闭邮件通知。',
  },
  platform_registration: {
    subject: '完成 Lobby 注册',
    greeting: () => '欢迎来到 Lobby！',
    body: '请点击链接设置姓名和密码。该链接仅可使用一次，24 小时内有效。',
    action: '完成注册',
    note: '如果您没有申请注册，请忽略此邮件，不会创建任何账户。',
  },
  password_recovery: {
    subject: '重置 Lobby 密码',
    greeting: (name) => (name ? `${name}，您好！` : '您好！'),
    body: '请点击链接设置新密码。该链接仅可使用一次，1 小时内有效。设置新密码后，其他所有设备将退出登录。',
    action: '设置新密码',
    note: '如果您没有申请重置密码，请忽略此邮件，您的密码不会改变。',
  },
  magic_link: {
    subject: '您的 Lobby 登录链接',
    greeting: (name) => (name ? `${name}，您好！` : '您好！'),
    body: '请点击链接登录。该链接仅可使用一次，30 分钟内有效。',
    action: '登录 Lobby',
    note: '如果您没有尝试登录，请忽略此邮件。',
  },
  magic_code: {
    subject: '您的 Lobby 登录验证码',
    greeting: (name) => (name ? `${name}，您好！` : '您好！'),
    body: '请输入此验证码登录。验证码仅可使用一次，10 分钟内有效。',
    note: '如果您没有尝试登录，请忽略此邮件。请勿将验证码告诉他人。',
  },
  code_sign_in_suspended: {
    subject: '您的 Lobby 账户已暂停验证码登录',
    greeting: (name) => (name ? `${name}，您好！` : '您好！'),
    body: '您的账户输入了过多错误的登录验证码，因此验证码登录已暂停，最长 30 天。没有人通过验证码登录。您仍可以通过发送到此邮箱的链接或密码登录。',
    action: '登录 Lobby',
    note: '如果这不是您本人操作，可能有人正试图登录您的账户：请使用强密码，不要向任何人透露我们邮件中的验证码。',
  },
  event_registration_new_user: {
    subject: '您的 {event} 门票',
    greeting: (name) => (name ? `${name}，您好！` : '您好！'),
    body: '{event} 主办方已为您发放门票并创建了 Lobby 账户。请点击链接登录，该链接仅可使用一次，7 天内有效。之后可以设置密码。',
    action: '打开 {event}',
    note: '如果您没有预期收到此邮件，请忽略。',
  },
  event_registration_existing_user: {
    subject: '您已报名 {event}',
    greeting: (name) => (name ? `${name}，您好！` : '您好！'),
    body: '{event} 主办方已为您发放门票。登录 Lobby 查看日程并结识其他参会者。',
    action: '打开 {event}',
    note: '如果您没有预期收到此邮件，请忽略。',
  },
};

const catalogues: Record<Language, Catalogue> = { en, ru, zh };

const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

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
  // One pass, so a value (a reason someone typed) is never searched for placeholders itself.
  const fill = (text: string) => text.replace(/\{(event|other|when|location|reason|title)\}/g, (key) => vars.get(key) ?? key).trim();
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
