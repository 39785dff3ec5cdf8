/** Dates as the spec shows them: DD.MM.YYYY and HH:mm, in a given timezone (contract.md section 9). */

export const browserTimezone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

const formatters = new Map<string, Intl.DateTimeFormat>();
function partsIn(date: Date, timeZone: string): Record<string, string> {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-GB', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    formatters.set(timeZone, formatter);
  }
  return Object.fromEntries(formatter.formatToParts(date).map((part) => [part.type, part.value]));
}

export function formatDate(iso: string, timeZone: string): string {
  const p = partsIn(new Date(iso), timeZone);
  return `${p.day}.${p.month}.${p.year}`;
}

export function formatTime(iso: string, timeZone: string): string {
  const p = partsIn(new Date(iso), timeZone);
  return `${p.hour}:${p.minute}`;
}

/** "24.11.2026 – 26.11.2026", or one date when both fall on the same day. */
export function formatDateRange(fromIso: string, toIso: string, timeZone: string): string {
  const from = formatDate(fromIso, timeZone);
  const to = formatDate(toIso, timeZone);
  return from === to ? from : `${from} – ${to}`;
}
