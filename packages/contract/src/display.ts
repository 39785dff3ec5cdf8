/**
 * Display rules shared by the web and the server's first paint of the events list: dates as the
 * spec shows them (DD.MM.YYYY and HH:mm in a given timezone, contract.md section 9), initials,
 * an event's format and the languages' own names.
 */
import type { Language } from './constants.ts';

/** Each language in its own name, so a person finds theirs whatever the current language. */
export const LANGUAGE_NAMES: Readonly<Record<Language, string>> = { ru: 'Русский', en: 'English', zh: '中文' };

/** Up to two initials of a name ("Lobby Summit" -> "LS"), for a picture that is missing. */
export const initials = (name: string): string =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word[0]?.toUpperCase() ?? '')
    .join('');

export type EventFormat = 'online' | 'onsite' | 'hybrid';

export function eventFormat(event: { is_online: boolean; is_onsite: boolean }): EventFormat {
  if (event.is_online && event.is_onsite) return 'hybrid';
  return event.is_onsite ? 'onsite' : 'online';
}

const formatters = new Map<string, Intl.DateTimeFormat>();
/** Year, month, day, hour and minute of an instant in a timezone, two digits each (hour 00-23). */
export function datePartsIn(date: Date, timeZone: string): Record<string, string> {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-GB', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    formatters.set(timeZone, formatter);
  }
  return Object.fromEntries(formatter.formatToParts(date).map((part) => [part.type, part.value]));
}

export function formatDate(iso: string, timeZone: string): string {
  const p = datePartsIn(new Date(iso), timeZone);
  return `${p.day}.${p.month}.${p.year}`;
}

export function formatTime(iso: string, timeZone: string): string {
  const p = datePartsIn(new Date(iso), timeZone);
  return `${p.hour}:${p.minute}`;
}

/** "24.11.2026 – 26.11.2026", or one date when both fall on the same day. */
export function formatDateRange(fromIso: string, toIso: string, timeZone: string): string {
  const from = formatDate(fromIso, timeZone);
  const to = formatDate(toIso, timeZone);
  return from === to ? from : `${from} – ${to}`;
}
