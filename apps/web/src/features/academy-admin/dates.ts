// Academy dates are entered and shown in the course timezone (DESIGN section 5): a datetime-local
// value read as wall time there becomes an ISO instant carrying the course's offset, which is what
// the academy forms send (ZDateInput: a date and time with its offset).
import { isoToZoned, zonedToIso } from '../../lib/format.ts';

const WALL = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;
const pad = (value: number) => String(value).padStart(2, '0');

/** Minutes east of UTC as "+03:00" / "-04:30" / "+00:00". */
export function offsetText(minutes: number): string {
  const sign = minutes < 0 ? '-' : '+';
  const abs = Math.abs(minutes);
  return `${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}

/**
 * "2026-11-22T09:00" in the course timezone -> "2026-11-22T09:00:00+03:00"; blank -> null; text
 * that is not a date and time -> undefined. A wall time that does not exist (inside a spring-forward
 * gap) becomes the instant the clocks jump to, written as the wall time it really is there.
 */
export function courseDateToIso(local: string, timeZone: string): string | null | undefined {
  const text = local.trim();
  if (text === '') return null;
  if (!WALL.test(text)) return undefined;
  const instant = zonedToIso(text, timeZone);
  if (!instant || Number.isNaN(Date.parse(instant))) return undefined;
  const wall = isoToZoned(instant, timeZone);
  const parts = WALL.exec(wall);
  if (!parts) return undefined;
  const wallMs = Date.UTC(Number(parts[1]), Number(parts[2]) - 1, Number(parts[3]), Number(parts[4]), Number(parts[5]));
  const offset = Math.round((wallMs - Date.parse(instant)) / 60_000);
  return `${wall}:00${offsetText(offset)}`;
}

/** An ISO instant as the course's wall time for a datetime-local input; null -> ''. */
export const isoToCourseDate = (iso: string | null | undefined, timeZone: string): string => (iso ? isoToZoned(iso, timeZone) : '');

/** Whether an end comes before its start (both ISO, either may be missing). */
export const endsBeforeStart = (start: string | null | undefined, end: string | null | undefined): boolean =>
  Boolean(start && end && Date.parse(end) < Date.parse(start));
