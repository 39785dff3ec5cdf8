import { useQuery } from '@tanstack/react-query';
import { browserTimezone } from '../../lib/format.ts';
import { settingsQuery } from './queries.ts';

/** The course settings and their timezone (academy dates are shown and entered in it; the browser's until they load). */
export function useCourseSettings(eventId: number) {
  const settings = useQuery({ ...settingsQuery(eventId), staleTime: 60_000 });
  return { settings, timeZone: settings.data?.data.timezone ?? browserTimezone() };
}
