/** Dates as the spec shows them: DD.MM.YYYY and HH:mm, in a given timezone (contract.md section 9; the rules live in the contract's display.ts). */
import { datePartsIn as partsIn } from '@lobby/contract';

export { formatDate, formatDateRange, formatTime } from '@lobby/contract';

let zone: string | undefined;

/**
 * The browser's timezone, asked once: the first Intl date formatter of a page costs tens of
 * milliseconds on a phone (ICU's data), and cards ask for it once each.
 */
export const browserTimezone = (): string => (zone ??= Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC');

/** Offset of a timezone at an instant, in minutes east of UTC. */
function offsetAt(timeZone: string, epochMs: number): number {
  const p = partsIn(new Date(epochMs), timeZone);
  const asUtc = Date.UTC(Number(p.year), Number(p.month) - 1, Number(p.day), Number(p.hour) % 24, Number(p.minute));
  return Math.round((asUtc - Math.floor(epochMs / 60_000) * 60_000) / 60_000);
}

/** "2026-11-22T09:00" read as wall time in `timeZone` -> ISO instant in UTC (what the API speaks). */
export function zonedToIso(local: string, timeZone: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})/.exec(local);
  if (!match) return '';
  const wall = Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]), Number(match[4]), Number(match[5]));
  let instant = wall - offsetAt(timeZone, wall) * 60_000;
  // Near a daylight-saving change the first guess can be an hour off; one more step settles it.
  instant = wall - offsetAt(timeZone, instant) * 60_000;
  return new Date(instant).toISOString();
}

/** ISO instant -> "2026-11-22T09:00" wall time in `timeZone`, for datetime-local inputs. */
export function isoToZoned(iso: string, timeZone: string): string {
  const p = partsIn(new Date(iso), timeZone);
  return `${p.year}-${p.month}-${p.day}T${p.hour}:${p.minute}`;
}
