// What a push says, in the recipient's language: the same sentences as the in-app notifications
// (apps/web i18n "notifications.type_*"), dates and times in the recipient's timezone.
import { LANGUAGES, type Language, type NotificationType } from '@lobby/contract';
import type { NotificationData } from '../../db/schema/index.ts';

type Sentence = (v: Values) => string;
interface Values {
  name: string;
  date: string;
  time: string;
  event: string;
  title: string;
  company: string;
  status: string;
}

type Key = Exclude<NotificationType, `${string}_v2`> | 'meeting_reminder' | 'showcase_decision_accepted' | 'showcase_decision_rejected' | 'deal_suggestion_time';

const en: Record<Key, Sentence> = {
  new_message: (v) => `New message from ${v.name}`,
  new_meeting_request: (v) => `${v.name} requests a meeting on ${v.date} at ${v.time}`,
  meeting_confirmed: (v) => `${v.name} accepted the meeting on ${v.date} at ${v.time}`,
  meeting_canceled: (v) => `${v.name} declined or cancelled the meeting on ${v.date} at ${v.time}`,
  meeting_rescheduled: (v) => `${v.name} proposed another time: ${v.date} at ${v.time}`,
  meeting_reminder: (v) => `Your meeting with ${v.name} starts at ${v.time}`,
  homework_status_updated: () => 'Your homework status changed',
  custom_push: (v) => `News from ${v.event}`,
  lecture_reminder: (v) => `“${v.title}” starts at ${v.time}`,
  showcase_decision: (v) => `The organisers decided on “${v.title}” in the showcase`,
  showcase_decision_accepted: (v) => `“${v.title}” was accepted to the showcase`,
  showcase_decision_rejected: (v) => `“${v.title}” was not accepted to the showcase`,
  deal_suggestion: (v) => `${v.name} (${v.company}) is interested in “${v.title}”: request a meeting`,
  deal_suggestion_time: (v) => `${v.name} (${v.company}) is interested in “${v.title}”; you are both free on ${v.date} at ${v.time}`,
};

const ru: Record<Key, Sentence> = {
  new_message: (v) => `Новое сообщение от ${v.name}`,
  new_meeting_request: (v) => `${v.name} приглашает на встречу ${v.date} в ${v.time}`,
  meeting_confirmed: (v) => `${v.name} подтвердил(а) встречу ${v.date} в ${v.time}`,
  meeting_canceled: (v) => `${v.name} отклонил(а) или отменил(а) встречу ${v.date} в ${v.time}`,
  meeting_rescheduled: (v) => `${v.name} предложил(а) другое время: ${v.date} в ${v.time}`,
  meeting_reminder: (v) => `Встреча с ${v.name} начнётся в ${v.time}`,
  homework_status_updated: () => 'Статус домашнего задания изменён',
  custom_push: (v) => `Новости ${v.event}`,
  lecture_reminder: (v) => `«${v.title}» начинается в ${v.time}`,
  showcase_decision: (v) => `Организаторы приняли решение по «${v.title}» в шоукейсе`,
  showcase_decision_accepted: (v) => `«${v.title}» принята в шоукейс`,
  showcase_decision_rejected: (v) => `«${v.title}» не принята в шоукейс`,
  deal_suggestion: (v) => `${v.name} (${v.company}) интересуется «${v.title}»: предложите встречу`,
  deal_suggestion_time: (v) => `${v.name} (${v.company}) интересуется «${v.title}»; вы оба свободны ${v.date} в ${v.time}`,
};

const zh: Record<Key, Sentence> = {
  new_message: (v) => `${v.name}发来新消息`,
  new_meeting_request: (v) => `${v.name}请求于${v.date} ${v.time}会面`,
  meeting_confirmed: (v) => `${v.name}接受了${v.date} ${v.time}的会议`,
  meeting_canceled: (v) => `${v.name}拒绝或取消了${v.date} ${v.time}的会议`,
  meeting_rescheduled: (v) => `${v.name}提议了其他时间：${v.date} ${v.time}`,
  meeting_reminder: (v) => `您与${v.name}的会议将于${v.time}开始`,
  homework_status_updated: () => '您的作业状态已更新',
  custom_push: (v) => `${v.event}的消息`,
  lecture_reminder: (v) => `“${v.title}”将于 ${v.time} 开始`,
  showcase_decision: (v) => `主办方已对展示活动中的“${v.title}”作出决定`,
  showcase_decision_accepted: (v) => `“${v.title}”已入选展示活动`,
  showcase_decision_rejected: (v) => `“${v.title}”未入选展示活动`,
  deal_suggestion: (v) => `${v.name}（${v.company}）对“${v.title}”感兴趣：请求会面`,
  deal_suggestion_time: (v) => `${v.name}（${v.company}）对“${v.title}”感兴趣；你们都在 ${v.date} ${v.time} 有空`,
};

const someone: Record<Language, string> = { en: 'A participant', ru: 'Участник', zh: '一位参会者' };
const catalogues: Record<Language, Record<Key, Sentence>> = { en, ru, zh };

export const languageOf = (value: string | null | undefined): Language => ((LANGUAGES as readonly string[]).includes(value ?? '') ? (value as Language) : 'en');

function keyOf(type: NotificationType, data: NotificationData): Key {
  const plain = type.replace(/_v2$/, '') as Key;
  if (plain === 'showcase_decision' && (data.status === 'accepted' || data.status === 'rejected')) return `showcase_decision_${data.status}`;
  if (plain === 'deal_suggestion' && data.starts_at) return 'deal_suggestion_time';
  return plain;
}

function dateParts(at: string | undefined, zone: string): { date: string; time: string } {
  if (!at) return { date: '', time: '' };
  const parts = new Map(
    new Intl.DateTimeFormat('en-GB', { timeZone: zone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit' }).formatToParts(new Date(at)).map((p) => [p.type, p.value]),
  );
  return { date: `${parts.get('day')}.${parts.get('month')}.${parts.get('year')}`, time: `${parts.get('hour')}:${parts.get('minute')}` };
}

export interface PushText {
  title: string;
  body: string;
}

/** A push's title and text: a custom push's own, else the event's name over the notification's sentence. */
export function pushText(input: { type: NotificationType; data: NotificationData; language: Language; timezone: string; sender: string; eventName: string | null }): PushText {
  const { data } = input;
  if (input.type === 'custom_push') return { title: data.title ?? input.eventName ?? 'Lobby', body: data.text ?? '' };
  let zone = input.timezone;
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
  } catch {
    zone = 'UTC';
  }
  const values: Values = {
    name: input.sender || someone[input.language],
    event: data.event_name ?? input.eventName ?? '',
    title: data.title ?? '',
    company: data.company_name ?? '',
    status: data.status ?? '',
    ...dateParts(data.starts_at, zone),
  };
  const sentence = catalogues[input.language][keyOf(input.type, data)](values);
  // A chat message's own words say more than "new message": its start follows the sentence.
  const body = input.type === 'new_message' && data.text ? `${sentence}: ${data.text}` : sentence;
  return { title: input.eventName ?? data.event_name ?? 'Lobby', body };
}
